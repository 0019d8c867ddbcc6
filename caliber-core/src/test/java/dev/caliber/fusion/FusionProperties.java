package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caliber.protocol.RankedList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** What fusion keeps whatever the lists: symmetry, monotonicity, invariance to rescaling, self-fusion. */
class FusionProperties {
  /** Small integer scores over a small set of IDs: many shared documents, many ties. */
  @Provide
  Arbitrary<RankedList> lists() {
    Arbitrary<String> ids = Arbitraries.of("a", "b", "c", "d", "e", "f", "g", "h");
    return Arbitraries.maps(ids, Arbitraries.integers().between(-5, 20)).ofMaxSize(8).map(FusionProperties::list);
  }

  static RankedList list(Map<String, Integer> scores) {
    String[] docs = scores.keySet().toArray(new String[0]);
    double[] s = new double[docs.length];
    for (int i = 0; i < docs.length; i++) {
      s[i] = scores.get(docs[i]);
    }
    return RankedList.of(docs, s, new long[docs.length]);
  }

  static Map<String, Double> scores(RankedList l) {
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < l.size(); i++) {
      m.put(l.doc(i), l.score(i));
    }
    return m;
  }

  static List<Fusion> symmetric() {
    List<Fusion> out = new ArrayList<>();
    for (String name : Methods.NAMES) {
      if (name.equals("wsum")) {
        continue;
      }
      FusionMethod m = Methods.of(name, null, null);
      if (m.readsScores()) {
        for (Normalization n : Normalization.values()) {
          out.add(new Fusion(m, n));
        }
      } else {
        out.add(new Fusion(m, Normalization.NONE));
      }
    }
    return out;
  }

  @Property
  void a_symmetric_method_gives_the_same_list_whatever_the_order_of_the_inputs(
      @ForAll("lists") RankedList a, @ForAll("lists") RankedList b, @ForAll("lists") RankedList c, @ForAll long seed) {
    List<RankedList> given = List.of(a, b, c);
    List<RankedList> shuffled = new ArrayList<>(given);
    Collections.shuffle(shuffled, new Random(seed));
    for (Fusion f : symmetric()) {
      RankedList x = f.fuse(given);
      RankedList y = f.fuse(shuffled);
      assertThat(y.docs()).as(f.tag()).isEqualTo(x.docs());
      assertThat(scores(y)).as(f.tag()).isEqualTo(scores(x));
    }
  }

  @Property
  void raising_a_documents_score_in_one_input_never_lowers_its_fused_score(
      @ForAll("lists") RankedList a, @ForAll("lists") RankedList b, @ForAll @IntRange(min = 1, max = 30) int raise) {
    if (a.size() == 0) {
      return;
    }
    double[] s = new double[a.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = a.score(i) + (i == 0 ? raise : 0);
    }
    RankedList raised = RankedList.of(a.docs().toArray(new String[0]), s, new long[s.length]);
    List<FusionMethod> monotone = List.of(new CombSum(), new CombMnz(), new CombMax(), new CombMin(), new CombMed(),
        new CombAnz(), new WeightedSum(List.of(0.4, 0.6)));
    for (FusionMethod m : monotone) {
      Fusion f = new Fusion(m, Normalization.NONE);
      double before = scores(f.fuse(List.of(a, b))).get(a.doc(0));
      double after = scores(f.fuse(List.of(raised, b))).get(a.doc(0));
      assertThat(after).as(m.toString()).isGreaterThanOrEqualTo(before);
    }
  }

  @Property
  void rrf_of_a_run_with_itself_keeps_its_order(@ForAll("lists") RankedList a, @ForAll @IntRange(min = 0, max = 100) int k) {
    RankedList ranked = RankedList.byScore(a.docs().toArray(new String[0]), scoresOf(a));
    RankedList fused = new Fusion(new Rrf(k), Normalization.NONE).fuse(List.of(a, a));
    assertThat(fused.docs()).isEqualTo(ranked.docs());
  }

  @Property
  void rrf_ignores_any_positive_rescaling_of_an_inputs_scores(
      @ForAll("lists") RankedList a, @ForAll("lists") RankedList b, @ForAll @IntRange(min = 1, max = 1000) int scale) {
    RankedList scaled = RankedList.of(a.docs().toArray(new String[0]), times(scoresOf(a), scale, 7), new long[a.size()]);
    Fusion f = new Fusion(new Rrf(60), Normalization.NONE);
    assertThat(scores(f.fuse(List.of(scaled, b)))).isEqualTo(scores(f.fuse(List.of(a, b))));
  }

  @Property
  void combsum_after_min_max_ignores_an_affine_change_of_an_inputs_scores(
      @ForAll("lists") RankedList a, @ForAll("lists") RankedList b, @ForAll @IntRange(min = 0, max = 10) int log2,
      @ForAll @IntRange(min = -50, max = 50) int shift) {
    // a power-of-two scale and an integer shift keep every difference exact, so equality is exact
    RankedList moved = RankedList.of(a.docs().toArray(new String[0]), times(scoresOf(a), 1 << log2, shift), new long[a.size()]);
    Fusion f = new Fusion(new CombSum(), Normalization.MIN_MAX);
    assertThat(scores(f.fuse(List.of(moved, b)))).isEqualTo(scores(f.fuse(List.of(a, b))));
  }

  @Property
  void every_document_of_every_input_is_in_the_fused_list_once(@ForAll("lists") RankedList a, @ForAll("lists") RankedList b) {
    for (Fusion f : symmetric()) {
      RankedList fused = f.fuse(List.of(a, b));
      java.util.Set<String> all = new java.util.HashSet<>(a.docs());
      all.addAll(b.docs());
      assertThat(fused.docs()).as(f.tag()).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(all);
    }
  }

  private static double[] scoresOf(RankedList l) {
    double[] s = new double[l.size()];
    for (int i = 0; i < s.length; i++) {
      s[i] = l.score(i);
    }
    return s;
  }

  private static double[] times(double[] s, double a, double b) {
    double[] out = new double[s.length];
    for (int i = 0; i < s.length; i++) {
      out[i] = s[i] * a + b;
    }
    return out;
  }
}
