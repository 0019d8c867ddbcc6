package dev.caliber.eval;

import static dev.caliber.eval.Protocols.corpus;
import static dev.caliber.eval.Protocols.measures;
import static dev.caliber.eval.Protocols.ordered;
import static dev.caliber.eval.Protocols.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.json.PyJson;
import dev.caliber.measure.Measure;
import dev.caliber.policy.Gain;
import dev.caliber.policy.Judgments;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.EvalProtocol;
import dev.caliber.protocol.Qrels;
import dev.caliber.qrels.QrelsBuilder;
import dev.caliber.result.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** What is fixed before a run is scored, and its fingerprint: everything that changes a number, nothing else. */
class EvalProtocolTest {
  private static final Qrels QRELS = Qrels.of(ordered("q1", row("d1", 1, "d2", 0)));

  private static EvalProtocol protocol(Qrels qrels, List<String> set, Corpus corpus, Policy policy, List<Measure> ms) {
    return new EvalProtocol(qrels, set, "split test", corpus, policy, ms);
  }

  private static EvalProtocol base() {
    return protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P@10", "RR"));
  }

  @Test
  void should_count_the_query_sets_judgments_of_documents_outside_the_corpus_and_name_the_first() {
    Qrels qrels = Qrels.of(ordered("q1", row("d1", 1, "d9", 1), "q2", row("d8", 0), "q3", row("d7", 1)));
    EvalProtocol p = protocol(qrels, List.of("q1", "q2"), corpus("d1", "d2"), Policy.trecEval(), measures("AP"));
    EvalProtocol.OutsideCorpus o = p.judgedOutsideCorpus();
    assertThat(o.count()).isEqualTo(2); // d9 and d8; q3 is outside the query set
    assertThat(o.query()).isEqualTo("q1");
    assertThat(o.doc()).isEqualTo("d9");
    assertThat(protocol(qrels, List.of("q1"), null, Policy.trecEval(), measures("AP")).judgedOutsideCorpus()).isNull();
    assertThat(protocol(qrels, List.of("q1"), corpus("d1", "d9"), Policy.trecEval(), measures("AP")).judgedOutsideCorpus())
        .isNull();
  }

  @Nested
  class Gains_within_a_double {
    private Policy exponential() {
      return Policy.trecEval().withGain(Gain.EXPONENTIAL);
    }

    @Test
    void should_refuse_a_label_whose_exponential_gain_no_sum_can_hold_naming_its_line() {
      QrelsBuilder b = new QrelsBuilder();
      int q = b.query("q1");
      b.add(q, "d1", 1, 1);
      b.add(q, "d2", 993, 2);
      Qrels qrels = b.build("qrels.txt");
      assertThatExceptionOfType(dev.caliber.error.ProtocolViolationException.class)
          .isThrownBy(() -> protocol(qrels, List.of("q1"), null, exponential(), measures("nDCG@10")))
          .withMessage("qrels.txt:2: label too large for exponential gain (query \"q1\", document \"d2\": label 993, whose gain"
              + " 2^993 - 1 no sum of gains can hold; expected labels of at most 992 under exponential gain (--gain exponential,"
              + " or a measure's dcg='exp-log2'))");
      // a measure's own exponential rule under the protocol's linear gain is held to the same bound
      assertThatExceptionOfType(dev.caliber.error.ProtocolViolationException.class)
          .isThrownBy(() -> protocol(qrels, List.of("q1"), null, Policy.trecEval(), measures("nDCG(dcg='exp-log2')@10")));
      // linear gain takes any label
      assertThat(protocol(qrels, List.of("q1"), null, Policy.trecEval(), measures("nDCG@10")).measures()).hasSize(1);
    }

    @Test
    void should_score_the_largest_exponential_label_finitely_however_many_documents_carry_it() {
      Map<String, Integer> row = new LinkedHashMap<>();
      for (int i = 0; i < 50; i++) {
        row.put("d" + i, 992);
      }
      EvalProtocol p = protocol(Qrels.of(Map.of("q1", row)), List.of("q1"), null, exponential(),
          measures("nDCG@10", "nDCG", "DCG", "IDCG", "G", "nDCGRel", "RnDCG", "RBPScaled"));
      Map<String, Double> scores = new LinkedHashMap<>();
      for (int i = 0; i < 50; i++) {
        scores.put("d" + i, 50.0 - i);
      }
      dev.caliber.result.RunResult r = dev.caliber.api.Eval.evaluate(p, dev.caliber.api.Eval.run("r", Map.of("q1", scores)));
      for (dev.caliber.result.MeasureSummary s : r.summaries()) {
        assertThat(s.decimalMean()).as(s.measure().name()).isFinite();
      }
      assertThat(r.summary(dev.caliber.measure.Measures.parse("nDCG")).decimalMean()).isEqualTo(1.0);
    }
  }

  @Nested
  class Fingerprint {
    @Test
    void should_hash_the_canonical_json_of_qrels_query_set_corpus_ids_policy_and_measures() {
      // the expected text and hash come from Python: json.dumps(sort_keys=True, ensure_ascii=False,
      // separators=(',', ':')) and hashlib.sha256
      assertThat(base().canonicalJson()).isEqualTo("{\"caliber_protocol\":1,\"corpus_ids\":null,"
          + "\"measures\":[\"P@10\",\"RR\"],\"policy\":{\"depth\":0,\"gain\":\"linear\",\"judgments\":\"exhaustive\","
          + "\"no_relevant\":\"exclude\",\"ordering\":\"given\",\"relevance_threshold\":1,\"unknown_queries\":\"error\"},"
          + "\"qrels\":{\"q1\":{\"d1\":1,\"d2\":0}},\"query_set\":[\"q1\"]}");
      assertThat(base().sha256()).isEqualTo("05583c09751fb38355ad8ce489ce6b54aca6b9f7e563f42d0ea99a7423b2074a");
    }

    @Test
    void should_hash_a_large_protocol_piece_by_piece_as_its_whole_canonical_text() {
      // GIVEN 3,000 queries out of order, some with characters beyond U+FFFF, which sort after
      // U+FFFD by code point but before it by UTF-16 unit: a canonical text of many pieces
      Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
      for (int i = 0; i < 3000; i++) {
        int n = i * 7919 % 3000;
        labels.put("q\u00e9" + (n % 3 == 0 ? "\uD83D\uDE00" : n % 3 == 1 ? "\uFFFD" : "") + n, row("d" + n, n % 4, "d" + (n + 1), 0));
      }
      EvalProtocol big = protocol(Qrels.of(labels), List.copyOf(labels.keySet()), null, Policy.strict(), measures("RR"));
      // THEN the text is the canonical text of the plain maps (PyJson sorts those itself)
      Map<String, Object> plain = new LinkedHashMap<>();
      plain.put("caliber_protocol", 1);
      plain.put("qrels", labels);
      plain.put("query_set", List.copyOf(labels.keySet()));
      plain.put("corpus_ids", null);
      plain.put("policy", Policy.strict().toData());
      plain.put("measures", List.of("RR"));
      assertThat(big.canonicalJson()).isEqualTo(PyJson.canonical(plain)).hasSizeGreaterThan(10 * 8192);
      assertThat(big.sha256()).isEqualTo(dev.caliber.protocol.Fingerprint.sha256Hex(PyJson.canonical(plain)));
    }

    @Test
    void should_be_hashed_once_per_protocol_and_returned_as_the_same_string() {
      // GIVEN a protocol of 3,000 queries, whose fingerprint takes a while to hash
      Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
      for (int i = 0; i < 3000; i++) {
        labels.put("q" + i, row("d" + i, i % 2, "d" + (i + 1), 0));
      }
      EvalProtocol p = protocol(Qrels.of(labels), List.copyOf(labels.keySet()), null, Policy.trecEval(), measures("RR", "AP"));
      // WHEN eight threads ask for it at once, then the protocol scores two runs
      List<String> seen = java.util.Collections.synchronizedList(new ArrayList<>());
      java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        threads.add(new Thread(() -> {
          try {
            start.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          seen.add(p.sha256());
        }));
      }
      threads.forEach(Thread::start);
      start.countDown();
      for (Thread t : threads) {
        try {
          t.join();
        } catch (InterruptedException e) {
          throw new AssertionError(e);
        }
      }
      RunResult first = Evaluation.evaluate(p, Protocols.run("q1", List.of("d1")));
      RunResult second = Evaluation.evaluate(p, Protocols.run("q2", List.of("d2", "d3")));
      // THEN every caller got the one String hashed (an identity check: a second hash would be a new
      // String), and it is the hash of the canonical text
      String hash = p.sha256();
      assertThat(seen).hasSize(8).allSatisfy(h -> assertThat(h).isSameAs(hash));
      assertThat(first.protocolSha256()).isSameAs(hash);
      assertThat(second.protocolSha256()).isSameAs(hash);
      assertThat(hash).isEqualTo(dev.caliber.protocol.Fingerprint.sha256Hex(p.canonicalJson()));
    }

    @Test
    void should_be_equal_for_equal_protocols_each_hashed_on_its_own() {
      EvalProtocol a = base();
      EvalProtocol b = base();
      assertThat(b).isEqualTo(a).hasSameHashCodeAs(a).isNotSameAs(a);
      String hashOfB = b.sha256(); // b first: nothing is shared between the two
      assertThat(a.sha256()).isEqualTo(hashOfB).isEqualTo("05583c09751fb38355ad8ce489ce6b54aca6b9f7e563f42d0ea99a7423b2074a");
      assertThat(a).isEqualTo(b); // the kept fingerprint is no part of equality
      assertThat(protocol(QRELS, List.of("q1"), null, Policy.trecEval(), base().measures())).isNotEqualTo(a);
      assertThat(new EvalProtocol(QRELS, List.of("q1"), "split other", null, Policy.strict(), base().measures()))
          .isNotEqualTo(a);
      assertThat(a.toString()).startsWith("EvalProtocol[qrels=").contains("querySet=[q1]", "querySetSource=split test");
    }

    @Test
    void should_not_depend_on_the_insertion_order_of_qrels_or_corpus() {
      // GIVEN the same judgments and corpus, inserted in opposite orders
      Qrels forward = Qrels.of(ordered("q1", row("d1", 1, "d2", 0), "q2", row("d1", 0, "d2", 1)));
      Qrels backward = Qrels.of(ordered("q2", row("d2", 1, "d1", 0), "q1", row("d2", 0, "d1", 1)));
      EvalProtocol a = protocol(forward, List.of("q1", "q2"), corpus("d1", "d2"), Policy.strict(), measures("RR"));
      EvalProtocol b = protocol(backward, List.of("q1", "q2"), corpus("d2", "d1"), Policy.strict(), measures("RR"));
      // THEN
      assertThat(b.canonicalJson()).isEqualTo(a.canonicalJson());
      assertThat(b.sha256()).isEqualTo(a.sha256());
    }

    @Test
    void should_not_depend_on_document_texts_or_on_how_the_query_set_was_named() {
      EvalProtocol a = protocol(QRELS, List.of("q1"), Corpus.of(ordered("d1", "one", "d2", "two")), Policy.strict(),
          measures("RR"));
      EvalProtocol b = new EvalProtocol(QRELS, List.of("q1"), "split test of elsewhere/protocol.json",
          Corpus.of(ordered("d1", "other", "d2", null)), Policy.strict(), measures("RR"));
      assertThat(b.sha256()).isEqualTo(a.sha256());
    }

    @Test
    void should_change_with_the_judgments() {
      EvalProtocol relabelled = protocol(Qrels.of(ordered("q1", row("d1", 2, "d2", 0))), List.of("q1"), null,
          Policy.strict(), base().measures());
      EvalProtocol extra = protocol(Qrels.of(ordered("q1", row("d1", 1, "d2", 0, "d3", 0))), List.of("q1"), null,
          Policy.strict(), base().measures());
      assertThat(relabelled.sha256()).isNotEqualTo(base().sha256());
      assertThat(extra.sha256()).isNotEqualTo(base().sha256()).isNotEqualTo(relabelled.sha256());
    }

    @Test
    void should_change_with_the_query_set_and_its_order() {
      Qrels two = Qrels.of(ordered("q1", row("d1", 1), "q2", row("d1", 1)));
      EvalProtocol one = protocol(two, List.of("q1"), null, Policy.strict(), measures("RR"));
      EvalProtocol both = protocol(two, List.of("q1", "q2"), null, Policy.strict(), measures("RR"));
      EvalProtocol reversed = protocol(two, List.of("q2", "q1"), null, Policy.strict(), measures("RR"));
      assertThat(List.of(one.sha256(), both.sha256(), reversed.sha256())).doesNotHaveDuplicates();
    }

    @Test
    void should_change_with_the_corpus_ids() {
      EvalProtocol none = protocol(QRELS, List.of("q1"), null, Policy.trecEval(), measures("RR"));
      EvalProtocol two = protocol(QRELS, List.of("q1"), corpus("d1", "d2"), Policy.trecEval(), measures("RR"));
      EvalProtocol three = protocol(QRELS, List.of("q1"), corpus("d1", "d2", "d3"), Policy.trecEval(), measures("RR"));
      assertThat(List.of(none.sha256(), two.sha256(), three.sha256())).doesNotHaveDuplicates();
    }

    @Test
    void should_change_with_every_rule_of_the_policy() {
      List<Policy> policies = List.of(Policy.strict(), Policy.strict().withJudgments(Judgments.POOLED),
          Policy.strict().withRelevanceThreshold(2), Policy.strict().withGain(Gain.EXPONENTIAL),
          Policy.strict().withOrdering(dev.caliber.policy.Ordering.SCORE),
          Policy.strict().withNoRelevant(dev.caliber.policy.NoRelevant.ZERO),
          Policy.strict().withUnknownQueries(dev.caliber.policy.UnknownQueries.LIST), Policy.strict().withDepth(10),
          Policy.trecEval());
      List<String> hashes = new ArrayList<>();
      for (Policy p : policies) {
        hashes.add(protocol(QRELS, List.of("q1"), null, p, measures("RR")).sha256());
      }
      assertThat(hashes).doesNotHaveDuplicates();
    }

    @Test
    void should_change_with_the_measures_but_not_with_their_spelling() {
      String base = base().sha256();
      assertThat(protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P@5", "RR")).sha256()).isNotEqualTo(base);
      assertThat(protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P@10")).sha256()).isNotEqualTo(base);
      assertThat(protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P@10", "RR", "AP")).sha256())
          .isNotEqualTo(base);
      assertThat(protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P_10", "recip_rank")).sha256())
          .isEqualTo(base);
      assertThat(protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P@10", "RR", "MRR")).sha256())
          .isEqualTo(base);
    }
  }

  @Nested
  class Validation {
    @Test
    void should_reject_a_query_set_that_names_a_query_twice() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> protocol(QRELS, List.of("q1", "q2", "q1"), null, Policy.strict(), measures("RR")))
          .withMessage("illegal query set: query \"q1\" appears twice");
    }

    @Test
    void should_reject_an_empty_list_of_measures() {
      assertThatExceptionOfType(IllegalArgumentException.class)
          .isThrownBy(() -> protocol(QRELS, List.of("q1"), null, Policy.strict(), List.of()))
          .withMessage("illegal measures: none given, at least one is required");
    }

    @Test
    void should_collapse_duplicate_measures_keeping_the_first_position() {
      EvalProtocol p = protocol(QRELS, List.of("q1"), null, Policy.strict(), measures("P@10", "map", "P_10", "AP", "RR"));
      assertThat(p.measures()).extracting(Measure::name).containsExactly("P@10", "AP", "RR");
    }

    @Test
    void should_name_a_missing_part() {
      assertThatExceptionOfType(NullPointerException.class)
          .isThrownBy(() -> protocol(null, List.of("q1"), null, Policy.strict(), measures("RR"))).withMessage("qrels");
      assertThatExceptionOfType(NullPointerException.class)
          .isThrownBy(() -> protocol(QRELS, List.of("q1"), null, null, measures("RR"))).withMessage("policy");
      assertThatExceptionOfType(NullPointerException.class)
          .isThrownBy(() -> new EvalProtocol(QRELS, List.of("q1"), null, null, Policy.strict(), measures("RR")))
          .withMessage("querySetSource");
    }

    @Test
    void should_copy_the_query_set_and_measures() {
      List<String> set = new ArrayList<>(List.of("q1"));
      List<Measure> ms = new ArrayList<>(measures("RR"));
      EvalProtocol p = protocol(QRELS, set, null, Policy.strict(), ms);
      set.add("q2");
      ms.clear();
      assertThat(p.querySet()).containsExactly("q1");
      assertThat(p.measures()).extracting(Measure::name).containsExactly("RR");
      assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> p.querySet().add("q3"));
    }
  }
}
