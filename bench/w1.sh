#!/usr/bin/env bash
# W1 against its two baselines, in one run: `caliber evaluate` of W1 through the launcher, trec_eval
# on the same files and measures, and the JVM byte scan of the same run (bench/ByteScan.java: one
# thread reads and splits every line and parses the scores, nothing else: the floor a JVM sets);
# rounds alternating (the order reversed every other round), CPU time (user+sys), wall time and
# peak RSS by GNU time, the median of each, and the ratios issue #13 asks for.
#
#   TREC_EVAL=/path/to/trec_eval bench/w1.sh [--rounds N]   # or TREC_EVAL_SRC=<a trec_eval checkout>
#
# Writes bench/data/w1-results.md and prints it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
rounds=5
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "usage: bench/w1.sh [--rounds N]  (with TREC_EVAL or TREC_EVAL_SRC set)" >&2; exit 2 ;;
  esac
done
for tool in /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "bench/w1.sh: $tool is missing (apt-get install -y time python3)" >&2; exit 2; }
done
data=bench/data
. bench/lib.sh
mkdir -p "$data"
find_trec_eval bench/w1.sh
[ -f "$data/w1.run" ] || java bench/GenerateWorkload.java --queries 6980 --docs 1000 --seed 1 --run "$data/w1.run" --qrels "$data/w1.qrels"
./caliber --version >/dev/null # build the jar and the class-data archive outside the timings
byte_scan_build
cat "$data/w1.run" > /dev/null # the run in the page cache before the first timing
out="$data/w1-results.md"
times="$data/.w1-times"
: > "$times"
{
  echo "# W1 against trec_eval and the JVM byte scan, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  machine
  echo
} > "$out"
commands=(caliber scan trec_eval)
one() {
  case "$1" in
    caliber) timed "caliber evaluate, W1 (RR@10, R@1000, nDCG@10, AP; --format trec)" ./caliber evaluate --qrels "$data/w1.qrels" \
      --run "$data/w1.run" --compat trec_eval -m RR@10 -m R@1000 -m nDCG@10 -m AP --format trec ;;
    scan) timed "JVM byte scan of W1 (bench/ByteScan.java, one thread)" "${byte_scan[@]}" "$data/w1.run" ;;
    trec_eval) timed "trec_eval, W1 (recip_rank.10, recall.1000, ndcg_cut.10, map)" "$trec_eval" -m recip_rank.10 \
      -m recall.1000 -m ndcg_cut.10 -m map "$data/w1.qrels" "$data/w1.run" ;;
  esac
}
for ((i = 0; i < rounds; i++)); do
  if [ $((i % 2)) = 0 ]; then
    for c in "${commands[@]}"; do one "$c"; done
  else
    for ((j = ${#commands[@]} - 1; j >= 0; j--)); do one "${commands[$j]}"; done
  fi
done
python3 - "$times" "$rounds" "$(uptime | sed 's/^ *//')" >> "$out" <<'PY'
import collections, statistics, sys
rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    if "|" not in line:
        continue
    name, rest = line.rstrip("\n").split("|")
    u, s, e, m = (float(x) for x in rest.split())
    rows.setdefault(name, []).append((u + s, e, m / 1024))
order = sorted(rows, key=lambda n: 0 if n.startswith("caliber") else 1 if n.startswith("JVM") else 2)
print(f"## {sys.argv[2]} rounds, alternating; the median of each (GNU time)\n")
print("| command | user+sys s | wall s | peak RSS MiB |")
print("| --- | ---: | ---: | ---: |")
med = {}
for name in order:
    v = rows[name]
    med[name] = tuple(statistics.median(x[k] for x in v) for k in range(3))
    print(f"| {name} | {med[name][0]:.3f} | {med[name][1]:.3f} | {med[name][2]:.0f} |")
cal, scan, te = (med[n] for n in order)
print(f"\n- caliber / trec_eval, CPU: {cal[0] / te[0]:.3f} (target at most 0.10); wall {cal[1]:.3f} s (target under 0.35 s)")
print(f"- caliber / the JVM byte scan, CPU: {cal[0] / scan[0]:.2f}; caliber above it: {cal[0] - scan[0]:.3f} s of CPU")
print(f"- the byte scan / trec_eval, CPU: {scan[0] / te[0]:.3f}: the share of trec_eval's CPU a JVM needs to read and split W1 on one thread")
print(f"\nuptime after: {sys.argv[3]}\n")
PY
cat "$out"
