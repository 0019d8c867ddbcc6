package dev.caliber.eval;

import static dev.caliber.testkit.HelpCentre.ordered;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.testkit.HelpCentre;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exact text behind protocol_sha256, and what does and does not change it. */
class FingerprintTest {
  private static final Protocol TINY = new Protocol(
      Corpus.of(ordered("b", "B \"quoted\"", "a", null)),
      Queries.of(ordered("q", new Query(null, "test"), "p", new Query("t", "dev"))),
      Qrels.of(ordered("q", ordered("b", 1, "a", 0), "p", ordered("a", 0, "b", 0))));

  @Test
  void the_canonical_json_sorts_keys_and_leaves_out_a_missing_query_text() {
    assertThat(Fingerprint.canonicalJson(TINY, "test", 3)).isEqualTo(
        "{\"corpus\":{\"a\":null,\"b\":\"B \\\"quoted\\\"\"},\"k\":3,"
            + "\"qrels\":{\"p\":{\"a\":0,\"b\":0},\"q\":{\"a\":0,\"b\":1}},"
            + "\"queries\":{\"p\":{\"split\":\"dev\",\"text\":\"t\"},\"q\":{\"split\":\"test\"}},"
            + "\"split\":\"test\"}");
  }

  @Test
  void the_fingerprint_is_the_sha256_of_the_canonical_json() {
    assertThat(Fingerprint.sha256(TINY, "test", 3)).isEqualTo(Fingerprint.sha256Hex(Fingerprint.canonicalJson(TINY, "test", 3)));
    // the SHA-256 of "abc", lower-case hex
    assertThat(Fingerprint.sha256Hex("abc")).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  }

  @Test
  void split_and_k_are_part_of_the_protocol() {
    String seed = Fingerprint.sha256(HelpCentre.PROTOCOL, "test", 2);
    assertThat(Fingerprint.sha256(HelpCentre.PROTOCOL, "test", 3)).isNotEqualTo(seed);
    assertThat(Fingerprint.sha256(HelpCentre.PROTOCOL, "dev", 2)).isNotEqualTo(seed);
  }

  @Test
  void a_query_text_given_or_not_fingerprints_differently() {
    Map<String, Query> queries = HelpCentre.queriesMap();
    queries.put("q5", new Query(null, "test"));
    Protocol withoutText = new Protocol(HelpCentre.CORPUS, Queries.of(queries), HelpCentre.QRELS);
    assertThat(Fingerprint.canonicalJson(withoutText, "test", 2)).contains("\"q5\":{\"split\":\"test\"}");
    assertThat(Fingerprint.sha256(withoutText, "test", 2)).isNotEqualTo(HelpCentre.PROTOCOL_SHA256);
  }
}
