#!/usr/bin/env bash
# Builds the native MSM bucket kernel (ifma_msm.c) into OUT_DIR/libc2spark-ifma.so for Linux x86-64.
# Without gcc, or on another platform, it says so and builds nothing: the MSM then runs in Java.
# Usage: build.sh OUT_DIR JAVA_HOME
set -euo pipefail
out=$1
java_home=$2
src=$(cd "$(dirname "$0")" && pwd)
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "[c2spark] native IFMA kernel: not built on $(uname -s)-$(uname -m); the MSM runs in Java"
  exit 0
fi
if ! command -v gcc >/dev/null; then
  echo "[c2spark] native IFMA kernel: gcc not found, not built; the MSM runs in Java"
  exit 0
fi
mkdir -p "$out"
lib="$out/libc2spark-ifma.so"
if [ -f "$lib" ] && [ -z "$(find "$src" -newer "$lib" -print -quit)" ]; then
  exit 0
fi
gcc -O3 -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Werror -shared -fPIC \
  -I"$java_home/include" -I"$java_home/include/linux" "$src"/*.c -o "$lib"
