#!/usr/bin/env bash
# Groth16 proving of one circom circuit, c2spark against snarkjs: same zkey, same witness, same
# machine, cold wall time of each whole command (key loading included), both proofs verified by
# snarkjs. The circuit is a chain of multiplications of random full-width field elements, sized to
# fill a 2^POWER evaluation domain.
#   deploy/bench/groth16-vs-snarkjs.sh [POWER] [WORKDIR]     (defaults: 16, target/groth16-vs-snarkjs)
# Set-up (circom2, powers of tau, zkey) is cached in WORKDIR; only the proving is timed.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
power=${1:-16}
work=$(mkdir -p "${2:-$root/target/groth16-vs-snarkjs-$power}" && cd "${2:-$root/target/groth16-vs-snarkjs-$power}" && pwd)
bin="$root/oracles/node_modules/.bin"
if [ ! -x "$bin/snarkjs" ]; then
  (cd "$root/oracles" && npm ci --no-audit --no-fund --loglevel=error)
fi
# The domain holds every constraint plus one row per public input and output and one for ONE
# (snarkjs adds them): 16 bit checks, 1 packing, the chain, 1 output, 3 public rows, ONE.
chain=$(( (1 << power) - 22 ))
step() { echo "[$(date +%T)] $*" >&2; }
cd "$work"
if [ ! -f chain.zkey ]; then
  step "circuit: multiplication chain of $chain (domain 2^$power)"
  sed "s/MultiplierChain(200)/MultiplierChain($chain)/" \
    "$root/prover-core/src/test/resources/circom/multiplier_chain.circom" > chain.circom
  "$bin/circom2" chain.circom --r1cs --wasm --prime bls12381 -o . >/dev/null
  step "powers of tau 2^$power (new, contribute, prepare phase2: minutes)"
  "$bin/snarkjs" powersoftau new bls12381 "$power" pot0.ptau >/dev/null
  "$bin/snarkjs" powersoftau contribute pot0.ptau pot1.ptau --name=bench -e="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')" >/dev/null
  "$bin/snarkjs" powersoftau prepare phase2 pot1.ptau pot.ptau >/dev/null
  step "zkey"
  "$bin/snarkjs" groth16 setup chain.r1cs pot.ptau chain.zkey >/dev/null
  "$bin/snarkjs" zkey export verificationkey chain.zkey vk.json >/dev/null
fi
if [ ! -f chain.wtns ]; then
  rnd() { echo "$(od -An -N31 -tx1 /dev/urandom | tr -d ' \n')"; }
  printf '{"a": "0x%s", "b": "0x%s", "c": "%d"}\n' "$(rnd)" "$(rnd)" $((RANDOM)) > input.json
  node -e 'const j=JSON.parse(require("fs").readFileSync("input.json"));for(const k in j)j[k]=BigInt(j[k]).toString();require("fs").writeFileSync("input.json",JSON.stringify(j))'
  "$bin/snarkjs" wtns calculate chain_js/chain.wasm input.json chain.wtns
fi
# Build first, and let the launcher write its class-data archive (the first groth16 command after a
# build does), so that the timed c2spark command is a plain run.
"$root/deploy/bin/c2spark" --help >/dev/null
"$root/deploy/bin/c2spark" groth16 prove chain.zkey chain.wtns proof-c2spark.json public-c2spark.json 2>/dev/null
constraints=$("$bin/snarkjs" r1cs info chain.r1cs | sed -n 's/.*# of Constraints: *//p')
timed() { /usr/bin/time -f "%e %U %S %M" -o "$1.time" "${@:2}" >/dev/null; read -r wall user sys rss < "$1.time"; \
  printf '%-8s %8.2f s wall %8.2f s cpu %6d MiB peak\n' >&2 "$1" "$wall" "$(echo "$user + $sys" | bc)" $((rss / 1024)); echo "$wall"; }
echo "constraints: $constraints, domain 2^$power, $(nproc) cores, $(date -u +%F)"
snark=$(timed snarkjs "$bin/snarkjs" groth16 prove chain.zkey chain.wtns proof-snarkjs.json public-snarkjs.json )
ours=$(timed c2spark "$root/deploy/bin/c2spark" groth16 prove chain.zkey chain.wtns proof-c2spark.json public-c2spark.json )
"$bin/snarkjs" groth16 verify vk.json public-snarkjs.json proof-snarkjs.json | grep -q OK
"$bin/snarkjs" groth16 verify vk.json public-c2spark.json proof-c2spark.json | grep -q OK
echo "both proofs verified by snarkjs; c2spark / snarkjs speed-up: $(echo "scale=2; $snark / $ours" | bc)x"
