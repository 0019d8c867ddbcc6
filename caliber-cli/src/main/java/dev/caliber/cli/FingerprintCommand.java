package dev.caliber.cli;

import dev.caliber.api.SeedProtocol;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code caliber fingerprint}: print protocol_sha256 of a valid protocol. */
@Command(
    name = "fingerprint",
    mixinStandardHelpOptions = true,
    versionProvider = Caliber.Version.class,
    description = {
        "Validate a protocol and print its protocol_sha256.",
        "protocol_sha256 is the SHA-256 of the canonical JSON of {corpus, queries, qrels, split, k}.",
        "It identifies the protocol, not a run."})
final class FingerprintCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @CommandLine.ParentCommand Caliber root;

  @Mixin ProtocolOptions protocolOptions;

  @Option(names = "--canonical", description = "Print the canonical JSON that is hashed instead of the hash.")
  boolean canonical;

  @Mixin Output output;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    output.requireSafeTarget(cl, protocolOptions.inputs());
    SeedProtocol p = protocolOptions.seed(cl, root.stdin());
    String text = canonical ? p.canonicalJson() : p.sha256();
    output.write(cl.getOut(), text + "\n");
    return ExitCodes.OK;
  }
}
