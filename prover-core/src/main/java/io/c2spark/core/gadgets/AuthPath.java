package io.c2spark.core.gadgets;

/**
 * A Merkle inclusion path as the circuit consumes it: for each level from the leaf up, the tree's
 * arity there, the position of the path's node among its siblings, and the arity - 1 sibling
 * values (4 Montgomery limbs each, back to back). Levels are grouped as upstream's base, sub and
 * top paths by {@code baseLevels} and {@code subLevels}; the rest are top levels.
 */
public record AuthPath(int[] arities, int[] indices, long[][] siblings, int baseLevels, int subLevels) {
    public AuthPath {
        if (arities.length != indices.length || arities.length != siblings.length
                || baseLevels + subLevels > arities.length) {
            throw new IllegalArgumentException("inconsistent auth path");
        }
        for (int l = 0; l < arities.length; l++) {
            if (Integer.bitCount(arities[l]) != 1 || siblings[l].length != 4 * (arities[l] - 1)
                    || indices[l] < 0 || indices[l] >= arities[l]) {
                throw new IllegalArgumentException("bad auth path level " + l);
            }
        }
    }

    public int levels() {
        return arities.length;
    }
}
