package io.c2spark.core.groth16;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.Map;

/**
 * Collects parameters on the heap as {@link Parameters}, decoding each chunk of points in parallel
 * (on the curve checked, the subgroup not: the points come from this process). For circuits whose
 * queries fit Java arrays, as tests and small sectors have them.
 */
public final class HeapParameterSink implements ParameterSink {
    private static final int G1U = ZcashEncoding.G1_UNCOMPRESSED;
    private static final int G2U = ZcashEncoding.G2_UNCOMPRESSED;

    private final Map<ParameterSection, long[]> sections = new EnumMap<>(ParameterSection.class);
    private long[][] key;
    private ParameterSection section;
    private long[] current;
    private int filled;
    private byte[] chunk = new byte[0];

    @Override
    public void verifyingKey(byte[] encoded) {
        int[] lengths = {G1U, G1U, G2U, G2U, G1U, G2U};
        key = new long[6][];
        int at = 0;
        for (int k = 0; k < 6; k++) {
            boolean g2 = lengths[k] == G2U;
            key[k] = new long[g2 ? G2.AFFINE : G1.AFFINE];
            if (g2) {
                ZcashEncoding.readG2(encoded, at, G2U, true, key[k], 0);
            } else {
                ZcashEncoding.readG1(encoded, at, G1U, true, key[k], 0);
            }
            at += lengths[k];
        }
    }

    @Override
    public void begin(ParameterSection section, long count) {
        long longs = count * (section.isG2() ? G2.AFFINE : G1.AFFINE);
        if (longs > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("section " + section.label() + " of " + count
                    + " points does not fit a Java array; write the parameters to files instead");
        }
        this.section = section;
        current = new long[(int) longs];
        filled = 0;
        sections.put(section, current);
    }

    @Override
    public void points(ByteBuffer encoded) {
        boolean g2 = section.isG2();
        int len = section.pointBytes();
        int pl = g2 ? G2.AFFINE : G1.AFFINE;
        int n = encoded.remaining() / len;
        if (chunk.length < n * len) {
            chunk = new byte[n * len];
        }
        encoded.get(chunk, 0, n * len);
        long[] out = current;
        int first = filled;
        byte[] in = chunk;
        ComputePool.forRange(0, n, 1 << 8, (lo, hi) -> {
            for (int i = lo; i < hi; i++) {
                if (g2) {
                    ZcashEncoding.readG2(in, i * len, len, false, out, (first + i) * pl);
                } else {
                    ZcashEncoding.readG1(in, i * len, len, false, out, (first + i) * pl);
                }
            }
        });
        filled += n;
    }

    @Override
    public void end(ParameterSection section) {
        current = null;
    }

    /** The parameters, once every section has ended. */
    public Parameters parameters() {
        if (key == null || sections.size() != ParameterSection.values().length || current != null) {
            throw new IllegalStateException("the parameters are not complete");
        }
        VerifyingKey vk = new VerifyingKey(key[0], key[1], key[2], key[3], key[4], key[5],
                sections.get(ParameterSection.IC));
        return new Parameters(vk, sections.get(ParameterSection.H), sections.get(ParameterSection.L),
                sections.get(ParameterSection.A), sections.get(ParameterSection.B_G1), sections.get(ParameterSection.B_G2));
    }
}
