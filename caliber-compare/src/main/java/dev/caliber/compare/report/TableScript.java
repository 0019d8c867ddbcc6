package dev.caliber.compare.report;

/**
 * The HTML reports' one script: it makes every {@code table.sortable} sortable by a click on a
 * column header (again for the other direction) and filterable by the search field before it
 * ({@code input.filter} naming the table by {@code data-table}). Inline, with no load of any kind,
 * so that it works from a file with no network; the page's content security policy admits it by
 * its SHA-256 and nothing else ({@link CompareHtml#CSP}).
 *
 * <p>A cell sorts by its {@code data-v} number when it has one (an empty {@code data-v}, a value
 * that is absent, sorts last), else by its text in code unit order; equal keys keep the table's
 * order. The filter keeps the rows whose first cell (the query) contains the typed text, ignoring
 * case, and says how many rows it shows.
 */
final class TableScript {
  private TableScript() {}

  /** The script's text, exactly as it is hashed for the content security policy. */
  static final String JS = String.join("\n",
      "(function () {",
      "  function key(cell) {",
      "    var v = cell.getAttribute('data-v');",
      "    if (v !== null) { return v === '' ? null : parseFloat(v); }",
      "    return cell.textContent;",
      "  }",
      "  function compare(a, b) {",
      "    if (a === null || b === null) { return a === b ? 0 : a === null ? 1 : -1; }",
      "    return a < b ? -1 : a > b ? 1 : 0;",
      "  }",
      "  document.querySelectorAll('table.sortable').forEach(function (table) {",
      "    var body = table.tBodies[0];",
      "    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {",
      "      th.setAttribute('aria-sort', 'none');",
      "      th.tabIndex = 0;",
      "      function sort() {",
      "        var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;",
      "        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) { other.setAttribute('aria-sort', 'none'); });",
      "        th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');",
      "        var rows = Array.prototype.slice.call(body.rows);",
      "        var keyed = rows.map(function (row, i) { return {row: row, key: key(row.cells[col]), i: i}; });",
      "        keyed.sort(function (a, b) {",
      "          var c = a.key === null || b.key === null ? compare(a.key, b.key) : dir * compare(a.key, b.key);",
      "          return c !== 0 ? c : a.i - b.i;",
      "        });",
      "        keyed.forEach(function (k) { body.appendChild(k.row); });",
      "      }",
      "      th.addEventListener('click', sort);",
      "      th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });",
      "    });",
      "  });",
      "  document.querySelectorAll('input.filter').forEach(function (input) {",
      "    var table = document.getElementById(input.getAttribute('data-table'));",
      "    var count = document.getElementById(input.getAttribute('data-count'));",
      "    input.hidden = false;",
      "    input.addEventListener('input', function () {",
      "      var text = input.value.toLowerCase();",
      "      var shown = 0;",
      "      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {",
      "        var keep = row.cells[0].textContent.toLowerCase().indexOf(text) >= 0;",
      "        row.hidden = !keep;",
      "        shown += keep ? 1 : 0;",
      "      });",
      "      count.textContent = text === '' ? '' : shown + ' of ' + table.tBodies[0].rows.length + ' rows';",
      "    });",
      "  });",
      "})();");

  /** The search field of a table, hidden until the script shows it (no dead control without it), and its row count. */
  static void filter(StringBuilder out, String tableId) {
    out.append("<p class=\"filter\"><input type=\"search\" class=\"filter\" hidden placeholder=\"filter by query\" aria-label=\"filter by query\" data-table=\"")
        .append(tableId).append("\" data-count=\"").append(tableId).append("-count\"> <span class=\"muted\" id=\"").append(tableId)
        .append("-count\"></span></p>\n");
  }

  /** The script element, at the end of the body. */
  static void script(StringBuilder out) {
    out.append("<script>").append(JS).append("</script>\n");
  }
}
