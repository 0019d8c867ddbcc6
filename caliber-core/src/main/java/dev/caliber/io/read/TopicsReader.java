package dev.caliber.io.read;

import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.Location;
import dev.caliber.io.InputLimits;
import dev.caliber.io.TopicField;
import dev.caliber.io.text.LineReader;
import dev.caliber.json.PyJson;
import dev.caliber.protocol.Topics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the texts to send a retriever, in the three forms users have them, told by the first line
 * that is not blank:
 *
 * <ul>
 *   <li>TREC topics (a line starting with {@code <}): {@code <top>} blocks of {@code <num> Number:
 *       301}, {@code <title>}, {@code <desc> Description:} and {@code <narr> Narrative:} (the labels
 *       are dropped; a section runs to the next tag, over any number of lines; a tag closed on its
 *       line, {@code <title> x </title>}, is read too; other tags, such as TREC-1's {@code <dom>},
 *       are sections that are not read), or blocks of one text, {@code <DOC> <DOCNO> 1 </DOCNO>
 *       text </DOC>} (CACM). Blank lines anywhere; any other text outside a block is an error.
 *   <li>BEIR {@code queries.jsonl} (a line starting with <code>{</code>): one {@code {"_id",
 *       "text"}} object per line, read by the rule {@link BeirReader} reads queries with.
 *   <li>Otherwise {@code ID<TAB>text}, one query per line (MS MARCO's {@code queries.tsv}).
 * </ul>
 *
 * <p>A text's white space (line ends, runs of spaces) is one space, and it has none at either
 * end: what a retriever is sent is the words, and the fingerprint does not depend on the file's
 * line breaks. A repeated query ID, a missing ID, a topic whose chosen field is empty, an unclosed
 * block or an empty file is an error naming the line.
 */
public final class TopicsReader {
  /** A tag at the start of a line and what follows it on the line. */
  private static final Pattern TAG = Pattern.compile("<(/?)([A-Za-z]+)>(.*)", Pattern.DOTALL);
  /** A tag that closes the line's text: {@code </title>}. */
  private static final Pattern CLOSING = Pattern.compile("(.*?)\\s*</([A-Za-z]+)>\\s*", Pattern.DOTALL);
  private static final Pattern SPACE = Pattern.compile("\\s+");

  private TopicsReader() {}

  /**
   * Reads a topics file (gzip told by its first bytes).
   *
   * @param file the file
   * @param field the part of a TREC topic to read, or null for the default: the title, or the only
   *     text of the other forms
   * @param limits the longest line and the most bytes to read
   * @return the topics, in the file's order, with the file as their source
   * @throws IOException if the file cannot be read
   * @throws InputSyntaxException naming the line of the first problem; also when a field other
   *     than the title is asked of a form that has one text per query
   */
  public static Topics read(Path file, TopicField field, InputLimits limits) throws IOException {
    try (LineReader lines = InputFiles.open(file, limits)) {
      long firstBlank = 0;
      boolean any;
      while ((any = lines.next()) && lines.isBlank()) {
        firstBlank = firstBlank == 0 ? lines.lineNumber() : firstBlank;
      }
      if (!any) {
        throw new InputSyntaxException(Location.ofFile(lines.source()), "no topics",
            "expected TREC topics (<top>), BEIR queries.jsonl or one ID<TAB>text per line");
      }
      String first = lines.text().stripLeading();
      if (first.startsWith("<")) {
        return Topics.of(sgml(lines, field), lines.source());
      }
      if (firstBlank > 0) {
        throw new InputSyntaxException(Location.ofLine(lines.source(), firstBlank), "blank line",
            "expected one query per line; only TREC topics may have blank lines");
      }
      boolean json = first.startsWith("{");
      if (field != null && field != TopicField.TITLE) {
        throw lines.error("no topic field " + field.word() + " in " + (json ? "BEIR queries.jsonl" : "ID<TAB>text") + " topics",
            "they have one text per query; a field other than the title needs TREC topics (<top> ... </top>)");
      }
      Map<String, String> texts = new LinkedHashMap<>();
      if (json) {
        List<String> ids = new ArrayList<>();
        do {
          BeirReader.readQuery(lines, texts, ids);
        } while (lines.next());
        texts.replaceAll((id, text) -> words(text));
        requireText(texts, lines.source());
      } else {
        tsv(lines, texts);
      }
      return Topics.of(texts, lines.source());
    }
  }

  /** {@code ID<TAB>text} lines, from the current one on. */
  private static void tsv(LineReader lines, Map<String, String> texts) throws IOException {
    Map<String, Long> lineOf = new HashMap<>();
    do {
      String s = lines.text();
      if (lines.isBlank()) {
        throw lines.error("blank line", "expected one query per line: its ID, a tab and its text");
      }
      int tab = s.indexOf('\t');
      if (tab < 0 || s.indexOf('\t', tab + 1) >= 0) {
        throw lines.error(tab < 0 ? "no tab" : "more than one tab", "got " + PyJson.canonical(s)
            + "; expected the query's ID, a tab and its text (or TREC topics, or BEIR queries.jsonl)");
      }
      String id = s.substring(0, tab);
      if (id.isEmpty() || !id.strip().equals(id)) {
        throw lines.error("query ID empty or with surrounding white space", "got " + PyJson.canonical(id)
            + "; IDs are exact strings");
      }
      String text = words(s.substring(tab + 1));
      if (text.isEmpty()) {
        throw lines.error("query " + PyJson.canonical(id) + " has no text", "expected words after the tab");
      }
      add(lines, texts, lineOf, id, lines.lineNumber(), text);
    } while (lines.next());
  }

  /** A topic being read: where it began, its ID and its sections. */
  private static final class Topic {
    final long line;
    final boolean doc;
    String id;
    final StringBuilder title = new StringBuilder();
    final StringBuilder desc = new StringBuilder();
    final StringBuilder narr = new StringBuilder();
    final StringBuilder other = new StringBuilder();
    StringBuilder section;

    Topic(long line, boolean doc) {
      this.line = line;
      this.doc = doc;
    }
  }

  /** TREC topics from the current line on: {@code <top>} or {@code <DOC>} blocks. */
  private static Map<String, String> sgml(LineReader lines, TopicField field) throws IOException {
    Map<String, String> texts = new LinkedHashMap<>();
    Map<String, Long> lineOf = new HashMap<>();
    Topic t = null;
    do {
      String s = lines.text().strip();
      if (s.isEmpty()) {
        continue;
      }
      Matcher m = TAG.matcher(s);
      String tag = m.matches() ? m.group(2).toLowerCase(Locale.ROOT) : null;
      boolean closing = tag != null && !m.group(1).isEmpty();
      if (t == null) {
        if (tag == null || closing || !(tag.equals("top") || tag.equals("doc")) || !m.group(3).isBlank()) {
          throw lines.error("text outside a topic", "got " + PyJson.canonical(s) + "; expected <top> or <DOC> on a line of its own");
        }
        t = new Topic(lines.lineNumber(), tag.equals("doc"));
        continue;
      }
      if (tag != null && (tag.equals("top") || tag.equals("doc"))) {
        if (closing && tag.equals(t.doc ? "doc" : "top")) {
          add(lines, texts, lineOf, topicId(lines, t), t.line, text(lines, t, field));
          t = null;
          continue;
        }
        throw lines.error("unexpected " + (closing ? "</" : "<") + m.group(2) + ">", "the topic opened at line " + t.line
            + " is not closed; expected </" + (t.doc ? "DOC" : "top") + ">");
      }
      String rest = s;
      if (tag != null) {
        rest = m.group(3);
        if (closing) {
          t.section = null; // </title> on a line of its own
          continue;
        }
        switch (tag) {
          case "num" -> {
            t.section = null;
            t.id = words(label(closed(rest, t), "Number:"));
            continue;
          }
          case "docno" -> {
            Matcher c = CLOSING.matcher(rest);
            if (!t.doc || !c.lookingAt() || !c.group(2).equalsIgnoreCase("docno")) {
              throw lines.error(t.doc ? "<DOCNO> not closed on its line" : "<DOCNO> in a <top> topic", "got "
                  + PyJson.canonical(s) + (t.doc ? "; expected <DOCNO> ID </DOCNO>" : "; expected <num> Number: ID"));
            }
            t.id = words(c.group(1));
            rest = rest.substring(c.end());
            t.section = t.title; // CACM's text follows its <DOCNO>
          }
          case "title" -> {
            t.section = t.title;
            rest = label(rest, "Topic:");
          }
          case "desc" -> {
            t.section = t.desc;
            rest = label(rest, "Description:");
          }
          case "narr" -> {
            t.section = t.narr;
            rest = label(rest, "Narrative:");
          }
          default -> t.section = t.other; // a section caliber does not read (TREC-1's <dom>, <con>...)
        }
      } else if (t.section == null) {
        if (!t.doc) {
          throw lines.error("text outside a topic's sections", "got " + PyJson.canonical(s)
              + "; expected it after <title>, <desc> or <narr>");
        }
        t.section = t.title; // CACM's text follows its <DOCNO> line
      }
      StringBuilder into = t.section; // never null here: a tag opened one, or CACM's text follows its <DOCNO>
      into.append(' ').append(closed(rest, t));
    } while (lines.next());
    if (t != null) {
      throw new InputSyntaxException(Location.ofLine(lines.source(), t.line), "topic not closed",
          "the file ends before </" + (t.doc ? "DOC" : "top") + ">");
    }
    return texts;
  }

  /**
   * The text before a closing tag at the end of the line ({@code x </title>}), which ends the
   * section; the line itself when there is none.
   */
  private static String closed(String rest, Topic t) {
    Matcher c = CLOSING.matcher(rest);
    if (c.matches()) {
      t.section = null;
      return c.group(1);
    }
    return rest;
  }

  /** The text without a leading label such as {@code Description:}, compared without case. */
  private static String label(String text, String label) {
    String s = text.strip();
    return s.regionMatches(true, 0, label, 0, label.length()) ? s.substring(label.length()) : s;
  }

  private static String topicId(LineReader lines, Topic t) {
    if (t.id == null || t.id.isEmpty()) {
      throw new InputSyntaxException(Location.ofLine(lines.source(), t.line), "topic without an ID",
          t.doc ? "expected <DOCNO> ID </DOCNO>" : "expected <num> Number: ID");
    }
    return t.id;
  }

  /** The topic's text for the field asked (the title, or a block's only text, by default). */
  private static String text(LineReader lines, Topic t, TopicField field) {
    TopicField f = field == null ? TopicField.TITLE : field;
    if (t.doc && f != TopicField.TITLE) {
      throw new InputSyntaxException(Location.ofLine(lines.source(), t.line), "no topic field " + f.word() + " in <DOC> topics",
          "they have one text per query; a field other than the title needs TREC topics (<top> ... </top>)");
    }
    String text = switch (f) {
      case TITLE -> words(t.title);
      case DESCRIPTION -> words(t.desc);
      case TITLE_DESCRIPTION -> words(t.title + " " + t.desc);
      case NARRATIVE -> words(t.narr);
    };
    if (text.isEmpty()) {
      String tag = switch (f) {
        case TITLE -> t.doc ? "text" : "<title>";
        case DESCRIPTION -> "<desc>";
        case TITLE_DESCRIPTION -> "<title> or <desc>";
        case NARRATIVE -> "<narr>";
      };
      throw new InputSyntaxException(Location.ofLine(lines.source(), t.line), "topic " + PyJson.canonical(t.id) + " has no " + tag,
          "expected words to search for in the topic's " + f.word());
    }
    return text;
  }

  private static void add(LineReader lines, Map<String, String> texts, Map<String, Long> lineOf, String id, long line, String text) {
    Long earlier = lineOf.putIfAbsent(id, line);
    if (earlier != null) {
      throw new InputSyntaxException(Location.ofLine(lines.source(), line), "duplicate query ID " + PyJson.canonical(id),
          "first at line " + earlier);
    }
    texts.put(id, text);
  }

  /** A BEIR query's text must have words too. */
  private static void requireText(Map<String, String> texts, String source) {
    int line = 0;
    for (Map.Entry<String, String> e : texts.entrySet()) {
      line++; // records fill consecutive lines
      if (e.getValue().isEmpty()) {
        throw new InputSyntaxException(Location.ofLine(source, line), "query " + PyJson.canonical(e.getKey()) + " has no text",
            "expected words to search for");
      }
    }
  }

  /** The words of a text: white space runs as one space, none at either end. */
  private static String words(CharSequence text) {
    return SPACE.matcher(text).replaceAll(" ").strip();
  }
}
