// Groth16 verification oracle: @noble/curves' BLS12-381 pairing, independent of c2spark's arithmetic.
// stdin:  {"vk": {"alpha1": [x, y], "beta2": [[x.c0, x.c1], [y.c0, y.c1]], "gamma2": ..., "delta2": ...,
//                 "ic": [[x, y], ...]},
//          "inputs": ["<decimal>", ...], "proof": {"a": [x, y], "b": [[x.c0, x.c1], [y.c0, y.c1]], "c": [x, y]}}
// Coordinates are decimal strings of affine points (none at infinity). inputs exclude ONE.
// stdout: "valid" when e(A, B) = e(alpha, beta) e(L, gamma) e(C, delta) with L = IC_0 + sum x_i IC_(i+1),
//         "invalid" otherwise (also when a point is off its curve or outside its subgroup).
import { bls12_381 } from '@noble/curves/bls12-381';

const { G1, G2, fields } = bls12_381;

function readStdin() {
  return new Promise((resolve, reject) => {
    let s = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (d) => (s += d));
    process.stdin.on('end', () => resolve(s));
    process.stdin.on('error', reject);
  });
}

function g1([x, y]) {
  const p = G1.ProjectivePoint.fromAffine({ x: BigInt(x), y: BigInt(y) });
  p.assertValidity();
  return p;
}

function g2([[x0, x1], [y0, y1]]) {
  const x = fields.Fp2.fromBigTuple([BigInt(x0), BigInt(x1)]);
  const y = fields.Fp2.fromBigTuple([BigInt(y0), BigInt(y1)]);
  const p = G2.ProjectivePoint.fromAffine({ x, y });
  p.assertValidity();
  return p;
}

const { vk, inputs, proof } = JSON.parse(await readStdin());
if (inputs.length + 1 !== vk.ic.length) {
  throw new Error(`the key takes ${vk.ic.length - 1} inputs, got ${inputs.length}`);
}
let valid;
try {
  const a = g1(proof.a);
  const b = g2(proof.b);
  const c = g1(proof.c);
  let l = g1(vk.ic[0]);
  inputs.forEach((x, i) => {
    const s = BigInt(x) % fields.Fr.ORDER;
    if (s !== 0n) l = l.add(g1(vk.ic[i + 1]).multiply(s));
  });
  const lhs = bls12_381.pairing(a, b);
  const rhs = fields.Fp12.mul(
    fields.Fp12.mul(bls12_381.pairing(g1(vk.alpha1), g2(vk.beta2)), bls12_381.pairing(l, g2(vk.gamma2))),
    bls12_381.pairing(c, g2(vk.delta2)));
  valid = fields.Fp12.eql(lhs, rhs);
} catch (e) {
  if (!/invalid|not|bad/i.test(String(e.message))) throw e;
  valid = false;
}
process.stdout.write(valid ? 'valid\n' : 'invalid\n');
