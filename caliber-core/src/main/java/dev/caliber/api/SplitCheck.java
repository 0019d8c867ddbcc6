package dev.caliber.api;

import dev.caliber.error.Location;
import dev.caliber.io.read.BeirReader;
import dev.caliber.io.read.BeirSplits;
import dev.caliber.io.read.InputFiles;
import dev.caliber.io.read.ProtocolFiles;
import dev.caliber.io.read.QueryGroupReader;
import dev.caliber.io.read.TrecQrelsReader;
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
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The split hygiene of a protocol, as plain data: every split's queries and judgments read at once
 * and checked by named {@link Rule}s (docs/PROTOCOL.md, "Split hygiene"). {@link #check} reads and
 * checks; {@link #failed} says whether a rule the caller counts as an error found anything. Writers
 * render the result and decide nothing.
 *
 * @param source how the protocol was named: {@code beir-format}, a protocol file's name, or the
 *     queries file's
 * @param judgments the judgments the protocol declares: under pooled judgments {@link
 *     Rule#NEVER_JUDGED} is information, never a failure
 * @param relevanceThreshold the label from which a document is relevant, for {@link Rule#NO_RELEVANT}
 * @param rules each rule's outcome, in {@link Rule}'s order
 * @param splits each split's counts, in split name order
 */
public record SplitCheck(
    String source, Judgments judgments, int relevanceThreshold, List<RuleResult> rules, List<SplitCounts> splits) {

  /** How many findings a rule keeps; {@link RuleResult#count()} counts them all. */
  public static final int KEPT = 1000;

  /**
   * Copies the lists.
   *
   * @param source how the protocol was named, not null
   * @param judgments the judgments the protocol declares, not null
   * @param relevanceThreshold the label from which a document is relevant
   * @param rules each rule's outcome; not null
   * @param splits each split's counts; not null
   * @throws NullPointerException if a part, a list or an element is null
   */
  public SplitCheck {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(judgments, "judgments");
    rules = List.copyOf(rules);
    splits = List.copyOf(splits);
  }

  /** A rule of split hygiene; its {@link #id()} is how a user names it ({@code --error group-across-splits}). */
  public enum Rule {
    /** Queries declared one group (paraphrases of one need) lie in different splits. */
    GROUP_ACROSS_SPLITS("group-across-splits"),
    /** One query is judged in the qrels of two splits (BEIR folders). */
    QUERY_IN_SEVERAL_SPLITS("query-in-several-splits"),
    /** Queries of different splits have one text after {@link #normalise normalisation}. */
    DUPLICATE_TEXT("duplicate-text"),
    /** A judged query has no document at or above the relevance threshold. */
    NO_RELEVANT("no-relevant"),
    /** A judged document is not in the corpus. */
    JUDGED_NOT_IN_CORPUS("judged-not-in-corpus"),
    /** A corpus document no query of any split judges (a failure only under exhaustive judgments). */
    NEVER_JUDGED("never-judged");

    private final String id;

    Rule(String id) {
      this.id = id;
    }

    /**
     * The rule's name.
     *
     * @return lower-case words joined by hyphens, such as {@code duplicate-text}
     */
    public String id() {
      return id;
    }

    /**
     * The rule of a name.
     *
     * @param id a rule's {@link #id()}
     * @return the rule, or null when no rule has that name
     */
    public static Rule of(String id) {
      for (Rule r : values()) {
        if (r.id.equals(id)) {
          return r;
        }
      }
      return null;
    }

    /**
     * The rules that fail a check unless the caller says otherwise: the ones that leak a need
     * from one split into another.
     *
     * @return {@link #GROUP_ACROSS_SPLITS}, {@link #QUERY_IN_SEVERAL_SPLITS} and {@link #DUPLICATE_TEXT}
     */
    public static Set<Rule> defaultErrors() {
      return Collections.unmodifiableSet(EnumSet.of(GROUP_ACROSS_SPLITS, QUERY_IN_SEVERAL_SPLITS, DUPLICATE_TEXT));
    }
  }

  /**
   * One thing a rule found.
   *
   * @param rule the rule
   * @param location where: the group file's line, the query's, the judgment's or the document's
   * @param message what, in words, IDs quoted as JSON strings
   */
  public record Finding(Rule rule, Location location, String message) {}

  /**
   * A rule's outcome.
   *
   * @param rule the rule
   * @param applies false when the inputs cannot show it (no group file, no corpus)
   * @param information true when its findings cannot fail the check (never-judged under pooled judgments)
   * @param count how many findings there are
   * @param findings the first {@value SplitCheck#KEPT} of them, in input order
   */
  public record RuleResult(Rule rule, boolean applies, boolean information, int count, List<Finding> findings) {
    /**
     * Copies the list.
     *
     * @param rule the rule
     * @param applies false when the inputs cannot show it
     * @param information true when its findings cannot fail the check
     * @param count how many findings there are
     * @param findings the first of them; not null
     * @throws NullPointerException if the list or a finding is null
     */
    public RuleResult {
      findings = List.copyOf(findings);
    }
  }

  /**
   * One split's counts.
   *
   * @param split the split's name
   * @param queries the queries of the split
   * @param judgedQueries those with at least one judgment
   * @param judgments the judgments
   * @param relevant the judgments at or above the relevance threshold
   * @param noRelevant the judged queries without a relevant document
   * @param labels how many judgments have each label, labels in increasing order
   */
  public record SplitCounts(
      String split, int queries, int judgedQueries, int judgments, int relevant, int noRelevant, SortedMap<Integer, Integer> labels) {
    /**
     * Copies the labels.
     *
     * @param split the split's name
     * @param queries the queries of the split
     * @param judgedQueries those with at least one judgment
     * @param judgments the judgments
     * @param relevant the judgments at or above the relevance threshold
     * @param noRelevant the judged queries without a relevant document
     * @param labels how many judgments have each label; not null
     * @throws NullPointerException if {@code labels} is null
     */
    public SplitCounts {
      labels = Collections.unmodifiableSortedMap(new TreeMap<>(labels));
    }
  }

  /**
   * Whether the check fails: a rule counted as an error found something (information never fails).
   *
   * @param errors the rules that are errors
   * @return true when one of them has a finding
   */
  public boolean failed(Set<Rule> errors) {
    return rules.stream().anyMatch(r -> errors.contains(r.rule()) && !r.information() && r.count() > 0);
  }

  /**
   * The form two texts are compared in: Unicode NFKC (full-width and compatibility forms become
   * their plain letters), case folded (upper then lower case, so that {@code ß} and {@code SS}
   * meet), every run of white space one space, none at the ends.
   *
   * @param text a query's text
   * @return its normal form
   */
  public static String normalise(String text) {
    String s = java.text.Normalizer.normalize(text, java.text.Normalizer.Form.NFKC);
    s = s.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT);
    return s.replaceAll("(?U)\\s+", " ").strip();
  }

  /**
   * Reads every split of a protocol and checks it.
   *
   * @param source a protocol file, a BEIR folder, or queries (with splits) and qrels with an
   *     optional corpus; no split, k or query set: every split is read
   * @param groups a query group file ({@code query-id<TAB>group}), or null
   * @param judgments the judgments the protocol declares
   * @param relevanceThreshold the label from which a document is relevant, at least 1
   * @param stdin what {@code -} reads
   * @return the outcome of every rule and each split's counts
   * @throws ProtocolSourceException ({@link ProtocolSourceException.Problem#CHECK_NEEDS_SPLITS})
   *     for bare qrels, ({@link ProtocolSourceException.Problem#CHECK_READS_EVERY_SPLIT}) when a
   *     split, k or query set is given ({@code given()} is {@code split}, {@code k} or {@code query set}), or as the loads do for no source or several
   * @throws dev.caliber.error.CaliberInputException if a file is malformed, or the group file
   *     names a query twice or one that is not the protocol's
   * @throws IllegalArgumentException if {@code relevanceThreshold < 1}
   * @throws IOException if a file cannot be read
   */
  public static SplitCheck check(ProtocolSource source, String groups, Judgments judgments, int relevanceThreshold,
      InputStream stdin) throws IOException {
    Objects.requireNonNull(judgments, "judgments");
    if (relevanceThreshold < 1) {
      throw new IllegalArgumentException("illegal relevance threshold value: " + relevanceThreshold + ", must be >= 1");
    }
    Inputs in = Inputs.read(source, stdin);
    QueryGroupReader.Groups g = groups == null ? null
        : QueryGroupReader.read(groups, stdin, source.limits(), in.queries().ids(), in.queriesSource());
    return new Checker(in, g, relevanceThreshold).run(judgments);
  }

  /** Every split's inputs: the corpus (or null), the queries, and the judgments by split. */
  private record Inputs(String name, Corpus corpus, Queries queries, String queriesSource, Map<String, Qrels> qrels,
      boolean perSplit) {
    static Inputs read(ProtocolSource s, InputStream stdin) throws IOException {
      for (String[] part : new String[][] {{"split", s.split()}, {"k", s.k()}, {"query set", s.querySet()}}) {
        if (part[1] != null) {
          throw new ProtocolSourceException(ProtocolSourceException.Problem.CHECK_READS_EVERY_SPLIT, part[0], null);
        }
      }
      int sources = (s.protocol() != null ? 1 : 0) + (s.beir() != null ? 1 : 0)
          + (s.corpus() != null || s.queries() != null || s.qrels() != null ? 1 : 0);
      if (sources != 1) {
        throw new ProtocolSourceException(sources == 0 ? ProtocolSourceException.Problem.NO_SOURCE
            : ProtocolSourceException.Problem.SEVERAL_SOURCES);
      }
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
      Qrels q = InputFiles.isJsonName(s.qrels())
          ? ProtocolFiles.qrels(ProtocolFiles.readJson(s.qrels(), stdin, s.limits()))
          : TrecQrelsReader.read(s.qrels(), stdin, s.limits());
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
    private final QueryGroupReader.Groups groups;
    private final int threshold;
    private final boolean oneQrels;

    Checker(Inputs in, QueryGroupReader.Groups groups, int threshold) {
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
      List<RuleResult> rules = new ArrayList<>();
      rules.add(groups());
      rules.add(severalSplits());
      rules.add(duplicateText());
      Acc noRelevant = new Acc(Rule.NO_RELEVANT);
      Acc notInCorpus = new Acc(Rule.JUDGED_NOT_IN_CORPUS);
      Set<String> judgedDocs = new HashSet<>();
      List<SplitCounts> counts = new ArrayList<>();
      for (Map.Entry<String, Qrels> e : in.qrels().entrySet()) {
        String sp = e.getKey();
        Qrels qrels = e.getValue();
        int queries = 0;
        for (String q : in.queries().ids()) {
          queries += sp.equals(in.queries().get(q).split()) ? 1 : 0;
        }
        int judgedQueries = 0;
        int judgmentCount = 0;
        int relevant = 0;
        int without = 0;
        SortedMap<Integer, Integer> labels = new TreeMap<>();
        for (String q : judged(sp, qrels)) {
          judgedQueries++;
          int p = qrels.queryPosition(q);
          int rel = 0;
          for (int j = qrels.judgmentsFrom(p); j < qrels.judgmentsTo(p); j++) {
            int label = qrels.label(j);
            labels.merge(label, 1, Integer::sum);
            judgmentCount++;
            rel += label >= threshold ? 1 : 0;
            String doc = qrels.docId(j);
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
                + count(qrels.judgmentsTo(p) - qrels.judgmentsFrom(p), "judgment") + ", none labelled " + threshold + " or more");
          }
        }
        counts.add(new SplitCounts(sp, queries, judgedQueries, judgmentCount, relevant, without, labels));
      }
      rules.add(noRelevant.result(true, false));
      rules.add(notInCorpus.result(in.corpus() != null, false));
      Acc never = new Acc(Rule.NEVER_JUDGED);
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

    private RuleResult groups() {
      Acc acc = new Acc(Rule.GROUP_ACROSS_SPLITS);
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

    private RuleResult severalSplits() {
      Acc acc = new Acc(Rule.QUERY_IN_SEVERAL_SPLITS);
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

    private RuleResult duplicateText() {
      Acc acc = new Acc(Rule.DUPLICATE_TEXT);
      Map<String, List<String>> byText = new LinkedHashMap<>();
      for (String q : in.queries().ids()) {
        if (split(q) != null) {
          byText.computeIfAbsent(normalise(in.queries().get(q).text()), x -> new ArrayList<>()).add(q);
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

  /** One rule's findings as they come: the first {@value #KEPT} kept, all counted. */
  private static final class Acc {
    private final Rule rule;
    private final List<Finding> kept = new ArrayList<>();
    private int count;

    Acc(Rule rule) {
      this.rule = rule;
    }

    void add(Location at, String message) {
      count++;
      if (kept.size() < KEPT) {
        kept.add(new Finding(rule, at, message));
      }
    }

    RuleResult result(boolean applies, boolean information) {
      return new RuleResult(rule, applies, information, count, kept);
    }
  }
}
