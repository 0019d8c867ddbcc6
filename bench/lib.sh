# Sourced by the benchmark scripts (run.sh, sweep.sh): what the machine is, and a command's
# median whole-process figures. Needs $data (the scripts' output folder) and GNU time.

# One line: cores, processor, load average now, the JVM.
machine() {
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
       "load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(java -version 2>&1 | head -1)"
}

# median_of_3 FORMAT COMMAND...: GNU time's FORMAT line (e.g. '%M %e') of three runs of COMMAND,
# the median by its first figure.
median_of_3() {
  local format="$1" f="$data/.time" i
  shift
  : > "$f.all"
  for i in 1 2 3; do
    /usr/bin/time -o "$f" -f "$format" "$@" >/dev/null
    cat "$f" >> "$f.all"
  done
  sort -n "$f.all" | sed -n 2p
}

# plain FILE.gz: the path of FILE decompressed into $data (made once, remade when the .gz is newer),
# for trec_eval and the byte scan, which read plain text only (the repository keeps data/ gzipped).
plain() {
  local gz="$1" out
  out="$data/plain/$(basename "${gz%.gz}")"
  mkdir -p "$data/plain"
  if [ ! -f "$out" ] || [ "$gz" -nt "$out" ]; then
    gzip -dc "$gz" > "$out.tmp" && mv -f "$out.tmp" "$out"
  fi
  printf '%s\n' "$out"
}

# The launcher's JVM options (./caliber), without its class-data archive: for commands that start
# java directly and must run under the same JIT and collector (compare.sh's older jar, small.sh's
# bare JVM, the byte scan).
launcher_opts=(-Xlog:disable -Xlog:all=warning:stderr -XX:+UseSerialGC -Xms64m -Xmn12m -XX:TieredStopAtLevel=1
  -XX:Tier3InvocationThreshold=1000 -XX:-UsePerfData)

# find_trec_eval NAME: sets trec_eval to TREC_EVAL, or to a binary built by its Makefile from the
# checkout TREC_EVAL_SRC in a temporary directory outside the repository (removed on exit); NAME is
# the calling script, for messages. Needs $root.
trec_eval_build=""
find_trec_eval() {
  local name="$1"
  if [ -n "${TREC_EVAL:-}" ]; then
    trec_eval="$TREC_EVAL"
  elif [ -n "${TREC_EVAL_SRC:-}" ]; then
    [ -f "$TREC_EVAL_SRC/Makefile" ] || { echo "$name: no Makefile in TREC_EVAL_SRC=$TREC_EVAL_SRC" >&2; exit 2; }
    trec_eval_build="$(mktemp -d)"
    trap 'rm -rf "$trec_eval_build"' EXIT
    case "$trec_eval_build/" in "$root"/*) echo "$name: the temporary directory $trec_eval_build is inside the repository" >&2; exit 2 ;; esac
    cp -R "$TREC_EVAL_SRC"/. "$trec_eval_build"/
    echo "$name: building trec_eval in $trec_eval_build with its Makefile..." >&2
    make -C "$trec_eval_build" trec_eval >/dev/null
    trec_eval="$trec_eval_build/trec_eval"
  else
    echo "$name: set TREC_EVAL (a trec_eval binary) or TREC_EVAL_SRC (a checkout of usnistgov/trec_eval)" >&2
    exit 2
  fi
  [ -x "$trec_eval" ] || { echo "$name: $trec_eval is not executable" >&2; exit 2; }
}

# byte_scan: the JVM floor (bench/ByteScan.java), compiled into $data/bytescan when the source is
# newer; sets byte_scan to the command's words before the run file.
byte_scan_build() {
  if [ ! -f "$data/bytescan/ByteScan.class" ] || [ bench/ByteScan.java -nt "$data/bytescan/ByteScan.class" ]; then
    javac --release 17 -d "$data/bytescan" bench/ByteScan.java
  fi
  byte_scan=(java "${launcher_opts[@]}" -cp "$data/bytescan" ByteScan)
}

# library_eval_build: bench/LibraryEval.java (caliber's library path without the command line),
# compiled against the jar into $data/libeval when the source or the jar is newer; sets library_eval
# to the command's words before the judgments and the run (the launcher's options and archive).
library_eval_build() {
  local jar=caliber-cli/target/caliber.jar
  if [ ! -f "$data/libeval/LibraryEval.class" ] || [ bench/LibraryEval.java -nt "$data/libeval/LibraryEval.class" ] \
    || [ "$jar" -nt "$data/libeval/LibraryEval.class" ]; then
    javac --release 17 -cp "$jar" -d "$data/libeval" bench/LibraryEval.java
  fi
  local jsa
  jsa="$(ls caliber-cli/target/caliber-cds*.jsa 2>/dev/null | head -1)"
  library_eval=(java ${jsa:+-XX:SharedArchiveFile=$jsa} "${launcher_opts[@]}" -cp "$jar:$data/libeval" LibraryEval)
}

# timed NAME COMMAND...: runs COMMAND (its output discarded) and appends one GNU time line
# "NAME|user sys elapsed max-RSS-KiB" to $times; fails as the command fails.
timed() {
  local name="$1"
  shift
  /usr/bin/time -a -o "$times" -f "$name|%U %S %e %M" "$@" > /dev/null
}
