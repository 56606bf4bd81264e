#!/usr/bin/env bash
# GPU test suite and benchmarks of gpu-executor, for a CUDA machine that has a driver but no Java
# or Maven (an H200 in docs/benchmarks.md).
#
#   deploy/gpu/run-gpu-suite.sh bundle DIR   (here, with nvcc and a JDK) builds DIR: a 35 MB JRE,
#       the jars (jcuda-natives cut down to the driver-API library), the test classes and run.sh.
#   DIR/run.sh OUT                           (on the GPU machine) runs every test tagged gpu, then
#       the benchmarks and the mixed-addition probe; prints a short table and writes
#       gpu-tests.log, bench.log, bench.csv, madd-probe.log to OUT.
#
# Device-tool call used for docs/benchmarks.md (the bundle in an ignored .device/ folder of the
# checkout that travels, 64 MiB at most):
#   deploy/gpu/run-gpu-suite.sh bundle .device
#   run(command: ".device/run.sh $OUT", carry: [".device"])
set -euo pipefail
mode=${1:-}
dir=${2:-}
if [ "$mode" != bundle ] || [ -z "$dir" ]; then
  sed -n '2,14p' "$0" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# package (not install): the reactor resolves prover-core, native-cuda and gpu-executor from their
# target/ jars, so no snapshot lands in ~/.m2 for other builds to pick up.
(cd "$repo" && mvn -B -q -ntp -DskipTests package -pl cli -am)
rm -rf "$dir/lib" "$dir/test-classes"
mkdir -p "$dir/lib"
# gpu-executor's test dependencies (the gpu tests), then the command line's jars (sector-run.sh's
# c2spark commands and the benchmark programs), gpu-executor's among them.
cp "$repo"/gpu-executor/target/lib/*.jar "$dir/lib/"
cp "$repo"/cli/target/lib/*.jar "$dir/lib/"
cp "$repo/cli/target/c2spark-cli.jar" "$dir/lib/"
cp -r "$repo/gpu-executor/target/test-classes" "$dir/test-classes"
# jcuda-natives holds four libraries (26 MB unpacked); the driver API needs one.
natives=$(ls "$dir"/lib/jcuda-natives-*-linux-x86_64.jar)
tmp=$(mktemp -d)
(cd "$tmp" && unzip -q "$natives" 'lib/libJCudaDriver-*' && rm "$natives" && zip -q -r "$natives" lib)
rm -rf "$tmp"
# grep -c reads the whole listing: grep -q would stop early, and pipefail would then report unzip's SIGPIPE.
[ "$(unzip -l "$repo/native-cuda/target/native-cuda-"*.jar | grep -c c2spark.fatbin)" -gt 0 ] \
  || { echo "native-cuda jar has no fatbin: build with nvcc on PATH" >&2; exit 1; }
# A runtime bundled before the MSM used the Vector API lacks its module: build it again.
if [ -x "$dir/jre/bin/java" ] && [ "$("$dir/jre/bin/java" --list-modules | grep -c jdk.incubator.vector)" = 0 ]; then
  rm -rf "$dir/jre"
fi
if [ ! -x "$dir/jre/bin/java" ]; then
  "$repo/deploy/gpu/build-jre.sh" "$dir/jre" java.base,java.logging,java.management,jdk.unsupported,jdk.incubator.vector
fi
# The mixed-addition probe (native-cuda/probe): sm_90 only, like C2S_ARCHS=90, for the H200.
nvcc -O3 -std=c++17 -arch=sm_90 -Xcompiler -Wno-subobject-linkage -o "$dir/madd_probe" "$repo/native-cuda/probe/madd_probe.cu"
cp "$repo/deploy/gpu/device-run.sh" "$dir/run.sh"
cp "$repo/deploy/gpu/sector-run.sh" "$dir/sector-run.sh"
chmod +x "$dir/run.sh"
du -sh "$dir"
