// The project's retriever was searched, recorded and gated: its run and sidecar are in
// target/caliber/runs, and every rule held against Anserini's BM25 run.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains("[INFO] pass  lucene  [mean within tolerance] AP: mean 0.3115 against the baseline's 0.3123 over 52 queries")
assert log.contains('[INFO] caliber gate: passed (3 checks, 0 failed) against baseline "anserini"')
assert log.contains('BUILD SUCCESS')
def run = new File(basedir, 'target/caliber/runs/lucene.txt')
assert run.isFile() : "no run at $run"
assert run.readLines('UTF-8').size() == 58558 // 64 topics, up to 1,000 hits each
def sidecar = new File(basedir, 'target/caliber/runs/lucene.txt.meta.json').getText('UTF-8')
assert sidecar.contains('"engine": "java"')
assert sidecar.contains('"engine.class": "org.example.CacmBm25"')
assert sidecar.contains('"topics.count": "64"')
return true
