#!/usr/bin/env bash
# Runs on the GPU machine from a bundle made by deploy/gpu/run-gpu-suite.sh: the gpu-tagged tests,
# the kernel benchmarks, then the prover's timeline and throughput benchmark. Usage: run.sh OUT_DIR.
# SKIP_TESTS=1, SKIP_BENCH=1, SKIP_PROVER_BENCH=1 leave a stage out (all three take more than the
# device tool's 10 minutes per call); SETUP_BENCH=1 adds the parameter generation benchmark
# (SetupBench: fixed-base encoding, the QAP at tau, the 32GiB projection). LOAD_BENCH_PARAMS=DIR
# (with LOAD_BENCH_SIZE, default 32GiB) adds the parameter load benchmark over the `c2spark params`
# files in DIR, run with -Xmx16g as the job's executors are: load time and rate, heap in use and
# peak RSS, resident and streamed. Extra JVM system properties go in BENCH_OPTS (GpuSuite takes
# -Dc2spark.gpu.tests=Class,setup.Class), e.g.
# BENCH_OPTS="-Dc2spark.bench.msm=24 -Dc2spark.bench.msmWindows=16,18,20" or
# BENCH_OPTS="-Dc2spark.bench.sizes=8MiB -Dc2spark.bench.partitions=24 -Dc2spark.bench.workers=1,2,4".
# FATBIN=path runs everything with that fatbin instead of the jar's (it goes first on the class
# path), so one call can compare kernel variants built here with C2S_ARCHS=90.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUT_DIR}
mkdir -p "$out"
java="$here/jre/bin/java"
cp="$here/test-classes:$(ls "$here"/lib/*.jar | tr '\n' ':')"
if [ -n "${FATBIN:-}" ]; then
  override=$(mktemp -d)
  mkdir -p "$override/io/c2spark/cuda"
  cp "$FATBIN" "$override/io/c2spark/cuda/c2spark.fatbin"
  cp="$override:$cp"
  echo "fatbin: $FATBIN ($(md5sum < "$FATBIN" | cut -c1-12))" | tee "$out/fatbin.txt"
fi
opts="-Xmx64g -Xss8m --add-modules=jdk.incubator.vector ${BENCH_OPTS:-}"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee "$out/gpu.txt"
status=0
if [ "${SKIP_TESTS:-0}" != 1 ]; then
  "$java" $opts -cp "$cp" io.c2spark.gpu.GpuSuite 2>&1 | tee "$out/gpu-tests.log"
  status=${PIPESTATUS[0]}
fi
if [ "${SKIP_BENCH:-0}" != 1 ]; then
  "$java" $opts -cp "$cp" io.c2spark.gpu.GpuBench "$out" 2>&1 | tee "$out/bench.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
  # The MSM's mixed-addition loop alone (native-cuda/probe/madd_probe.cu), G1 and G2.
  "$here/madd_probe" 2>&1 | tee "$out/madd-probe.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
fi
if [ "${SETUP_BENCH:-0}" = 1 ]; then
  "$java" $opts -cp "$cp" io.c2spark.gpu.setup.SetupBench "$out" 2>&1 | tee "$out/setup-bench.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
fi
if [ "${SKIP_PROVER_BENCH:-0}" != 1 ]; then
  "$java" $opts -cp "$cp" io.c2spark.gpu.prover.ProverThroughputBench "$out" 2>&1 | tee "$out/prover-bench.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
fi
if [ -n "${LOAD_BENCH_PARAMS:-}" ]; then
  "$java" -Xmx16g -Xss8m --add-modules=jdk.incubator.vector ${BENCH_OPTS:-} -cp "$cp" io.c2spark.bench.ParameterLoadBench \
    "$LOAD_BENCH_PARAMS" "${LOAD_BENCH_SIZE:-32GiB}" "$out" 2>&1 | tee "$out/parameter-load.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
fi
echo "==== summary"
grep -h "^\[gpu test\]\|^\[gpu tests\]" "$out/gpu-tests.log" 2>/dev/null | grep -v "SUCCESSFUL" || true
grep -h "^\[gpu tests\]" "$out/gpu-tests.log" 2>/dev/null || true
grep -h "^\[gpu prover\]\|^\[gpu params\]" "$out/gpu-tests.log" 2>/dev/null || true
grep -h "^\[bench\]" "$out/bench.log" 2>/dev/null || true
grep -h "additions/s" "$out/madd-probe.log" 2>/dev/null || true
grep -h "^\[setup bench\]" "$out/setup-bench.log" 2>/dev/null || true
grep -h "^\[setup\]\|^\[timeline\]\|^\[throughput\]" "$out/prover-bench.log" 2>/dev/null || true
grep -h "^\[load\]" "$out/parameter-load.log" 2>/dev/null || true
exit $status
