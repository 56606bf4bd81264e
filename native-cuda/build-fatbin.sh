#!/usr/bin/env bash
# Builds src/c2spark.cu into one fatbin (sm_80 and sm_90 machine code plus compute_90 PTX) at
# OUTPUT_DIR/c2spark.fatbin. Without nvcc it says so and builds nothing: the jar then carries no
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
"$nvcc" -fatbin -O3 -std=c++17 --threads 3 \
  -gencode arch=compute_80,code=sm_80 \
  -gencode arch=compute_90,code=sm_90 \
  -gencode arch=compute_90,code=compute_90 \
  ${NVCC_EXTRA:-} \
  -o "$fatbin" "$here/src/c2spark.cu"
ls -l "$fatbin"
