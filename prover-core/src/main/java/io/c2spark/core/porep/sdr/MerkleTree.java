package io.c2spark.core.porep.sdr;

import io.c2spark.core.porep.TreeShape;
import io.c2spark.core.porep.vanilla.Domain;
import io.c2spark.core.porep.vanilla.InclusionPath;
import io.c2spark.core.porep.vanilla.MerkleProof;
import io.c2spark.core.porep.vanilla.PathElement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A Merkle tree held in memory level by level (32-byte nodes, little-endian field elements):
 * tree_d (binary SHA-256), tree_c and tree_r_last (Poseidon of the shape's arities). The leaves
 * are split into {@link TreeShape#baseTreeCount()} equal base trees; base roots are joined by the
 * sub layer, sub roots by the top layer, as rfp's MerkleTreeWrapper does. Levels are hashed in
 * parallel. The leaf array is kept by reference, not copied.
 */
public final class MerkleTree {
    private static final int CHUNK = 1 << 10;

    private final TreeShape shape;
    private final NodeHasher hasher;
    private final long leaves;
    /** base[t][level]: the levels of base tree t, level 0 being its leaves (a view into the leaves array). */
    private final byte[][][] base;
    private final byte[] leafArray;
    private final byte[] subRoots;
    private final byte[] root;

    private MerkleTree(TreeShape shape, NodeHasher hasher, byte[] leafArray) {
        this.shape = shape;
        this.hasher = hasher;
        this.leafArray = leafArray;
        this.leaves = leafArray.length / 32;
        int count = shape.baseTreeCount();
        long perBase = leaves / count;
        if (leaves % count != 0 || !isPowerOf(perBase, shape.base())) {
            throw new IllegalArgumentException(leaves + " leaves do not form " + count + " base trees of arity " + shape.base());
        }
        this.base = new byte[count][][];
        byte[] baseRoots = new byte[32 * count];
        for (int t = 0; t < count; t++) {
            base[t] = buildLevels(leafArray, t * perBase, perBase, shape.base());
            System.arraycopy(base[t][base[t].length - 1], 0, baseRoots, 32 * t, 32);
        }
        if (shape.sub() == 0) {
            subRoots = baseRoots;
            root = baseRoots.clone();
        } else {
            int subCount = count / shape.sub();
            subRoots = new byte[32 * subCount];
            for (int s = 0; s < subCount; s++) {
                hasher.hash(baseRoots, 32 * s * shape.sub(), shape.sub(), subRoots, 32 * s);
            }
            if (shape.top() == 0) {
                root = subRoots.clone();
            } else {
                root = new byte[32];
                hasher.hash(subRoots, 0, shape.top(), root, 0);
            }
        }
    }

    private static boolean isPowerOf(long n, int arity) {
        while (n > 1 && n % arity == 0) {
            n /= arity;
        }
        return n == 1;
    }

    public static MerkleTree sha256Binary(byte[] leaves) {
        return new MerkleTree(new TreeShape(2, 0, 0), NodeHasher.SHA256, leaves);
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
            level = new byte[(int) (count * 32)];
            System.arraycopy(all, (int) (first * 32), level, 0, level.length);
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

    public Domain root() {
        return new Domain(root);
    }

    public long leafCount() {
        return leaves;
    }

    public TreeShape shape() {
        return shape;
    }

    public Domain leaf(long index) {
        return Domain.of(leafArray, (int) (32 * index));
    }

    /** The inclusion proof of leaf {@code index}, in rfp's Single, Sub or Top form. */
    public MerkleProof proof(long index) {
        if (index < 0 || index >= leaves) {
            throw new IllegalArgumentException("leaf " + index + " outside 0.." + (leaves - 1));
        }
        int count = shape.baseTreeCount();
        long perBase = leaves / count;
        int t = (int) (index / perBase);
        long within = index % perBase;
        List<PathElement> basePath = new ArrayList<>();
        byte[][] levels = base[t];
        long pos = within;
        for (int l = 0; l < levels.length - 1; l++) {
            basePath.add(element(levels[l], pos, shape.base()));
            pos /= shape.base();
        }
        Domain leaf = leaf(index);
        if (shape.sub() == 0) {
            return MerkleProof.single(new InclusionPath(basePath), root(), leaf);
        }
        byte[] baseRoots = new byte[32 * count];
        for (int b = 0; b < count; b++) {
            System.arraycopy(base[b][base[b].length - 1], 0, baseRoots, 32 * b, 32);
        }
        InclusionPath sub = new InclusionPath(List.of(element(baseRoots, t, shape.sub())));
        InclusionPath top = shape.top() == 0 ? null
                : new InclusionPath(List.of(element(subRoots, t / shape.sub(), shape.top())));
        return new MerkleProof(new InclusionPath(basePath), sub, top, root(), leaf);
    }

    private static PathElement element(byte[] level, long pos, int arity) {
        long group = pos / arity;
        int index = (int) (pos % arity);
        List<Domain> siblings = new ArrayList<>(arity - 1);
        for (int k = 0; k < arity; k++) {
            if (k != index) {
                siblings.add(Domain.of(level, (int) (32 * (group * arity + k))));
            }
        }
        return new PathElement(siblings, index);
    }

    /**
     * The root a proof's leaf and paths lead to, hashing each level with the arity its element
     * implies (rfp merkle/proof.rs InclusionPath::root).
     */
    public static Domain computeRoot(MerkleProof proof, NodeHasher hasher) {
        byte[] node = proof.leaf().bytes();
        for (InclusionPath p : new InclusionPath[] {proof.baseProof(), proof.subProof(), proof.topProof()}) {
            if (p == null) {
                continue;
            }
            for (PathElement e : p.path()) {
                int arity = e.hashes().size() + 1;
                byte[] children = new byte[32 * arity];
                int s = 0;
                for (int k = 0; k < arity; k++) {
                    if (k == e.index()) {
                        System.arraycopy(node, 0, children, 32 * k, 32);
                    } else {
                        e.hashes().get(s++).copyTo(children, 32 * k);
                    }
                }
                node = new byte[32];
                hasher.hash(children, 0, arity, node, 0);
            }
        }
        return new Domain(node);
    }

    /** The leaf index a proof's paths encode, for the given tree shape. */
    public static long pathIndex(MerkleProof proof, TreeShape shape) {
        long baseIndex = proof.baseProof().pathIndex(shape.base());
        long baseLeaves = 1;
        for (int i = 0; i < proof.baseProof().path().size(); i++) {
            baseLeaves *= shape.base();
        }
        if (proof.subProof() == null) {
            return baseIndex;
        }
        long subIndex = proof.subProof().pathIndex(shape.sub());
        long index = subIndex * baseLeaves + baseIndex;
        if (proof.topProof() != null) {
            index += proof.topProof().pathIndex(shape.top()) * shape.sub() * baseLeaves;
        }
        return index;
    }
}
