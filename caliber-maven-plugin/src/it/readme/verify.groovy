// The README's example builds: QL holds against BM25 under its rules, and every report it promises is there.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[INFO] caliber gate: passed (3 checks, 0 failed) against baseline "baseline"')
assert log.contains('BUILD SUCCESS')
def junit = new File(basedir, 'target/surefire-reports/TEST-caliber-gate.xml')
assert new groovy.xml.XmlSlurper().parse(junit).testsuite.@failures.text() == '0'
for (name in ['gate.md', 'gate.json', 'report.json', 'report-baseline.md', 'report-baseline.html', 'report-candidate.md', 'report-candidate.html']) {
  assert new File(basedir, 'target/caliber/' + name).isFile() : "no target/caliber/$name"
}
def json = new groovy.json.JsonSlurper().parse(new File(basedir, 'target/caliber/report.json'))
assert json.toString().contains('candidate')
return true
