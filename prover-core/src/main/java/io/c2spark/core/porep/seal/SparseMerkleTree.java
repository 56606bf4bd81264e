package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.vanilla.proof.MerkleProof;
import io.c2spark.core.porep.vanilla.proof.TreeShape;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A Merkle tree of any size in which only a few leaves are given and every other leaf holds one
 * default value: each level keeps only the nodes above a given leaf, every other node of a level
 * is that level's default (the default of the level below hashed with itself). Building costs
 * O(given leaves x depth) hashes, whatever the leaf count, which is how a synthetic 32GiB C1 gets
 * real roots and paths.
 */
public final class SparseMerkleTree implements OpeningTree {
    private final TreeShape shape;
    private final List<Map<Long, byte[]>> levels = new ArrayList<>();
    private final byte[][] defaults;

    public SparseMerkleTree(TreeShape shape, NodeHasher hasher, byte[] defaultLeaf, Map<Long, byte[]> leaves) {
        this.shape = shape;
        int depth = shape.levels();
        defaults = new byte[depth + 1][];
        defaults[0] = defaultLeaf.clone();
        for (int l = 0; l < depth; l++) {
            int arity = shape.arityAt(l);
            byte[] children = new byte[32 * arity];
            for (int k = 0; k < arity; k++) {
                System.arraycopy(defaults[l], 0, children, 32 * k, 32);
            }
            defaults[l + 1] = new byte[32];
            hasher.hash(children, 0, arity, defaults[l + 1], 0);
        }
        for (long index : leaves.keySet()) {
            if (index < 0 || index >= shape.leaves()) {
                throw new IllegalArgumentException("leaf " + index + " outside a tree of " + shape.leaves());
            }
        }
        levels.add(new HashMap<>(leaves));
        for (int l = 0; l < depth; l++) {
            Map<Long, byte[]> below = levels.get(l);
            int arity = shape.arityAt(l);
            byte[] fallback = defaults[l];
            Map<Long, byte[]> above = new ConcurrentHashMap<>();
            below.keySet().stream().map(i -> i / arity).distinct().toList().parallelStream().forEach(p -> {
                byte[] children = new byte[32 * arity];
                for (int k = 0; k < arity; k++) {
                    System.arraycopy(below.getOrDefault(p * arity + k, fallback), 0, children, 32 * k, 32);
                }
                byte[] h = new byte[32];
                hasher.hash(children, 0, arity, h, 0);
                above.put(p, h);
            });
            levels.add(new HashMap<>(above));
        }
    }

    public byte[] root() {
        return node(shape.levels(), 0).clone();
    }

    private byte[] node(int level, long index) {
        return levels.get(level).getOrDefault(index, defaults[level]);
    }

    public MerkleProof proof(long index) {
        byte[] siblings = new byte[32 * shape.siblingCount()];
        int[] indices = new int[shape.levels()];
        int s = 0;
        long pos = index;
        for (int l = 0; l < shape.levels(); l++) {
            int arity = shape.arityAt(l);
            indices[l] = (int) (pos % arity);
            long group = pos / arity;
            for (int k = 0; k < arity; k++) {
                if (k != indices[l]) {
                    System.arraycopy(node(l, group * arity + k), 0, siblings, 32 * s++, 32);
                }
            }
            pos = group;
        }
        return new MerkleProof(shape, root(), node(0, index).clone(), siblings, indices);
    }
}
