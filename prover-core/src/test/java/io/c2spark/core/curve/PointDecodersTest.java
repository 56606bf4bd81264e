package io.c2spark.core.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.IfmaLibrary;
import io.c2spark.core.field.LaneSupport;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The lane decoder and the native one against ZcashEncoding.readG1 and readG2: the points they
 * decode are theirs, and every encoding they would refuse or treat apart (infinity, flags, a
 * coordinate not below p, a point off the curve) is left to them. Enough points run for the JIT to
 * compile the lanes' vector code.
 */
class PointDecodersTest {
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    /** LaneDecoder's and IfmaDecoder's decodeG1 or decodeG2. */
    private interface Decoder {
        void decode(byte[] in, int io, int count, long[] out, int oo, boolean[] decoded);
    }

    /** count random points' uncompressed encodings: multiples of the generator by a running sum of random steps. */
    private byte[] encodings(CurveGroup g, int count) {
        int len = g.uncompressedBytes();
        byte[] out = new byte[count * len];
        long[] p = new long[g.jacobianLimbs()];
        long[] step = new long[g.jacobianLimbs()];
        g.fromAffine(g.generator(), 0, p, 0);
        g.mul(p, 0, new BigInteger(250, rnd), p, 0);
        g.fromAffine(g.generator(), 0, step, 0);
        g.mul(step, 0, new BigInteger(250, rnd), step, 0);
        long[] jac = new long[count * g.jacobianLimbs()];
        for (int i = 0; i < count; i++) {
            g.add(p, 0, step, 0, p, 0);
            System.arraycopy(p, 0, jac, i * g.jacobianLimbs(), g.jacobianLimbs());
        }
        long[] aff = new long[count * g.affineLimbs()];
        g.batchToAffine(jac, 0, aff, 0, count);
        for (int i = 0; i < count; i++) {
            System.arraycopy(g.encode(aff, i * g.affineLimbs(), false), 0, out, i * len, len);
        }
        return out;
    }

    @Test
    void lanesDecodeWhatReadG1AndReadG2DecodeAndLeaveTheRestToThem() {
        assumeTrue(LaneSupport.AVAILABLE, "no SIMD lanes in this JVM: " + LaneSupport.describe());
        check(CurveGroup.G1_GROUP, 1003, 40, (in, io, count, out, oo, decoded) -> new LaneDecoder().decodeG1(in, io, count,
                out, oo, decoded));
        check(CurveGroup.G2_GROUP, 403, 40, (in, io, count, out, oo, decoded) -> new LaneDecoder().decodeG2(in, io, count,
                out, oo, decoded));
    }

    @Test
    void theNativeKernelDecodesWhatReadG1AndReadG2DecodeAndLeavesTheRestToThem() {
        assumeTrue(IfmaDecoder.AVAILABLE, "no native kernel in this JVM: " + IfmaLibrary.STATE);
        check(CurveGroup.G1_GROUP, 1003, 2, IfmaDecoder::decodeG1);
        check(CurveGroup.G2_GROUP, 403, 2, IfmaDecoder::decodeG2);
    }

    private void check(CurveGroup g, int count, int rounds, Decoder decoder) {
        int len = g.uncompressedBytes();
        int pl = g.affineLimbs();
        byte[] in = encodings(g, count);
        // Uncommon encodings at known places: infinity, a flag, the first or the second coordinate = p, the last + 1 (off the curve).
        byte[] infinity = new byte[len];
        infinity[0] = 0x40;
        System.arraycopy(infinity, 0, in, 5 * len, len);
        in[17 * len] |= 0x20;
        byte[] p = Fp.MODULUS.toByteArray();
        System.arraycopy(p, p.length - 48, in, 40 * len, 48);
        System.arraycopy(p, p.length - 48, in, 41 * len + 48, 48);
        for (int b = 58 * len + len - 1; ; b--) {
            if (++in[b] != 0) {
                break;
            }
        }
        for (int round = 0; round < rounds; round++) {
            long[] out = new long[count * pl];
            boolean[] decoded = new boolean[count];
            decoder.decode(in, 0, count, out, 0, decoded);
            for (int i = 0; i < count; i++) {
                boolean common = i != 5 && i != 17 && i != 40 && i != 41 && i != 58;
                assertEquals(common, decoded[i], g.name() + " point " + i + ", seed " + seed);
                if (common) {
                    long[] want = g.decode(Arrays.copyOfRange(in, i * len, (i + 1) * len), false);
                    assertArrayEquals(want, Arrays.copyOfRange(out, i * pl, (i + 1) * pl), g.name() + " point " + i
                            + ", seed " + seed);
                }
            }
        }
        for (int bad : new int[] {17, 40, 41, 58}) {
            byte[] one = Arrays.copyOfRange(in, bad * len, (bad + 1) * len);
            assertThrows(IllegalArgumentException.class, () -> g.decode(one, false));
        }
    }
}
