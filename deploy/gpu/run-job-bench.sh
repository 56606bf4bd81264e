#!/usr/bin/env bash
# The batch job on a GPU machine that has a driver but no Java (an H200 in docs/benchmarks.md): 2KiB
# sectors proven by the GPU prover inside an embedded local Spark, with 1, 2 and 4 workers on GPU 0.
#
#   deploy/gpu/run-job-bench.sh bundle DIR   (here, with nvcc and a JDK) builds DIR: a JRE and the
#       job's jars (Spark included), split into parts DIR/part-K, since one device-tool call
#       carries 64 MiB at most, the checkout's own files included: each part is at most what the
#       checkout leaves of 63 MiB.
#   deploy/gpu/run-job-bench.sh run DIR OUT [SECTORS]   (on the GPU machine) makes the 2KiB test
#       parameters (kept in DIR/params), seals SECTORS (default 16) demo sectors once, proves them
#       with 1, 2 and 4 workers (local[W], c2spark.local.gpus=0; WORKERS="..." to choose), and leaves each
#       run's report and log in OUT/w1, OUT/w2, OUT/w4 (proofs and sectors stay in DIR/runs).
#
# Device-tool calls used for docs/benchmarks.md: one call per part while the machine stays warm
# (ignored files left there survive between calls), the last one running the job:
#   run(command: "true", carry: [".device/job/part-1"]) ... then
#   run(command: "deploy/gpu/run-job-bench.sh run .device/job $OUT", carry: [".device/job/part-N"])
# The notebooks then read OUT here: C2SPARK_REPORT=OUT jupyter nbconvert --execute notebooks/*.ipynb
set -euo pipefail
. "$(dirname "$0")/job-bundle.sh"
job_bundle_args "$@"

if [ "$mode" = bundle ]; then
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  (cd "$repo" && mvn -B -q -ntp -DskipTests package -pl spark-job -am)
  [ "$(unzip -l "$repo/native-cuda/target/native-cuda-"*.jar | grep -c c2spark.fatbin)" -gt 0 ] \
    || { echo "native-cuda jar has no fatbin: build with nvcc on PATH" >&2; exit 1; }
  rm -rf "$dir"/part-*
  # A runtime bundled before the MSM used the Vector API lacks its module: build it again.
  if [ -x "$dir/jre/bin/java" ] && [ "$("$dir/jre/bin/java" --list-modules | grep -c jdk.incubator.vector)" = 0 ]; then
    rm -rf "$dir/jre"
  fi
  if [ ! -x "$dir/jre/bin/java" ]; then
    # Spark's login through Hadoop needs jdk.security.auth (UnixLoginModule) besides the usual list;
    # the G1 MSM's SIMD lanes need jdk.incubator.vector.
    "$repo/deploy/gpu/build-jre.sh" "$dir/jre" java.base,java.logging,java.management,java.naming,java.sql,java.xml,java.desktop,jdk.unsupported,java.scripting,java.instrument,jdk.management,java.net.http,java.security.jgss,java.security.sasl,jdk.crypto.ec,jdk.zipfs,java.rmi,jdk.httpserver,jdk.security.auth,jdk.incubator.vector
  fi
  mkdir -p "$dir/part-1"
  cp -r "$dir/jre" "$dir/part-1/jre"
  # rocksdbjni (72 MB) carries RocksDB for every platform; this machine's x86_64 glibc one is enough.
  slim=$(mktemp -d)
  for j in "$repo"/spark-job/target/spark-jars/rocksdbjni-*.jar; do
    cp "$j" "$slim/"
    zip -q -d "$slim/$(basename "$j")" 'librocksdbjni-*' -x 'librocksdbjni-linux64.so'
  done
  # First-fit of the jars, largest first, into parts that fit one call beside the checkout's files
  # (tracked, and untracked but not ignored: what the device tool copies with every call).
  tree=$(cd "$repo" && git ls-files -z --cached --others --exclude-standard \
           | xargs -0 stat -c %s 2>/dev/null | awk '{s += $1} END {print s + 0}')
  limit=$((63 * 1024 * 1024 - tree))
  used=("$(du -sb "$dir/part-1" | cut -f1)")
  if [ "${used[0]}" -gt "$limit" ]; then
    echo "the JRE ($((used[0] >> 20)) MiB) and this checkout's files ($((tree >> 20)) MiB) do not fit one 64 MiB call" >&2
    exit 1
  fi
  jars=$(for j in "$repo"/spark-job/target/spark-job.jar "$repo"/spark-job/target/lib/*.jar \
           "$repo"/spark-job/target/spark-jars/*.jar; do
             [ -f "$slim/$(basename "$j")" ] && j="$slim/$(basename "$j")"
             echo "$(stat -c %s "$j") $j"
           done | sort -rn)
  while read -r size jar; do
    k=0
    while [ $k -lt ${#used[@]} ] && [ $((used[k] + size)) -gt $limit ]; do k=$((k + 1)); done
    [ $k -eq ${#used[@]} ] && used+=(0)
    used[k]=$((used[k] + size))
    mkdir -p "$dir/part-$((k + 1))/jars"
    cp "$jar" "$dir/part-$((k + 1))/jars/"
  done <<< "$jars"
  rm -rf "$slim"
  du -sh "$dir"/part-*
  exit 0
fi

out=${3:?usage: run-job-bench.sh run DIR OUT [SECTORS]}
sectors=${4:-16}
job_bundle_run "$out"
rm -rf "$runs"
mkdir -p "$params" "$runs"
c2spark() {
  "$java" -Xmx64g "${jvm[@]}" -cp "$cp" io.c2spark.spark.cli.C2SparkMain "$@"
}
input=""
for w in ${WORKERS:-1 2 4}; do
  echo "== $w worker(s) on GPU 0"
  args=(run --master "local[$w]" --output "$runs/w$w" --set c2spark.local.gpus=0 --set "c2spark.params.dir=$params"
        --set c2spark.gpu.workersPerDevice=$w --set c2spark.params.preload=2KiB
        --set c2spark.progress.intervalSeconds=5)
  if [ -z "$input" ]; then
    args+=(--demo-sectors "$sectors")
  else
    args+=(--input "$input")
  fi
  mkdir -p "$out/w$w"
  start=$(date +%s%N)
  c2spark "${args[@]}" > "$out/w$w/run.log" 2>&1 || { tail -40 "$out/w$w/run.log"; exit 1; }
  echo "wall $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$out/w$w/run.log"
  tail -12 "$out/w$w/run.log"
  # Only the reports and logs go back (proofs and sealed sectors stay on the machine).
  cp "$runs/w$w"/report-*.jsonl "$out/w$w/"
  [ -z "$input" ] && input="$runs/w1/demo/c1"
done
