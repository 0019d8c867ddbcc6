#!/usr/bin/env bash
# `caliber compare` at W1 scale (two runs of 6,980 queries, the default 10,000 resamples and
# permutations) against the numpy/scipy baseline doing the same statistics (bench/compare_baseline.py),
# measured in the same run, rounds alternating, CPU time (user+sys) by GNU time.
#
#   bench/compare.sh [--rounds N] [--q100k]
#
# The second run is W1 with every score nudged by a deterministic amount (up to 0.05, which reorders
# neighbours: RR@10, nDCG@10 and AP change on about one query in ten to one in two). Measures:
# RR@10 R@1000 nDCG@10 AP (trec_eval compatibility). Also measured: `caliber evaluate` of the same
# two runs (what compare spends before its statistics) and the numpy baseline's inputs, the two
# per-query tables (`caliber evaluate --format tsv`), made once outside the timings. CALIBER_BASE
# names a second jar (e.g. one built from an older commit) measured the same way, with the
# launcher's JVM options, for a before/after ratio. --q100k adds 100,000 queries x 20 documents.
# Writes bench/data/compare-results.md and prints it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds=3
q100k=0
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --q100k) q100k=1; shift ;;
    *) echo "usage: bench/compare.sh [--rounds N] [--q100k]" >&2; exit 2 ;;
  esac
done
for tool in /usr/bin/time python3 awk; do
  command -v "$tool" >/dev/null || { echo "bench/compare.sh: $tool is missing (apt-get install -y time python3)" >&2; exit 2; }
done
python3 -c 'import numpy, scipy' 2>/dev/null || { echo "bench/compare.sh: python3 needs numpy and scipy" >&2; exit 2; }
data=bench/data
. bench/lib.sh
mkdir -p "$data"
gen() { java bench/GenerateWorkload.java "$@"; }
nudge() { awk '{ printf "%s %s %s %s %.4f %s\n", $1, $2, $3, $4, $5 + ((NR * 7919) % 1000) * 0.00005, "caliber-bench-b" }' "$1" > "$2.tmp" && mv -f "$2.tmp" "$2"; }
measures=(--compat trec_eval -m RR@10 -m R@1000 -m nDCG@10 -m AP)
./caliber --version >/dev/null # build the jar and the class-data archive outside the timings
jar=caliber-cli/target/caliber.jar

[ -f "$data/w1.run" ] || gen --queries 6980 --docs 1000 --seed 1 --run "$data/w1.run" --qrels "$data/w1.qrels"
[ -f "$data/w1b.run" ] || nudge "$data/w1.run" "$data/w1b.run"
sets=(w1)
if [ "$q100k" = 1 ]; then
  [ -f "$data/q100k.run" ] || gen --queries 100000 --docs 20 --seed 2 --run "$data/q100k.run" --qrels "$data/q100k.qrels"
  [ -f "$data/q100kb.run" ] || nudge "$data/q100k.run" "$data/q100kb.run"
  sets+=(q100k)
fi
for s in "${sets[@]}"; do
  for r in "$s" "${s}b"; do
    [ -f "$data/$r.tsv" ] || ./caliber evaluate --qrels "$data/$s.qrels" --run "$data/$r.run" "${measures[@]}" --format tsv > "$data/$r.tsv"
  done
done

out="$data/compare-results.md"
times="$data/.compare-times"
: > "$times"
{
  echo "# caliber compare, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  machine
  echo
} > "$out"
for s in "${sets[@]}"; do
  runs=(--qrels "$data/$s.qrels" --run a="$data/$s.run" --run b="$data/${s}b.run" "${measures[@]}")
  for ((i = 0; i < rounds; i++)); do
    timed "$s numpy/scipy baseline" python3 bench/compare_baseline.py "$data/$s.tsv" "$data/${s}b.tsv"
    timed "$s caliber compare" ./caliber compare "${runs[@]}"
    timed "$s caliber evaluate (the same two runs)" ./caliber evaluate "${runs[@]}"
    if [ -n "${CALIBER_BASE:-}" ]; then
      timed "$s caliber compare, CALIBER_BASE" java "${launcher_opts[@]}" -jar "$CALIBER_BASE" compare "${runs[@]}"
    fi
  done
done
python3 - "$times" "$rounds" "$(uptime | sed 's/^ *//')" >> "$out" <<'PY'
import collections, statistics, sys
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    if "|" not in line:
        continue
    name, rest = line.rstrip("\n").rsplit("|", 1)
    u, s, e, m = (float(x) for x in rest.split())
    rows.setdefault(name, []).append((u + s, e, m))
print(f"## {sys.argv[2]} rounds, alternating; the median of each (GNU time)\n")
print("| command | user+sys s | min s | wall s | peak RSS MiB | CPU / numpy baseline |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
base = {}
for name, v in rows.items():
    cpu = statistics.median(x[0] for x in v)
    if name.endswith("numpy/scipy baseline"):
        base[name.split()[0]] = cpu
    ref = base.get(name.split()[0])
    print(f"| {name} | {cpu:.2f} | {min(x[0] for x in v):.2f} | {statistics.median(x[1] for x in v):.2f}"
          f" | {statistics.median(x[2] for x in v) / 1024:.0f} | {cpu / ref:.2f} |")
print()
for s in base:
    c = statistics.median(x[0] for x in rows[f"{s} caliber compare"])
    e = statistics.median(x[0] for x in rows[f"{s} caliber evaluate (the same two runs)"])
    print(f"- {s}: compare's statistics (compare minus evaluate) {c - e:.2f} s of CPU, {(c - e) / base[s]:.2f} of the numpy baseline's")
    w = statistics.median(x[1] for x in rows[f"{s} caliber compare"])
    if s == "w1":
        print(f"- w1: the whole compare {c / base[s]:.2f} of the numpy baseline's CPU (target at most 0.5)")
    else:
        print(f"- {s}: the whole compare {w:.2f} s wall, {c:.2f} s of CPU (target under 5 s)")
print(f"\nuptime after: {sys.argv[3]}\n")
PY
cat "$out"
