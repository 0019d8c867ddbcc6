// The files the README's example names: the judgments and the baseline run committed under eval/,
// the candidate under target/runs/ (CACM's qrels, BM25 and QL; the candidate uncompressed).
import java.nio.file.Files
import java.nio.file.StandardCopyOption
import java.util.zip.GZIPInputStream

def put(File from, String to) {
  def target = new File(basedir, to)
  target.parentFile.mkdirs()
  Files.copy(from.toPath(), target.toPath(), StandardCopyOption.REPLACE_EXISTING)
}
def runs = new File(cacm, 'runs-anserini-0.13.3')
put(new File(cacm, 'qrels.cacm.txt'), 'eval/qrels.txt')
put(new File(runs, 'run.cacm.bm25.txt.gz'), 'eval/runs/baseline.txt.gz')
def candidate = new File(basedir, 'target/runs/candidate.txt')
candidate.parentFile.mkdirs()
new GZIPInputStream(new FileInputStream(new File(runs, 'run.cacm.ql.txt.gz'))).withStream { candidate.bytes = it.readAllBytes() }
return true
