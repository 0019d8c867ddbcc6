package dev.caliber.cli;

import dev.caliber.io.TopicField;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** Which part of a TREC topic a command reads ({@code search} sends it, {@code pool} shows it), checked by the library's rule. */
final class TopicFieldOption {
  @Option(names = "--topic-field", paramLabel = "FIELD", defaultValue = "title",
      description = "The part of a TREC topic read: title (default), description, title+description or narrative.")
  String topicField;

  /** The field, or a usage error naming the option and the value. */
  TopicField field(CommandLine cl) {
    try {
      return TopicField.of(topicField);
    } catch (IllegalArgumentException x) {
      throw new CommandLine.ParameterException(cl, "--topic-field " + topicField + ": " + x.getMessage());
    }
  }
}
