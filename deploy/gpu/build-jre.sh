#!/usr/bin/env bash
# A small Java runtime for a GPU machine that has no Java of its own: the JDK that runs this script
# (JAVA_HOME, else the java on PATH) cut by jlink to the modules the bundle needs.
#   deploy/gpu/build-jre.sh OUT MODULE[,MODULE...]
# OUT is replaced; run OUT/bin/java on the GPU machine. run-gpu-suite.sh and run-job-bench.sh call
# it for their bundles, each with its module list.
set -euo pipefail
out=${1:-}
modules=${2:-}
if [ -z "$out" ] || [ -z "$modules" ]; then
  sed -n '2,6p' "$0" >&2
  exit 2
fi
jdk=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
if [ ! -x "$jdk/bin/jlink" ]; then
  echo "build-jre.sh: $jdk has no bin/jlink; set JAVA_HOME to a JDK 17" >&2
  exit 2
fi
rm -rf "$out"
mkdir -p "$(dirname "$out")"
# Debug attributes, headers and man pages are of no use on the GPU machine; --compress=2 zips the
# modules' classes (the bundle travels, 64 MiB per device call at most).
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=2 --output "$out"
du -sh "$out"
