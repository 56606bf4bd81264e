// Reads a JSON array of requests on stdin and prints a JSON array of flat answers, one per request
// and one per line, computed by @noble/curves (an outside BLS12-381 implementation the Java tests
// compare against).
//   {"op": "generator", "group": "G1"|"G2"}    -> {compressed, uncompressed} of the generator
//   {"op": "mul", "group": "G1"|"G2", "k": dec} -> {compressed, uncompressed} of [k] generator, 0 <= k < r
//   {"op": "parse", "group": "G1"|"G2", "hex"}  -> {ok: true, compressed, uncompressed} or {ok: false, error}
// Encodings are zcash hex strings; parse applies noble's own validity (curve and subgroup) checks.
import { bls12_381 } from '@noble/curves/bls12-381';
import { readJsonStdin } from './stdin-json.mjs';

const groups = { G1: bls12_381.G1.ProjectivePoint, G2: bls12_381.G2.ProjectivePoint };

function encodings(point) {
  return { compressed: point.toHex(true), uncompressed: point.toHex(false) };
}

function group(name) {
  const g = groups[name];
  if (!g) throw new Error('unknown group ' + name);
  return g;
}

function answer(req) {
  switch (req.op) {
    case 'generator':
      return encodings(group(req.group).BASE);
    case 'mul': {
      const g = group(req.group);
      const k = BigInt(req.k);
      return encodings(k === 0n ? g.ZERO : g.BASE.multiply(k));
    }
    case 'parse':
      try {
        const p = group(req.group).fromHex(req.hex);
        p.assertValidity();
        return { ok: true, ...encodings(p) };
      } catch (e) {
        return { ok: false, error: String(e.message ?? e) };
      }
    default:
      throw new Error('unknown op ' + req.op);
  }
}

const requests = await readJsonStdin();
process.stdout.write('[\n' + requests.map((r) => JSON.stringify(answer(r))).join(',\n') + '\n]\n');
