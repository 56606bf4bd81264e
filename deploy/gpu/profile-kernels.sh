#!/usr/bin/env bash
# Hardware counters of the kernels that make up a 32GiB partition's device time, on the GPU machine,
# from a bundle made by deploy/gpu/run-gpu-suite.sh: Nsight Compute (ncu, clocks left alone) over
# the mixed-addition probe and over GpuBench with one kernel family at a time, and each kernel's
# static instruction mix from its SASS (cuobjdump). Usage: profile-kernels.sh BUNDLE OUT
#
# OUT receives, per family, NAME.txt (ncu's details page: speed of light, pipe utilisation, issue
# slots, occupancy, warp stalls, memory) and NAME.csv (the raw metrics, one row per profiled
# launch), summary.md (deploy/gpu/ncu-summary.py: one line per launch), sass-mix.txt (each hot
# kernel's instructions by opcode) and ncu.log. KERNELS picks the families (default "madd msm
# msmsort ntt batch g2msm g2batch quotient spmv"); NCU overrides the profiler's path; NCU_TIMEOUT
# bounds each family's run (seconds, default 240). docs/benchmarks.md's "What limits the kernels"
# reads its figures from such a run.
set -uo pipefail
bundle=$(cd "${1:?usage: profile-kernels.sh BUNDLE OUT}" && pwd)
out=${2:?usage: profile-kernels.sh BUNDLE OUT}
mkdir -p "$out"
ncu=${NCU:-$(command -v ncu || ls -d /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | tail -1)}
[ -x "$ncu" ] || { echo "no ncu on this machine" >&2; exit 2; }
"$ncu" --version | tail -1 | tee "$out/ncu.log"
java="$bundle/jre/bin/java"
cp="$bundle/test-classes:$(ls "$bundle"/lib/*.jar | tr '\n' ':')"
sections=(--section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats --section Occupancy
          --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis)
# Every family off but the one named: GpuBench skips a family whose sizes are empty.
families=(ntt msm batch spmv quotient g2msm g2batch fixedBase)
only() {
  local opts=() f
  for f in "${families[@]}"; do
    if [ "$f" = "$1" ]; then opts+=("-Dc2spark.bench.$f=$2"); else opts+=("-Dc2spark.bench.$f="); fi
  done
  echo "${opts[@]}"
}
# profile NAME KERNEL_REGEX LAUNCHES COMMAND...: the first LAUNCHES launches whose names match.
# COMMAND "bench FAMILY SIZES" is GpuBench with that family alone.
profile() {
  local name=$1 regex=$2 count=$3
  shift 3
  if [ "$1" = bench ]; then
    set -- "$java" -Xmx64g -Xss8m --add-modules=jdk.incubator.vector $(only "$2" "$3") -cp "$cp" io.c2spark.gpu.GpuBench "$out/bench-$2"
  fi
  echo "== $name: $regex, $count launch(es)" | tee -a "$out/ncu.log"
  timeout "${NCU_TIMEOUT:-240}" "$ncu" --clock-control none --target-processes all "${sections[@]}" -k "regex:$regex" -c "$count" -f -o "$out/$name" \
    "$@" >> "$out/ncu.log" 2>&1 || echo "ncu $name failed (status $?)" | tee -a "$out/ncu.log"
  if [ -f "$out/$name.ncu-rep" ]; then
    "$ncu" -i "$out/$name.ncu-rep" --page details --print-details all > "$out/$name.txt" 2>&1 \
      || "$ncu" -i "$out/$name.ncu-rep" --page details > "$out/$name.txt" 2>&1
    # Instanced metrics (the executed instructions by opcode) with their names, where this ncu can.
    "$ncu" -i "$out/$name.ncu-rep" --page raw --csv --print-metric-instances details > "$out/$name.csv" 2>&1 \
      || "$ncu" -i "$out/$name.ncu-rep" --page raw --csv > "$out/$name.csv" 2>&1
  fi
}
for k in ${KERNELS:-madd msm msmsort ntt batch g2msm g2batch quotient spmv}; do
  case $k in
    madd)     profile madd 'madd_probe$' 8 "$bundle/madd_probe" ;;
    msm)      profile msm '^msm_accumulate$' 1 bench msm 24 ;;
    msmsort)  profile msmsort '^msm_(histogram|scatter)$' 2 bench msm 24 ;;
    ntt)      profile ntt '^ntt_pass_reg4$' 3 bench ntt 27 ;;
    batch)    profile batch '^g1_batch_add_bitmap$' 1 bench batch 27 ;;
    g2msm)    profile g2msm '^g2_msm_accumulate$' 1 bench g2msm 22 ;;
    g2batch)  profile g2batch '^g2_batch_add_bitmap$' 1 bench g2batch 24 ;;
    quotient) profile quotient '^fr_quotient_on_coset$' 1 bench quotient 27 ;;
    spmv)     profile spmv '^r1cs_spmv$' 1 bench spmv 24 ;;
    *) echo "unknown family $k" >&2 ;;
  esac
done
# Static instruction mix of the hot kernels: opcodes (modifiers dropped but .WIDE) per function.
fatbin=$(mktemp -d)
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("io/c2spark/cuda/c2spark.fatbin", sys.argv[2])' \
  "$(ls "$bundle"/lib/native-cuda-*.jar)" "$fatbin"
{
  for f in "$bundle/madd_probe" "$fatbin/io/c2spark/cuda/c2spark.fatbin"; do
    cuobjdump -sass "$f" 2>/dev/null | awk -v want='g1_madd_probe|g2_madd_probe|msm_accumulate|g2_msm_accumulate|ntt_pass_reg4|g1_batch_add_bitmap|fr_quotient_on_coset' '
      /Function :/ { fn = $3; keep = fn ~ "^(" want ")$"; next }
      keep && /\/\*[0-9a-f]+\*\// {
        line = $0; sub(/.*\*\/ +/, "", line); sub(/^@!?U?P[0-9T] +/, "", line)
        split(line, w, /[ ;]/); op = w[1]; wide = op ~ /\.WIDE/; sub(/\..*/, "", op); if (wide) op = op ".WIDE"
        if (op != "") { n[fn, op]++; total[fn]++ }
      }
      END {
        for (k in n) { split(k, p, SUBSEP); printf "%-24s %-12s %6d %5.1f%%\n", p[1], p[2], n[k], 100 * n[k] / total[p[1]] }
      }' | sort -k1,1 -k3,3nr
  done
} > "$out/sass-mix.txt"
rm -rf "$fatbin"
python3 "$(dirname "$0")/ncu-summary.py" "$out" > "$out/summary.md"
ls -l "$out"
