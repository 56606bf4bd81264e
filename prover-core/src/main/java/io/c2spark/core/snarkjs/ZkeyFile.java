package io.c2spark.core.snarkjs;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fp;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.VerifyingKey;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A snarkjs Groth16 proving key (.zkey, snarkjs src/zkey_utils.js) over BLS12-381, in our layout:
 * points affine, Fp Montgomery limbs (G1 12 longs, G2 24, identity all zero), coefficients Fr
 * Montgomery. Sections: 1 protocol, 2 header (sizes, alpha, beta, gamma, delta), 3 IC, 4 the A and B
 * coefficients, 5 A, 6 B in G1, 7 B in G2, 8 C (private signals only), 9 H, 10 the MPC transcript
 * (not read).
 *
 * <p>The verifying key's points (header and IC) are checked on reading: on the curve and in the
 * order-r subgroup. The query points (sections 5 to 9, hundreds of thousands) are only checked to be
 * below p; {@link #firstInvalidPoint} finds a damaged one when a proof made with them does not verify.
 *
 * <p>Quirks: coefficients are stored as c * R^2 mod r; the coefficients hold one extra A row per
 * public signal, ONE included (row nConstraints + i holds signal i with coefficient 1), the rows
 * bellperson adds as {@code x_i * 0 = 0}; H holds the Lagrange points of the odd coset of the
 * 2 * domainSize domain, not tau^i Z(tau) / delta.
 */
public final class ZkeyFile {
    private static final int GROTH16 = 1;
    private static final String[] QUERY_NAMES = {"A", "B1", "B2", "C", "H"};
    /** 32-bit words per coefficient: matrix, constraint, signal and an Fr value of 32 bytes. */
    private static final int COEFFICIENT_WORDS = 3 + 2 * Fr.LIMBS;
    /** Ranges the coefficients are checked and converted in, beside the point sections. */
    private static final int COEFFICIENT_TASKS = 4;

    public final int numVars;
    public final int numPublic;
    public final int domainSize;
    public final long[] alpha1;
    public final long[] beta1;
    public final long[] beta2;
    public final long[] gamma2;
    public final long[] delta1;
    public final long[] delta2;
    /** nPublic + 1 G1 points. */
    public final long[] ic;
    /** Coefficient k: matrix (0 = A, 1 = B), constraint row, signal, value at limb 4k. */
    public final int[] coefMatrix;
    public final int[] coefConstraint;
    public final int[] coefSignal;
    public final long[] coefValue;
    /** nVars G1 points. */
    public final long[] a;
    /** nVars G1 points. */
    public final long[] b1;
    /** nVars G2 points. */
    public final long[] b2;
    /** nVars - nPublic - 1 G1 points, for signals nPublic + 1 .. nVars - 1. */
    public final long[] c;
    /** domainSize G1 points. */
    public final long[] h;

    private ZkeyFile(Builder b) {
        numVars = b.numVars;
        numPublic = b.numPublic;
        domainSize = b.domainSize;
        alpha1 = b.alpha1;
        beta1 = b.beta1;
        beta2 = b.beta2;
        gamma2 = b.gamma2;
        delta1 = b.delta1;
        delta2 = b.delta2;
        ic = b.ic;
        coefMatrix = b.coefMatrix;
        coefConstraint = b.coefConstraint;
        coefSignal = b.coefSignal;
        coefValue = b.coefValue;
        a = b.a;
        b1 = b.b1;
        b2 = b.b2;
        c = b.c;
        h = b.h;
    }

    /** The verifying key the zkey holds. */
    public VerifyingKey verifyingKey() {
        return new VerifyingKey(alpha1, beta1, beta2, gamma2, delta1, delta2, ic);
    }

    public int numCoefficients() {
        return coefMatrix.length;
    }

    public static ZkeyFile read(Path path) throws IOException {
        try (BinFile f = BinFile.open(path, "zkey", 1)) {
            Builder z = new Builder();
            try {
                ByteBuffer p = f.section(1, "protocol");
                int protocol = p.getInt();
                if (protocol != GROTH16) {
                    throw f.error("protocol " + protocol + " is not Groth16 (1)");
                }
                readHeader(f, f.section(2, "header"), z);
                ByteBuffer ic = f.section(3, "IC");
                f.expectSize(ic, (long) (z.numPublic + 1) * G1.AFFINE * 8, 3, "IC");
                z.ic = FieldBytes.readPoints(f, ic, z.numPublic + 1, 2, "IC");
                int[] coefficients = coefficientWords(f, f.section(4, "coefficients"), z);
                String[] names = QUERY_NAMES;
                int[] counts = {z.numVars, z.numVars, z.numVars, z.numVars - z.numPublic - 1, z.domainSize};
                int[] coords = {2, 2, 4, 2, 2};
                ByteBuffer[] sections = new ByteBuffer[names.length];
                for (int i = 0; i < names.length; i++) {
                    sections[i] = f.section(5 + i, names[i]);
                    f.expectSize(sections[i], (long) counts[i] * coords[i] * Fp.LIMBS * 8, 5 + i, names[i]);
                }
                // The verifying key's checks, the coefficients (in COEFFICIENT_TASKS ranges) and the
                // five point sections are independent: run side by side.
                int n = z.coefMatrix.length;
                long[][] points = new long[names.length][];
                ComputePool.forEach(1 + COEFFICIENT_TASKS + names.length, t -> {
                    if (t == 0) {
                        checkVerifyingKey(f, z);
                    } else if (t <= COEFFICIENT_TASKS) {
                        readCoefficients(f, coefficients, z, (int) ((long) n * (t - 1) / COEFFICIENT_TASKS),
                                (int) ((long) n * t / COEFFICIENT_TASKS));
                    } else {
                        int i = t - 1 - COEFFICIENT_TASKS;
                        points[i] = FieldBytes.readPoints(f, sections[i], counts[i], coords[i], names[i]);
                    }
                });
                z.a = points[0];
                z.b1 = points[1];
                z.b2 = points[2];
                z.c = points[3];
                z.h = points[4];
            } catch (BufferUnderflowException e) {
                throw f.error("a section is shorter than its counts say");
            }
            return new ZkeyFile(z);
        }
    }

    private static void readHeader(BinFile f, ByteBuffer h, Builder z) {
        int n8q = h.getInt();
        BigInteger q = n8q == Fp.BYTES ? FieldBytes.readUnsigned(h, n8q) : null;
        if (q == null || !q.equals(Fp.MODULUS)) {
            throw f.error("header base field is not BLS12-381's (n8q " + n8q + ")");
        }
        int n8r = h.getInt();
        BigInteger r = n8r == Fr.BYTES ? FieldBytes.readUnsigned(h, n8r) : null;
        if (r == null || !r.equals(Fr.MODULUS)) {
            throw f.error("header scalar field is not BLS12-381's (n8r " + n8r + ")");
        }
        z.numVars = h.getInt();
        z.numPublic = h.getInt();
        z.domainSize = h.getInt();
        if (z.numPublic < 0 || z.numVars < z.numPublic + 1) {
            throw f.error("header has " + z.numVars + " signals and " + z.numPublic + " public ones");
        }
        if (z.domainSize < 1 || Integer.bitCount(z.domainSize) != 1) {
            throw f.error("header domain size " + z.domainSize + " is not a power of two");
        }
        z.alpha1 = FieldBytes.readPoints(f, h, 1, 2, "alpha_1");
        z.beta1 = FieldBytes.readPoints(f, h, 1, 2, "beta_1");
        z.beta2 = FieldBytes.readPoints(f, h, 1, 4, "beta_2");
        z.gamma2 = FieldBytes.readPoints(f, h, 1, 4, "gamma_2");
        z.delta1 = FieldBytes.readPoints(f, h, 1, 2, "delta_1");
        z.delta2 = FieldBytes.readPoints(f, h, 1, 4, "delta_2");
        if (h.hasRemaining()) {
            throw f.error("header section has " + h.remaining() + " extra bytes");
        }
    }

    /** The header's points and IC on their curves and in the order-r subgroups. */
    private static void checkVerifyingKey(BinFile f, Builder z) {
        checkKeyPoint(f, z.alpha1, 0, false, "alpha_1");
        checkKeyPoint(f, z.beta1, 0, false, "beta_1");
        checkKeyPoint(f, z.beta2, 0, true, "beta_2");
        checkKeyPoint(f, z.gamma2, 0, true, "gamma_2");
        checkKeyPoint(f, z.delta1, 0, false, "delta_1");
        checkKeyPoint(f, z.delta2, 0, true, "delta_2");
        for (int i = 0; i <= z.numPublic; i++) {
            checkKeyPoint(f, z.ic, i * G1.AFFINE, false, "IC point " + i);
        }
    }

    /** A verifying-key point must be on its curve and in the order-r subgroup. */
    private static void checkKeyPoint(BinFile f, long[] points, int off, boolean g2, String name) {
        String fault = fault(points, off, g2, true);
        if (fault != null) {
            throw f.error(name + " " + fault);
        }
    }

    /** What is wrong with the affine point at points[off], or null when nothing is. */
    private static String fault(long[] points, int off, boolean g2, boolean checkSubgroup) {
        if (!(g2 ? G2.LAW.isOnCurveAffine(points, off) : G1.LAW.isOnCurveAffine(points, off))) {
            return "is not on the curve";
        }
        if (checkSubgroup && !(g2 ? G2.isInSubgroup(points, off) : G1.isInSubgroup(points, off))) {
            return "is not in the prime-order subgroup";
        }
        return null;
    }

    /**
     * The first query point (sections 5 to 9) off its curve, or with checkSubgroup the first outside
     * the order-r subgroup, as "H point 3 is not on the curve"; null when there is none. The subgroup
     * test costs far more than the curve equation: callers ask for it only when they must.
     */
    public String firstInvalidPoint(boolean checkSubgroup) {
        long[][] sections = {a, b1, b2, c, h};
        for (int s = 0; s < sections.length; s++) {
            long[] points = sections[s];
            boolean g2 = points == b2;
            int stride = g2 ? G2.AFFINE : G1.AFFINE;
            int n = points.length / stride;
            AtomicInteger first = new AtomicInteger(n);
            ComputePool.forRange(0, n, 1 << 10, (from, to) -> {
                for (int i = from; i < to && i < first.get(); i++) {
                    if (fault(points, i * stride, g2, checkSubgroup) != null) {
                        first.accumulateAndGet(i, Math::min);
                    }
                }
            });
            int i = first.get();
            if (i < n) {
                return QUERY_NAMES[s] + " point " + i + " " + fault(points, i * stride, g2, checkSubgroup);
            }
        }
        return null;
    }

    /**
     * The coefficients section as 32-bit words, COEFFICIENT_WORDS per coefficient (matrix, constraint,
     * signal, then the value's eight), one bulk copy; the builder's coefficient arrays allocated.
     */
    private static int[] coefficientWords(BinFile f, ByteBuffer s, Builder z) {
        int n = s.getInt();
        f.expectSize(s, 4 + (long) n * 4 * COEFFICIENT_WORDS, 4, "coefficients");
        int[] words = new int[n * COEFFICIENT_WORDS];
        s.asIntBuffer().get(words);
        z.coefMatrix = new int[n];
        z.coefConstraint = new int[n];
        z.coefSignal = new int[n];
        z.coefValue = new long[n * Fr.LIMBS];
        return words;
    }

    /**
     * Coefficients from .. to - 1, checked. snarkjs stores a value c as c R^2 mod r (zkey_utils.js
     * writeFr2), so one Montgomery reduction (a multiplication by R^-1) leaves c R, our Montgomery
     * form of c.
     */
    private static void readCoefficients(BinFile f, int[] words, Builder z, int from, int to) {
        long[] one = {1, 0, 0, 0};
        long[] v = new long[Fr.LIMBS];
        for (int k = from; k < to; k++) {
            int o = k * COEFFICIENT_WORDS;
            int m = words[o];
            int row = words[o + 1];
            int signal = words[o + 2];
            if (m != 0 && m != 1) {
                throw f.error("coefficient " + k + " names matrix " + m + " (only A = 0 and B = 1 are stored)");
            }
            if (row < 0 || row >= z.domainSize) {
                throw f.error("coefficient " + k + " names constraint " + Integer.toUnsignedString(row) + " outside the domain of " + z.domainSize);
            }
            if (signal < 0 || signal >= z.numVars) {
                throw f.error("coefficient " + k + " names signal " + Integer.toUnsignedString(signal) + " of " + z.numVars);
            }
            z.coefMatrix[k] = m;
            z.coefConstraint[k] = row;
            z.coefSignal[k] = signal;
            for (int j = 0; j < Fr.LIMBS; j++) {
                v[j] = (words[o + 3 + 2 * j] & 0xffffffffL) | (long) words[o + 4 + 2 * j] << 32;
            }
            if (!Fr.FIELD.isCanonical(v, 0)) {
                throw f.error("coefficient " + k + " value is not below r");
            }
            Fr.mul(v, 0, one, 0, z.coefValue, k * Fr.LIMBS);
        }
    }

    private static final class Builder {
        int numVars;
        int numPublic;
        int domainSize;
        long[] alpha1;
        long[] beta1;
        long[] beta2;
        long[] gamma2;
        long[] delta1;
        long[] delta2;
        long[] ic;
        int[] coefMatrix;
        int[] coefConstraint;
        int[] coefSignal;
        long[] coefValue;
        long[] a;
        long[] b1;
        long[] b2;
        long[] c;
        long[] h;
    }
}
