# Sourced by run-job-bench.sh and run-robustness.sh, which take the same bundle of a JRE and the
# job's jars (DIR/part-K) and run it the same way on the GPU machine.

# job_bundle_args "$@": sets mode (bundle or run), dir and repo; otherwise prints the caller's
# usage, its leading comment, and exits 2.
job_bundle_args() {
  mode=${1:-}
  dir=${2:-}
  if [ -z "$dir" ] || { [ "$mode" != bundle ] && [ "$mode" != run ]; }; then
    sed -n '2,/^[^#]/{/^#/p}' "$0" >&2
    exit 2
  fi
  repo=$(cd "$(dirname "$0")/../.." && pwd)
}

# job_bundle_run OUT: in run mode, makes dir absolute and OUT (out); sets java, the JVM options
# Spark and the prover need but the heap (jvm, with the module openings alone in opens), the jars'
# class path (cp), where parameters and runs are kept (params, runs); writes OUT/device.txt.
job_bundle_run() {
  dir=$(cd "$dir" && pwd)
  mkdir -p "$1"
  out=$(cd "$1" && pwd)
  java="$dir/part-1/jre/bin/java"
  opens=()
  for p in java.lang java.lang.invoke java.nio sun.nio.ch java.util java.util.concurrent java.net java.io \
           sun.nio.cs sun.security.action sun.util.calendar; do
    opens+=("--add-opens=java.base/$p=ALL-UNNAMED")
  done
  jvm=(-Xss8m "${opens[@]}" --add-modules=jdk.incubator.vector -Dlog4j2.configurationFile="$repo/deploy/conf/log4j2.properties")
  cp=$(ls -d "$dir"/part-*/jars | sed 's|$|/*|' | paste -sd: -)
  params="$dir/params"
  runs="$dir/runs"
  { nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || echo "no nvidia-smi"; } | tee "$out/device.txt"
  nproc | sed 's/^/cpu cores: /' | tee -a "$out/device.txt"
}
