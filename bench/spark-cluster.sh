#!/usr/bin/env bash
# caliber on a Spark standalone cluster on loopback (docs/SPARK.md), against the CLI on the same
# data; run on demand, never in CI. About 4 minutes on 2 idle cores, more under other work.
#
#   bench/spark-cluster.sh [--runs 17] [--queries N --docs N] [--keep]
#
# No Spark distribution: the master, the workers and the executors run from the class path that
# ./caliber-spark-local builds (caliber-spark/target/classpath.txt, Spark included, and the module's
# jar), with its JVM options file and log4j2 configuration. Three setups, each on a fresh cluster
# of a master and workers of 1 core and 2 GB: (a) two workers; (b) two workers, one of them killed
# mid-job (kill -9 of the worker and its executor: see kill_worker); (c) one worker. The job
# (dev.caliber.spark.CaliberSparkJob) runs through ./caliber-spark-local with the cluster as its
# master: the driver is that JVM (client mode). Workloads: W1/7 (bench/GenerateWorkload.java, 1,000
# queries x 1,000 documents, 1M lines, seed 1, kept in bench/data/w1k.* as bench/spark.sh keeps
# it; --queries and --docs: a run of that size instead, made in the temporary folder) and --runs
# of the 17 TREC 2003 robust runs of data/ (named r01, r02, ..., cycled past 17; 0: none). Each
# report must be the same bytes as ./caliber evaluate's on the same arguments: the script fails at
# the end if one is not, or if a job failed. Wall seconds under GNU time, one run each (the
# cluster's start is not counted), and the load average after each. Writes
# bench/data/spark-cluster-results.md and prints it. Everything it starts is killed on exit, and
# its temporary folder removed (--keep keeps it: the daemons' and executors' logs, event logs).
# CALIBER_JAVA_OPTS is passed on to the driver (e.g. -Dspark.sql.shuffle.partitions=8).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
queries=1000
docs=1000
runs=17
w1k=1
keep=0
usage="usage: bench/spark-cluster.sh [--runs N] [--queries N --docs N] [--keep]"
while [ $# -gt 0 ]; do
  case "$1" in
    --queries) queries="$2"; w1k=0; shift 2 ;;
    --docs) docs="$2"; w1k=0; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
name=bench/spark-cluster.sh
command -v /usr/bin/time >/dev/null || { echo "$name: GNU time is missing (apt-get install -y time)" >&2; exit 2; }
command -v pgrep >/dev/null || { echo "$name: pgrep is missing (apt-get install -y procps)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "$name: python3 is missing (apt-get install -y python3)" >&2; exit 2; }
case "$root" in *[[:space:]]*) echo "$name: the class path goes through CALIBER_JAVA_OPTS, which splits at spaces: $root has one" >&2; exit 2 ;; esac
data=bench/data
mkdir -p "$data"
# shellcheck source=bench/lib.sh
. bench/lib.sh
measures=(--compat trec_eval -m RR@10 -m R@1000 -m nDCG@10 -m AP --format trec)
out="$data/spark-cluster-results.md"

# Build both launchers outside the timings; the cluster runs from the Spark launcher's class path.
./caliber --version >/dev/null
./caliber-spark-local --help >/dev/null
jar="$(ls -t caliber-spark/target/caliber-spark-*.jar | grep -v -e '-sources\.jar$' -e '-javadoc\.jar$' | head -1)"
cp="$root/$jar:$(cat caliber-spark/target/classpath.txt)"

tmp="$(mktemp -d)"
case "$tmp/" in "$root"/*) echo "$name: the temporary directory $tmp is inside the repository" >&2; exit 2 ;; esac
# The pids of the master, the workers and the driver's GNU time started here and not yet reaped
# (a reaped pid may be another process's by now).
declare -A started

# kill_tree PID: PID's descendants (a worker's executors, GNU time's JVM), then PID, at once (-9).
kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null || true); do kill_tree "$child"; done
  kill -9 "$1" 2>/dev/null || true
}
cleanup() {
  local pid
  { # quiet: no "Killed" line per process
    for pid in "${!started[@]}"; do kill_tree "$pid"; done
    for pid in "${!started[@]}"; do wait "$pid" || true; done
    # A last look: any process whose command line names the temporary directory (each JVM started
    # here does: its java.io.tmpdir) is one of ours.
    for pid in $(pgrep -f -- "$tmp" || true); do kill -9 "$pid" || true; done
  } 2>/dev/null
  if [ "$keep" = 1 ]; then echo "$name: kept $tmp (logs, work folders, event logs)" >&2; else rm -rf "$tmp"; fi
}
# reap PID: waits for PID (started here) to end; fails as it fails.
reap() {
  local status=0
  wait "$1" 2>/dev/null || status=$? # quiet: no "Killed" line for a worker killed on purpose
  unset 'started[$1]'
  return "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
: > "$tmp/kills"

# The worker starts each executor with Spark's launcher, which builds the class path from a Spark
# home (its jars folder, required to exist) and the Scala version: an empty home here, and
# spark.executor.extraClassPath carries the whole class path (all on one machine). Spark adds its
# module options (the ones in caliber-spark/conf/jvm-options) to the executors' JVMs itself.
# Spark's scratch space (shuffle files, block managers) and the JVMs' temporary files go to the
# temporary directory too: a JVM killed with -9 cannot remove its own.
mkdir -p "$tmp/spark-home/jars" "$tmp/local" "$tmp/java-tmp"
export SPARK_LOCAL_IP=127.0.0.1 SPARK_HOME="$tmp/spark-home" SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_DIRS="$tmp/local"
# The daemons: the launcher's JVM options and log configuration (warnings only), Spark's default
# daemon heap (1 GB). Executors keep Spark's default logging (INFO) in their worker's work folder:
# its "Running task" lines tell when the job has tasks on a worker.
daemon=(java -Xlog:disable -Xlog:all=warning:stderr @"$root/caliber-spark/conf/jvm-options"
  -Dlog4j2.configurationFile="$root/caliber-spark/conf/log4j2.properties" -Djava.io.tmpdir="$tmp/java-tmp" -Xmx1g -cp "$cp")
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# alive_workers: the master's count of alive workers (its web UI's JSON), empty while it is not up.
alive_workers() {
  python3 - "http://127.0.0.1:$ui/json/" <<'PY' 2>/dev/null || true
import json, sys, urllib.request
print(json.load(urllib.request.urlopen(sys.argv[1], timeout=2))["aliveworkers"])
PY
}
# wait_workers N: until the master counts N alive workers; fails with the logs after 90 s, or at
# once if the master has exited (a port taken, say).
wait_workers() {
  local i n
  for i in $(seq 1 180); do
    n="$(alive_workers)"
    [ "$n" = "$1" ] && return 0
    kill -0 "$master_pid" 2>/dev/null || break
    sleep 0.5
  done
  echo "$name: the master at spark://127.0.0.1:$port (web UI port $ui) counts ${n:-no} alive workers, not $1," \
    "after $((i / 2)) s$(kill -0 "$master_pid" 2>/dev/null || echo '; the master has exited'); the logs:" >&2
  tail -n 20 "$tmp"/*.log >&2
  exit 1
}
starts=0
# start_worker I: starts worker I (its own work folder), sets worker_pid[I].
declare -A worker_pid worker_dir
start_worker() {
  starts=$((starts + 1))
  worker_dir[$1]="$tmp/worker$1.$starts"
  mkdir -p "${worker_dir[$1]}"
  "${daemon[@]}" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory 2g \
    --work-dir "${worker_dir[$1]}" --webui-port "$(free_port)" "spark://127.0.0.1:$port" \
    > "$tmp/worker$1.$starts.log" 2>&1 &
  worker_pid[$1]=$!
  started[$!]=1
}
# start_cluster N: a master and N workers, on fresh ports; waits until all are up.
start_cluster() {
  port="$(free_port)"
  ui="$(free_port)"
  "${daemon[@]}" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" --webui-port "$ui" \
    > "$tmp/master.$port.log" 2>&1 &
  master_pid=$!
  started[$!]=1
  local i
  for i in $(seq 1 "$1"); do start_worker "$i"; done
  wait_workers "$1"
}
stop_cluster() {
  local i
  for i in "${!worker_pid[@]}"; do kill_tree "${worker_pid[$i]}"; reap "${worker_pid[$i]}" || true; done
  kill_tree "$master_pid"
  reap "$master_pid" || true
  worker_pid=()
}

# The driver's settings, through ./caliber-spark-local's CALIBER_JAVA_OPTS: the temporary folder,
# the executors' class path, heap (1 GB, Spark's default, said here) and temporary folder, and an
# event log per job, read afterwards (lost).
jobs=0
# spark_job ARGS...: the job on the cluster under GNU time, in the background; sets job (GNU time's
# pid) and events (the job's event log folder).
spark_job() {
  jobs=$((jobs + 1))
  events="$tmp/events.$jobs"
  mkdir -p "$events"
  CALIBER_SPARK_MASTER="spark://127.0.0.1:$port" \
  CALIBER_JAVA_OPTS="-Djava.io.tmpdir=$tmp/java-tmp -Dspark.executor.extraClassPath=$cp -Dspark.executor.memory=1g
    -Dspark.executor.extraJavaOptions=-Djava.io.tmpdir=$tmp/java-tmp -Dspark.eventLog.enabled=true
    -Dspark.eventLog.dir=file:$events -Dspark.eventLog.compress=false ${CALIBER_JAVA_OPTS:-}" \
    /usr/bin/time -o "$tmp/time" -f '%e' ./caliber-spark-local "$@" > "$tmp/spark.out" 2> "$tmp/spark.err" &
  job=$!
  started[$!]=1
}

# tasks_on I: how many tasks the executors in worker I's work folder have started (their logs'
# "Running task" lines), in the application folders not named in $apps_before.
tasks_on() {
  local app n=0
  for app in "${worker_dir[$1]}"/app-*; do
    case " $apps_before " in *" ${app##*/} "*) continue ;; esac
    n=$((n + $(cat "$app"/*/stderr 2>/dev/null | grep -c 'Running task' || true)))
  done
  echo "$n"
}
# kill_worker I: kills worker I and its executor together (kill -9 both: a machine lost, not a
# graceful stop) mid-job: once the job's executor there has started its $kill_task-th task and
# has a task running (more "Running task" lines in its log than "Finished task" lines). Sets
# killed to what was done and when, empty if the job ended first.
kill_worker() {
  local app log begun exec_pid task
  killed=""
  while kill -0 "$job" 2>/dev/null; do
    for app in "${worker_dir[$1]}"/app-*; do
      case " $apps_before " in *" ${app##*/} "*) continue ;; esac
      log="$(cat "$app"/*/stderr 2>/dev/null || true)"
      begun="$(grep -c 'Running task' <<< "$log" || true)"
      [ "$begun" -ge "$kill_task" ] && [ "$begun" -gt "$(grep -c 'Finished task' <<< "$log" || true)" ] || continue
      exec_pid="$(pgrep -P "${worker_pid[$1]}" -f CoarseGrainedExecutorBackend || true)"
      kill -9 "${worker_pid[$1]}" $exec_pid 2>/dev/null || true
      task="$(grep -o 'Running task .* in stage [0-9.]*' <<< "$log" | tail -n 1 | sed 's/Running //')"
      killed="kill -9 of worker $1 and its executor $(( SECONDS - submitted )) s after submission, its"
      killed+=" log showing its task number $begun started and not finished ($task)"
      [ -n "$exec_pid" ] || killed+="; no executor process was found: the worker alone was killed"
      return 0
    done
    sleep 0.1
  done
}

# lost: from the job's event log (Spark 4 writes a folder of files per application), executors
# removed, tasks that did not succeed, tasks run and stages run (each attempt, each stage run again
# for a lost executor's shuffle output): beside (a)'s, the work that (b)'s kill cost.
lost() {
  python3 - "$events" <<'PY'
import json, os, sys
removed = failed = tasks = stages = 0
for folder, _, files in os.walk(sys.argv[1]):
    for name in files:
        with open(os.path.join(folder, name)) as f:
            events = [json.loads(line) for line in f if line.startswith("{")]
        for e in events:
            kind = e.get("Event")
            if kind == "SparkListenerExecutorRemoved":
                removed += 1
            elif kind == "SparkListenerTaskEnd":
                tasks += 1
                failed += e["Task End Reason"]["Reason"] != "Success"
            elif kind == "SparkListenerStageSubmitted":
                stages += 1
print(f"{removed} / {failed} / {tasks} / {stages}")
PY
}

bad=0
# row SETUP VICTIM: the job on the cluster as it stands, on $job_args, worker VICTIM (or 0: none)
# killed mid-job (kill_worker); one table row of $workload. If VICTIM was to be killed at a task
# later than its first and the job ended first, sets unkilled and writes no row (run it again with
# kill_task=1); a job that ends unkilled at kill_task=1 is a failure of the script.
row() {
  local setup="$1" victim="$2" status=0 same
  unkilled=0
  apps_before=""
  [ "$victim" = 0 ] || apps_before="$(ls "${worker_dir[$victim]}" | tr '\n' ' ')"
  submitted=$SECONDS
  spark_job "${job_args[@]}"
  killed=""
  [ "$victim" = 0 ] || kill_worker "$victim"
  reap "$job" || status=$?
  # GNU time's last line (a failed command's comes after "Command exited with non-zero status N").
  wall="$(tail -n 1 "$tmp/time")"
  if [ "$victim" != 0 ] && [ -z "$killed" ]; then
    echo "- $workload, $setup: not killed: the job ended before worker $victim's executor ran its task number $kill_task." >> "$tmp/kills"
    if [ "$kill_task" != 1 ]; then unkilled=1; return 0; fi
    echo "$name: $workload, $setup: worker $victim was not killed: the job ran no task there" >&2
    bad=1
  fi
  if [ "$status" != 0 ]; then
    same="no: the job failed (exit $status)"
    echo "$name: $workload, $setup: the Spark job failed (exit $status):" >&2
    tail -n 20 "$tmp/spark.err" >&2
    bad=1
  elif cmp -s "$tmp/cli.out" "$tmp/spark.out"; then
    same=yes
  else
    same=no
    echo "$name: $workload, $setup: THE SPARK JOB'S REPORT DIFFERS FROM THE CLI'S" >&2
    bad=1
  fi
  [ -z "$killed" ] || echo "- $workload, $setup: $killed." >> "$tmp/kills"
  echo "| $workload | $setup | $wall | $same | $(lost) | $(cut -d' ' -f1-3 /proc/loadavg) |" >> "$out"
}

# The workloads, made once: workload_args W sets job_args to workload W's arguments (0: the
# generated run, 1: the robust sweep) and workload to its name. Every path is absolute: an
# executor's working directory is its folder in the worker's work folder, and the job hands a local
# run's path to the task that reads it as it was given.
if [ "$w1k" = 1 ]; then
  gen_run="$root/$data/w1k.run"
  gen_qrels="$root/$data/w1k.qrels"
else
  gen_run="$tmp/gen.run"
  gen_qrels="$tmp/gen.qrels"
fi
[ -f "$gen_run" ] && [ -f "$gen_qrels" ] \
  || java bench/GenerateWorkload.java --queries "$queries" --docs "$docs" --seed 1 --run "$gen_run" --qrels "$gen_qrels"
shared="$root/data/trec2003-robust"
mapfile -t robust < <(ls "$shared"/runs/*.gz | sort)
workload_args() {
  if [ "$1" = 0 ]; then
    workload="generated: $queries queries x $docs docs ($(( queries * docs / 1000 ))k lines)"
    [ "$w1k" = 0 ] || workload="W1/7: 1,000 queries x 1,000 docs (1M lines)"
    job_args=(--qrels "$gen_qrels" --run "gen=$gen_run")
  else
    workload="sweep: $runs robust run$([ "$runs" = 1 ] || echo s) (about $(( runs * 88 ))k lines)"
    job_args=(--qrels "$shared/qrels/robust03_qrels.txt.gz")
    local i
    for i in $(seq 1 "$runs"); do
      job_args+=(--run "$(printf 'r%02d' "$i")=${robust[$(( (i - 1) % ${#robust[@]} ))]}")
    done
  fi
  job_args+=("${measures[@]}")
}

{
  echo "# caliber-spark on a standalone cluster on loopback against the CLI ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  machine
  echo
  echo "Workers of 1 core and 2 GB, executors of 1 GB; one run each, whole process (the driver's JVM;"
  echo "the cluster's start not counted). From the job's event log: executors lost, tasks failed,"
  echo "tasks run, stages run (attempts and stages run again included)."
  echo
  echo "| workload | setup | wall s | identical to CLI | lost / failed / tasks / stages | load average after |"
  echo "| --- | --- | ---: | --- | --- | --- |"
} > "$out"

workloads=(0)
[ "$runs" = 0 ] || workloads+=(1)
for w in "${workloads[@]}"; do
  workload_args "$w"
  ./caliber evaluate "${job_args[@]}" > "$tmp/cli.out"
  /usr/bin/time -o "$tmp/time" -f '%e' ./caliber evaluate "${job_args[@]}" > /dev/null
  echo "| $workload | CLI (./caliber evaluate) | $(cat "$tmp/time") | | | $(cut -d' ' -f1-3 /proc/loadavg) |" >> "$out"
  start_cluster 2
  row "(a) two workers" 0
  # (b) kills worker 2 halfway through its share of (a): at the task of the job's executor there
  # that is half of those its executor in (a) started (the first if the job ends before that).
  apps_before=""
  kill_task=$(( ($(tasks_on 2) + 1) / 2 ))
  [ "$kill_task" -ge 1 ] || kill_task=1
  row "(b) two workers, one killed" 2
  if [ "$unkilled" = 1 ]; then kill_task=1; row "(b) two workers, one killed" 2; fi
  stop_cluster
  start_cluster 1
  row "(c) one worker" 0
  stop_cluster
done
{
  echo
  echo "How each worker was killed:"
  echo
  cat "$tmp/kills"
} >> "$out"
cat "$out"
if [ "$bad" != 0 ]; then
  echo "$name: FAILED: a Spark job failed or its report differs from the CLI's (above)" >&2
  exit 1
fi
