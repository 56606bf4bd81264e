package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.ZcashEncoding;
import java.nio.ByteBuffer;

/**
 * Groth16 parameters held on the heap, bellperson's Parameters: the verifying key (with beta and
 * delta in G1, which the prover needs) and the five queries as flat affine arrays. The CPU prover
 * works on them directly; as a {@link ParameterSource} they hand out their points encoded as a
 * .params file holds them, so that the GPU prover loads them as it loads a file.
 */
public record Parameters(VerifyingKey vk, long[] h, long[] l, long[] a, long[] bG1, long[] bG2)
        implements ParameterSource {
    public Parameters {
        if (vk.beta1() == null || vk.delta1() == null) {
            throw new IllegalArgumentException("proving parameters need beta_g1 and delta_g1 in the verifying key");
        }
        check(h, VerifyingKey.G1_LONGS, "h");
        check(l, VerifyingKey.G1_LONGS, "l");
        check(a, VerifyingKey.G1_LONGS, "a");
        check(bG1, VerifyingKey.G1_LONGS, "b_g1");
        check(bG2, VerifyingKey.G2_LONGS, "b_g2");
        if (bG1.length / VerifyingKey.G1_LONGS != bG2.length / VerifyingKey.G2_LONGS) {
            throw new IllegalArgumentException("b_g1 holds " + bG1.length / VerifyingKey.G1_LONGS + " points, b_g2 "
                    + bG2.length / VerifyingKey.G2_LONGS);
        }
    }

    private static void check(long[] query, int pointLongs, String name) {
        if (query.length % pointLongs != 0) {
            throw new IllegalArgumentException("query " + name + " holds " + query.length + " longs, not a whole number of "
                    + pointLongs + "-long points");
        }
    }

    /** The query's points, affine in the shared layout (callers must not modify them). */
    public long[] points(Query q) {
        return switch (q) {
            case H -> h;
            case L -> l;
            case A -> a;
            case B_G1 -> bG1;
            case B_G2 -> bG2;
        };
    }

    /** Longs of one point of the query. */
    static int pointLongs(Query q) {
        return q.g2 ? VerifyingKey.G2_LONGS : VerifyingKey.G1_LONGS;
    }

    @Override
    public String origin() {
        return "parameters in memory";
    }

    @Override
    public int count(Query q) {
        return points(q).length / pointLongs(q);
    }

    /** Encodes the points in parallel, as ParameterFiles writes them. */
    @Override
    public void read(Query q, long first, int n, ByteBuffer dst) {
        ParameterSource.checkRead(this, q, first, n, dst);
        long[] points = points(q);
        int pl = pointLongs(q);
        int len = q.encodedBytes();
        byte[] out = new byte[n * len];
        int from = (int) first;
        ComputePool.forRange(0, n, 1 << 10, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                if (q.g2) {
                    ZcashEncoding.writeG2(points, (from + i) * pl, false, out, i * len);
                } else {
                    ZcashEncoding.writeG1(points, (from + i) * pl, false, out, i * len);
                }
            }
        });
        dst.put(out);
    }
}
