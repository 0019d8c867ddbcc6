#!/usr/bin/env bash
# Small runs, where start-up is the cost: the CACM run (52 judged queries) and a 3-line run through
# the `caliber` launcher, against `java -version` with the launcher's JVM options, the JVM starting
# the jar with its class-data archive but no command (a class that does not exist: JVM + jar + CDS
# alone), `caliber --version`, caliber's library path on the CACM run without the command line
# (bench/LibraryEval.java), the JVM byte scan of the CACM run (bench/ByteScan.java: read and split
# only, the floor a JVM sets), and trec_eval on the same CACM run; rounds alternating, CPU time
# (user+sys) and wall time by GNU time, the median of each.
#
#   TREC_EVAL=/path/to/trec_eval bench/small.sh [--rounds N]   # or TREC_EVAL_SRC=<a trec_eval checkout>
#
# Writes bench/data/small-results.md and prints it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds=10
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "usage: bench/small.sh [--rounds N]  (with TREC_EVAL or TREC_EVAL_SRC set)" >&2; exit 2 ;;
  esac
done
data=bench/data
. bench/lib.sh
mkdir -p "$data"
find_trec_eval bench/small.sh
cacm="$root/data/cacm"
qrels="$cacm/qrels.cacm.txt"
run="$(plain "$cacm/runs-anserini-0.13.3/run.cacm.bm25.txt.gz")" # trec_eval and the byte scan read plain text
printf 'q1 Q0 d1 1 2.5 t\nq1 Q0 d2 2 1.5 t\nq2 Q0 d1 1 1 t\n' > "$data/three.run"
printf 'q1 0 d1 1\nq2 0 d3 2\n' > "$data/three.qrels"
./caliber --version >/dev/null # build the jar and the class-data archive outside the timings
jsa="$(ls caliber-cli/target/caliber-cds*.jsa 2>/dev/null | head -1)"
byte_scan_build
library_eval_build
out="$data/small-results.md"
times="$data/.small-times"
: > "$times"
{
  echo "# caliber small runs, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  machine
  echo
} > "$out"
for ((i = 0; i < rounds; i++)); do
  timed "java -version (the launcher's options)" java "${launcher_opts[@]}" -version 2>/dev/null || true
  timed "JVM + jar + class-data archive, no command" java ${jsa:+-XX:SharedArchiveFile=$jsa} "${launcher_opts[@]}" -cp caliber-cli/target/caliber.jar NoSuchClass 2>/dev/null || true
  timed "caliber --version" ./caliber --version 2>/dev/null || true
  timed "caliber evaluate, 3-line run" ./caliber evaluate --qrels "$data/three.qrels" --run "$data/three.run" 2>/dev/null || true
  timed "caliber evaluate, CACM run" ./caliber evaluate --qrels "$qrels" --run "$run" 2>/dev/null || true
  timed "the library path, CACM run, no command line (bench/LibraryEval.java)" "${library_eval[@]}" "$qrels" "$run" 2>/dev/null || true
  timed "JVM byte scan of the CACM run (bench/ByteScan.java)" "${byte_scan[@]}" "$run" 2>/dev/null || true
  timed "trec_eval, CACM run" "$trec_eval" "$qrels" "$run" 2>/dev/null || true
done
python3 - "$times" "$rounds" "$(uptime | sed 's/^ *//')" >> "$out" <<'PY'
import collections, statistics, sys
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    if "|" not in line:
        continue
    name, rest = line.rstrip("\n").split("|")
    u, s, e = (float(x) for x in rest.split()[:3])
    rows.setdefault(name, []).append((u + s, e))
print(f"## {sys.argv[2]} rounds, alternating; the median of each (GNU time)\n")
print("| command | user+sys s | wall s |")
print("| --- | ---: | ---: |")
med = {}
for name, v in rows.items():
    med[name] = (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v))
    print(f"| {name} | {med[name][0]:.3f} | {med[name][1]:.3f} |")
jv = med["java -version (the launcher's options)"][0]
three = med["caliber evaluate, 3-line run"][0]
cacm, te = med["caliber evaluate, CACM run"], med["trec_eval, CACM run"]
scan = med["JVM byte scan of the CACM run (bench/ByteScan.java)"]
lib = med["the library path, CACM run, no command line (bench/LibraryEval.java)"]
print(f"\n- 3-line run: {three - jv:.3f} s of CPU above `java -version` (target at most 0.08)")
print(f"- CACM run: {cacm[0]:.3f} s of CPU (target at most 0.12), wall {cacm[1] / te[1]:.1f} times trec_eval's (target 2)")
print(f"- the JVM byte scan of the same run (read and split only, one thread): {scan[0]:.3f} s of CPU,"
      f" wall {scan[1] / te[1]:.1f} times trec_eval's; caliber above it: {cacm[0] - scan[0]:.3f} s of CPU")
print(f"- the library path alone (no picocli, no report; four measures): {lib[0]:.3f} s of CPU, {lib[0] - scan[0]:.3f} s above"
      f" the byte scan; the command line adds {cacm[0] - lib[0]:.3f} s")
print(f"\nuptime after: {sys.argv[3]}\n")
PY
cat "$out"
