#!/usr/bin/env bash
# Runs on the GPU machine from a bundle made by deploy/gpu/run-gpu-suite.sh: the gpu-tagged tests,
# then the benchmarks. Usage: run.sh OUT_DIR. Extra JVM system properties go in BENCH_OPTS, e.g.
# BENCH_OPTS="-Dc2spark.bench.msm=24 -Dc2spark.bench.msmWindows=16,18,20".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUT_DIR}
mkdir -p "$out"
java="$here/jre/bin/java"
cp="$here/test-classes:$(ls "$here"/lib/*.jar | tr '\n' ':')"
opts="-Xmx64g -Xss8m ${BENCH_OPTS:-}"
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv,noheader | tee "$out/gpu.txt"
status=0
if [ "${SKIP_TESTS:-0}" != 1 ]; then
  "$java" $opts -cp "$cp" io.c2spark.gpu.GpuSuite 2>&1 | tee "$out/gpu-tests.log"
  status=${PIPESTATUS[0]}
fi
if [ "${SKIP_BENCH:-0}" != 1 ]; then
  "$java" $opts -cp "$cp" io.c2spark.gpu.GpuBench "$out" 2>&1 | tee "$out/bench.log"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
fi
echo "==== summary"
grep -h "^\[gpu test\]\|^\[gpu tests\]" "$out/gpu-tests.log" 2>/dev/null | grep -v "SUCCESSFUL" || true
grep -h "^\[gpu tests\]" "$out/gpu-tests.log" 2>/dev/null || true
grep -h "^\[gpu prover\]" "$out/gpu-tests.log" 2>/dev/null || true
grep -h "^\[bench\]" "$out/bench.log" 2>/dev/null || true
exit $status
