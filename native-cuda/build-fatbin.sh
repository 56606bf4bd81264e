#!/usr/bin/env bash
# Builds src/c2spark.cu into one fatbin (sm_80 and sm_90 machine code plus compute_90 PTX) at
# OUTPUT_DIR/c2spark.fatbin. C2S_ARCHS="90" builds sm_90 machine code only (for an H100/H200):
# about half the compile time, which on a busy 2-core machine is tens of minutes. Without nvcc it says so and builds nothing: the jar then carries no
# fatbin and gpu-executor refuses to start a device with a message naming the missing resource.
set -euo pipefail
out=${1:?usage: build-fatbin.sh OUTPUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-$(command -v nvcc || true)}
if [ -z "$nvcc" ]; then
  echo "[native-cuda] nvcc not found on PATH (set NVCC to override): skipping the fatbin build" >&2
  exit 0
fi
mkdir -p "$out"
fatbin="$out/c2spark.fatbin"
# Rebuild only when a source is newer than the fatbin.
if [ -f "$fatbin" ] && [ -z "$(find "$here/src" -newer "$fatbin" -print -quit)" ]; then
  echo "[native-cuda] $fatbin is up to date"
  exit 0
fi
echo "[native-cuda] $nvcc -> $fatbin"
gencodes=()
if [ -n "${C2S_ARCHS:-}" ]; then
  for a in $C2S_ARCHS; do gencodes+=(-gencode "arch=compute_$a,code=sm_$a"); done
else
  gencodes=(-gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90
            -gencode arch=compute_90,code=compute_90)
fi
# Uncompressed where nvcc can compress: nvcc 13.0 may compress this fatbin on its own, which hides
# the kernel names that FatbinResourceTest looks for. The driver loads either form.
compress=()
if "$nvcc" --help 2>/dev/null | grep -q -- '--no-compress'; then compress=(--no-compress); fi
"$nvcc" -fatbin -O3 -std=c++17 --threads 3 "${gencodes[@]}" ${compress[@]+"${compress[@]}"} \
  ${NVCC_EXTRA:-} \
  -o "$fatbin" "$here/src/c2spark.cu"
ls -l "$fatbin"
