package io.c2spark.core.groth16;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;

/**
 * The tail bases of heap parameters: the points of the non-bit (tail) variables, gathered once from
 * the queries at the positions {@link QueryLayout} gives, in tail order, for the MSMs over the tail
 * values (the CPU prover's; the GPU prover gathers its own on the device). l holds one per tail
 * variable, a one per tail variable in A, b1 and b2 one per tail variable in B.
 */
public record TailBases(long[] l, long[] a, long[] b1, long[] b2) {
    /** Gathers the tail bases of params; the layout must fit them ({@link QueryLayout#checkFits}). */
    public static TailBases gather(QueryLayout layout, Parameters params) {
        return new TailBases(gather(params.l(), layout.lTailPoints(), G1.AFFINE),
                gather(params.a(), layout.aTailPoints(), G1.AFFINE),
                gather(params.bG1(), layout.bTailPoints(), G1.AFFINE),
                gather(params.bG2(), layout.bTailPoints(), G2.AFFINE));
    }

    private static long[] gather(long[] query, int[] points, int pointLongs) {
        long[] out = new long[points.length * pointLongs];
        for (int k = 0; k < points.length; k++) {
            System.arraycopy(query, points[k] * pointLongs, out, k * pointLongs, pointLongs);
        }
        return out;
    }
}
