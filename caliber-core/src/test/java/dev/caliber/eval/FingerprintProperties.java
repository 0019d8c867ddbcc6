package dev.caliber.eval;

import static dev.caliber.testkit.HelpCentre.K;
import static dev.caliber.testkit.HelpCentre.PROTOCOL_SHA256;
import static dev.caliber.testkit.HelpCentre.TEST;
import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Fingerprint;
import dev.caliber.protocol.Protocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import dev.caliber.testkit.HelpCentre;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * protocol_sha256 fingerprints what the protocol says, not the order it was written in: every
 * insertion order of the seed's corpus, queries and judgments (outer and inner maps) gives the
 * seed's fingerprint.
 */
class FingerprintProperties {

  @Property(tries = 200)
  void the_fingerprint_ignores_map_insertion_order(@ForAll Random random) {
    // GIVEN the seed fixture with every map's entries in a random order
    Map<String, String> corpus = shuffled(HelpCentre.corpusMap(), random);
    Map<String, Query> queries = shuffled(HelpCentre.queriesMap(), random);
    Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
    shuffled(HelpCentre.qrelsMap(), random).forEach((q, row) -> qrels.put(q, shuffled(row, random)));
    Protocol protocol = new Protocol(Corpus.of(corpus), Queries.of(queries), Qrels.of(qrels));
    // WHEN
    String sha = Fingerprint.sha256(protocol, TEST, K);
    // THEN
    assertThat(sha).isEqualTo(PROTOCOL_SHA256);
    assertThat(Fingerprint.canonicalJson(protocol, TEST, K)).isEqualTo(Fingerprint.canonicalJson(HelpCentre.PROTOCOL, TEST, K));
  }

  private static <V> Map<String, V> shuffled(Map<String, V> map, Random random) {
    List<Map.Entry<String, V>> entries = new ArrayList<>(map.entrySet());
    Collections.shuffle(entries, random);
    Map<String, V> out = new LinkedHashMap<>();
    entries.forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }
}
