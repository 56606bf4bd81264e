package io.c2spark.core.porep.vanilla.proof;

/**
 * The shape of a Merkle tree as Filecoin builds it, and so the shape of every inclusion path in it.
 *
 * <p>A tree is {@code baseLevels} levels of {@code baseArity}-ary nodes (a "base tree"); for 32GiB
 * and 64GiB sectors {@code subArity} base trees are joined under one more node (a "sub tree"), and
 * for 64GiB {@code topArity} sub trees under one more (a "top tree"). An arity of 0 means the level
 * is absent. A path therefore has {@link #levels()} elements: {@code baseLevels} of arity
 * {@code baseArity}, then one of {@code subArity} if present, then one of {@code topArity} if present.
 * Upstream: rust-fil-proofs storage-proofs-core/src/merkle (MerkleTreeWrapper, compound_path_length).
 */
public record TreeShape(int baseArity, int baseLevels, int subArity, int topArity) {

    /** The three serde variants of upstream ProofData, chosen by which upper levels the tree has. */
    public enum Variant {
        /** {@code {"Single":{"root","leaf","path"}}}: a base tree alone. */
        SINGLE("Single"),
        /** {@code {"Sub":{"base_proof","sub_proof","root","leaf"}}}: base trees under one node. */
        SUB("Sub"),
        /** {@code {"Top":{"base_proof","sub_proof","top_proof","root","leaf"}}}: sub trees under one node. */
        TOP("Top");

        private final String serdeName;

        Variant(String serdeName) {
            this.serdeName = serdeName;
        }

        /** The enum tag serde writes for this variant. */
        public String serdeName() {
            return serdeName;
        }
    }

    public TreeShape {
        if (baseArity < 2 || baseLevels < 0 || subArity < 0 || topArity < 0 || subArity == 1 || topArity == 1
                || (topArity > 0 && subArity == 0)) {
            throw new IllegalArgumentException("invalid tree shape " + baseArity + "/" + baseLevels + "/"
                    + subArity + "/" + topArity);
        }
    }

    /** A tree with base levels only: tree_d (arity 2) and the small sectors' tree_c and tree_r_last. */
    public static TreeShape single(int arity, int levels) {
        return new TreeShape(arity, levels, 0, 0);
    }

    public Variant variant() {
        return topArity > 0 ? Variant.TOP : subArity > 0 ? Variant.SUB : Variant.SINGLE;
    }

    /** Number of path elements from leaf to root. */
    public int levels() {
        return baseLevels + (subArity > 0 ? 1 : 0) + (topArity > 0 ? 1 : 0);
    }

    /** Arity of the node at path element {@code level} (0 is next to the leaf). */
    public int arityAt(int level) {
        if (level < baseLevels) {
            return baseArity;
        }
        if (level == baseLevels && subArity > 0) {
            return subArity;
        }
        if (level == baseLevels + 1 && topArity > 0) {
            return topArity;
        }
        throw new IndexOutOfBoundsException("level " + level + " of " + levels());
    }

    /** Total sibling hashes in a path: the sum over levels of (arity - 1). */
    public int siblingCount() {
        return baseLevels * (baseArity - 1) + Math.max(subArity - 1, 0) + Math.max(topArity - 1, 0);
    }

    /** Index, counted in hashes, of the first sibling of path element {@code level}. */
    public int siblingOffset(int level) {
        if (level <= baseLevels) {
            return level * (baseArity - 1);
        }
        return baseLevels * (baseArity - 1) + (subArity - 1);
    }

    /** Number of leaves: baseArity^baseLevels, times subArity and topArity where present. */
    public long leaves() {
        long n = 1;
        for (int l = 0; l < levels(); l++) {
            n *= arityAt(l);
        }
        return n;
    }
}
