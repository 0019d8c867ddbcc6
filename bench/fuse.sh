#!/usr/bin/env bash
# Whole-process benchmark of `caliber fuse` (JVM start included): two W1-sized TREC runs (6,980
# queries x 1,000 documents each, 7 million lines) fused in one pass, against merely reading the
# same bytes (cat), measured in the same run so that a loaded machine shifts both. Peak RSS of the
# streamed fusion on W1 and on a quarter of its queries shows whether memory follows the queries.
#
#   bench/fuse.sh [--runs N]
#
# Writes bench/data/fuse-results.md and prints it. Needs GNU time and python3
# (apt-get install -y time python3).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    *) echo "usage: bench/fuse.sh [--runs N]" >&2; exit 2 ;;
  esac
done
for tool in /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "bench/fuse.sh: $tool is missing (apt-get install -y time python3)" >&2; exit 2; }
done
data=bench/data
. bench/lib.sh
mkdir -p "$data"
gen() { java bench/GenerateWorkload.java "$@"; }
# Two runs of the same queries in the same order: W1, and W1 with every third document replaced by
# one the first run lacks (so a third of each run's candidates are missing from the other).
[ -f "$data/w1.run" ] || gen --queries 6980 --docs 1000 --seed 1 --run "$data/w1.run" --qrels "$data/w1.qrels"
[ -f "$data/w1-other.run" ] || awk '{ if ($4 % 3 == 0) $3 = $3 "x"; $6 = "other"; print }' "$data/w1.run" > "$data/w1-other.run"
# A quarter of the queries (the first 1,745 of each, 1,000 lines apiece), for memory against queries.
[ -f "$data/q1745.run" ] || head -n 1745000 "$data/w1.run" > "$data/q1745.run"
[ -f "$data/q1745-other.run" ] || head -n 1745000 "$data/w1-other.run" > "$data/q1745-other.run"
./caliber --version >/dev/null # build the jar and the class-data archive outside the timings
out="$data/fuse-results.md"
a="$data/w1.run"
b="$data/w1-other.run"
{
  echo "# caliber fuse benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  machine
  echo
} > "$out"
# Each command N times under GNU time (wall seconds and peak RSS), the median of each.
measure() {
  local name="$1" i
  shift
  for i in $(seq "$runs"); do
    /usr/bin/time -o "$data/.fuse-time" -f "%e %M %U" "$@" > /dev/null
    echo "$name|$(cat "$data/.fuse-time")" >> "$data/fuse-times.txt"
  done
}
: > "$data/fuse-times.txt"
measure "read both: cat" cat "$a" "$b"
measure "fuse rrf, streamed" ./caliber fuse --run "$a" --run "$b" --method rrf
measure "fuse combsum min-max, streamed" ./caliber fuse --run "$a" --run "$b" --method combsum
measure "fuse rrf, a quarter of the queries, streamed" ./caliber fuse --run "$data/q1745.run" --run "$data/q1745-other.run" --method rrf
measure "fuse rrf --no-streaming (read whole)" ./caliber fuse --run "$a" --run "$b" --method rrf --no-streaming
python3 - "$data/fuse-times.txt" "$runs" >> "$out" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, fig = line.rstrip("\n").split("|")
    e, m, u = (fig.split() + ["0"])[:3]
    rows.setdefault(name, []).append((float(e), int(m), float(u)))
floor = statistics.median(r[0] for r in rows["read both: cat"])
print(f"## Two W1 runs (2 x 6,980,000 lines, 2 x 312 MB): {sys.argv[2]} run(s) each, median (whole process, GNU time)\n")
print("| command | wall s | ratio to cat | user s | peak RSS MiB |")
print("| --- | ---: | ---: | ---: | ---: |")
for name, v in rows.items():
    e = statistics.median(r[0] for r in v)
    m = statistics.median(r[1] for r in v)
    u = statistics.median(r[2] for r in v)
    print(f"| {name} | {e:.2f} | {e / floor:.0f} | {u:.2f} | {m / 1024:.0f} |")
print()
PY
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out"
cat "$out"
