package io.c2spark.core.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.LaneSupport;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The lane decoder against ZcashEncoding.readG1: the points it decodes are readG1's, and every
 * encoding readG1 would refuse or treat apart (infinity, flags, a coordinate not below p, a point
 * off the curve) is left to it. Enough points run for the JIT to compile the lanes' vector code.
 */
class G1LaneDecoderTest {
    private static final int LEN = ZcashEncoding.G1_UNCOMPRESSED;
    private final long seed = new SecureRandom().nextLong();
    private final Random rnd = new Random(seed);

    @BeforeAll
    static void lanes() {
        assumeTrue(LaneSupport.AVAILABLE, "no SIMD lanes in this JVM: " + LaneSupport.describe());
    }

    /** count random points' encodings; G1 multiples by a running sum of random steps. */
    private byte[] encodings(int count) {
        byte[] out = new byte[count * LEN];
        long[] p = new long[G1.JACOBIAN];
        long[] step = new long[G1.JACOBIAN];
        G1.fromAffine(G1.generator(), 0, p, 0);
        G1.mul(p, 0, new BigInteger(250, rnd), p, 0);
        G1.fromAffine(G1.generator(), 0, step, 0);
        G1.mul(step, 0, new BigInteger(250, rnd), step, 0);
        long[] jac = new long[count * G1.JACOBIAN];
        for (int i = 0; i < count; i++) {
            G1.add(p, 0, step, 0, p, 0);
            System.arraycopy(p, 0, jac, i * G1.JACOBIAN, G1.JACOBIAN);
        }
        long[] aff = new long[count * G1.AFFINE];
        G1.batchToAffine(jac, 0, aff, 0, count);
        for (int i = 0; i < count; i++) {
            ZcashEncoding.writeG1(aff, i * G1.AFFINE, false, out, i * LEN);
        }
        return out;
    }

    @Test
    void decodesWhatReadG1DecodesAndLeavesTheRestToIt() {
        int count = 1003;
        byte[] in = encodings(count);
        // Uncommon encodings at known places: infinity, a flag, x = p, y + 1 (off the curve).
        byte[] infinity = new byte[LEN];
        infinity[0] = 0x40;
        System.arraycopy(infinity, 0, in, 5 * LEN, LEN);
        in[17 * LEN] |= 0x20;
        byte[] p = Fp.MODULUS.toByteArray();
        System.arraycopy(p, p.length - 48, in, 40 * LEN, 48);
        for (int b = 58 * LEN + LEN - 1; ; b--) {
            if (++in[b] != 0) {
                break;
            }
        }
        for (int round = 0; round < 40; round++) {
            long[] out = new long[count * G1.AFFINE];
            boolean[] decoded = new boolean[count];
            new G1LaneDecoder().decode(in, 0, count, out, 0, decoded);
            if (round < 39) {
                continue;
            }
            for (int i = 0; i < count; i++) {
                boolean common = i != 5 && i != 17 && i != 40 && i != 58;
                assertEquals(common, decoded[i], "point " + i + ", seed " + seed);
                if (common) {
                    long[] want = new long[G1.AFFINE];
                    ZcashEncoding.readG1(in, i * LEN, LEN, false, want, 0);
                    long[] got = java.util.Arrays.copyOfRange(out, i * G1.AFFINE, (i + 1) * G1.AFFINE);
                    assertArrayEquals(want, got, "point " + i + ", seed " + seed);
                }
            }
        }
        long[] one = new long[G1.AFFINE];
        for (int bad : new int[] {17, 40, 58}) {
            assertThrows(IllegalArgumentException.class, () -> ZcashEncoding.readG1(in, bad * LEN, LEN, false, one, 0));
        }
    }
}
