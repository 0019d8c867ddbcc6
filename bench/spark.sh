#!/usr/bin/env bash
# caliber on Apache Spark in local mode against the CLI on the same data (docs/SPARK.md); run on
# demand, never in CI.
#
#   bench/spark.sh [--master local[2]] [--sweep "10 40"] [--skip-w1] [--w2]
#
# Spark's fixed cost is measured apart, on a run of one query. Workloads: W1
# (bench/GenerateWorkload.java, 6,980 queries x 1,000 documents, 7M lines) and a
# tenth of its queries (W1/7: 1,000 queries x 1,000 documents), to show how the cost grows with
# queries; a sweep of the 17 TREC 2003 robust runs of data/ cycled to each count of
# --sweep (default 10 and 40 runs, named r01, r02, ...; the gzip files are read as they are), to
# show how it grows with runs; with --w2, W2 (100,000 queries x 1,000 documents, 100M lines, 4.5 GB
# of text, made once in bench/data). The Spark job runs with a heap of 1 GiB (-Xmx1g; set
# CALIBER_JAVA_OPTS to change it), the bound its reading in parts is held to. Each command: the median of 3 under GNU time (wall seconds, peak
# RSS: for Spark in local mode the one JVM that is driver and executors), and its ratio to the CLI
# on the same data, measured in the same run. First checks that both print the same report
# (--format trec, byte for byte). Writes bench/data/spark-results.md and prints it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
master="local[2]"
sweep="10 40"
w1=1
w2=0
while [ $# -gt 0 ]; do
  case "$1" in
    --master) master="$2"; shift 2 ;;
    --sweep) sweep="$2"; shift 2 ;;
    --skip-w1) w1=0; shift ;;
    --w2) w2=1; shift ;;
    *) echo "usage: bench/spark.sh [--master local[N]] [--sweep \"10 40\"] [--skip-w1] [--w2]" >&2; exit 2 ;;
  esac
done
command -v /usr/bin/time >/dev/null || { echo "bench/spark.sh: GNU time is missing (apt-get install -y time)" >&2; exit 2; }
data=bench/data
mkdir -p "$data"
# shellcheck source=bench/lib.sh
. bench/lib.sh
export CALIBER_SPARK_MASTER="$master"
export CALIBER_JAVA_OPTS="${CALIBER_JAVA_OPTS:--Xmx1g}"
measures=(--compat trec_eval -m RR@10 -m R@1000 -m nDCG@10 -m AP --format trec)
gen() { java bench/GenerateWorkload.java "$@"; }
out="$data/spark-results.md"

# Build both launchers outside the timings.
./caliber --version >/dev/null
./caliber-spark-local --help >/dev/null

# row NAME ARGS...: the CLI and the Spark job on the same arguments: same report, then the median of 3 of each.
row() {
  local name="$1"
  shift
  ./caliber evaluate "$@" > "$data/.cli.out"
  ./caliber-spark-local "$@" > "$data/.spark.out" 2> "$data/.spark.err" || { cat "$data/.spark.err" >&2; exit 1; }
  cmp -s "$data/.cli.out" "$data/.spark.out" || { echo "bench/spark.sh: $name: the Spark job's report differs from the CLI's" >&2; exit 1; }
  local cli spark
  cli=$(median_of_3 '%e %M %U %S' ./caliber evaluate "$@")
  spark=$(median_of_3 '%e %M %U %S' ./caliber-spark-local "$@")
  python3 - "$name" "$cli" "$spark" "$(cut -d' ' -f1-3 /proc/loadavg)" >> "$out" <<'PY'
import sys
name, cli, spark, load = sys.argv[1:]
ce, cm, cu, cs = cli.split(); se, sm, su, ss = spark.split()
ce, se = float(ce), float(se); cm, sm = int(cm) / 1024, int(sm) / 1024
cc, sc = float(cu) + float(cs), float(su) + float(ss)
print(f"| {name} | {ce:.2f} | {se:.2f} | {se / ce:.1f} | {cc:.2f} | {sc:.2f} | {sc / cc:.1f} | {cm:.0f} | {sm:.0f} | {sm / cm:.1f} | {load} |")
PY
}

{
  echo "# caliber-spark against the CLI ($(date -u +%Y-%m-%dT%H:%MZ), master $master)"
  echo
  machine
  echo
  echo "Both print the same report (checked byte for byte before timing). Median of 3 (by wall time), whole process; CPU is user + system."
  echo
  echo "| workload | CLI s | Spark s | time ratio | CLI CPU s | Spark CPU s | CPU ratio | CLI MiB | Spark MiB | RSS ratio | load average after |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
} > "$out"

# Spark's fixed cost apart: one query of three lines, where reading and scoring cost nothing.
printf 'q1 Q0 d1 1 3 t\nq1 Q0 d2 2 2 t\nq1 Q0 d3 3 1 t\n' > "$data/tiny.run"
printf 'q1 0 d1 1\n' > "$data/tiny.qrels"
row "start-up: one query, 3 lines" --qrels "$data/tiny.qrels" --run "$data/tiny.run" "${measures[@]}"

if [ "$w1" = 1 ]; then
  [ -f "$data/w1.run" ] || gen --queries 6980 --docs 1000 --seed 1 --run "$data/w1.run" --qrels "$data/w1.qrels"
  [ -f "$data/w1k.run" ] || gen --queries 1000 --docs 1000 --seed 1 --run "$data/w1k.run" --qrels "$data/w1k.qrels"
  row "W1/7: 1,000 queries x 1,000 docs (1M lines)" --qrels "$data/w1k.qrels" --run "$data/w1k.run" "${measures[@]}"
  row "W1: 6,980 queries x 1,000 docs (7M lines)" --qrels "$data/w1.qrels" --run "$data/w1.run" "${measures[@]}"
fi

if [ "$w2" = 1 ]; then
  [ -f "$data/w2.run" ] || gen --queries 100000 --docs 1000 --seed 2 --run "$data/w2.run" --qrels "$data/w2.qrels"
  row "W2: 100,000 queries x 1,000 docs (100M lines)" --qrels "$data/w2.qrels" --run "$data/w2.run" "${measures[@]}"
fi

shared="$root/data/trec2003-robust"
mapfile -t robust < <(ls "$shared"/runs/*.gz | sort)
for n in $sweep; do
  args=(--qrels "$shared/qrels/robust03_qrels.txt.gz")
  for i in $(seq 1 "$n"); do
    args+=(--run "$(printf 'r%02d' "$i")=${robust[$(( (i - 1) % ${#robust[@]} ))]}")
  done
  row "sweep: $n robust runs (about $(( n * 88 ))k lines)" "${args[@]}" "${measures[@]}"
done
cat "$out"
