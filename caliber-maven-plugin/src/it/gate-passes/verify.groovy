// Both gates held: every check passed, in the log and in the reports at their places.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[INFO] pass  again  [no significant loss] nDCG@10: no loss: mean 0.0000 (from 0.4543 to 0.4543)')
assert log.contains('[INFO] caliber gate: passed (3 checks, 0 failed) against baseline "bm25"')
assert log.contains("[INFO] pass  run.cacm.ql.txt  [mean within tolerance] nDCG@10: mean 0.4609 against the baseline's 0.4543 over 52 queries, no fall")
assert log.contains('[INFO] caliber gate: passed (4 checks, 0 failed) against baseline "bm25"')
assert log.contains('BUILD SUCCESS')

def self = new File(basedir, 'target/surefire-reports/TEST-caliber-gate.xml')
def ql = new File(basedir, 'target/surefire-reports/TEST-caliber-gate-ql.xml')
for (f in [self, ql]) {
  assert f.isFile() : "no JUnit report at $f"
  def suite = new groovy.xml.XmlSlurper().parse(f).testsuite
  assert suite.@failures.text() == '0'
}
assert new groovy.xml.XmlSlurper().parse(self).testsuite.@tests.text() == '3'
assert new groovy.xml.XmlSlurper().parse(ql).testsuite.@tests.text() == '4'
assert new File(basedir, 'target/caliber/gate.md').getText('UTF-8').startsWith('### caliber gate: passed (0 of 3 checks failed)')
assert new File(basedir, 'target/caliber/ql/gate.md').getText('UTF-8').startsWith('### caliber gate: passed (0 of 4 checks failed)')
assert new File(basedir, 'target/caliber/ql/gate.json').getText('UTF-8').contains('"passed": true')
def history = new File(basedir, 'target/caliber/ql/history.sqlite')
assert history.isFile() : "no history at $history"
assert new String(history.bytes, 0, 15, 'US-ASCII') == 'SQLite format 3'
return true
