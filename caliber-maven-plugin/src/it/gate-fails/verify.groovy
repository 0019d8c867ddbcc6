// The build failed because of the gate's rules, with the gate's own lines as its message; the JUnit
// XML, the Markdown and the JSON name each failed rule and the queries that got worse.
def log = new File(basedir, 'build.log').getText('UTF-8')
assert log.contains('[INFO] FAIL  broken  [no significant loss] nDCG@10: a significant loss: mean -')
assert log.contains('BUILD FAILURE')
def failure = log.substring(log.indexOf('[ERROR] Failed to execute goal dev.caliber:caliber-maven-plugin:'))
assert failure.contains(':gate (default) on project gate-fails: FAIL  broken  [no significant loss] nDCG@10: a significant loss')
assert failure.contains("FAIL  broken  [mean within tolerance] nDCG@10: mean 0.3295 against the baseline's 0.4543 over 52 queries, a fall of 0.1248")
assert failure.contains('FAIL  broken  [no query loses more] nDCG@10: 5 of 52 queries lost more than 0.5')
assert failure.contains('caliber gate: failed (3 checks, 3 failed) against baseline "bm25"')
// a rule's failure, not an error of the plugin: Maven's MojoFailureException
assert log.contains('MojoFailureException')

def junit = new File(basedir, 'target/surefire-reports/TEST-caliber-gate.xml')
assert junit.isFile() : "no JUnit report at $junit"
def suite = new groovy.xml.XmlSlurper().parse(junit).testsuite
assert suite.@name.text() == 'caliber gate'
assert suite.@tests.text() == '3'
assert suite.@failures.text() == '3'
def loss = suite.testcase.find { it.@name.text() == 'no query loses more: nDCG@10' }
assert loss.@classname.text() == 'caliber.gate.broken'
assert loss.failure.text().contains('queries that got worse (baseline -> candidate):\n  57  1.0000 -> 0.0000 (-1.0000)')

def md = new File(basedir, 'target/caliber/gate.md').getText('UTF-8')
assert md.startsWith('### caliber gate: **failed** (3 of 3 checks failed)')
assert md.contains('| **FAIL** | broken | mean within tolerance | nDCG@10 |   0.4543 |    0.3295 |')
assert md.contains('<details><summary>broken, no query loses more: nDCG@10')
assert md.contains('| query | baseline | candidate |   delta |')
assert md.contains('| 57    |   1.0000 |    0.0000 | -1.0000 |')
assert new File(basedir, 'target/caliber/gate.json').getText('UTF-8').contains('"passed": false')
return true
