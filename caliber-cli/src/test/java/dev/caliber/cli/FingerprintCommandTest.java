package dev.caliber.cli;

import static dev.caliber.cli.Cli.example;
import static dev.caliber.cli.CliResultAssert.assertThatRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code caliber fingerprint} prints the seed's protocol_sha256, or the text behind it. */
class FingerprintCommandTest {

  static final String SEED_SHA256 = "9dd1a576cc830736a0884e847845f31f2390843c27a250abf3bafaf8fa72cadb";

  @Test
  void should_print_the_seed_fingerprint_and_a_newline() {
    CliResult result = Cli.run("fingerprint", "--protocol", example("protocol.json"));
    assertThatRun(result).succeeded().printed(SEED_SHA256 + "\n");
  }

  @Test
  void should_print_the_same_fingerprint_from_the_parts() {
    CliResult result = Cli.run("fingerprint", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--qrels", example("qrels.json"), "--split", "test", "--k", "2");
    assertThatRun(result).succeeded().printed(SEED_SHA256 + "\n");
  }

  @Test
  void should_change_the_fingerprint_with_k() {
    CliResult result = Cli.run("fingerprint", "--corpus", example("corpus.json"), "--queries", example("queries.json"),
        "--qrels", example("qrels.json"), "--split", "test", "--k", "3");
    assertThatRun(result).succeeded();
    assertThat(result.stdout()).matches("[0-9a-f]{64}\n").isNotEqualTo(SEED_SHA256 + "\n");
  }

  @Test
  void should_print_canonical_json_whose_sha256_is_the_fingerprint() throws NoSuchAlgorithmException {
    // WHEN
    CliResult result = Cli.run("fingerprint", "--protocol", example("protocol.json"), "--canonical");
    // THEN one line: the canonical JSON, then a newline that is not part of what is hashed
    assertThatRun(result).succeeded();
    byte[] out = result.stdoutBytes();
    assertThat(out[out.length - 1]).isEqualTo((byte) '\n');
    byte[] canonical = Arrays.copyOf(out, out.length - 1);
    assertThat(canonical).doesNotContain((byte) '\n');
    String sha = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
    assertThat(sha).isEqualTo(SEED_SHA256);
  }

  @Test
  void should_write_canonical_json_with_sorted_keys_and_no_spaces() {
    CliResult result = Cli.run("fingerprint", "--protocol", example("protocol.json"), "--canonical");
    assertThatRun(result).succeeded();
    assertThat(result.stdout())
        .startsWith("{\"corpus\":{\"d1\":\"")
        .contains("},\"k\":2,\"qrels\":{\"q1\":{\"d1\":0,\"d2\":1,")
        .contains("\"queries\":{\"q1\":{\"split\":\"dev\",\"text\":\"")
        .endsWith(",\"split\":\"test\"}\n");
  }

  @Test
  void should_write_the_chinese_texts_as_utf8_not_as_escapes() {
    // WHEN
    CliResult result = Cli.run("fingerprint", "--protocol", example("protocol.json"), "--canonical");
    // THEN d6's text and q5's text appear as their UTF-8 bytes
    assertThatRun(result).succeeded();
    assertThat(result.stdout())
        .contains("\"d6\":\"\u754c\u9762\u6307\u5357\uff1a\u5728\u5916\u89c2\u8bbe\u7f6e\u4e2d\u9009\u62e9\u6df1\u8272\u4e3b\u9898\u3002\"")
        .contains("\"q5\":{\"split\":\"test\",\"text\":\"\u600e\u6837\u6ce8\u9500\u8d26\u6237\uff1f\"}")
        .doesNotContain("\\u");
    // "界面" (U+754C U+9762) is E7 95 8C E9 9D A2 in UTF-8
    byte[] jieMian = {(byte) 0xE7, (byte) 0x95, (byte) 0x8C, (byte) 0xE9, (byte) 0x9D, (byte) 0xA2};
    assertThat(indexOf(result.stdoutBytes(), jieMian)).isPositive();
    assertThat(result.stdoutBytes()).hasSize(result.stdout().getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void should_validate_the_protocol_before_fingerprinting_it(@TempDir Path dir) {
    // GIVEN q3's row without d4
    Path protocol = Cli.protocolWith(dir, "unjudged.json",
        "\"d5\": 1,\n      \"d6\": 0", "\"d5\": 1");
    // WHEN
    CliResult result = Cli.run("fingerprint", "--protocol", protocol);
    // THEN
    assertThatRun(result).rejectedInput(protocol + ":49:11: $.qrels.q3: unjudged or unknown documents: "
        + "exhaustive qrels required (query \"q3\": unjudged documents \"d6\")");
  }

  static int indexOf(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
