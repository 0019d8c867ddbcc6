package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.InputLimits;
import dev.caliber.io.text.Fields;
import dev.caliber.io.text.LineReader;
import dev.caliber.json.PyJson;
import dev.caliber.measure.PreferenceJudgments;
import dev.caliber.protocol.Preferences;
import dev.caliber.qrels.QrelsBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads trec_eval's preference judgments (get_prefs.c, get_qrels_prefs.c) into {@link
 * Preferences}, strictly: {@code -R prefs} lines are {@code qid jg jsg docno rel_level} (five
 * columns), {@code -R qrels_prefs} lines a qrels file's {@code qid jg docno rel} (four; the second
 * column, a qrels file's iteration, is the group, and each group is one subgroup). Comments and
 * blank lines as in {@link TrecQrelsReader}; levels are finite decimals (trec_eval's {@code atof}
 * reads {@code 1x} as 1 and {@code x} as 0; caliber refuses them). A document judged twice in one
 * subgroup is an error naming both lines (trec_eval stops there too, without the lines).
 */
public final class TrecPrefsReader {
  private TrecPrefsReader() {}

  private record Judgment(String group, String subgroup, String doc, double level) {}

  /**
   * Reads a file.
   *
   * @param file the file, not null
   * @param limits the input limits, not null
   * @param qrelsFormat true for {@code qrels_prefs} (four columns), false for {@code prefs} (five)
   * @return the preference judgments
   * @throws InputSyntaxException on a malformed line, or a file without judgments
   * @throws ProtocolViolationException on a document judged twice in one subgroup
   * @throws IOException if reading fails
   */
  public static Preferences read(Path file, InputLimits limits, boolean qrelsFormat) throws IOException {
    String format = qrelsFormat ? "qid group docid level" : "qid group subgroup docid level";
    int columns = qrelsFormat ? 4 : 5;
    Map<String, List<Judgment>> byQuery = new LinkedHashMap<>();
    Map<String, Long> lineOf = new HashMap<>();
    try (LineReader lines = InputFiles.open(file, limits)) {
      Fields fields = new Fields();
      while (TrecQrelsReader.nextJudgment(lines, fields, format, columns)) {
        String qid = fields.string(0);
        Judgment j = new Judgment(fields.string(1), qrelsFormat ? "0" : fields.string(2), fields.string(columns - 2),
            fields.decimal(columns - 1, "level"));
        String key = qid + '\n' + j.group() + '\n' + j.subgroup() + '\n' + j.doc();
        Long earlier = lineOf.putIfAbsent(key, lines.lineNumber());
        if (earlier != null) {
          throw new ProtocolViolationException(lines.location(), TrecQrelsReader.DUPLICATE,
              "query " + Fields.quote(qid) + ", group " + Fields.quote(j.group()) + (qrelsFormat ? "" : ", subgroup " + Fields.quote(j.subgroup()))
                  + ", document " + Fields.quote(j.doc()) + ": line " + lines.lineNumber() + " repeats line " + earlier
                  + "; expected one judgment per document in a subgroup");
        }
        byQuery.computeIfAbsent(qid, q -> new ArrayList<>()).add(j);
      }
      if (byQuery.isEmpty()) {
        throw TrecQrelsReader.noJudgments(lines, format);
      }
      return build(byQuery, lines.source());
    }
  }

  /** Numbers documents, groups and subgroups in code point order of their IDs, per query. */
  private static Preferences build(Map<String, List<Judgment>> byQuery, String source) {
    Map<String, PreferenceJudgments> out = new HashMap<>();
    QrelsBuilder union = new QrelsBuilder();
    for (Map.Entry<String, List<Judgment>> e : byQuery.entrySet()) {
      List<Judgment> js = e.getValue();
      TreeMap<String, Integer> docs = new TreeMap<>(PyJson.CODE_POINT_ORDER);
      TreeSet<String> groups = new TreeSet<>(PyJson.CODE_POINT_ORDER);
      TreeSet<String> subgroups = new TreeSet<>(PyJson.CODE_POINT_ORDER);
      for (Judgment j : js) {
        docs.merge(j.doc(), j.level() > 0 ? 1 : 0, Math::max);
        groups.add(j.group());
        subgroups.add(j.group() + '\n' + j.subgroup()); // a newline never occurs in a field
      }
      Map<String, Integer> docNumber = new HashMap<>();
      int q = union.query(e.getKey());
      for (Map.Entry<String, Integer> d : docs.entrySet()) {
        docNumber.put(d.getKey(), docNumber.size());
        union.add(q, d.getKey(), d.getValue(), 0);
      }
      List<String> groupList = new ArrayList<>(groups);
      List<String> subgroupList = new ArrayList<>(subgroups);
      int n = js.size();
      int[] group = new int[n];
      int[] subgroup = new int[n];
      int[] doc = new int[n];
      double[] level = new double[n];
      for (int i = 0; i < n; i++) {
        Judgment j = js.get(i);
        group[i] = java.util.Collections.binarySearch(groupList, j.group(), PyJson.CODE_POINT_ORDER);
        subgroup[i] = java.util.Collections.binarySearch(subgroupList, j.group() + '\n' + j.subgroup(), PyJson.CODE_POINT_ORDER);
        doc[i] = docNumber.get(j.doc());
        level[i] = j.level();
      }
      out.put(e.getKey(), new PreferenceJudgments(docs.size(), group, subgroup, doc, level));
    }
    return new Preferences(out, union.build(source));
  }
}
