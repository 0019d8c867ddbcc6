// The broken run, derived from CACM's BM25 run as caliber-cli's GateCommandTest derives it: in every
// other query the first ten documents go to the end of the ranking. Written into the project's
// runs/ folder, which the POM names by a relative path.
import java.util.zip.GZIPInputStream
import java.util.zip.GZIPOutputStream

def bm25 = new File(cacm, 'runs-anserini-0.13.3/run.cacm.bm25.txt.gz')
def byQuery = new LinkedHashMap<String, List<String[]>>()
new GZIPInputStream(new FileInputStream(bm25)).withReader('UTF-8') { reader ->
  reader.eachLine { line ->
    String[] f = line.trim().split(/\s+/)
    byQuery.computeIfAbsent(f[0]) { [] } << f
  }
}
def out = new StringBuilder()
int n = 0
byQuery.each { query, rows ->
  def order = rows
  if (n++ % 2 == 0 && rows.size() > 10) {
    order = rows.subList(10, rows.size()) + rows.subList(0, 10)
  }
  order.eachWithIndex { f, i -> out << "${f[0]} Q0 ${f[2]} ${i + 1} ${1000 - i} broken\n" }
}
def target = new File(basedir, 'runs/broken.txt.gz')
target.parentFile.mkdirs()
new GZIPOutputStream(new FileOutputStream(target)).withWriter('UTF-8') { it << out }
return true
