package io.c2spark.core.curve;

import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fp2;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * The zcash serialisation of BLS12-381 points, used by bellperson parameter files and Groth16 proofs.
 *
 * <p>An Fp element is 48 big-endian bytes; an Fp2 element is c1 then c0. G1 is x (48 bytes,
 * compressed) or x || y (96); G2 is x (96) or x || y (192). The three top bits of the first byte
 * are flags: 0x80 compressed, 0x40 point at infinity (every other bit zero), 0x20 on a compressed
 * point: y is the larger of its two roots (Fp: y > (p - 1) / 2; Fp2: by c1, or by c0 when c1 is
 * zero). Points are read into and written from the affine layout of {@link G1} and {@link G2}.
 *
 * <p>Decoders reject, with an {@link IllegalArgumentException} naming the point and the fault: a
 * wrong length, a compression flag that disagrees with the length, an infinity encoding with other
 * bits or the sort flag set, the sort flag on an uncompressed point, a coordinate not below p, an x
 * with no point on the curve, an (x, y) off the curve, and (unless the caller trusts the source) a
 * point outside the order-r subgroup.
 */
public final class ZcashEncoding {
    public static final int G1_COMPRESSED = 48;
    public static final int G1_UNCOMPRESSED = 96;
    public static final int G2_COMPRESSED = 96;
    public static final int G2_UNCOMPRESSED = 192;

    private static final int FP_BYTES = Fp.BYTES;
    private static final int H = Fp.LIMBS;
    private static final int COMPRESSED_FLAG = 0x80;
    private static final int INFINITY_FLAG = 0x40;
    private static final int LARGER_Y_FLAG = 0x20;
    private static final int FLAG_MASK = 0xE0;

    private static final long[] B1 = Fp.of(4);
    private static final long[] B2 = Fp2.of(BigInteger.valueOf(4), BigInteger.valueOf(4));

    private ZcashEncoding() {
    }

    // ---------------------------------------------------------------- encoding

    /** The encoding of the affine G1 point at a[ao]. */
    public static byte[] encodeG1(long[] a, int ao, boolean compressed) {
        byte[] out = new byte[compressed ? G1_COMPRESSED : G1_UNCOMPRESSED];
        writeG1(a, ao, compressed, out, 0);
        return out;
    }

    /** Writes the encoding of the affine G1 point at a[ao] to out[oo..]. */
    public static void writeG1(long[] a, int ao, boolean compressed, byte[] out, int oo) {
        int len = compressed ? G1_COMPRESSED : G1_UNCOMPRESSED;
        if (G1.LAW.isIdentityAffine(a, ao)) {
            Arrays.fill(out, oo, oo + len, (byte) 0);
            out[oo] = (byte) (INFINITY_FLAG | (compressed ? COMPRESSED_FLAG : 0));
            return;
        }
        Fp.FIELD.toBytesBE(a, ao, out, oo);
        if (compressed) {
            boolean larger = Fp.FIELD.isLexicographicallyLarger(a, ao + H);
            out[oo] |= (byte) (COMPRESSED_FLAG | (larger ? LARGER_Y_FLAG : 0));
        } else {
            Fp.FIELD.toBytesBE(a, ao + H, out, oo + FP_BYTES);
        }
    }

    /** The encoding of the affine G2 point at a[ao]. */
    public static byte[] encodeG2(long[] a, int ao, boolean compressed) {
        byte[] out = new byte[compressed ? G2_COMPRESSED : G2_UNCOMPRESSED];
        writeG2(a, ao, compressed, out, 0);
        return out;
    }

    /** Writes the encoding of the affine G2 point at a[ao] to out[oo..]. */
    public static void writeG2(long[] a, int ao, boolean compressed, byte[] out, int oo) {
        int len = compressed ? G2_COMPRESSED : G2_UNCOMPRESSED;
        if (G2.LAW.isIdentityAffine(a, ao)) {
            Arrays.fill(out, oo, oo + len, (byte) 0);
            out[oo] = (byte) (INFINITY_FLAG | (compressed ? COMPRESSED_FLAG : 0));
            return;
        }
        writeFp2(a, ao, out, oo);
        if (compressed) {
            boolean larger = Fp2.isLexicographicallyLarger(a, ao + Fp2.LIMBS);
            out[oo] |= (byte) (COMPRESSED_FLAG | (larger ? LARGER_Y_FLAG : 0));
        } else {
            writeFp2(a, ao + Fp2.LIMBS, out, oo + 2 * FP_BYTES);
        }
    }

    private static void writeFp2(long[] a, int ao, byte[] out, int oo) {
        Fp.FIELD.toBytesBE(a, ao + H, out, oo);
        Fp.FIELD.toBytesBE(a, ao, out, oo + FP_BYTES);
    }

    // ---------------------------------------------------------------- decoding

    /** Decodes one G1 point, compressed (48 bytes) or uncompressed (96), checking the subgroup. */
    public static long[] decodeG1(byte[] in) {
        long[] out = new long[G1.AFFINE];
        readG1(in, 0, in.length, true, out, 0);
        return out;
    }

    /** Decodes one G2 point, compressed (96 bytes) or uncompressed (192), checking the subgroup. */
    public static long[] decodeG2(byte[] in) {
        long[] out = new long[G2.AFFINE];
        readG2(in, 0, in.length, true, out, 0);
        return out;
    }

    /**
     * Reads the G1 point of the given length (which selects the form) at in[io..] into the affine
     * array out[oo..]. checkSubgroup false skips the subgroup test: only for trusted sources.
     */
    public static void readG1(byte[] in, int io, int length, boolean checkSubgroup, long[] out, int oo) {
        readG1(in, io, length, checkSubgroup, out, oo, -1);
    }

    /** As {@link #readG1} for G2: 96 bytes compressed or 192 uncompressed. */
    public static void readG2(byte[] in, int io, int length, boolean checkSubgroup, long[] out, int oo) {
        readG2(in, io, length, checkSubgroup, out, oo, -1);
    }

    /**
     * Decodes count consecutive G1 points of one form into a new flat affine array of 12 * count
     * longs, in parallel; an error names the index of the first bad point it meets.
     */
    public static long[] decodeG1Batch(byte[] in, int io, int count, boolean compressed, boolean checkSubgroup) {
        int len = compressed ? G1_COMPRESSED : G1_UNCOMPRESSED;
        checkBatchBounds("G1", in, io, count, len);
        long[] out = new long[count * G1.AFFINE];
        inParallel(count, i -> readG1(in, io + i * len, len, checkSubgroup, out, i * G1.AFFINE, i));
        return out;
    }

    /** As {@link #decodeG1Batch} for G2: 24 longs per point. */
    public static long[] decodeG2Batch(byte[] in, int io, int count, boolean compressed, boolean checkSubgroup) {
        int len = compressed ? G2_COMPRESSED : G2_UNCOMPRESSED;
        checkBatchBounds("G2", in, io, count, len);
        long[] out = new long[count * G2.AFFINE];
        inParallel(count, i -> readG2(in, io + i * len, len, checkSubgroup, out, i * G2.AFFINE, i));
        return out;
    }

    /**
     * Runs body over 0..count-1 on the common pool. A fork-join worker's exception reaches the caller
     * wrapped in a copy of itself; the original, which names the point, is what the caller sees.
     */
    private static void inParallel(int count, IntConsumer body) {
        try {
            IntStream.range(0, count).parallel().forEach(body);
        } catch (IllegalArgumentException e) {
            throw e.getCause() instanceof IllegalArgumentException original ? original : e;
        }
    }

    private static void checkBatchBounds(String group, byte[] in, int io, int count, int len) {
        if (count < 0 || io < 0 || (long) count * len > in.length - (long) io) {
            throw new IllegalArgumentException(group + " batch: " + count + " points of " + len + " bytes from offset "
                    + io + " do not fit in " + in.length + " bytes");
        }
    }

    private static void readG1(byte[] in, int io, int length, boolean checkSubgroup, long[] out, int oo, int index) {
        boolean compressed = readFlags("G1", in, io, length, G1_COMPRESSED, G1_UNCOMPRESSED, index);
        if (isInfinity(in, io)) {
            G1.LAW.setIdentityAffine(out, oo);
            return;
        }
        long[] a = new long[G1.AFFINE];
        readFp("G1", "x", in, io, true, a, 0, index);
        if (compressed) {
            Fp.sqr(a, 0, a, H);
            Fp.mul(a, H, a, 0, a, H);
            Fp.add(a, H, B1, 0, a, H);
            if (!Fp.sqrt(a, H, a, H)) {
                throw fail("G1", index, "x is not the x-coordinate of a point on the curve");
            }
            if (Fp.FIELD.isLexicographicallyLarger(a, H) != hasLargerYFlag(in, io)) {
                Fp.neg(a, H, a, H);
            }
        } else {
            readFp("G1", "y", in, io + FP_BYTES, false, a, H, index);
            if (!G1.LAW.isOnCurveAffine(a, 0)) {
                throw fail("G1", index, "(x, y) is not on the curve");
            }
        }
        if (checkSubgroup && !G1.isInSubgroup(a, 0)) {
            throw fail("G1", index, "point is not in the prime-order subgroup");
        }
        System.arraycopy(a, 0, out, oo, G1.AFFINE);
    }

    private static void readG2(byte[] in, int io, int length, boolean checkSubgroup, long[] out, int oo, int index) {
        boolean compressed = readFlags("G2", in, io, length, G2_COMPRESSED, G2_UNCOMPRESSED, index);
        if (isInfinity(in, io)) {
            G2.LAW.setIdentityAffine(out, oo);
            return;
        }
        int n = Fp2.LIMBS;
        long[] a = new long[G2.AFFINE];
        readFp("G2", "x.c1", in, io, true, a, H, index);
        readFp("G2", "x.c0", in, io + FP_BYTES, false, a, 0, index);
        if (compressed) {
            Fp2.sqr(a, 0, a, n);
            Fp2.mul(a, n, a, 0, a, n);
            Fp2.add(a, n, B2, 0, a, n);
            if (!Fp2.sqrt(a, n, a, n)) {
                throw fail("G2", index, "x is not the x-coordinate of a point on the curve");
            }
            if (Fp2.isLexicographicallyLarger(a, n) != hasLargerYFlag(in, io)) {
                Fp2.neg(a, n, a, n);
            }
        } else {
            readFp("G2", "y.c1", in, io + 2 * FP_BYTES, false, a, n + H, index);
            readFp("G2", "y.c0", in, io + 3 * FP_BYTES, false, a, n, index);
            if (!G2.LAW.isOnCurveAffine(a, 0)) {
                throw fail("G2", index, "(x, y) is not on the curve");
            }
        }
        if (checkSubgroup && !G2.isInSubgroup(a, 0)) {
            throw fail("G2", index, "point is not in the prime-order subgroup");
        }
        System.arraycopy(a, 0, out, oo, G2.AFFINE);
    }

    /**
     * Checks the length and the flags; returns whether the encoding is compressed. An infinity
     * encoding that passes has every bit but its flags zero.
     */
    private static boolean readFlags(String group, byte[] in, int io, int length, int compressedLength,
            int uncompressedLength, int index) {
        if (length != compressedLength && length != uncompressedLength) {
            throw fail(group, index, "wrong length " + length + " bytes (expected " + compressedLength
                    + " compressed or " + uncompressedLength + " uncompressed)");
        }
        if (io < 0 || length > in.length - io) {
            throw fail(group, index, length + " bytes from offset " + io + " exceed the " + in.length + "-byte input");
        }
        boolean compressed = length == compressedLength;
        int flags = in[io] & FLAG_MASK;
        if (compressed && (flags & COMPRESSED_FLAG) == 0) {
            throw fail(group, index, "compression flag (0x80) not set on a " + length + "-byte compressed encoding");
        }
        if (!compressed && (flags & COMPRESSED_FLAG) != 0) {
            throw fail(group, index, "compression flag (0x80) set on a " + length + "-byte uncompressed encoding");
        }
        if ((flags & INFINITY_FLAG) != 0) {
            if ((flags & LARGER_Y_FLAG) != 0) {
                throw fail(group, index, "point at infinity with the larger-y flag (0x20) set");
            }
            int acc = in[io] & ~FLAG_MASK & 0xFF;
            for (int i = 1; i < length; i++) {
                acc |= in[io + i];
            }
            if (acc != 0) {
                throw fail(group, index, "point at infinity with non-zero coordinate bits");
            }
        } else if (!compressed && (flags & LARGER_Y_FLAG) != 0) {
            throw fail(group, index, "larger-y flag (0x20) set on an uncompressed encoding");
        }
        return compressed;
    }

    private static boolean isInfinity(byte[] in, int io) {
        return (in[io] & INFINITY_FLAG) != 0;
    }

    private static boolean hasLargerYFlag(byte[] in, int io) {
        return (in[io] & LARGER_Y_FLAG) != 0;
    }

    /** Reads 48 big-endian bytes (the flag bits cleared when flagged) as a canonical Fp element. */
    private static void readFp(String group, String coordinate, byte[] in, int io, boolean flagged, long[] out,
            int oo, int index) {
        boolean canonical = Fp.FIELD.fromBytesBE(in, io, flagged ? ~((long) FLAG_MASK << 56) : -1L, out, oo);
        if (!canonical) {
            throw fail(group, index, coordinate + " coordinate is not below the field modulus p");
        }
    }

    private static IllegalArgumentException fail(String group, int index, String what) {
        String point = index < 0 ? group + " point" : group + " point " + index;
        return new IllegalArgumentException(point + ": " + what);
    }
}
