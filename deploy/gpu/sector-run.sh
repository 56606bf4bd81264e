#!/usr/bin/env bash
# Runs on the GPU machine from a bundle made by deploy/gpu/run-gpu-suite.sh (which copies this
# script beside run.sh): the production sizes end to end, one phase per call, so that each fits in
# a device call and a later call finds what an earlier one left in WORK (the machine's /tmp lives as
# long as the machine). Usage: sector-run.sh PHASE SIZE WORK OUT
#   params   c2spark params --backend gpu --seed (SEED, default fixed) into WORK/params, then
#            params-check of SAMPLES random points per section (default 10000) on the CPU
#   prove    synth-c1 --seed (C1_SEED) -> WORK/c1.json; prove --backend gpu (-Xmx16g) with
#            --snarkjs-out; verify; PROVE_OPTS adds JVM options (e.g. -Dc2spark.gpu.streamParams=true,
#            -Dc2spark.gpu.workers=1, -Dc2spark.gpu.maxHCopies=1)
#   profile  as prove, with --profile: each partition's device phases (profile.log), no snarkjs files
#   corrupt  32GiB only, after params: the gpu test CorruptedWitness32GiBTest over WORK/params (a
#            flipped witness value in two partitions: their proofs do not verify, nothing is written)
#   steady   SECTORS (default 4) synthetic sectors back to back in one process (SteadyStateBench,
#            -Xmx20g): each sector's wall time and the sectors an hour after the first (steady.log)
#   load     the parameter load benchmark over WORK/params, resident and streamed (-Xmx16g)
#   graph    sdr-graph for SIZE, V1_1 then V1
#   clean    removes WORK
# BACKEND=cpu runs params, prove, profile and steady on the CPU (a dry run of the script at 2KiB on any
# machine).
# OUT receives the logs and the small files a run leaves (.vk, sector.proof, c1.seed, snarkjs JSON).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
phase=${1:?usage: sector-run.sh PHASE SIZE WORK OUT}
size=${2:?size}
work=${3:?work dir}
out=${4:?out dir}
mkdir -p "$work" "$out"
java="$here/jre/bin/java"
cp="$here/test-classes:$(ls "$here"/lib/*.jar | tr '\n' ':')"
seed=${SEED:-00000000000000000000000000000000000000000000000000000000000000a1}
c1seed=${C1_SEED:-0000000000000000000000000000000000000000000000000000000000000032}
cli() { "$java" "$@"; }
stamp() { echo "$(date -u +%T) $*" | tee -a "$out/times.txt"; }
stamp "$phase $size start"
case "$phase" in
  params)
    df -h "$work" | tail -1 | tee "$out/disk-before.txt"
    cli -Xmx20g -Xss8m --add-modules=jdk.incubator.vector -cp "$cp" io.c2spark.cli.C2SparkCli \
      params --sector-size "$size" --backend "${BACKEND:-gpu}" --seed "$seed" --out "$work/params" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/params.log"
    status=${PIPESTATUS[0]}
    ls -l "$work/params" | tee -a "$out/params.log"
    stamp "params generated (status $status)"
    cp "$work/params/"*.vk "$out/" 2>/dev/null
    if [ "$status" = 0 ] && [ "${SAMPLES:-10000}" != 0 ]; then
      stem=$(ls "$work/params/"*.params | sed 's/\.params$//')
      cli -Xmx20g -Xss8m --add-modules=jdk.incubator.vector -cp "$cp" io.c2spark.cli.C2SparkCli \
        params-check --params "$stem.params" --shape "$stem.shape" --seed "$seed" --samples "${SAMPLES:-10000}" 2>&1 \
        | grep -v "^WARNING: Using incubator" | tee "$out/params-check.log"
      status=${PIPESTATUS[0]}
      stamp "params checked (status $status)"
    fi
    ;;
  prove)
    echo "$c1seed" > "$out/c1.seed"
    opts="-Xmx16g -Xss8m --add-modules=jdk.incubator.vector ${PROVE_OPTS:-}"
    cli $opts -cp "$cp" io.c2spark.cli.C2SparkCli synth-c1 --sector-size "$size" --seed "$c1seed" \
      --out "$work/c1.json" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/synth-c1.log"
    rm -rf "$work/snarkjs"
    cli $opts -cp "$cp" io.c2spark.cli.C2SparkCli prove --backend "${BACKEND:-gpu}" --c1 "$work/c1.json" --params "$work/params" \
      --out "$work/sector.proof" --snarkjs-out "$work/snarkjs" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/prove.log"
    status=${PIPESTATUS[0]}
    stamp "proved (status $status)"
    if [ "$status" = 0 ]; then
      cp "$work/sector.proof" "$out/"
      vk=$(ls "$work/params/"*.vk)
      cli -Xmx4g -Xss8m --add-modules=jdk.incubator.vector -cp "$cp" io.c2spark.cli.C2SparkCli verify --c1 "$work/c1.json" \
        --vk "$vk" --proof "$work/sector.proof" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/verify.log"
      status=${PIPESTATUS[0]}
      tar czf "$out/snarkjs.tgz" -C "$work" snarkjs
    fi
    ;;
  profile)
    opts="-Xmx16g -Xss8m --add-modules=jdk.incubator.vector ${PROVE_OPTS:-}"
    [ -f "$work/c1.json" ] || cli $opts -cp "$cp" io.c2spark.cli.C2SparkCli synth-c1 --sector-size "$size" --seed "$c1seed" \
      --out "$work/c1.json" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/synth-c1.log"
    cli $opts -cp "$cp" io.c2spark.cli.C2SparkCli prove --backend "${BACKEND:-gpu}" --profile --c1 "$work/c1.json" \
      --params "$work/params" --out "$work/profiled.proof" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/profile.log"
    status=${PIPESTATUS[0]}
    ;;
  corrupt)
    [ "$size" = 32GiB ] || { echo "the corrupted-witness test is a 32GiB one" >&2; exit 2; }
    cli -Xmx20g -Xss8m --add-modules=jdk.incubator.vector -Dc2spark.test.params32="$work/params" \
      -Dc2spark.gpu.tests=prover.CorruptedWitness32GiBTest -cp "$cp" io.c2spark.gpu.GpuSuite 2>&1 \
      | grep -v "^WARNING: Using incubator" | tee "$out/corrupt.log"
    status=${PIPESTATUS[0]}
    ;;
  steady)
    cli -Xmx20g -Xss8m --add-modules=jdk.incubator.vector ${PROVE_OPTS:-} -cp "$cp" io.c2spark.bench.SteadyStateBench \
      "$work/params" "$size" "${SECTORS:-4}" "$work/steady" "${BACKEND:-gpu}" 2>&1 | grep -v "^WARNING: Using incubator" \
      | tee "$out/steady.log"
    status=${PIPESTATUS[0]}
    rm -rf "$work/steady"
    ;;
  load)
    cli -Xmx16g -Xss8m --add-modules=jdk.incubator.vector -cp "$cp" io.c2spark.bench.ParameterLoadBench \
      "$work/params" "$size" "$out" 2>&1 | grep -v "^WARNING: Using incubator" | tee "$out/load.log"
    status=${PIPESTATUS[0]}
    ;;
  graph)
    status=0
    for legacy in "" --legacy; do
      cli -Xmx4g -Xss8m -cp "$cp" io.c2spark.cli.C2SparkCli sdr-graph --sector-size "$size" $legacy 2>&1 \
        | grep -v "ETA" | tee -a "$out/sdr-graph.log"
      [ "${PIPESTATUS[0]}" = 0 ] || status=1
    done
    ;;
  clean)
    rm -rf "$work"
    status=0
    ;;
  *)
    echo "unknown phase $phase" >&2
    exit 2
    ;;
esac
nvidia-smi --query-gpu=memory.used,memory.total --format=csv,noheader >> "$out/times.txt" 2>/dev/null
stamp "$phase $size end (status $status)"
exit "$status"
