package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.error.ProtocolViolationException;
import dev.caliber.io.read.TableColumns.Kind;
import dev.caliber.io.read.TableColumns.Role;
import dev.caliber.protocol.Origin;
import dev.caliber.protocol.Qrels;
import dev.caliber.protocol.ScoredRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads judgments and runs in pandas' "records" shape ({@code df.to_json(orient="records")}): a
 * JSON array of objects, one per row, {@code [{"query_id": "1", "doc_id": "d1", "relevance": 2},
 * ...]}. Told from caliber's other JSON shapes by its top level, an array where they have an
 * object.
 *
 * <p>Every object is read as a CSV row is: its keys are the columns ({@link TableColumns}: the same
 * aliases, an unknown key refused), its values by the same rules ({@link TableValues}). IDs are
 * strings, or integers taken as written (pandas writes an integer column as numbers); labels JSON
 * integers ({@code 3.0} is 3, {@code 2.5} and {@code "2"} are refused); scores finite numbers;
 * ranks integers. A null (pandas' NaN) is refused wherever it is. Judgments: one per query and
 * document, as in every judgments format. Runs: in array order, as a TREC run's lines ({@link
 * TableRun}). Every error names the JSON path of the bad element ({@code $[3].doc_id}).
 */
public final class JsonRecords {
  private JsonRecords() {}

  /**
   * Reads judgments.
   *
   * @param root a parsed array of records
   * @return the judgments, queries in order of first appearance, each located at its record
   * @throws InputSyntaxException on a record that is not one, or an empty array
   * @throws ProtocolViolationException on a query and document judged twice
   */
  public static Qrels qrels(JsonValue root) {
    List<JsonValue> records = records(root, Kind.JUDGMENTS, "no judgments");
    Map<String, Map<String, Integer>> labels = new LinkedHashMap<>();
    Map<String, Map<String, JsonValue>> at = new LinkedHashMap<>();
    for (JsonValue record : records) {
      TableColumns columns = columns(record, Kind.JUDGMENTS);
      String query = id(record, columns, Role.QUERY, "query ID");
      String doc = id(record, columns, Role.DOC, "document ID");
      int label = label(value(record, columns, Role.LABEL), TableValues.context(query, doc));
      JsonValue earlier = at.computeIfAbsent(query, q -> new LinkedHashMap<>()).putIfAbsent(doc, record);
      if (earlier != null) {
        throw TrecQrelsReader.repeated(record.location(), query, doc, label, record.location().path(),
            labels.get(query).get(doc), earlier.location().path());
      }
      labels.computeIfAbsent(query, q -> new LinkedHashMap<>()).put(doc, label);
    }
    Origin origin = path -> {
      Map<String, JsonValue> row = path.length >= 1 && path[0] instanceof String q ? at.get(q) : null;
      if (row != null && path.length == 1) {
        return row.values().iterator().next().location();
      }
      JsonValue v = row != null && path.length == 2 && path[1] instanceof String d ? row.get(d) : null;
      return v != null ? v.location() : Location.ofFile(root.location().source());
    };
    return Qrels.of(labels, origin);
  }

  /**
   * Reads a run.
   *
   * @param name the run's name in results
   * @param root a parsed array of records
   * @return the run, each query's entries in array order, located at their records
   * @throws InputSyntaxException on a record that is not one, or an empty array
   */
  public static ScoredRun run(String name, JsonValue root) {
    List<JsonValue> records = records(root, Kind.RUN, "empty run");
    TableRun run = new TableRun();
    for (int i = 0; i < records.size(); i++) {
      JsonValue record = records.get(i);
      TableColumns columns = columns(record, Kind.RUN);
      String query = id(record, columns, Role.QUERY, "query ID");
      String doc = id(record, columns, Role.DOC, "document ID");
      String context = TableValues.context(query, doc);
      JsonValue s = value(record, columns, Role.SCORE);
      JsonValue r = value(record, columns, Role.RANK);
      run.add(query, doc, s == null ? Double.NaN : score(s, context), r == null ? null : rank(r, context), i);
    }
    return run.build(name, root.location().source(), i -> records.get(i).location());
  }

  /**
   * A JSON number as a score: its double value, or NaN when it is not a number or not finite. The
   * one reading of a JSON score, for score maps too.
   */
  static double scoreOf(JsonValue v) {
    double score = v.kind() == JsonValue.Kind.INTEGER ? v.integer().doubleValue()
        : v.kind() == JsonValue.Kind.FLOAT ? Double.parseDouble(v.numberText()) : Double.NaN;
    return Double.isFinite(score) ? score : Double.NaN;
  }

  private static List<JsonValue> records(JsonValue root, Kind kind, String none) {
    if (root.items().isEmpty()) {
      throw new InputSyntaxException(root.location(), none, "got an empty array; expected one record per "
          + (kind == Kind.JUDGMENTS ? "judgment, such as {\"query_id\": \"1\", \"doc_id\": \"d1\", \"relevance\": 2}"
              : "ranked document, such as {\"query_id\": \"1\", \"doc_id\": \"d1\", \"score\": 12.5}"));
    }
    for (JsonValue record : root.items()) {
      if (!record.isObject()) {
        throw new InputSyntaxException(record.location(), "a record must be an object",
            "got " + record.describe() + "; expected an object naming " + TableColumns.expected(kind));
      }
    }
    return root.items();
  }

  private static TableColumns columns(JsonValue record, Kind kind) {
    List<String> keys = new ArrayList<>(record.members().keySet());
    return TableColumns.of(kind, keys, i -> i < 0 ? record.location() : record.members().get(keys.get(i)).location());
  }

  private static JsonValue value(JsonValue record, TableColumns columns, Role role) {
    String name = columns.name(role);
    return name == null ? null : record.members().get(name);
  }

  static String id(JsonValue record, TableColumns columns, Role role, String what) {
    JsonValue v = value(record, columns, role);
    if (v.isString()) {
      return TableValues.id(v.text(), what, v.location());
    }
    if (v.kind() == JsonValue.Kind.INTEGER) {
      return v.numberText();
    }
    throw new InputSyntaxException(v.location(), what + " must be a string", "got " + v.describe()
        + "; expected a string, or an integer taken as written");
  }

  private static int label(JsonValue v, String context) {
    if (v.kind() == JsonValue.Kind.INTEGER || v.kind() == JsonValue.Kind.FLOAT) {
      return TableValues.label(v.numberText(), context, v.location());
    }
    throw new InputSyntaxException(v.location(), "label must be an integer", context + ": got " + v.describe()
        + "; expected a JSON number such as 0, 1 or 3");
  }

  private static double score(JsonValue v, String context) {
    double score = scoreOf(v);
    if (Double.isNaN(score)) {
      throw new InputSyntaxException(v.location(), "score must be a finite number", context + ": got " + v.describe());
    }
    return score;
  }

  private static long rank(JsonValue v, String context) {
    if (v.kind() == JsonValue.Kind.INTEGER) {
      return TableValues.rank(v.numberText(), context, v.location());
    }
    throw new InputSyntaxException(v.location(), "rank must be an integer", context + ": got " + v.describe()
        + "; expected a JSON integer such as 1 or 10");
  }
}
