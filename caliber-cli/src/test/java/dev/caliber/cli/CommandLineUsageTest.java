package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A wrong command line is exit 2 with exactly one line on standard error: {@code caliber: usage:
 * ...} and the hint {@code (see '<command> --help')}; nothing on standard
 * output and no file read beyond what was needed to find the contradiction.
 */
class CommandLineUsageTest {

  @TempDir Path dir;

  /** protocol.json without "k": k must come from the command line. */
  private Path protocolWithoutK() {
    return Cli.protocolWith(dir, "nok.json", "\"split\": \"test\",\n  \"k\": 2", "\"split\": \"test\"");
  }

  @ParameterizedTest(name = "--k {0} is rejected")
  @ValueSource(strings = {"0", "-1", "abc", "1.5", "", "+3", "01x", "9999999999", " 2"})
  void should_reject_a_k_that_is_not_a_positive_integer(String k) {
    CliResult result = Cli.run("evaluate", "--protocol", protocolWithoutK(), "--k", k, "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate",
        "--k: got \"" + k + "\"; expected a whole number from 1 to 2147483647, such as 10");
  }

  @Test
  void should_word_whole_numbers_in_callers_terms_and_read_them_in_decimal() {
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2 t\n");
    assertThatRun(Cli.run("compare", "--qrels", qrels, "--run", "a=" + run, "--run", "b=" + run, "--seed", "abc"))
        .failedWithUsage("caliber compare", "Invalid value for option '--seed': 'abc' is not a whole number (expected digits, such as 10)");
    assertThatRun(Cli.run("compare", "--qrels", qrels, "--run", "a=" + run, "--run", "b=" + run, "--seed", "99999999999999999999"))
        .failedWithUsage("caliber compare", "--seed: 99999999999999999999 is out of range; expected a whole number from "
            + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
    // the option as typed, not picocli's longest name for it
    assertThatRun(Cli.run("trec_eval", "-M", "0x10", qrels, run)).failedWithUsage("caliber trec_eval",
        "Invalid value for option '-M': '0x10' is not a whole number (expected digits, such as 10)");
    assertThatRun(Cli.run("trec_eval", "-Mabc", qrels, run)).failedWithUsage("caliber trec_eval",
        "Invalid value for option '-M': 'abc' is not a whole number (expected digits, such as 10)");
    assertThatRun(Cli.run("trec_eval", "--Max_retrieved_per_topic=x", qrels, run)).failedWithUsage("caliber trec_eval",
        "Invalid value for option '--Max_retrieved_per_topic': 'x' is not a whole number (expected digits, such as 10)");
    // 010 is ten, not picocli's octal eight
    CliResult ten = Cli.run("trec_eval", "-M", "010", qrels, run);
    assertThatRun(ten).succeeded();
  }

  @ParameterizedTest(name = "{0} {1}")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "evaluate | --depth | 99999999999 | 1 to 2147483647",
      "evaluate | --depth | 0 | 1 to 2147483647",
      "evaluate | --threads | 99999999999 | 1 to 1024",
      "evaluate | --threads | 1025 | 1 to 1024",
      "evaluate | --relevance-threshold | -99999999999 | 1 to 2147483647",
      "compare | --resamples | 99999999999 | 1 to 10000000",
      "compare | --permutations | 0 | 1 to 2147483647",
      "compare | --seed | 99999999999999999999 | -9223372036854775808 to 9223372036854775807",
      "fuse | --rrf-k | 99999999999 | 0 to 2147483647",
      "trec_eval | -M | 99999999999 | 0 to 2147483647",
      "protocol check | --relevance-threshold | 99999999999 | 1 to 2147483647"})
  void should_name_the_option_the_value_and_the_range_of_a_whole_number_out_of_range(String command, String option,
      String value, String range) {
    // GIVEN an otherwise valid command line
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2 t\n");
    List<Object> args = new java.util.ArrayList<>(List.of(command.split(" ")));
    args.addAll(switch (command) {
      case "evaluate" -> List.of("--qrels", qrels, "--run", run, "-m", "AP");
      case "compare" -> List.of("--qrels", qrels, "--run", "a=" + run, "--run", "b=" + run, "-m", "AP");
      case "fuse" -> List.of("--method", "rrf", "--run", run, "--run", run);
      case "trec_eval" -> List.of(qrels, run);
      default -> List.of("--qrels", qrels);
    });
    args.add(option);
    args.add(value);
    // WHEN
    CliResult result = Cli.run(args.toArray());
    // THEN one line in caliber's words
    assertThatRun(result).failedWithUsage("caliber " + command,
        option + ": " + value + " is out of range; expected a whole number from " + range);
  }

  @Test
  void should_take_an_empty_path_as_a_usage_error() {
    Path qrels = Cli.write(dir, "qrels.txt", "q1 0 d1 1\n");
    Path run = Cli.write(dir, "run.txt", "q1 Q0 d1 1 2 t\n");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", run, "-o", "")).failedWithUsage("caliber evaluate",
        "-o names no file; expected a path, or - for standard output");
    assertThatRun(Cli.run("evaluate", "--qrels", qrels, "--run", "x=")).failedWithUsage("caliber evaluate",
        "--run x= names no file; expected [NAME=]FILE");
    CliResult emptyQrels = Cli.run("evaluate", "--qrels", "", "--run", run);
    org.assertj.core.api.Assertions.assertThat(emptyQrels.exitCode()).isEqualTo(ExitCodes.USAGE);
    org.assertj.core.api.Assertions.assertThat(emptyQrels.stderr())
        .isEqualTo("caliber: usage: a file option was given an empty path; expected a file name\n");
    // --beir '' would otherwise be the working directory
    CliResult emptyBeir = Cli.run("evaluate", "--beir", "", "--run", run, "-m", "AP");
    org.assertj.core.api.Assertions.assertThat(emptyBeir.exitCode()).isEqualTo(ExitCodes.USAGE);
    org.assertj.core.api.Assertions.assertThat(emptyBeir.stderr())
        .isEqualTo("caliber: usage: a file option was given an empty path; expected a file name\n");
  }

  @Test
  void should_take_k_from_the_command_line_when_the_file_does_not_fix_it() {
    CliResult result = Cli.run("evaluate", "--protocol", protocolWithoutK(), "--k", "2", "--run", example("runs/fixture_A.json"));
    assertThatRun(result).succeeded().printed(Cli.expected("report.fixture_A.json"));
  }

  @Test
  void should_reject_k_that_contradicts_the_protocol_file() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--k", "3", "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "--k 3 contradicts the protocol file, which fixes k 2");
  }

  @Test
  void should_reject_a_split_that_contradicts_the_protocol_file() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--split", "dev", "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "--split dev contradicts the protocol file, which fixes split test");
  }

  @Test
  void should_require_a_split_when_neither_the_file_nor_the_command_line_gives_one() {
    Path protocol = Cli.protocolWith(dir, "nosplit.json", "\"split\": \"test\",\n  \"k\": 2", "\"k\": 2");
    CliResult result = Cli.run("evaluate", "--protocol", protocol, "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "no split: give --split or fix \"split\" in the protocol file");
  }

  @Test
  void should_require_k_when_neither_the_file_nor_the_command_line_gives_one() {
    CliResult result = Cli.run("fingerprint", "--protocol", protocolWithoutK());
    assertThatRun(result).failedWithUsage("caliber fingerprint", "no k: give --k or fix \"k\" in the protocol file");
  }

  @Test
  void should_reject_an_empty_split() {
    CliResult result = Cli.run("fingerprint", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--qrels", example("qrels.json"), "--split", "", "--k", "2");
    assertThatRun(result).failedWithUsage("caliber fingerprint", "--split: split must be a nonempty string");
  }

  @Test
  void should_require_qrels_with_corpus_and_queries_for_evaluate() {
    CliResult result = Cli.run("evaluate", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--split", "test", "--k", "2", "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "--qrels is required with --corpus and --queries");
  }

  @Test
  void should_refuse_a_protocol_file_together_with_its_parts() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--corpus", example("corpus.json"),
        "--queries", example("queries.json"), "--run", example("runs/fixture_A.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate",
        "give only one of --protocol, --beir, or --qrels/--corpus/--queries");
  }

  @Test
  void should_require_a_run() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"));
    assertThatRun(result).failedWithUsage("caliber evaluate", "Missing required option: '--run=[NAME=]FILE'");
  }

  @Test
  void should_reject_no_subcommand() {
    assertThatRun(Cli.run()).failedWithUsage("caliber", "a command is required (evaluate, merge, compare, diff, pool, gate, fuse, adapt, index, search, fingerprint, measures, trec_eval, protocol, history, qrels)");
  }

  @Test
  void should_reject_an_unknown_option_of_the_top_command() {
    assertThatRun(Cli.run("--verbose")).failedWithUsage("caliber", "Unknown option: '--verbose'");
  }

  @Test
  void should_reject_an_unknown_option_of_a_subcommand_and_point_to_its_help() {
    CliResult result = Cli.run("evaluate", "--protocol", example("protocol.json"), "--run", example("runs/fixture_A.json"), "--colour", "red");
    assertThatRun(result).failedWithUsage("caliber evaluate", "Unknown option: '--colour'");
  }

  @Test
  void should_name_a_mistyped_option_before_a_required_one_that_is_missing() {
    // picocli checks the required options first: --run missing hid the typo that caused it
    assertThatRun(Cli.run("evaluate", "--bogus", "--qrels", "q.txt")).failedWithUsage("caliber evaluate", "Unknown option: '--bogus'");
    assertThatRun(Cli.run("compare", "--qrels", "q.txt", "--rnu", "a.txt"))
        .failedWithUsage("caliber compare", "Unknown option: '--rnu'; did you mean --run?");
    assertThatRun(Cli.run("evaluate", "--qrels", "q.txt")).failedWithUsage("caliber evaluate", "Missing required option: '--run=[NAME=]FILE'");
  }

  @Test
  void should_reject_an_unknown_subcommand() {
    assertThatRun(Cli.run("score")).failedWithUsage("caliber", "Unmatched argument at index 0: 'score'");
  }

  @Test
  void should_suggest_the_option_meant_by_a_misspelt_one() {
    CliResult r = Cli.run("evaluate", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"),
        "--mesure", "AP");
    assertThatRun(r).failedWithUsage("caliber evaluate", "Unknown option: '--mesure'; did you mean --measure?");
    assertThatRun(Cli.run("evalute")).failedWithUsage("caliber", "Unmatched argument at index 0: 'evalute'; did you mean evaluate?");
  }

  @Test
  void should_refuse_per_query_lines_for_a_format_that_has_no_such_switch() {
    CliResult r = Cli.run("evaluate", "--protocol", Cli.example("protocol.json"), "--run", Cli.example("runs/fixture_A.json"),
        "--measure", "RR@2", "--format", "tsv", "-q");
    assertThatRun(r).failedWithUsage("caliber evaluate",
        "-q (--per-query) applies to --format trec only, not --format tsv; the other formats always show every query");
  }
}
