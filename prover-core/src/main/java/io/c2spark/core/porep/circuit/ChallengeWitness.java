package io.c2spark.core.porep.circuit;

import io.c2spark.core.field.Fr;
import io.c2spark.core.gadgets.AuthPath;
import io.c2spark.core.porep.vanilla.proof.TreeShape;

/**
 * What the partition circuit needs for one challenge (upstream stacked/circuit/params.rs Proof):
 * the data leaf and its tree_d path, the challenged node, its tree_r_last and tree_c paths, and the
 * columns (one label per layer, 4 Montgomery limbs each) and tree_c paths of its 6 DRG and 8
 * expander parents.
 */
public record ChallengeWitness(
        long[] dataLeaf,
        long challenge,
        AuthPath commDPath,
        AuthPath commRLastPath,
        AuthPath commCPath,
        long[][] drgColumns,
        AuthPath[] drgPaths,
        long[][] expColumns,
        AuthPath[] expPaths) {

    /** Parents per node in the DRG (BASE_DEGREE) and the expander (EXP_DEGREE). */
    public static final int DRG_PARENTS = 6;
    public static final int EXP_PARENTS = 8;

    public ChallengeWitness {
        if (drgColumns.length != DRG_PARENTS || drgPaths.length != DRG_PARENTS
                || expColumns.length != EXP_PARENTS || expPaths.length != EXP_PARENTS) {
            throw new IllegalArgumentException("a challenge has 6 DRG and 8 expander parent columns");
        }
    }

    /** A challenge of the right shape with zero values, for the shape and count modes. */
    public static ChallengeWitness blank(int layers, TreeShape treeD, TreeShape treeR) {
        long[][] drg = new long[DRG_PARENTS][];
        AuthPath[] drgPaths = new AuthPath[DRG_PARENTS];
        for (int i = 0; i < DRG_PARENTS; i++) {
            drg[i] = new long[layers * Fr.LIMBS];
            drgPaths[i] = blankPath(treeR);
        }
        long[][] exp = new long[EXP_PARENTS][];
        AuthPath[] expPaths = new AuthPath[EXP_PARENTS];
        for (int i = 0; i < EXP_PARENTS; i++) {
            exp[i] = new long[layers * Fr.LIMBS];
            expPaths[i] = blankPath(treeR);
        }
        return new ChallengeWitness(new long[Fr.LIMBS], 0, blankPath(treeD), blankPath(treeR), blankPath(treeR), drg,
                drgPaths, exp, expPaths);
    }

    /** A path of the tree's shape, every index 0 and every sibling 0. */
    public static AuthPath blankPath(TreeShape shape) {
        int levels = shape.levels();
        int[] arities = new int[levels];
        int[] indices = new int[levels];
        long[][] siblings = new long[levels][];
        for (int l = 0; l < levels; l++) {
            arities[l] = shape.arityAt(l);
            siblings[l] = new long[(arities[l] - 1) * Fr.LIMBS];
        }
        int sub = shape.subArity() > 0 ? 1 : 0;
        return new AuthPath(arities, indices, siblings, shape.baseLevels(), sub);
    }
}
