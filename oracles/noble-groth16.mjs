// Groth16 verification oracle on @noble/curves' BLS12-381, independent of c2spark's pairing.
// stdin:  {"vk": {"alpha1": hex, "beta2": hex, "gamma2": hex, "delta2": hex, "ic": [hex, ...]},
//          "proofs": [{"proof": hex, "inputs": ["<decimal>", ...]}, ...]}
// stdout: {"valid": [true|false, ...]}
// Points are zcash-encoded, compressed (G1 48 bytes, G2 96); a proof is A || B || C (192 bytes).
// Checks e(A, B) = e(alpha, beta) e(IC_0 + sum x_i IC_{i+1}, gamma) e(C, delta).
import { bls12_381 } from '@noble/curves/bls12-381';
import { readJsonStdin } from './stdin-json.mjs';

const { G1, G2, fields } = bls12_381;
const r = fields.Fr.ORDER;

const g1 = (h) => G1.Point.fromHex(h);
const g2 = (h) => G2.Point.fromHex(h);

function verify(vk, proofHex, inputs) {
  if (inputs.length + 1 !== vk.ic.length) return false;
  const a = g1(proofHex.slice(0, 96));
  const b = g2(proofHex.slice(96, 288));
  const c = g1(proofHex.slice(288, 384));
  let l = g1(vk.ic[0]);
  inputs.forEach((x, i) => {
    const k = BigInt(x) % r;
    if (k !== 0n) l = l.add(g1(vk.ic[i + 1]).multiply(k));
  });
  const pairs = [
    { g1: a.negate(), g2: b },
    { g1: g1(vk.alpha1), g2: g2(vk.beta2) },
    { g1: l, g2: g2(vk.gamma2) },
    { g1: c, g2: g2(vk.delta2) },
  ].filter(({ g1: p, g2: q }) => !p.equals(G1.Point.ZERO) && !q.equals(G2.Point.ZERO));
  return fields.Fp12.eql(bls12_381.pairingBatch(pairs), fields.Fp12.ONE);
}

const input = await readJsonStdin();
const valid = input.proofs.map(({ proof, inputs }) => verify(input.vk, proof, inputs));
process.stdout.write(JSON.stringify({ valid }) + '\n');
