#!/usr/bin/env bash
# Everything the production sizes need on a fresh H200, in as few device calls as the 64 MiB carry
# limit allows: the GPU suite, 32GiB parameters, a 32GiB sector proven and profiled, a corrupted
# witness, sectors back to back, the job with three 32GiB sectors, and the load and fault checks.
#
#   deploy/gpu/h200-run.sh bundle DIR   (here, with nvcc and a JDK) builds the GPU bundle
#       (run-gpu-suite.sh) in DIR/gpu and the job's bundle (run-robustness.sh) in DIR/spark, in
#       parts that each fit one call beside the checkout's files.
#   deploy/gpu/h200-run.sh unpack PART  (there) copies a carried part to /tmp/c2s, where it outlives
#       the call while the machine stays warm.
#   deploy/gpu/h200-run.sh start        (there) copies this checkout to /tmp/c2s/repo and starts the
#       stages of STAGES in a session of their own, so that they run on between calls; each stage
#       waits for the parts it needs.
#   deploy/gpu/h200-run.sh wait SECONDS OUT   (there) waits until the stages end or SECONDS pass,
#       prints the stages' times and leaves their logs in OUT/logs.tgz.
#
# STAGES (default "suite params prove profile corrupt steady job load fault graph"):
#   suite    every gpu-tagged test (run.sh with SKIP_BENCH and SKIP_PROVER_BENCH)
#   params, prove, profile, corrupt, steady   sector-run.sh's phases at SIZE (default 32GiB) in
#            /tmp/c2s/w-SIZE
#   clean    removes /tmp/c2s/w-SIZE
# SIZE=2KiB BACKEND=cpu STAGES="params prove steady job" makes a dry run on a machine without a GPU
# (after unpacking the parts from DIR here).
#   job      c2spark run on three synthetic 32GiB sectors (JOB_SECTORS), c2spark.params.preload=32GiB,
#            GPU 0, c2spark.gpu.workersPerDevice=2, its report and log
#   load, fault   run-robustness.sh's stages
#   graph    sdr-graph's parent-cache digests, both porep ids, at GRAPH_SIZES (default "32GiB 64GiB"),
#            each checked against rust-fil-proofs' parent_cache.json (prover-core's test vectors)
#
# Device-tool calls (DIR = .device/h200, ignored): the GPU bundle first, which starts the stages,
# then one call per job part, then waits:
#   run(command: "deploy/gpu/h200-run.sh unpack .device/h200/gpu && deploy/gpu/h200-run.sh start",
#       carry: [".device/h200/gpu"])
#   run(command: "deploy/gpu/h200-run.sh unpack .device/h200/spark/part-K", carry: [".device/h200/spark/part-K"])
#   ... (part-tests as well), then
#   run(command: "deploy/gpu/h200-run.sh wait 580 $OUT")   as often as needed
set -uo pipefail
mode=${1:-}
base=/tmp/c2s
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

usage() { sed -n '2,/^set /p' "$0" | grep '^#' >&2; exit 2; }

case "$mode" in
  bundle)
    dir=${2:?usage: h200-run.sh bundle DIR}
    set -e
    "$here/run-gpu-suite.sh" bundle "$dir/gpu"
    "$here/run-robustness.sh" bundle "$dir/spark"
    rm -rf "$dir/spark/jre"
    # The stages learn from the GPU bundle, which comes first, how many job parts to wait for.
    ls -d "$dir/spark"/part-[0-9]* | sed 's|.*/||' > "$dir/gpu/spark-parts.txt"
    du -sh "$dir/gpu" "$dir/spark"/part-*
    exit 0
    ;;
  unpack)
    part=${2:?usage: h200-run.sh unpack PART}
    name=$(basename "$part")
    case "$part" in
      */spark/*) dest=$base/spark ;;
      *) dest=$base ;;
    esac
    mkdir -p "$dest"
    rm -rf "${dest:?}/$name.tmp"
    cp -r "$part" "$dest/$name.tmp" && mv -T "$dest/$name.tmp" "$dest/$name"
    touch "$base/ready-$name"
    echo "unpacked $name into $dest ($(du -sh "$dest/$name" | cut -f1))"
    exit 0
    ;;
  start)
    mkdir -p "$base/out"
    rm -rf "$base/repo"
    mkdir -p "$base/repo"
    tar -C "$repo" --exclude=./.device --exclude=./.git -cf - . | tar -C "$base/repo" -xf -
    setsid nohup "$base/repo/deploy/gpu/h200-run.sh" stages > "$base/out/stages.log" 2>&1 < /dev/null &
    echo "stages started: ${STAGES:-suite params prove profile corrupt steady job load fault graph}"
    exit 0
    ;;
  wait)
    seconds=${2:?usage: h200-run.sh wait SECONDS OUT}
    out=${3:?usage: h200-run.sh wait SECONDS OUT}
    end=$((SECONDS + seconds))
    while [ ! -f "$base/out/done" ] && [ $SECONDS -lt $end ]; do sleep 5; done
    cat "$base/out/times.txt" 2>/dev/null
    [ -f "$base/out/done" ] && echo "all stages ended: $(cat "$base/out/done")"
    tail -5 "$base/out/stages.log"
    mkdir -p "$out"
    tar -C "$base/out" -czf "$out/logs.tgz" --exclude='*.tmp' .
    exit 0
    ;;
  stages) ;;
  *) usage ;;
esac

out=$base/out
size=${SIZE:-32GiB}
work=$base/w-$size
stamp() { echo "$(date -u +%T) $*" | tee -a "$out/times.txt"; }
await() {
  local n=0
  for f in "$@"; do
    while [ ! -f "$base/ready-$f" ]; do
      [ $n -eq 0 ] && stamp "waiting for $f"
      n=$((n + 1))
      sleep 2
    done
  done
}
overall=0
for stage in ${STAGES:-suite params prove profile corrupt steady job load fault graph}; do
  stamp "$stage start"
  mkdir -p "$out/$stage"
  case $stage in
    suite)
      SKIP_BENCH=1 SKIP_PROVER_BENCH=1 "$base/gpu/run.sh" "$out/suite" > "$out/suite/run.log" 2>&1
      status=$?
      ;;
    params|prove|profile|corrupt|steady)
      SAMPLES=${SAMPLES:-2000} SECTORS=${SECTORS:-3} "$base/gpu/sector-run.sh" "$stage" "$size" "$work" "$out/$stage" \
        > "$out/$stage/run.log" 2>&1
      status=$?
      ;;
    job)
      await $(cat "$base/gpu/spark-parts.txt")
      java="$base/spark/part-1/jre/bin/java"
      cp=$(ls -d "$base"/spark/part-*/jars | sed 's|$|/*|' | paste -sd: -)
      opens=()
      for p in java.lang java.lang.invoke java.nio sun.nio.ch java.util java.util.concurrent java.net java.io \
               sun.nio.cs sun.security.action sun.util.calendar; do
        opens+=("--add-opens=java.base/$p=ALL-UNNAMED")
      done
      jvm=(-Xss8m "${opens[@]}" --add-modules=jdk.incubator.vector
           -Dlog4j2.configurationFile="$base/repo/deploy/conf/log4j2.properties")
      gpus=0
      [ "${BACKEND:-gpu}" = cpu ] && gpus=none
      input=$work/job-c1
      rm -rf "$input" "$work/job"
      mkdir -p "$input"
      status=0
      for k in $(seq 1 "${JOB_SECTORS:-3}"); do
        "$java" -Xmx8g "${jvm[@]}" -cp "$cp" io.c2spark.cli.C2SparkCli synth-c1 --sector-size "$size" \
          --seed "$(printf '%064x' $((0x3200 + k)))" --out "$input/sector-$k.json" >> "$out/job/synth-c1.log" 2>&1 || status=1
      done
      start=$(date +%s%N)
      "$java" -Xmx64g "${jvm[@]}" -cp "$cp" io.c2spark.spark.cli.C2SparkMain run --master "local[4]" \
        --input "$input" --output "$work/job" --set "c2spark.local.gpus=$gpus" --set "c2spark.params.dir=$work/params" \
        --set "c2spark.params.preload=$size" --set c2spark.gpu.workersPerDevice=2 \
        --set c2spark.progress.intervalSeconds=5 > "$out/job/run.log" 2>&1 || status=1
      echo "wall $(( ($(date +%s%N) - start) / 1000000 )) ms" >> "$out/job/run.log"
      cp "$work/job"/report-*.jsonl "$out/job/" 2>/dev/null
      ls -l "$work/job" >> "$out/job/run.log" 2>&1
      ;;
    load|fault)
      await $(cat "$base/gpu/spark-parts.txt") part-tests
      mkdir -p "$base/robust"
      for p in $(cat "$base/gpu/spark-parts.txt") part-tests; do ln -sfn "$base/spark/$p" "$base/robust/$p"; done
      STAGES=$stage "$base/repo/deploy/gpu/run-robustness.sh" run "$base/robust" "$out/robust" > "$out/$stage/run.log" 2>&1
      status=$?
      ;;
    graph)
      status=0
      for g in ${GRAPH_SIZES:-32GiB 64GiB}; do
        "$base/gpu/sector-run.sh" graph "$g" "$base/w-graph" "$out/graph" >> "$out/graph/run.log" 2>&1 || status=1
      done
      # Each digest printed must be one of rust-fil-proofs' parent_cache.json (the project's copy).
      vectors=$base/repo/prover-core/src/test/resources/vectors/rust-fil-proofs.parent_cache.json
      for d in $(grep -o 'digest [0-9a-f]\{64\}' "$out/graph/sdr-graph.log" | cut -d' ' -f2); do
        if grep -q "$d" "$vectors"; then echo "digest $d: in parent_cache.json"; else echo "digest $d: NOT in parent_cache.json"; status=1; fi
      done | tee -a "$out/graph/run.log"
      [ "$(grep -c 'NOT in' "$out/graph/run.log")" = 0 ] || status=1
      ;;
    clean)
      rm -rf "$work"
      status=0
      ;;
    *)
      echo "unknown stage $stage" >&2
      status=2
      ;;
  esac
  [ "$status" = 0 ] || overall=1
  stamp "$stage end (status $status)"
done
echo "$overall" > "$out/done"
