package dev.caliber.measure;

import dev.caliber.measure.Measures.Family;
import dev.caliber.measure.Measures.Spelling;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parser behind {@link Measures#parse} and {@link Measures#parseAll}: a name is trec_eval's
 * {@code NAME.PARAMETERS} form, one of trec_eval's names (plain, with a cutoff, or a dotted list),
 * or {@code Family[(params)][@k]} under a canonical name or another tool's spelling ({@link
 * Spellings}); then the family's table entry ({@link MeasureTable}) checks what the name carries
 * and builds the measure. Every refusal names the text as written.
 */
final class MeasureParser {
  private MeasureParser() {}

  /**
   * trec_eval's {@code -m} form with other parameters: {@code rbp.p=0.5}, {@code ndcg.1=3,2=9},
   * {@code 11pt_avg.0.2,0.5}. Its numbers must be whole (trec_eval itself reads {@code 5x} as 5;
   * {@code caliber trec_eval} does too, a name elsewhere must be exact).
   */
  private static final String TREC_ITEM = "(?:[A-Za-z0-9_]+=)?" + TrecEvalParameters.C_NUMBER;
  private static final Pattern TREC_PARAMETERS = Pattern.compile("([A-Za-z0-9_]+)\\.(" + TREC_ITEM + "(?:," + TREC_ITEM + ")*)");
  private static final Pattern CANONICAL = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*)(?:\\(([^()]*)\\))?(?:@([0-9.]+))?");
  /** trec_eval's names, read from its table: P_10, iprec_at_recall_0.10; P.5,10; map, ndcg (to families). */
  private static final Pattern TREC_CUT = TrecEvalMeasures.cutPattern(false);
  private static final Pattern TREC_DOTTED = TrecEvalMeasures.cutPattern(true);
  /** trec_eval's names of single measures, mapped to families. */
  static final Map<String, String> TREC_PLAIN = TrecEvalMeasures.plainNames();
  private static final Map<String, String> TREC_FAMILY = TrecEvalMeasures.cutNames();

  /** {@link Measures#difference}. */
  static String difference(String text) {
    Matcher m = CANONICAL.matcher(text);
    Spelling s = m.matches() ? Spellings.resolve(m.group(1)) : null;
    if (s == null || s.difference().isEmpty() || s.family().isEmpty()) {
      return null;
    }
    return text + ": " + s.difference();
  }

  /** {@link Measures#parseAll}. */
  static List<Measure> parseAll(String text) {
    Matcher dotted = TREC_DOTTED.matcher(text);
    if (dotted.matches()) {
      int g = dotted.group(1) != null ? 1 : 3;
      List<Measure> out = new ArrayList<>();
      for (String at : dotted.group(g + 1).split(",")) {
        out.add(build(TREC_FAMILY.get(dotted.group(g)), null, at, Map.of(), text));
      }
      return out;
    }
    List<Measure> named = withTrecEvalParameters(text);
    if (named != null) {
      return named;
    }
    try {
      return List.of(parse(text));
    } catch (IllegalArgumentException e) {
      // A trec_eval family name alone (ndcg_cut, iprec_at_recall) stands for trec_eval's defaults,
      // unless it is also one of caliber's names (P, R), which need their own cutoff.
      List<Measure> defaults = MeasureTable.FAMILIES.stream().anyMatch(f -> f.family().equals(text)) ? List.of()
          : TrecEvalMeasures.familyDefaults(text);
      if (defaults.isEmpty()) {
        throw e;
      }
      return defaults;
    }
  }

  /**
   * The measures of trec_eval's {@code NAME.PARAMETERS} form for the measures whose parameters are
   * not cutoffs ({@link TrecEvalMeasures#withParameters}), or null when the text is not that form.
   */
  private static List<Measure> withTrecEvalParameters(String text) {
    Matcher m = TREC_PARAMETERS.matcher(text);
    if (!m.matches()) {
      return null;
    }
    try {
      return TrecEvalMeasures.withParameters(m.group(1), m.group(2));
    } catch (IllegalArgumentException bad) {
      throw new IllegalArgumentException("measure " + text + ": " + bad.getMessage(), bad);
    }
  }

  /** {@link Measures#parse}. */
  static Measure parse(String text) {
    List<Measure> named = withTrecEvalParameters(text);
    if (named != null && named.size() == 1) {
      return named.get(0);
    }
    if (named != null) {
      throw several(text, named);
    }
    if (TREC_PLAIN.containsKey(text)) {
      return build(TREC_PLAIN.get(text), null, null, Map.of(), text);
    }
    Matcher trec = TREC_CUT.matcher(text);
    if (trec.matches()) {
      int g = trec.group(1) != null ? 1 : 3;
      return build(TREC_FAMILY.get(trec.group(g)), null, trec.group(g + 1), Map.of(), text);
    }
    Matcher m = CANONICAL.matcher(text);
    if (!m.matches()) {
      throw unknown(text);
    }
    List<Measure> trecFamily = text.equals(m.group(1)) && MeasureTable.FAMILIES.stream().noneMatch(f -> f.family().equals(text))
        ? TrecEvalMeasures.familyDefaults(text) : List.of();
    if (!trecFamily.isEmpty()) {
      // recall alone is trec_eval's recall_5 ... recall_1000 (parseAll), not ranx's whole-ranking recall
      throw several(text, trecFamily);
    }
    Spelling spelling = Spellings.resolve(m.group(1));
    if (spelling == null) {
      throw unknown(text);
    }
    if (spelling.family().isEmpty()) {
      throw new IllegalArgumentException("measure " + text + ": " + spelling.difference());
    }
    Integer rel = null;
    Map<String, String> params = new LinkedHashMap<>();
    String written = m.group(2) == null ? spelling.params() : spelling.params().isEmpty() ? m.group(2) : spelling.params() + "," + m.group(2);
    if (!written.isEmpty()) {
      for (String part : splitParameters(written)) {
        int eq = part.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("measure " + text + ": parameter " + part + " is not name=value");
        }
        String key = part.substring(0, eq).strip();
        String value = part.substring(eq + 1).strip();
        if (key.equals("rel")) {
          rel = parseInt(text, value, "rel");
        } else if (params.put(key, value) != null) {
          throw new IllegalArgumentException("measure " + text + ": parameter " + key + " is given twice");
        }
      }
    }
    return build(spelling.family(), rel, m.group(3), params, text);
  }

  /** A trec_eval name of several measures where one is expected. */
  private static IllegalArgumentException several(String text, List<Measure> measures) {
    return new IllegalArgumentException("measure " + text + " is trec_eval's name of " + measures.size() + " measures ("
        + measures.stream().map(Measure::name).collect(java.util.stream.Collectors.joining(", ")) + "); name each on its own");
  }

  /** Splits {@code a=1,gains={1:3,2:9}} at the commas outside braces. */
  private static List<String> splitParameters(String inside) {
    List<String> out = new ArrayList<>();
    int depth = 0;
    int from = 0;
    for (int i = 0; i < inside.length(); i++) {
      char c = inside.charAt(i);
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      if (c == ',' && depth == 0) {
        out.add(inside.substring(from, i));
        from = i + 1;
      }
    }
    out.add(inside.substring(from));
    return out;
  }

  private static Measure build(String familyName, Integer rel, String at, Map<String, String> params, String text) {
    Family f = MeasureTable.FAMILIES.stream().filter(x -> x.family().equals(familyName)).findFirst().orElseThrow(() -> unknown(text));
    if (rel != null && !f.rel()) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " takes no rel parameter");
    }
    List<String> allowed = f.params().isEmpty() ? List.of() : List.of(f.params().split(","));
    for (String key : params.keySet()) {
      if (!allowed.contains(key)) {
        throw new IllegalArgumentException("measure " + text + ": " + f.family() + " takes no parameter " + key
            + (allowed.isEmpty() ? "" : "; expected " + String.join(", ", allowed)));
      }
    }
    if (at != null && f.cutoff().equals("none")) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " takes no cutoff");
    }
    if (at == null && f.cutoff().equals("required")) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " needs a cutoff, such as " + f.family() + "@10");
    }
    if (at == null && f.cutoff().equals("level")) {
      throw new IllegalArgumentException("measure " + text + ": " + f.family() + " needs a level, such as " + f.family() + "@0.5");
    }
    try {
      return f.factory().build(rel, at, params);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("measure " + text + ": " + e.getMessage(), e.getCause() != null ? e.getCause() : e);
    }
  }

  private static int parseInt(String text, String digits, String what) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("measure " + text + ": " + what + " " + digits + (digits.matches("-?[0-9]+")
          ? " is out of range (at most " + Integer.MAX_VALUE + ")" : " is not an integer"), e);
    }
  }

  private static IllegalArgumentException unknown(String text) {
    return Spellings.unknown(text);
  }
}
