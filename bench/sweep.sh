#!/usr/bin/env bash
# A sweep: 40 runs of TREC 2003 robust size scored in one `caliber evaluate` call, against a shell
# loop of 40 trec_eval calls, and, for reference, against caliber in a shell loop of 40 calls.
#
#   TREC_EVAL=/path/to/trec_eval bench/sweep.sh [--runs N] [--count N]
#   TREC_EVAL_SRC=/path/to/trec_eval-checkout bench/sweep.sh ...   # built with its make, in a temporary directory
#
# The runs are the gzip runs of data/trec2003-robust/runs, cycled to make --count runs (40), decompressed into bench/data/sweep/ (ignored by
# git) and named r01, r02, ... with NAME=FILE, since several share a TREC tag. The judgments are
# robust03_qrels.txt. CALIBER names the launcher to measure (default ./caliber; a launcher of an
# older checkout measures that commit). Nothing is downloaded; trec_eval is never copied here.
#
# First checks that caliber's numbers are trec_eval's: for each run, every line of caliber's
# --format trec output (a subset of trec_eval's default measures) must equal trec_eval's line for
# that measure, character for character (runid, the tag in both, is not compared: blocks are
# matched to runs by position). Then measures, with hyperfine (--runs N, default 5, one warm-up) and
# GNU time (peak RSS, the median of 3; for a loop the largest single process): wall time,
# user+sys CPU (children included), and the CPU ratio of the one caliber call to the trec_eval
# loop. Writes bench/data/sweep-results.md (and hyperfine's JSON) and prints it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs=5
count=40
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --count) count="$2"; shift 2 ;;
    *) echo "usage: bench/sweep.sh [--runs N] [--count N]  (with TREC_EVAL or TREC_EVAL_SRC set)" >&2; exit 2 ;;
  esac
done
for tool in hyperfine /usr/bin/time python3 gzip; do
  command -v "$tool" >/dev/null || { echo "bench/sweep.sh: $tool is missing (apt-get install -y hyperfine time python3)" >&2; exit 2; }
done
caliber="${CALIBER:-./caliber}"
robust="$root/data/trec2003-robust"
data=bench/data
. bench/lib.sh
qrels="$(plain "$robust/qrels/robust03_qrels.txt.gz")" # trec_eval reads plain text only
# trec_eval: a binary, or built from a checkout in a temporary directory outside the repository.
find_trec_eval bench/sweep.sh

# The runs: the gzip runs in name order, cycled.
dir="$data/sweep"
mkdir -p "$dir"
gz=("$robust"/runs/*.gz)
[ -f "${gz[0]}" ] || { echo "bench/sweep.sh: no gzip runs in $robust/runs" >&2; exit 2; }
files=()
specs=()
for ((i = 0; i < count; i++)); do
  printf -v name 'r%02d' $((i + 1))
  src="${gz[i % ${#gz[@]}]}"
  if [ ! -f "$dir/$name" ] || [ "$src" -nt "$dir/$name" ]; then
    gzip -dc "$src" > "$dir/$name.tmp" && mv -f "$dir/$name.tmp" "$dir/$name"
  fi
  files+=("$dir/$name")
  specs+=(--run "$name=$dir/$name")
done
"$caliber" --version >/dev/null # build the jar and the class-data archive outside the timings
one="$caliber evaluate --qrels $qrels --compat trec_eval ${specs[*]} --format trec"
{
  echo "#!/usr/bin/env bash"
  echo "for r in ${files[*]}; do \"$trec_eval\" -c \"$qrels\" \"\$r\"; done"
} > "$dir/trec_eval-loop.sh"
{
  echo "#!/usr/bin/env bash"
  echo "for r in ${files[*]}; do \"$caliber\" evaluate --qrels \"$qrels\" --compat trec_eval --run \"\$r\" --format trec; done"
} > "$dir/caliber-loop.sh"

# The numbers first: caliber's lines against trec_eval's, run by run.
$one > "$dir/caliber.out"
for f in "${files[@]}"; do
  "$trec_eval" -c "$qrels" "$f" > "$f.trec_eval"
done
python3 - "$dir/caliber.out" "${files[@]}" <<'PY'
import sys
out, files = sys.argv[1], sys.argv[2:]
blocks, current = [], None
for line in open(out, encoding="utf-8"):
    if line.startswith("runid "):
        current = []
        blocks.append(current)
    current.append(line.rstrip("\n"))
if len(blocks) != len(files):
    sys.exit(f"bench/sweep.sh: caliber printed {len(blocks)} runs, expected {len(files)}")
compared, bad = 0, []
for f, block in zip(files, blocks):
    theirs = {}
    for line in open(f + ".trec_eval", encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        theirs[(parts[0].rstrip(), parts[1])] = line.rstrip("\n")
    for line in block:
        parts = line.split("\t")
        key = (parts[0].rstrip(), parts[1])
        if key[0] == "runid":
            continue  # blocks are matched to runs by position, not by runid
        if key not in theirs:
            bad.append(f"{f}: trec_eval prints no {key[0]}")
        elif theirs[key] != line:
            bad.append(f"{f}: caliber {line!r}, trec_eval {theirs[key]!r}")
        compared += 1
if bad:
    sys.exit("bench/sweep.sh: caliber and trec_eval differ:\n" + "\n".join(bad[:20]))
print(f"agreement: {compared} lines ({compared // len(files)} measures x {len(files)} runs) equal to trec_eval's, character for character",
      file=open(out + ".agreement", "w"))
PY

out="$data/sweep-results.md"
{
  echo "# caliber sweep, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
       "$(java -version 2>&1 | head -1); uptime before: $(uptime | sed 's/^ *//')"
  echo
  echo "$(cat "$dir/caliber.out.agreement"); $count runs cycled over ${#gz[@]} gzip runs, $(cat "${files[@]}" | wc -l) lines in all"
  echo
} > "$out"

# Median peak RSS (KiB) of a command over 3 runs.
rss() {
  median_of_3 '%M' "$@"
}
rss_one=$(rss $one)
rss_te=$(rss bash "$dir/trec_eval-loop.sh")
rss_cl=$(rss bash "$dir/caliber-loop.sh")
hyperfine -N --style basic --warmup 1 --runs "$runs" --export-json "$data/sweep.json" \
  -n "caliber, one call, $count runs" "$one" \
  -n "trec_eval, a loop of $count calls" "bash $dir/trec_eval-loop.sh" \
  -n "caliber, a loop of $count calls" "bash $dir/caliber-loop.sh" \
  >&2
python3 - "$data/sweep.json" "$rss_one" "$rss_te" "$rss_cl" "$(uptime | sed 's/^ *//')" >> "$out" <<'PY'
import json, statistics, sys
res = json.load(open(sys.argv[1]))["results"]
rss = [int(x) for x in sys.argv[2:5]]
cpu = [r["user"] + r["system"] for r in res]
print(f"## {len(res[0]['times'])} runs each (hyperfine, one warm-up); peak RSS the median of 3 (GNU time)\n")
print("| command | median wall s | min s | max s | user s | sys s | user+sys s | CPU / trec_eval loop | peak RSS MiB |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for r, c, m in zip(res, cpu, rss):
    t = r["times"]
    print(f"| {r['command']} | {statistics.median(t):.3f} | {min(t):.3f} | {max(t):.3f} | {r['user']:.3f} | {r['system']:.3f}"
          f" | {c:.3f} | {c / cpu[1]:.2f} | {m / 1024:.0f} |")
print(f"\ncaliber's one call against the trec_eval loop: CPU {cpu[0] / cpu[1]:.2f} (target at most 0.33),"
      f" wall {statistics.median(res[0]['times']) / statistics.median(res[1]['times']):.2f};"
      f" peak RSS {rss[0] / 1024:.0f} MiB (target under 150)\n")
print(f"uptime after: {sys.argv[5]}\n")
PY
cat "$out"
