// The reports caliber evaluate writes, where the goal says: BM25 alone in three formats, BM25 and QL
// in one JSON report and a Markdown report each.
def out = new File(basedir, 'target/caliber')
def json = new groovy.json.JsonSlurper().parse(new File(out, 'report.json'))
assert json.run == 'bm25'
assert json.protocol.measures == ['nDCG@10', 'AP', 'RR@10']
assert json.protocol.policy.judgments == 'pooled'
assert Math.abs(json.summary['nDCG@10'].mean - 0.4543) < 0.00005
assert new File(out, 'report.md').getText('UTF-8').contains('bm25')
assert new File(out, 'report.html').getText('UTF-8').startsWith('<!DOCTYPE html>')

def both = new groovy.json.JsonSlurper().parse(new File(out, 'both/report.json'))
assert both.toString().contains('bm25') && both.toString().contains('run.cacm.ql.txt')
assert new File(out, 'both/report-bm25.md').getText('UTF-8').contains('bm25')
assert new File(out, 'both/report-run.cacm.ql.txt.md').getText('UTF-8').contains('run.cacm.ql.txt')
assert !new File(out, 'both/report.html').exists()
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('BUILD SUCCESS')
return true
