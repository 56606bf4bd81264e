#!/usr/bin/env bash
# Two builds' GPU figures side by side, on the GPU machine: the kernel benchmarks (GpuBench), the
# mixed-addition probe and the prover's timeline and throughput (ProverThroughputBench) from bundle
# A and bundle B (each made by deploy/gpu/run-gpu-suite.sh, say from the tree before a change and
# after it), alternated ROUNDS times in one process tree (A B, then B A, ...) so that the machine's
# state favours neither. Prints each figure's median per build and B / A; OUT/A-N and OUT/B-N keep
# the runs.
#   ab-bench.sh A B OUT [ROUNDS]      (ROUNDS default 2)
# AB_OPTS replaces the benchmarks' options (the default: the kernels at the sizes of the tables in
# docs/benchmarks.md, and the 2KiB partition through two workers).
#   ab-bench.sh compare OUT           prints the comparison of the runs already in OUT
set -uo pipefail

compare() {
  local out=$1
  # Each figure as "key<TAB>value": [bench] rows (ms), [timeline] rows (ms), [throughput] rows
  # (partitions a minute) and the probe's additions a second.
  for f in "$out"/[AB]-*/bench.log "$out"/[AB]-*/prover-bench.log "$out"/[AB]-*/madd-probe.log; do
    [ -f "$f" ] || continue
    side=$(basename "$(dirname "$f")" | cut -d- -f1)
    awk -v side="$side" '
      /^\[bench\] / && / ms / && !/phases|steps/ {
        line = substr($0, 9); i = index(line, " ms "); head = substr(line, 1, i - 1)
        n = split(head, w, / +/); key = w[1]; for (j = 2; j < n; j++) key = key " " w[j]
        print side "\t" key "\t" w[n] "\tms"
      }
      /^\[timeline\] / { v = $(NF - 1); $1 = ""; $NF = ""; $(NF - 1) = ""; gsub(/^ +| +$/, ""); print side "\t" $0 "\t" v "\tms" }
      /^\[throughput\] / { split($0, a, ":"); key = substr(a[1], 14); match($0, /= [0-9.]+ partitions/)
                           print side "\t" key "\t" substr($0, RSTART + 2, RLENGTH - 13) "\tpartitions/min" }
      /M additions\/s/ { match($0, /[0-9.]+ M additions/); print side "\t" $1 " mixed additions\t" substr($0, RSTART, RLENGTH - 12) "\tM/s" }
    ' "$f"
  done | awk -F'\t' '
    { key = $2; gsub(/ +/, " ", key); unit[key] = $4; v[key, $1, ++cnt[key, $1]] = $3; if (!(key in seen)) { seen[key] = 1; order[++keys] = key } }
    function median(key, side,   n, i, j, t, a) {
      n = cnt[key, side]; if (n == 0) return ""
      for (i = 1; i <= n; i++) a[i] = v[key, side, i]
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return sprintf("%.3f", n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
    }
    END {
      printf "%-62s %12s %12s %7s  %s\n", "figure", "A (median)", "B (median)", "B / A", "unit"
      for (k = 1; k <= keys; k++) {
        key = order[k]; a = median(key, "A"); b = median(key, "B")
        r = (a != "" && b != "" && a > 0) ? sprintf("%.3f", b / a) : "-"
        printf "%-62s %12s %12s %7s  %s\n", substr(key, 1, 62), a, b, r, unit[key]
      }
    }'
}

if [ "${1:-}" = compare ]; then
  compare "${2:?usage: ab-bench.sh compare OUT}"
  exit 0
fi
a=$(cd "${1:?usage: ab-bench.sh A B OUT [ROUNDS]}" && pwd)
b=$(cd "${2:?usage: ab-bench.sh A B OUT [ROUNDS]}" && pwd)
out=${3:?usage: ab-bench.sh A B OUT [ROUNDS]}
rounds=${4:-2}
mkdir -p "$out"
opts=${AB_OPTS:-"-Dc2spark.bench.ntt=24,27 -Dc2spark.bench.msm=24,27 -Dc2spark.bench.batch=27 -Dc2spark.bench.spmv=24 \
-Dc2spark.bench.quotient=27 -Dc2spark.bench.g2msm=22,24 -Dc2spark.bench.g2batch=24 -Dc2spark.bench.fixedBase=24 \
-Dc2spark.bench.sizes=2KiB -Dc2spark.bench.partitions=16 -Dc2spark.bench.workers=2"}
status=0
for r in $(seq 1 "$rounds"); do
  order="A B"
  [ $((r % 2)) = 0 ] && order="B A"
  for side in $order; do
    bundle=$a
    [ "$side" = B ] && bundle=$b
    echo "$(date -u +%T) round $r: $side ($bundle)" | tee -a "$out/times.txt"
    SKIP_TESTS=1 BENCH_OPTS="$opts" "$bundle/run.sh" "$out/$side-$r" > "$out/$side-$r.log" 2>&1 || status=1
  done
done
echo "$(date -u +%T) done" | tee -a "$out/times.txt"
compare "$out" | tee "$out/compare.txt"
exit $status
