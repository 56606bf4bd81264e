package io.c2spark.core.curve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fp;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** zcash encoding of G1 and G2: round trips on fresh random points and every rejection. */
class ZcashEncodingTest {
    private static final int FP_BYTES = 48;

    static Stream<CurveGroup> groups() {
        return Stream.of(CurveGroup.G1_GROUP, CurveGroup.G2_GROUP);
    }

    private static Random random(String what) {
        long seed = System.nanoTime();
        System.out.println(what + " seed " + seed);
        return new Random(seed);
    }

    static long[] randomPoint(CurveGroup g, Random rnd) {
        long[] a = new long[g.affineLimbs()];
        g.toAffine(g.randomJacobian(rnd, new BigInteger[1]), 0, a, 0);
        return a;
    }

    private static void assertRejected(CurveGroup g, byte[] in, String fragment) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> g.decode(in, true),
                () -> g + ": accepted, expected '" + fragment + "'");
        assertTrue(e.getMessage().startsWith(g + " point"), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), () -> "'" + e.getMessage() + "' lacks '" + fragment + "'");
    }

    private static byte[] bigEndian(BigInteger v) {
        byte[] raw = v.toByteArray();
        byte[] out = new byte[FP_BYTES];
        int n = Math.min(raw.length, FP_BYTES);
        System.arraycopy(raw, raw.length - n, out, FP_BYTES - n, n);
        return out;
    }

    /** The names of the 48-byte coordinate chunks of an uncompressed encoding, in byte order. */
    private static String[] chunkNames(CurveGroup g) {
        return g == CurveGroup.G1_GROUP ? new String[] {"x", "y"} : new String[] {"x.c1", "x.c0", "y.c1", "y.c0"};
    }

    @ParameterizedTest
    @MethodSource("groups")
    void roundTripsOfRandomPointsAndIdentity(CurveGroup g) {
        Random rnd = random(g + " round trip");
        for (int i = 0; i < 6; i++) {
            long[] a = i == 0 ? new long[g.affineLimbs()] : randomPoint(g, rnd);
            for (boolean compressed : new boolean[] {true, false}) {
                byte[] enc = g.encode(a, 0, compressed);
                assertEquals(compressed ? g.compressedBytes() : g.uncompressedBytes(), enc.length);
                assertEquals(compressed, (enc[0] & 0x80) != 0);
                assertEquals(i == 0, (enc[0] & 0x40) != 0);
                assertArrayEquals(a, g.decode(enc, true), "point " + i + " compressed " + compressed);
            }
            if (i > 0) {
                long[] minus = new long[g.affineLimbs()];
                g.negAffine(a, 0, minus, 0);
                byte[] e1 = g.encode(a, 0, true);
                byte[] e2 = g.encode(minus, 0, true);
                e2[0] ^= 0x20;
                assertArrayEquals(e1, e2, "P and -P differ only in the larger-y flag");
            }
        }
        byte[] identity = g.encode(new long[g.affineLimbs()], 0, true);
        byte[] want = new byte[g.compressedBytes()];
        want[0] = (byte) 0xC0;
        assertArrayEquals(want, identity);
    }

    @ParameterizedTest
    @MethodSource("groups")
    void pointsOutsideTheSubgroupAreRejectedUnlessTrusted(CurveGroup g) {
        Random rnd = random(g + " subgroup");
        long[] a = g.randomCurvePoint(rnd);
        for (boolean compressed : new boolean[] {true, false}) {
            byte[] enc = g.encode(a, 0, compressed);
            assertRejected(g, enc, "not in the prime-order subgroup");
            assertArrayEquals(a, g.decode(enc, false), "trusted mode skips the subgroup test only");
        }
    }

    @ParameterizedTest
    @MethodSource("groups")
    void batchDecodingMatchesSingleAndNamesTheBadIndex(CurveGroup g) {
        Random rnd = random(g + " batch");
        int count = 5;
        for (boolean compressed : new boolean[] {true, false}) {
            int len = compressed ? g.compressedBytes() : g.uncompressedBytes();
            byte[] all = new byte[3 + count * len];
            long[] want = new long[count * g.affineLimbs()];
            for (int i = 0; i < count; i++) {
                long[] a = i == 1 ? new long[g.affineLimbs()] : randomPoint(g, rnd);
                System.arraycopy(a, 0, want, i * g.affineLimbs(), g.affineLimbs());
                System.arraycopy(g.encode(a, 0, compressed), 0, all, 3 + i * len, len);
            }
            assertArrayEquals(want, g.decodeBatch(all, 3, count, compressed, true));
            byte[] bad = all.clone();
            System.arraycopy(g.encode(g.randomCurvePoint(rnd), 0, compressed), 0, bad, 3 + 3 * len, len);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> g.decodeBatch(bad, 3, count, compressed, true));
            assertTrue(e.getMessage().startsWith(g + " point 3: "), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> g.decodeBatch(all, 4, count, compressed, true),
                    "a batch running past the input");
        }
    }

    @ParameterizedTest
    @MethodSource("groups")
    void wrongLengthsAndCompressionFlags(CurveGroup g) {
        Random rnd = random(g + " lengths");
        long[] a = randomPoint(g, rnd);
        byte[] c = g.encode(a, 0, true);
        byte[] u = g.encode(a, 0, false);
        for (int len : new int[] {0, 1, g.compressedBytes() - 1, g.compressedBytes() + 1, g.uncompressedBytes() - 1,
                g.uncompressedBytes() + 1, 2 * g.uncompressedBytes()}) {
            assertRejected(g, Arrays.copyOf(u, len), "wrong length " + len);
        }
        byte[] cNoFlag = c.clone();
        cNoFlag[0] &= 0x7F;
        assertRejected(g, cNoFlag, "compression flag (0x80) not set");
        byte[] uFlag = u.clone();
        uFlag[0] |= (byte) 0x80;
        assertRejected(g, uFlag, "compression flag (0x80) set on a " + g.uncompressedBytes());
        byte[] uSort = u.clone();
        uSort[0] |= 0x20;
        assertRejected(g, uSort, "larger-y flag (0x20) set on an uncompressed");
    }

    @ParameterizedTest
    @MethodSource("groups")
    void malformedInfinity(CurveGroup g) {
        for (boolean compressed : new boolean[] {true, false}) {
            byte[] inf = g.encode(new long[g.affineLimbs()], 0, compressed);
            for (int pos : new int[] {0, 1, inf.length / 2, inf.length - 1}) {
                byte[] bad = inf.clone();
                bad[pos] |= 1;
                assertRejected(g, bad, "point at infinity with non-zero coordinate bits");
            }
            byte[] sorted = inf.clone();
            sorted[0] |= 0x20;
            assertRejected(g, sorted, "point at infinity with the larger-y flag");
        }
    }

    @ParameterizedTest
    @MethodSource("groups")
    void coordinatesNotBelowTheModulus(CurveGroup g) {
        Random rnd = random(g + " modulus");
        long[] a = randomPoint(g, rnd);
        String[] names = chunkNames(g);
        BigInteger top = BigInteger.ONE.shiftLeft(381).subtract(BigInteger.ONE);
        for (BigInteger v : new BigInteger[] {Fp.MODULUS, Fp.MODULUS.add(BigInteger.ONE), top}) {
            for (boolean compressed : new boolean[] {true, false}) {
                byte[] enc = g.encode(a, 0, compressed);
                int chunks = enc.length / FP_BYTES;
                for (int k = 0; k < chunks; k++) {
                    byte[] bad = enc.clone();
                    System.arraycopy(bigEndian(v), 0, bad, k * FP_BYTES, FP_BYTES);
                    bad[0] |= (byte) (enc[0] & 0xE0);
                    assertRejected(g, bad, names[k] + " coordinate is not below the field modulus");
                }
            }
        }
        byte[] enc = g.encode(a, 0, false);
        enc[FP_BYTES * (enc.length / FP_BYTES - 1)] |= (byte) 0x80;
        assertRejected(g, enc, names[names.length - 1] + " coordinate is not below the field modulus");
    }

    @ParameterizedTest
    @MethodSource("groups")
    void pointsOffTheCurve(CurveGroup g) {
        Random rnd = random(g + " off curve");
        long[] a = randomPoint(g, rnd);
        long[] off = a.clone();
        Fp.add(off, g.coordinateLimbs(), Fp.of(1), 0, off, g.coordinateLimbs());
        assertRejected(g, g.encode(off, 0, false), "(x, y) is not on the curve");
        int rejected = 0;
        for (int i = 0; i < 40 && rejected < 3; i++) {
            long[] x = new long[g.affineLimbs()];
            for (int j = 0; j < g.coordinateLimbs(); j += Fp.LIMBS) {
                Fp.random(rnd, x, j);
            }
            // y = 1 keeps the encoder's sort bit defined; the decoder reads only x.
            Fp.setOne(x, g.coordinateLimbs());
            byte[] enc = g.encode(x, 0, true);
            try {
                g.decode(enc, false);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().contains("x is not the x-coordinate of a point on the curve"), e.getMessage());
                rejected++;
            }
        }
        assertTrue(rejected >= 3, "about half of all x have no point; saw " + rejected + " of 40");
    }

    @Test
    void convenienceDecodersCheckTheSubgroup() {
        assertArrayEquals(G1.generator(), ZcashEncoding.decodeG1(ZcashEncoding.encodeG1(G1.generator(), 0, true)));
        assertArrayEquals(G2.generator(), ZcashEncoding.decodeG2(ZcashEncoding.encodeG2(G2.generator(), 0, false)));
        // x = 0 is a valid compressed x on G1: (0, +-2) has order 3, so only the subgroup test refuses it.
        byte[] zeroX = new byte[ZcashEncoding.G1_COMPRESSED];
        zeroX[0] = (byte) 0x80;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ZcashEncoding.decodeG1(zeroX));
        assertEquals("G1 point: point is not in the prime-order subgroup", e.getMessage());
        long[] trusted = new long[G1.AFFINE];
        ZcashEncoding.readG1(zeroX, 0, zeroX.length, false, trusted, 0);
        assertArrayEquals(G1.affine(BigInteger.ZERO, BigInteger.TWO), trusted, "smaller root: y = 2");
    }
}
