package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A Merkle tree held in memory level by level (32-byte nodes, little-endian field elements):
 * tree_d (binary SHA-256), tree_c and tree_r_last (Poseidon of the shape's arities). The leaves
 * are split into equal base trees (subArity x topArity of them); base roots are joined by the sub
 * level, sub roots by the top level, as rfp's MerkleTreeWrapper does. Levels are hashed in
 * parallel. The leaf array is kept by reference, not copied.
 */
public final class MerkleTree implements OpeningTree {
    private static final int CHUNK = 1 << 10;

    private final TreeShape shape;
    private final NodeHasher hasher;
    private final long leaves;
    /** base[t][level]: the levels of base tree t, level 0 being its leaves. */
    private final byte[][][] base;
    private final byte[] leafArray;
    private final byte[] baseRoots;
    private final byte[] subRoots;
    private final byte[] root;

    private MerkleTree(TreeShape shape, NodeHasher hasher, byte[] leafArray) {
        this.shape = shape;
        this.hasher = hasher;
        this.leafArray = leafArray;
        this.leaves = leafArray.length / 32;
        if (leaves != shape.leaves()) {
            throw new IllegalArgumentException(leaves + " leaves given, tree shape " + shape + " has " + shape.leaves());
        }
        int count = baseTreeCount(shape);
        long perBase = leaves / count;
        this.base = new byte[count][][];
        this.baseRoots = new byte[32 * count];
        for (int t = 0; t < count; t++) {
            base[t] = buildLevels(leafArray, t * perBase, perBase, shape.baseArity());
            System.arraycopy(base[t][base[t].length - 1], 0, baseRoots, 32 * t, 32);
        }
        if (shape.subArity() == 0) {
            subRoots = baseRoots;
            root = baseRoots.clone();
        } else {
            int subCount = count / shape.subArity();
            subRoots = new byte[32 * subCount];
            for (int s = 0; s < subCount; s++) {
                hasher.hash(baseRoots, 32 * s * shape.subArity(), shape.subArity(), subRoots, 32 * s);
            }
            if (shape.topArity() == 0) {
                root = subRoots.clone();
            } else {
                root = new byte[32];
                hasher.hash(subRoots, 0, shape.topArity(), root, 0);
            }
        }
    }

    static int baseTreeCount(TreeShape shape) {
        return Math.max(shape.subArity(), 1) * Math.max(shape.topArity(), 1);
    }

    public static MerkleTree sha256Binary(byte[] leaves) {
        int levels = Long.numberOfTrailingZeros(leaves.length / 32);
        return new MerkleTree(TreeShape.single(2, levels), NodeHasher.SHA256, leaves);
    }

    public static MerkleTree poseidon(TreeShape shape, byte[] leaves) {
        return new MerkleTree(shape, NodeHasher.POSEIDON, leaves);
    }

    private byte[][] buildLevels(byte[] all, long first, long count, int arity) {
        List<byte[]> levels = new ArrayList<>();
        byte[] level;
        if (first == 0 && count * 32 == all.length) {
            level = all;
        } else {
            level = Arrays.copyOfRange(all, (int) (first * 32), (int) ((first + count) * 32));
        }
        levels.add(level);
        while (level.length > 32) {
            byte[] below = level;
            int n = below.length / 32 / arity;
            byte[] above = new byte[n * 32];
            int chunks = (n + CHUNK - 1) / CHUNK;
            IntStream.range(0, chunks).parallel().forEach(c -> {
                int end = Math.min(n, (c + 1) * CHUNK);
                for (int i = c * CHUNK; i < end; i++) {
                    hasher.hash(below, 32 * arity * i, arity, above, 32 * i);
                }
            });
            levels.add(above);
            level = above;
        }
        return levels.toArray(new byte[0][]);
    }

    public byte[] root() {
        return root.clone();
    }

    public TreeShape shape() {
        return shape;
    }

    public byte[] leaf(long index) {
        return Arrays.copyOfRange(leafArray, (int) (32 * index), (int) (32 * index + 32));
    }

    /** The inclusion proof of leaf {@code index}. */
    public MerkleProof proof(long index) {
        if (index < 0 || index >= leaves) {
            throw new IllegalArgumentException("leaf " + index + " outside 0.." + (leaves - 1));
        }
        long perBase = leaves / base.length;
        int t = (int) (index / perBase);
        byte[] siblings = new byte[32 * shape.siblingCount()];
        int[] indices = new int[shape.levels()];
        int s = 0;
        long pos = index % perBase;
        for (int l = 0; l < shape.baseLevels(); l++) {
            s = element(base[t][l], pos, shape.baseArity(), siblings, s, indices, l);
            pos /= shape.baseArity();
        }
        if (shape.subArity() > 0) {
            s = element(baseRoots, t, shape.subArity(), siblings, s, indices, shape.baseLevels());
        }
        if (shape.topArity() > 0) {
            element(subRoots, t / shape.subArity(), shape.topArity(), siblings, s, indices, shape.baseLevels() + 1);
        }
        return new MerkleProof(shape, root(), leaf(index), siblings, indices);
    }

    private static int element(byte[] level, long pos, int arity, byte[] siblings, int s, int[] indices, int l) {
        long group = pos / arity;
        indices[l] = (int) (pos % arity);
        for (int k = 0; k < arity; k++) {
            if (k != indices[l]) {
                System.arraycopy(level, (int) (32 * (group * arity + k)), siblings, 32 * s++, 32);
            }
        }
        return s;
    }

    /**
     * The root a proof's leaf and path lead to, each level hashed with its arity
     * (rfp merkle/proof.rs InclusionPath::root).
     */
    public static byte[] computeRoot(MerkleProof proof, NodeHasher hasher) {
        TreeShape shape = proof.shape();
        byte[] node = proof.leaf().clone();
        byte[] sib = proof.siblings();
        for (int l = 0; l < shape.levels(); l++) {
            int arity = shape.arityAt(l);
            int index = proof.indices()[l];
            if (index < 0 || index >= arity) {
                throw new IllegalArgumentException("path index " + index + " at level " + l + " outside 0.." + (arity - 1));
            }
            byte[] children = new byte[32 * arity];
            int s = shape.siblingOffset(l);
            for (int k = 0; k < arity; k++) {
                if (k == index) {
                    System.arraycopy(node, 0, children, 32 * k, 32);
                } else {
                    System.arraycopy(sib, 32 * s++, children, 32 * k, 32);
                }
            }
            node = new byte[32];
            hasher.hash(children, 0, arity, node, 0);
        }
        return node;
    }
}
