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
