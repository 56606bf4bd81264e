#!/usr/bin/env bash
# Load and a GPU fault, on a GPU machine that has a driver but no Java (an H200): issue 30's device
# checks, each ending in a PASS or FAIL line.
#
#   deploy/gpu/run-robustness.sh bundle DIR   (here, with nvcc and a JDK) builds DIR as
#       deploy/gpu/run-job-bench.sh bundle does (a JRE and the job's jars in parts that each fit one call)
#       and adds DIR/part-tests: spark-job's test classes (the fault workload and the checks).
#   deploy/gpu/run-robustness.sh run DIR OUT  (on the GPU machine) runs the stages of STAGES
#       (default "load fault") and leaves each one's log, report and check in OUT/<stage>:
#     load:  c2spark run (embedded local Spark, GPU 0) seals SECTORS (default 1000) 2KiB demo sectors
#            and proves them in one batch (local[LOCAL_SLOTS], default 4; c2spark.gpu.workersPerDevice
#            WORKERS, default 2; c2spark.sectors.inFlight IN_FLIGHT, default 16), then LoadCheck:
#            none lost, none proven twice, every proof verified again apart from the driver, and the
#            throughput.
#     fault: GpuFaultCheck: FAULT_SECTORS (default 8) 2KiB sectors on a standalone worker whose
#            executors are separate JVMs (local-cluster, GPU 0 from Spark, two tasks at once on it),
#            a CUDA error injected into one proof: the device is marked unhealthy, the executor exits
#            (code 20), a new one proves its partitions, every proof verified; the executors' logs
#            are kept in OUT/fault/executors.
#   The 2KiB test parameters are made once in DIR/params (CPU), the sealed sectors kept in DIR/runs.
#
# Device-tool calls: one per part while the machine stays warm (ignored files left there survive
# between calls), the last one running the checks with the test classes:
#   run(command: "true", carry: [".device/robust/part-1"]) ... then
#   run(command: "deploy/gpu/run-robustness.sh run .device/robust $OUT",
#       carry: [".device/robust/part-N", ".device/robust/part-tests"])
# The notebooks then read the load's report here: C2SPARK_REPORT=OUT/load jupyter nbconvert --execute ...
set -euo pipefail
. "$(dirname "$0")/job-bundle.sh"
job_bundle_args "$@"

if [ "$mode" = bundle ]; then
  "$repo/deploy/gpu/run-job-bench.sh" bundle "$dir"
  dir=$(cd "$dir" && pwd)
  rm -rf "$dir/part-tests"
  mkdir -p "$dir/part-tests"
  cp -r "$repo/spark-job/target/test-classes" "$dir/part-tests/test-classes"
  du -sh "$dir/part-tests"
  exit 0
fi

out=${3:?usage: run-robustness.sh run DIR OUT}
job_bundle_run "$out"
export JAVA_HOME="$dir/part-1/jre"
tests="$dir/part-tests/test-classes"
mkdir -p "$params" "$runs"
status=0

for stage in ${STAGES:-load fault}; do
  mkdir -p "$out/$stage"
  case $stage in
    load)
      sectors=${SECTORS:-1000}
      rm -rf "$runs/load"
      start=$(date +%s%N)
      "$java" -Xmx64g "${jvm[@]}" -cp "$cp" io.c2spark.spark.cli.C2SparkMain run --master "local[${LOCAL_SLOTS:-4}]" \
        --output "$runs/load" --demo-sectors "$sectors" --set c2spark.local.gpus=0 --set "c2spark.params.dir=$params" \
        --set "c2spark.gpu.workersPerDevice=${WORKERS:-2}" --set c2spark.params.preload=2KiB \
        --set "c2spark.sectors.inFlight=${IN_FLIGHT:-16}" --set c2spark.progress.intervalSeconds=10 \
        > "$out/load/run.log" 2>&1 || { status=1; tail -40 "$out/load/run.log"; }
      echo "wall $(( ($(date +%s%N) - start) / 1000000 )) ms (sealing, parameters and proving)" | tee -a "$out/load/run.log"
      grep -v '^c2spark run: sealed demo sector' "$out/load/run.log" | tail -8
      cp "$runs/load"/report-*.jsonl "$out/load/" 2>/dev/null || true
      "$java" -Xmx16g "${jvm[@]}" -cp "$tests:$cp" io.c2spark.spark.robustness.LoadCheck "$runs/load/demo/c1" \
        "$runs/load" "$params" 2>&1 | tee "$out/load/check.log"
      [ "${PIPESTATUS[0]}" = 0 ] || status=1
      ;;
    fault)
      # The standalone worker starts executors from SPARK_HOME/jars: every jar of the bundle.
      export SPARK_HOME="$dir/spark-home" SPARK_SCALA_VERSION=2.13
      rm -rf "$SPARK_HOME" "$runs/fault/out" "$runs/fault/fault-marker"
      mkdir -p "$SPARK_HOME/jars" "$runs/fault"
      ln -s "$dir"/part-*/jars/*.jar "$SPARK_HOME/jars/"
      "$java" -Xmx8g "${jvm[@]}" -Dc2spark.repo="$repo" -Dc2spark.executorJavaOptions="${opens[*]} --add-modules=jdk.incubator.vector" \
        -cp "$tests:$cp" io.c2spark.spark.robustness.GpuFaultCheck "$params" "$runs/fault" "${FAULT_SECTORS:-8}" "$tests" \
        > "$out/fault/check.log" 2>&1 || status=1
      grep '^\[gpu fault\]\|c2spark run\|c2spark: ' "$out/fault/check.log" | grep -v 'sealed demo sector' | tail -20
      cp "$runs/fault/out"/report-*.jsonl "$out/fault/" 2>/dev/null || true
      mkdir -p "$out/fault/executors"
      find "$SPARK_HOME/work" -name stderr 2>/dev/null | while read -r f; do
        cp "$f" "$out/fault/executors/$(echo "${f#"$SPARK_HOME"/work/}" | tr / _)"
      done
      ;;
    *)
      echo "unknown stage $stage (load, fault)" >&2
      status=2
      ;;
  esac
done
echo "==== summary"
grep -h '^\[load\] \(PASS\|FAIL\)\|^\[gpu fault\] \(PASS\|FAIL\)' "$out"/*/check.log 2>/dev/null || true
exit $status
