package io.c2spark.core.porep.vanilla;

import java.util.List;

/** The levels of one (base, sub or top) tree, leaf level first (rfp merkle/proof.rs InclusionPath). */
public record InclusionPath(List<PathElement> path) {
    public InclusionPath {
        path = List.copyOf(path);
    }

    /** The leaf index this path proves, for a tree of the given arity. */
    public long pathIndex(int arity) {
        long acc = 0;
        for (int i = path.size() - 1; i >= 0; i--) {
            acc = acc * arity + path.get(i).index();
        }
        return acc;
    }
}
