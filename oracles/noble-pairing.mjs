// Pairing oracle: @noble/curves' BLS12-381 pairing on multiples of the generators.
// stdin:  {"cases": [{"a": "<decimal>", "b": "<decimal>"}, ...],
//          "batches": [[{"a": ..., "b": ...}, ...], ...]}
// stdout: {"cases": [{"g1": [x, y], "g2": [x.c0, x.c1, y.c0, y.c1], "gt": [12 coefficients]}, ...],
//          "batches": [{"gt": [12 coefficients]}, ...]}
// Points are [a]G1 and [b]G2 in affine coordinates (all "0" for the identity), gt = e([a]G1, [b]G2)
// (for a batch: the product of its pairs' pairings). Field elements are lower-case hex without 0x;
// gt lists the Fp12 coefficients in tower order c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1.
import { bls12_381 } from '@noble/curves/bls12-381';
import { readJsonStdin } from './stdin-json.mjs';

const { G1, G2, fields } = bls12_381;
const r = fields.Fr.ORDER;

const hex = (n) => n.toString(16);

function multiple(Point, k) {
  const s = ((BigInt(k) % r) + r) % r;
  return s === 0n ? Point.ZERO : Point.BASE.multiply(s);
}

function affineG1(p) {
  if (p.equals(G1.Point.ZERO)) return ['0', '0'];
  const a = p.toAffine();
  return [hex(a.x), hex(a.y)];
}

function affineG2(p) {
  if (p.equals(G2.Point.ZERO)) return ['0', '0', '0', '0'];
  const a = p.toAffine();
  return [hex(a.x.c0), hex(a.x.c1), hex(a.y.c0), hex(a.y.c1)];
}

function fp12(f) {
  const out = [];
  for (const c6 of [f.c0, f.c1]) {
    for (const c2 of [c6.c0, c6.c1, c6.c2]) {
      out.push(hex(c2.c0), hex(c2.c1));
    }
  }
  return out;
}

function pair(p, q) {
  // noble refuses the identity; its pairing value is one.
  if (p.equals(G1.Point.ZERO) || q.equals(G2.Point.ZERO)) return fields.Fp12.ONE;
  return bls12_381.pairing(p, q);
}

const input = await readJsonStdin();
const cases = (input.cases ?? []).map(({ a, b }) => {
  const p = multiple(G1.Point, a);
  const q = multiple(G2.Point, b);
  return { g1: affineG1(p), g2: affineG2(q), gt: fp12(pair(p, q)) };
});
const batches = (input.batches ?? []).map((pairs) => {
  const list = pairs.map(({ a, b }) => ({ g1: multiple(G1.Point, a), g2: multiple(G2.Point, b) }))
    .filter(({ g1, g2 }) => !g1.equals(G1.Point.ZERO) && !g2.equals(G2.Point.ZERO));
  const gt = list.length === 0 ? fields.Fp12.ONE : bls12_381.pairingBatch(list);
  return { gt: fp12(gt) };
});
process.stdout.write(JSON.stringify({ cases, batches }) + '\n');
