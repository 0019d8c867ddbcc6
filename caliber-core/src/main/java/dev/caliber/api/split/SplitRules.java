package dev.caliber.api.split;

import dev.caliber.api.source.JudgmentFiles;
import dev.caliber.api.source.ProtocolSource;
import dev.caliber.api.source.ProtocolSourceException;
import dev.caliber.error.Location;
import dev.caliber.io.read.BeirReader;
import dev.caliber.io.read.BeirSplits;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.io.read.QueryGroupReader;
import dev.caliber.json.PyJson;
import dev.caliber.policy.Judgments;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.Queries;
import dev.caliber.protocol.Query;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The rules of {@link SplitCheck} over one read of every split: reads the inputs (and the group
 * file), then finds each rule's findings and each split's counts. Package-private: callers see
 * {@link SplitCheck#check} and its data.
 */
final class SplitRules {
  private SplitRules() {}

  /** Reads and checks; see {@link SplitCheck#check}. */
  static SplitCheck check(ProtocolSource source, String groups, Judgments judgments, int relevanceThreshold,
      InputStream stdin) throws IOException {
    Inputs in = Inputs.read(source, stdin);
    dev.caliber.protocol.QueryGroups g = groups == null ? null
        : QueryGroupReader.read(groups, stdin, source.limits(), in.queries().ids(), in.queriesSource());
    return new Checker(in, g, relevanceThreshold).run(judgments);
  }

  /** Every split's inputs: the corpus (or null), the queries, and the judgments by split. */
  private record Inputs(String name, Corpus corpus, Queries queries, String queriesSource, Map<String, Qrels> qrels,
      boolean perSplit) {
    static Inputs read(ProtocolSource s, InputStream stdin) throws IOException {
      for (String[] part : new String[][] {{"split", s.split()}, {"k", s.k() == null ? null : s.k().toString()}, {"query set", s.querySet()}}) {
        if (part[1] != null) {
          throw new ProtocolSourceException(ProtocolSourceException.Problem.CHECK_READS_EVERY_SPLIT, part[0], null);
        }
      }
      s.requireOneSource();
      if (s.beir() != null) {
        BeirSplits b = BeirReader.readAll(Path.of(s.beir()), s.limits());
        return new Inputs(InputFiles.fileName(s.beir()), b.corpus(), b.queries(),
            Path.of(s.beir()).resolve("queries.jsonl").toString(), b.qrels(), true);
      }
      if (s.protocol() != null) {
        dev.caliber.protocol.Protocol p = ProtocolFiles.protocol(ProtocolFiles.readJson(s.protocol(), stdin, s.limits())).protocol();
        return new Inputs(InputFiles.fileName(s.protocol()), p.corpus(), p.queries(), s.protocol(),
            bySplit(p.queries(), p.qrels()), false);
      }
      if (s.queries() == null) {
        throw new ProtocolSourceException(ProtocolSourceException.Problem.CHECK_NEEDS_SPLITS);
      }
      if (s.qrels() == null) {
        throw new ProtocolSourceException(ProtocolSourceException.Problem.QRELS_REQUIRED);
      }
      Qrels q = JudgmentFiles.readQrels(s, stdin);
      Corpus c = s.corpus() == null ? null : ProtocolFiles.corpus(ProtocolFiles.readJson(s.corpus(), stdin, s.limits()));
      Queries qs = ProtocolFiles.queries(ProtocolFiles.readJson(s.queries(), stdin, s.limits()));
      return new Inputs(InputFiles.fileName(s.queries()), c, qs, s.queries(), bySplit(qs, q), false);
    }

    /** One set of judgments seen by split: each judged query under its query's split (a query not in the queries under none). */
    private static Map<String, Qrels> bySplit(Queries queries, Qrels qrels) {
      Set<String> splits = new java.util.TreeSet<>();
      for (String id : queries.ids()) {
        splits.add(queries.get(id).split());
      }
      Map<String, Qrels> out = new LinkedHashMap<>();
      splits.forEach(sp -> out.put(sp, qrels));
      return out;
    }
  }

  /** The rules over one read of the inputs. */
  private static final class Checker {
    private final Inputs in;
    private final dev.caliber.protocol.QueryGroups groups;
    private final int threshold;
    private final boolean oneQrels;

    Checker(Inputs in, dev.caliber.protocol.QueryGroups groups, int threshold) {
      this.in = in;
      this.groups = groups;
      this.threshold = threshold;
      this.oneQrels = !in.perSplit();
    }

    /** The split a query counts in, or null for a query no split has (BEIR's unjudged ones). */
    private String split(String q) {
      Query query = in.queries().get(q);
      return query == null || BeirReader.UNJUDGED.equals(query.split()) && !oneQrels ? null : query.split();
    }

    /** A split's judged queries: with one set of judgments shared by the splits, those of its queries. */
    private List<String> judged(String split, Qrels qrels) {
      if (!oneQrels) {
        return qrels.queryIds();
      }
      List<String> out = new ArrayList<>();
      for (String q : qrels.queryIds()) {
        if (split.equals(split(q))) {
          out.add(q);
        }
      }
      return out;
    }

    SplitCheck run(Judgments judgments) {
      List<SplitCheck.RuleResult> rules = new ArrayList<>();
      rules.add(groups());
      rules.add(severalSplits());
      rules.add(duplicateText());
      Acc noRelevant = new Acc(SplitCheck.Rule.NO_RELEVANT);
      Acc notInCorpus = new Acc(SplitCheck.Rule.JUDGED_NOT_IN_CORPUS);
      Set<String> judgedDocs = new HashSet<>();
      List<SplitCheck.SplitCounts> counts = new ArrayList<>();
      Map<String, Integer> queriesOf = new java.util.HashMap<>(); // split to its queries, in one pass over them
      for (String q : in.queries().ids()) {
        queriesOf.merge(in.queries().get(q).split(), 1, Integer::sum);
      }
      for (Map.Entry<String, Qrels> e : in.qrels().entrySet()) {
        String sp = e.getKey();
        Qrels qrels = e.getValue();
        int queries = queriesOf.getOrDefault(sp, 0);
        int judgedQueries = 0;
        int judgmentCount = 0;
        int relevant = 0;
        int without = 0;
        SortedMap<Integer, Integer> labels = new TreeMap<>();
        for (String q : judged(sp, qrels)) {
          judgedQueries++;
          Map<String, Integer> row = qrels.row(q);
          int rel = 0;
          for (Map.Entry<String, Integer> judgment : row.entrySet()) {
            int label = judgment.getValue();
            labels.merge(label, 1, Integer::sum);
            judgmentCount++;
            rel += label >= threshold ? 1 : 0;
            String doc = judgment.getKey();
            judgedDocs.add(doc);
            if (in.corpus() != null && !in.corpus().contains(doc)) {
              notInCorpus.add(qrels.origin().locate(q, doc), "query " + quote(q) + " (" + sp + ") judges document "
                  + quote(doc) + ", which is not in the corpus");
            }
          }
          relevant += rel;
          if (rel == 0) {
            without++;
            noRelevant.add(qrels.origin().locate(q), "query " + quote(q) + " (" + sp + ") has no relevant document: "
                + count(row.size(), "judgment") + ", none labelled " + threshold + " or more");
          }
        }
        counts.add(new SplitCheck.SplitCounts(sp, queries, judgedQueries, judgmentCount, relevant, without, labels));
      }
      rules.add(noRelevant.result(true, false));
      rules.add(notInCorpus.result(in.corpus() != null, false));
      Acc never = new Acc(SplitCheck.Rule.NEVER_JUDGED);
      if (in.corpus() != null) {
        for (String d : in.corpus().ids()) {
          if (!judgedDocs.contains(d)) {
            never.add(in.corpus().origin().locate(d), "document " + quote(d) + " is judged by no query of any split");
          }
        }
      }
      rules.add(never.result(in.corpus() != null, judgments == Judgments.POOLED));
      return new SplitCheck(in.name(), judgments, threshold, rules, counts);
    }

    private SplitCheck.RuleResult groups() {
      Acc acc = new Acc(SplitCheck.Rule.GROUP_ACROSS_SPLITS);
      if (groups == null) {
        return acc.result(false, false);
      }
      Map<String, List<String>> members = new LinkedHashMap<>();
      groups.groupOf().forEach((q, g) -> members.computeIfAbsent(g, x -> new ArrayList<>()).add(q));
      for (Map.Entry<String, List<String>> e : members.entrySet()) {
        crossing(acc, e.getValue(), groups::locate, "group " + quote(e.getKey()) + " spans splits ");
      }
      return acc.result(true, false);
    }

    private SplitCheck.RuleResult severalSplits() {
      Acc acc = new Acc(SplitCheck.Rule.QUERY_IN_SEVERAL_SPLITS);
      if (oneQrels) {
        return acc.result(true, false);
      }
      Map<String, List<String>> splitsOf = new LinkedHashMap<>();
      in.qrels().forEach((sp, qrels) -> qrels.queryIds().forEach(q -> splitsOf.computeIfAbsent(q, x -> new ArrayList<>()).add(sp)));
      for (String q : in.queries().ids()) {
        List<String> sp = splitsOf.get(q);
        if (sp != null && sp.size() > 1) {
          acc.add(in.qrels().get(sp.get(1)).origin().locate(q), "query " + quote(q) + " is judged in splits "
              + String.join(", ", sp));
        }
      }
      return acc.result(true, false);
    }

    private SplitCheck.RuleResult duplicateText() {
      Acc acc = new Acc(SplitCheck.Rule.DUPLICATE_TEXT);
      Map<String, List<String>> byText = new LinkedHashMap<>();
      for (String q : in.queries().ids()) {
        if (split(q) != null) {
          byText.computeIfAbsent(SplitCheck.normalise(in.queries().get(q).text()), x -> new ArrayList<>()).add(q);
        }
      }
      for (Map.Entry<String, List<String>> e : byText.entrySet()) {
        String text = e.getKey().length() > 60 ? e.getKey().substring(0, 60) + "…" : e.getKey();
        crossing(acc, e.getValue(), q -> in.queries().origin().locate(q),
            "one text " + quote(text) + " after normalisation in splits ");
      }
      return acc.result(true, false);
    }

    /** A finding when {@code queries} lie in more than one split, at the first query outside the first one's split. */
    private void crossing(Acc acc, List<String> queries, java.util.function.Function<String, Location> locate, String words) {
      Set<String> splits = new LinkedHashSet<>();
      String first = null;
      for (String q : queries) {
        String sp = split(q);
        if (sp != null && splits.add(sp) && splits.size() == 2) {
          first = q;
        }
      }
      if (splits.size() < 2) {
        return;
      }
      List<String> shown = new ArrayList<>();
      for (String q : queries.subList(0, Math.min(10, queries.size()))) {
        shown.add(quote(q) + " (" + (split(q) == null ? "no split" : split(q)) + ")");
      }
      acc.add(locate.apply(first), words + String.join(", ", splits) + ": " + String.join(", ", shown)
          + (queries.size() > shown.size() ? " and " + (queries.size() - shown.size()) + " more" : ""));
    }
  }

  private static String quote(String id) {
    return PyJson.canonical(id);
  }

  private static String count(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  /** One rule's findings as they come: the first {@value SplitCheck#KEPT} kept, all counted. */
  private static final class Acc {
    private final SplitCheck.Rule rule;
    private final List<SplitCheck.Finding> kept = new ArrayList<>();
    private int count;

    Acc(SplitCheck.Rule rule) {
      this.rule = rule;
    }

    void add(Location at, String message) {
      count++;
      if (kept.size() < SplitCheck.KEPT) {
        kept.add(new SplitCheck.Finding(rule, at, message));
      }
    }

    SplitCheck.RuleResult result(boolean applies, boolean information) {
      return new SplitCheck.RuleResult(rule, applies, information, count, kept);
    }
  }
}
