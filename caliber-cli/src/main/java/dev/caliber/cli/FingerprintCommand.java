package dev.caliber.cli;

import dev.caliber.api.source.SeedProtocol;
import dev.caliber.protocol.EvalProtocol;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code caliber fingerprint}: print the protocol_sha256 that {@code evaluate} reports for the same
 * protocol options, from the same option mixins and the same choice ({@link PolicyOptions#choose}).
 */
@Command(
    name = "fingerprint",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    sortOptions = false,
    description = {
        "Validate a protocol and print the protocol_sha256 that 'caliber evaluate' reports with the same options.",
        "Every protocol form evaluate accepts is accepted: the seed protocol, TREC or JSON qrels with a query set, a BEIR "
            + "folder, with presets, policies and measures. For the seed's report the hash covers {corpus, queries, qrels, "
            + "split, k}; otherwise the judgments, the query set, the corpus's IDs, the policy and the measures "
            + "(docs/PROTOCOL.md). It identifies the protocol, not a run."},
    footer = {"", HelpSections.SEED})
final class FingerprintCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Mixin PolicyOptions policyOptions;

  @Option(names = "--canonical", description = "Print the canonical JSON that is hashed instead of the hash.")
  boolean canonical;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, protocolOptions.filesRead());
    Inputs.requireAtMostOneStdin(cl, protocolOptions.inputs(), java.util.List.of());
    PolicyOptions.Choice choice = policyOptions.choose(cl, protocolOptions.source(), true);
    String text;
    if (choice.seedReport()) {
      SeedProtocol p = protocolOptions.seed(cl, root.stdin());
      text = canonical ? p.canonicalJson() : p.sha256();
    } else {
      EvalProtocol p = RunScoring.protocol(cl, root, protocolOptions, choice);
      text = canonical ? p.canonicalJson() : p.sha256();
      RunScoring.note(cl, choice);
    }
    output.write(cl.getOut(), text + "\n");
    return ExitCodes.OK;
  }
}
