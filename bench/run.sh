#!/usr/bin/env bash
# Whole-process benchmark of `caliber evaluate` (JVM start included) against the time to merely
# read the same bytes, measured in the same run, so that a loaded machine shifts both.
#
#   bench/run.sh [--runs N] [--w2] [--w2-queries N] [--skip-w1] [--w1-baselines] [--compare] [--small] [--sweep]
#   bench/run.sh --targets        # every figure of issue #13: --w1-baselines --small --sweep --compare
#
# --w1-baselines, --compare, --small and --sweep then run bench/w1.sh (W1 against trec_eval and the
# JVM byte scan, bench/ByteScan.java), bench/compare.sh (compare at W1 scale and at 100,000 queries
# against the numpy/scipy baseline), bench/small.sh (start-up: the CACM run, a 3-line run, java
# -version, the byte scan, trec_eval) and bench/sweep.sh (40 runs in one call against a loop of
# trec_eval); all but compare.sh need TREC_EVAL or TREC_EVAL_SRC, compare.sh python3 with numpy
# and scipy.
#
# W1: 6,980 queries x 1,000 documents (binary qrels, and a graded variant), in files.
# W2 (--w2): 100,000 queries x 1,000 documents generated into a pipe (--run -): no disk.
# Writes bench/data/results.md (and hyperfine's JSON) and prints it. Needs hyperfine and GNU time
# (apt-get install -y hyperfine time) and python3 for the summary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs=5
w2=0
w1=1
w2q=100000
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --w2) w2=1; shift ;;
    --w2-queries) w2q="$2"; shift 2 ;;
    --skip-w1) w1=0; shift ;;
    --compare|--small|--sweep) extra+=("${1#--}"); shift ;;
    --w1-baselines) extra+=(w1); shift ;;
    --targets) extra+=(w1 small sweep compare); shift ;;
    *) echo "usage: bench/run.sh [--runs N] [--w2] [--w2-queries N] [--skip-w1] [--w1-baselines] [--compare] [--small] [--sweep] [--targets]" >&2; exit 2 ;;
  esac
done
for tool in hyperfine /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "bench/run.sh: $tool is missing (apt-get install -y hyperfine time python3)" >&2; exit 2; }
done
data=bench/data
. bench/lib.sh
mkdir -p "$data"
gen() { java bench/GenerateWorkload.java "$@"; }
measures=(--compat trec_eval -m RR@10 -m R@1000 -m nDCG@10 -m AP --format trec)
./caliber --version >/dev/null # build the jar and the class-data archive outside the timings
out="$data/results.md"
{
  echo "# caliber benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  machine
  echo
} > "$out"

# Median peak RSS (KiB) and median elapsed seconds of a command over 3 runs.
rss() {
  median_of_3 '%M %e' "$@"
}

if [ "$w1" = 1 ]; then
  [ -f "$data/w1.run" ] || gen --queries 6980 --docs 1000 --seed 1 --run "$data/w1.run" --qrels "$data/w1.qrels"
  [ -f "$data/w1g.run" ] || gen --queries 6980 --docs 1000 --seed 1 --graded --run "$data/w1g.run" --qrels "$data/w1g.qrels"
  hyperfine -N --style basic --warmup 1 --runs "$runs" --export-json "$data/w1.json" \
    -n "byte scan: cat" "cat $data/w1.run" \
    -n "byte scan: wc -l" "wc -l $data/w1.run" \
    -n "caliber W1 binary" "./caliber evaluate --qrels $data/w1.qrels --run $data/w1.run ${measures[*]}" \
    -n "caliber W1 graded" "./caliber evaluate --qrels $data/w1g.qrels --run $data/w1g.run ${measures[*]}" \
    -n "caliber W1 binary --threads 1" "./caliber evaluate --qrels $data/w1.qrels --run $data/w1.run ${measures[*]} --threads 1" \
    -n "caliber W1 binary --no-streaming (read whole)" "./caliber evaluate --qrels $data/w1.qrels --run $data/w1.run ${measures[*]} --no-streaming" \
    >&2
  rss_b=$(rss ./caliber evaluate --qrels "$data/w1.qrels" --run "$data/w1.run" "${measures[@]}")
  rss_g=$(rss ./caliber evaluate --qrels "$data/w1g.qrels" --run "$data/w1g.run" "${measures[@]}")
  rss_w=$(rss ./caliber evaluate --qrels "$data/w1.qrels" --run "$data/w1.run" "${measures[@]}" --no-streaming)
  python3 - "$data/w1.json" "$rss_b" "$rss_g" "$rss_w" >> "$out" <<'PY'
import json, statistics, sys
res = json.load(open(sys.argv[1]))["results"]
med = {r["command"]: statistics.median(r["times"]) for r in res}
floor = med["byte scan: cat"]
print(f"## W1: {len(res[0]['times'])} runs each, median wall time (whole process)\n")
print("| command | median s | min s | max s | user s | sys s | ratio to cat |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for r in res:
    m = med[r["command"]]
    print(f"| {r['command']} | {m:.3f} | {min(r['times']):.3f} | {max(r['times']):.3f} | {r['user']:.3f} | {r['system']:.3f} | {m / floor:.1f} |")
b = sys.argv[2].split(); g = sys.argv[3].split(); w = sys.argv[4].split()
print(f"\nPeak RSS (median of 3, GNU time): W1 binary {int(b[0]) / 1024:.0f} MiB, W1 graded {int(g[0]) / 1024:.0f} MiB,"
      f" W1 binary read whole (--no-streaming) {int(w[0]) / 1024:.0f} MiB.\n")
PY
fi

if [ "$w2" = 1 ]; then
  [ -f "$data/w2-$w2q.qrels" ] || gen --queries "$w2q" --docs 1000 --seed 2 --qrels "$data/w2-$w2q.qrels"
  f="$data/.time"
  # The floor: the generator alone into a pipe read by cat.
  for i in 1 2 3; do
    /usr/bin/time -o "$f.gen$i" -f '%e' bash -c "java bench/GenerateWorkload.java --queries $w2q --docs 1000 --seed 2 --run - | cat > /dev/null"
  done
  for i in 1 2 3; do
    gen --queries "$w2q" --docs 1000 --seed 2 --run - \
      | /usr/bin/time -o "$f.w2$i" -f '%M %e' ./caliber evaluate --qrels "$data/w2-$w2q.qrels" --run - "${measures[@]}" \
      > "$data/w2.out"
  done
  # The same queries with a tenth of the documents: memory that follows the queries, not the lines.
  [ -f "$data/w2-$w2q-d100.qrels" ] || gen --queries "$w2q" --docs 100 --seed 2 --qrels "$data/w2-$w2q-d100.qrels"
  for i in 1 2 3; do
    gen --queries "$w2q" --docs 100 --seed 2 --run - \
      | /usr/bin/time -o "$f.w2s$i" -f '%M %e' ./caliber evaluate --qrels "$data/w2-$w2q-d100.qrels" --run - "${measures[@]}" \
      > /dev/null
  done
  python3 - "$f" "$w2q" "$data/w1.json" "$(rss ./caliber evaluate --qrels "$data/w1.qrels" --run "$data/w1.run" "${measures[@]}")" >> "$out" <<'PY'
import json, os, statistics, sys
f, q = sys.argv[1], int(sys.argv[2])
gen = statistics.median(float(open(f"{f}.gen{i}").read().split()[-1]) for i in (1, 2, 3))
w2 = sorted((float(open(f"{f}.w2{i}").read().split()[-1]), int(open(f"{f}.w2{i}").read().split()[-2])) for i in (1, 2, 3))
t, rss = w2[1]
print(f"## W2: {q:,} queries x 1,000 documents through a pipe (--run -), median of 3\n")
print(f"- generator into `cat` (the floor): {gen:.1f} s")
print(f"- generator into `caliber evaluate --run -`: {t:.1f} s (ratio to the floor {t / gen:.2f}), peak RSS {rss / 1024:.0f} MiB (caliber alone)")
small = sorted(int(open(f"{f}.w2s{i}").read().split()[-2]) for i in (1, 2, 3))[1]
print(f"- the same {q:,} queries with 100 documents each (10 times fewer lines): peak RSS {small / 1024:.0f} MiB")
w1rss = int(sys.argv[4].split()[0])
print(f"- W1 peak RSS in this run {w1rss / 1024:.0f} MiB; W2 / W1 {rss / w1rss:.2f}; per query beyond W1's 6,980:"
      f" {(rss - w1rss) * 1024 / (q - 6980):.0f} bytes")
if os.path.exists(sys.argv[3]):
    res = json.load(open(sys.argv[3]))["results"]
    w1 = statistics.median(next(r for r in res if r["command"] == "caliber W1 binary")["times"])
    print(f"- W2 / W1 wall time: {t / w1:.1f} for {q / 6980:.1f} times the lines")
print()
PY
fi
cat "$out"
for script in "${extra[@]}"; do
  case "$script" in
    sweep) bench/sweep.sh --runs "$runs" ;;
    w1) bench/w1.sh --rounds "$runs" ;;
    compare) bench/compare.sh --q100k ;;
    *) bench/"$script".sh ;;
  esac
done
