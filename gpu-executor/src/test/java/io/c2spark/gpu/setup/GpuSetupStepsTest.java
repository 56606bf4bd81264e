package io.c2spark.gpu.setup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.curve.ZcashEncoding;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.ParameterGenerator.ToxicWaste;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.r1cs.TestCircuits;

/**
 * Each step of device parameter generation against a CPU computation from its definition: the
 * powers of tau, the h scalars and the Lagrange coefficients (prover-core's EvaluationDomain.ifft);
 * u, v, w at tau by the plain sum over the matrices' rows, through the one-thread columns and
 * through the long columns' pieces; the IC/L scalars and the a and b compactions; fixed-base
 * encodings in G1 and G2 against prover-core's G1.mul, G2.mul and ZcashEncoding.
 */
@Tag("gpu")
class GpuSetupStepsTest {
    static long[] fr(Random rnd) {
        long[] x = new long[4];
        Fr.random(rnd, x, 0);
        return x;
    }

    static long[] download(DeviceBuffer b, long elements) {
        return b.downloadLongs(0, Math.toIntExact(4 * elements));
    }

    @Test
    void powersHScalarsAndLagrangeCoefficientsEqualTheCpu() {
        GpuDevice d = GpuTestDevice.get();
        Random rnd = new Random(TestData.SEED);
        for (int lg : new int[] {0, 1, 5, 12, 17}) {
            long[] tau = fr(rnd);
            long[] delta = fr(rnd);
            int m = 1 << lg;
            long[] powers = new long[4 * m];
            Fr.setOne(powers, 0);
            for (int i = 1; i < m; i++) {
                Fr.mul(powers, 4 * (i - 1), tau, 0, powers, 4 * i);
            }
            long[] coeff = new long[4];
            long[] deltaInv = new long[4];
            Fr.pow(tau, 0, new long[] {m}, coeff, 0);
            Fr.sub(coeff, 0, Fr.FIELD.one(), 0, coeff, 0);
            Fr.inverse(delta, 0, deltaInv, 0);
            Fr.mul(coeff, 0, deltaInv, 0, coeff, 0);
            try (GpuStream s = d.newStream(); PowersOfTau p = new PowersOfTau(d, tau, delta, lg);
                 DeviceBuffer out = d.allocate(32L * m)) {
                // A run from the middle, then the h scalars from an odd start.
                int first = m / 3;
                p.enqueuePowers(first, m - first, out, s);
                s.synchronize();
                assertArrayEquals(Arrays.copyOfRange(powers, 4 * first, 4 * m), download(out, m - first), "powers, 2^" + lg);
                if (m > 1) {
                    int hFirst = (m - 1) / 2;
                    int hCount = m - 1 - hFirst;
                    p.enqueueHScalars(hFirst, hCount, out, s);
                    s.synchronize();
                    long[] want = new long[4 * hCount];
                    for (int i = 0; i < hCount; i++) {
                        Fr.mul(powers, 4 * (hFirst + i), coeff, 0, want, 4 * i);
                    }
                    assertArrayEquals(want, download(out, hCount), "h scalars, 2^" + lg);
                }
                EvaluationDomain.ofLogSize(lg).ifft(powers);
                for (boolean scratch : new boolean[] {true, false}) {
                    try (DeviceBuffer l = p.lagrange(scratch, s)) {
                        assertArrayEquals(powers, download(l, m), "Lagrange coefficients, 2^" + lg + ", scratch " + scratch);
                    }
                }
            }
        }
    }

    /** u, v, w by the definition: out[var] += coefficient * L[row] over every term. */
    static long[][] qapReference(R1csShape shape, long[] lagrange) {
        int ni = shape.numInputs();
        int vars = ni + shape.numAux();
        long[][] out = new long[3][4 * vars];
        long[] t = new long[4];
        SparseMatrix[] ms = {shape.a(), shape.b(), shape.c()};
        for (int k = 0; k < 3; k++) {
            SparseMatrix m = ms[k];
            for (int row = 0; row < m.rows(); row++) {
                for (int p = m.rowStart(row); p < m.rowEnd(row); p++) {
                    int var = m.var(p);
                    int j = Variable.isInput(var) ? Variable.index(var) : ni + var;
                    Fr.mul(shape.coefficients(), 4 * m.coeffIndex(p), lagrange, 4 * row, t, 0);
                    Fr.add(out[k], 4 * j, t, 0, out[k], 4 * j);
                }
            }
        }
        return out;
    }

    static long[] randomLagrange(int rows, long seed) {
        Random rnd = new Random(seed);
        long[] l = new long[4 * rows];
        for (int i = 0; i < rows; i++) {
            Fr.random(rnd, l, 4 * i);
        }
        return l;
    }

    @Test
    void qapAtTauEqualsTheSumOverRowsOnEveryPath() {
        GpuDevice d = GpuTestDevice.get();
        long seed = TestData.SEED;
        for (int steps : new int[] {1, 9, 3000}) {
            R1csShape shape = ShapeSystem.of(TestCircuits.mixed(seed + steps, steps).circuit(), true);
            long[] lagrange = randomLagrange(shape.numConstraints(), seed + 7 * steps);
            long[][] want = qapReference(shape, lagrange);
            CircuitVariables vars = CircuitVariables.of(shape);
            // {long-column threshold, piece}: the default; every column in pieces of 3 terms; ONE's
            // column (steps terms in A) in pieces of 1000.
            int[][] paths = {{QapEvaluator.HEAVY_COLUMN, QapEvaluator.PIECE}, {0, 3}, {5, 1000}};
            try (GpuStream s = d.newStream(); R1csDeviceShape ds = new R1csDeviceShape(d, shape);
                 DeviceBuffer l = d.allocate(32L * lagrange.length / 4)) {
                l.upload(lagrange);
                for (int[] path : paths) {
                    try (QapEvaluator q = new QapEvaluator(d, ds, vars, path[0], path[1]); QapValues got = q.evaluate(l, s)) {
                        String what = steps + " steps, long columns above " + path[0] + " in pieces of " + path[1] + " (seed " + seed + ")";
                        assertArrayEquals(want[0], download(got.u(), vars.count()), "u, " + what);
                        assertArrayEquals(want[1], download(got.v(), vars.count()), "v, " + what);
                        assertArrayEquals(want[2], download(got.w(), vars.count()), "w, " + what);
                    }
                }
            }
        }
    }

    @Test
    void icLScalarsAndCompactionsEqualTheCpu() {
        GpuDevice d = GpuTestDevice.get();
        Random rnd = new Random(TestData.SEED);
        int inputs = 5;
        int vars = 20_000;
        long[][] uvw = new long[3][4 * vars];
        for (long[] x : uvw) {
            for (int j = 0; j < vars; j++) {
                // Zeros in runs and alone, at both ends too: the compaction's edges.
                if (j > 0 && j != vars - 1 && rnd.nextInt(4) != 0 && !(j % 1000 < 30)) {
                    Fr.random(rnd, x, 4 * j);
                }
            }
        }
        // No aux scalar may be zero: w gets a value wherever all three are zero.
        for (int j = inputs; j < vars; j++) {
            if (Fr.isZero(uvw[0], 4 * j) && Fr.isZero(uvw[1], 4 * j) && Fr.isZero(uvw[2], 4 * j)) {
                Fr.setOne(uvw[2], 4 * j);
            }
        }
        ToxicWaste tw = ToxicWaste.random(rnd);
        long[] ext = new long[4 * vars];
        long[] c = QueryScalars.constants(tw);
        long[] t = new long[4];
        for (int j = 0; j < vars; j++) {
            Fr.mul(uvw[0], 4 * j, c, 4, ext, 4 * j);
            Fr.mul(uvw[1], 4 * j, c, 0, t, 0);
            Fr.add(ext, 4 * j, t, 0, ext, 4 * j);
            Fr.add(ext, 4 * j, uvw[2], 4 * j, ext, 4 * j);
            Fr.mul(ext, 4 * j, c, j < inputs ? 8 : 12, ext, 4 * j);
        }
        try (GpuStream s = d.newStream(); QueryScalars q = QueryScalars.of(d, upload(d, uvw, vars), inputs, tw, s)) {
            assertArrayEquals(ext, download(q.ext, vars), "IC/L scalars");
            long[] a = nonZero(uvw[0]);
            long[] b = nonZero(uvw[1]);
            assertEquals(a.length / 4, q.aCount);
            assertEquals(b.length / 4, q.bCount);
            assertArrayEquals(a, download(q.a, q.aCount), "a scalars");
            assertArrayEquals(b, download(q.b, q.bCount), "b scalars");
        }
        // An aux variable whose three values are zero, twice: the first is named.
        for (long[] x : uvw) {
            Arrays.fill(x, 4 * (inputs + 17), 4 * (inputs + 18), 0);
            Arrays.fill(x, 4 * (inputs + 300), 4 * (inputs + 301), 0);
        }
        try (GpuStream s = d.newStream()) {
            QapValues qap = upload(d, uvw, vars);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QueryScalars.of(d, qap, inputs, tw, s));
            assertEquals("aux variable 17 is unconstrained: its L point is the identity (bellperson refuses such circuits)",
                    e.getMessage());
        }
    }

    static QapValues upload(GpuDevice d, long[][] uvw, int vars) {
        DeviceBuffer[] b = new DeviceBuffer[3];
        for (int k = 0; k < 3; k++) {
            b[k] = d.allocate(32L * vars);
            b[k].upload(uvw[k]);
        }
        return new QapValues(b[0], b[1], b[2], vars);
    }

    static long[] nonZero(long[] x) {
        return IntStream.range(0, x.length / 4).filter(j -> !Fr.isZero(x, 4 * j))
                .flatMap(j -> IntStream.range(4 * j, 4 * j + 4)).mapToLong(i -> x[i]).toArray();
    }

    /** n scalars: random, with 0, 1, 2, r - 1, r - 2 and 2^(16k) boundaries first. */
    static long[] scalars(int n, Random rnd) {
        long[] k = new long[4 * n];
        for (int i = 0; i < n; i++) {
            Fr.random(rnd, k, 4 * i);
        }
        BigInteger r = Fr.MODULUS;
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE, BigInteger.TWO, r.subtract(BigInteger.ONE), r.subtract(BigInteger.TWO),
            BigInteger.ONE.shiftLeft(15), BigInteger.ONE.shiftLeft(15).add(BigInteger.ONE), BigInteger.ONE.shiftLeft(254)};
        for (int i = 0; i < edges.length && i < n; i++) {
            System.arraycopy(Fr.of(edges[i]), 0, k, 4 * i, 4);
        }
        // A zero inside a later run of the affine conversion.
        if (n > 100) {
            Arrays.fill(k, 4 * 77, 4 * 78, 0);
        }
        return k;
    }

    @Test
    void fixedBaseEncodingsEqualProverCoreInBothGroups() {
        GpuDevice d = GpuTestDevice.get();
        Random rnd = new Random(TestData.SEED + 3);
        ToxicWaste tw = ToxicWaste.random(rnd);
        int n = 2500;
        int first = 37;
        long[] k = scalars(n + first, rnd);
        for (Curve curve : Curve.values()) {
            for (int c : new int[] {8, 16}) {
                byte[] want = cpuEncodings(curve, curve == Curve.G1 ? tw.g1() : tw.g2(), k, first, n);
                try (GpuStream s = d.newStream(); FixedBaseEncoder e = FixedBaseEncoder.of(d, curve, curve == Curve.G1 ? tw.g1() : tw.g2(), c, s);
                     DeviceBuffer ks = d.allocate(8L * k.length); DeviceBuffer out = d.allocate((long) e.pointBytes() * n)) {
                    ks.upload(k);
                    out.fill32(0x5a5a5a5a, s);
                    e.enqueue(ks, first, n, out, s);
                    s.synchronize();
                    byte[] got = bytes(out, (long) e.pointBytes() * n);
                    for (int i = 0; i < n; i++) {
                        int o = i * e.pointBytes();
                        assertArrayEquals(Arrays.copyOfRange(want, o, o + e.pointBytes()), Arrays.copyOfRange(got, o, o + e.pointBytes()),
                                curve + ", window " + c + ", scalar " + (first + i) + " (seed " + TestData.SEED + ")");
                    }
                }
            }
        }
    }

    /** The encodings of k[first + i] base for i < n, by prover-core. */
    static byte[] cpuEncodings(Curve curve, long[] base, long[] k, int first, int n) {
        int size = curve == Curve.G1 ? ZcashEncoding.G1_UNCOMPRESSED : ZcashEncoding.G2_UNCOMPRESSED;
        byte[] out = new byte[size * n];
        IntStream.range(0, n).parallel().forEach(i -> {
            if (curve == Curve.G1) {
                long[] p = new long[G1.JACOBIAN];
                long[] a = new long[G1.AFFINE];
                G1.LAW.fromAffine(base, 0, p, 0);
                G1.LAW.mul(p, 0, k, 4 * (first + i), p, 0);
                G1.LAW.toAffine(p, 0, a, 0);
                ZcashEncoding.writeG1(a, 0, false, out, size * i);
            } else {
                long[] p = new long[G2.JACOBIAN];
                long[] a = new long[G2.AFFINE];
                G2.LAW.fromAffine(base, 0, p, 0);
                G2.LAW.mul(p, 0, k, 4 * (first + i), p, 0);
                G2.LAW.toAffine(p, 0, a, 0);
                ZcashEncoding.writeG2(a, 0, false, out, size * i);
            }
        });
        return out;
    }

    /** The device bytes in memory order. */
    static byte[] bytes(DeviceBuffer b, long count) {
        long[] words = b.downloadLongs(0, Math.toIntExact(count / 8));
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.allocate(words.length * 8).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        bb.asLongBuffer().put(words);
        return bb.array();
    }
}
