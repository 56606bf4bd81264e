package io.c2spark.core.gadgets;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.ConstraintSystem;

/**
 * storage-proofs-core's PoRCircuit (gadgets/por.rs): recomputes a Merkle root from a leaf and its
 * path (base, then sub, then top levels), packs the path's index bits into public inputs, and ties
 * the computed root to the given one.
 */
public final class PorGadget {
    private PorGadget() {
    }

    /**
     * The path part of PoRCircuit::synthesize: returns the computed root after packing every index
     * bit of the path into public inputs (namespace "path").
     */
    public static Num computeRoot(ConstraintSystem cs, CircuitHasher hasher, Num leaf, AuthPath path) {
        Num cur = leaf;
        long[] allBits = new long[0];
        int level = 0;
        String[] parts = {"base", "sub", "top"};
        int[] partLevels = {path.baseLevels(), path.subLevels(), path.levels() - path.baseLevels() - path.subLevels()};
        for (int p = 0; p < 3; p++) {
            String part = parts[p];
            try (var ns = cs.namespace(() -> part)) {
                for (int i = 0; i < partLevels[p]; i++, level++) {
                    int k = i;
                    int arity = path.arities()[level];
                    int index = path.indices()[level];
                    try (var n = cs.namespace(() -> "merkle tree hash " + k)) {
                        int bitCount = Integer.numberOfTrailingZeros(arity);
                        long[] indexBits = new long[bitCount];
                        for (int b = 0; b < bitCount; b++) {
                            int bb = b;
                            try (var nb = cs.namespace(() -> "index bit " + bb)) {
                                indexBits[b] = Booleans.alloc(cs, ((index >>> b) & 1) != 0);
                            }
                        }
                        long[] grown = new long[allBits.length + bitCount];
                        System.arraycopy(allBits, 0, grown, 0, allBits.length);
                        System.arraycopy(indexBits, 0, grown, allBits.length, bitCount);
                        allBits = grown;
                        Num[] siblings = new Num[arity - 1];
                        long[] s = path.siblings()[level];
                        for (int e = 0; e < arity - 1; e++) {
                            int ee = e;
                            long[] v = new long[Fr.LIMBS];
                            System.arraycopy(s, e * Fr.LIMBS, v, 0, Fr.LIMBS);
                            try (var ne = cs.namespace(() -> "path element " + ee)) {
                                siblings[e] = Num.alloc(cs, v);
                            }
                        }
                        Num[] inserted = Insertion.insert(cs, cur, indexBits, siblings);
                        int height = i;
                        try (var nh = cs.namespace(() -> "computation of commitment hash")) {
                            cur = hasher.hashMultiLeaf(cs, inserted, height);
                        }
                    }
                }
            }
        }
        long[] bits = allBits;
        try (var ns = cs.namespace(() -> "path")) {
            Multipack.packIntoInputs(cs, bits);
        }
        return cur;
    }

    /** enforce_inclusion of the stacked circuit: root and leaf already allocated, root kept private. */
    public static void enforceInclusion(ConstraintSystem cs, CircuitHasher hasher, AuthPath path, Num root,
            Num leaf) {
        Num computed = computeRoot(cs, hasher, leaf, path);
        Num.enforceEqual(cs, "enforce root is correct", computed, root);
    }
}
