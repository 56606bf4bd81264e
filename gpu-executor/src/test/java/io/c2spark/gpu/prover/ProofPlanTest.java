package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.CpuProver;
import io.c2spark.core.groth16.MultiExp;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.ProofAssembly;
import io.c2spark.core.groth16.ProofEncoding;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.TailBases;
import io.c2spark.core.msm.BatchAddition;
import io.c2spark.core.ntt.EvaluationDomain;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.msm.Curve;
import io.c2spark.gpu.msm.WindowCombinationTest;
import io.c2spark.gpu.r1cs.TestCircuits;

/**
 * The GPU prover's wiring without a GPU: the steps of {@link ProofPlan}, evaluated over the staged
 * input of {@link StagingLayout} with prover-core's MSM and batch addition in place of the kernels
 * (and the selection bitmaps by {@link DensitySelectionTest#select}, bitmap_select's loop), give
 * CpuProver's proof bytes. So every offset, count and pairing of points with scalars or
 * bitmaps that ProofWorkspace launches is the one CpuProver uses; the GPU tests then need to show
 * only that each kernel equals its CPU counterpart.
 */
class ProofPlanTest {
    /** The quotient's coefficients h_0 .. h_(m-1) as CpuProver computes them (the last one is 0). */
    static long[] quotient(R1csShape shape, Witness w, EvaluationDomain dom) {
        int m = dom.size();
        long[][] abc = new long[3][4 * m];
        long[] dense = w.denseAux();
        shape.a().multiply(shape.coefficients(), w.inputs(), dense, abc[0]);
        shape.b().multiply(shape.coefficients(), w.inputs(), dense, abc[1]);
        shape.c().multiply(shape.coefficients(), w.inputs(), dense, abc[2]);
        for (long[] v : abc) {
            dom.ifft(v);
            dom.cosetFft(v);
        }
        for (int i = 0; i < m; i++) {
            Fr.mul(abc[0], 4 * i, abc[1], 4 * i, abc[0], 4 * i);
            Fr.sub(abc[0], 4 * i, abc[2], 4 * i, abc[0], 4 * i);
        }
        dom.divideByZOnCoset(abc[0]);
        dom.icosetFft(abc[0]);
        return abc[0];
    }

    static long[] points(Parameters p, TailBases t, ProofPlan.Points which) {
        return switch (which) {
            case H -> p.h();
            case L -> p.l();
            case A -> p.a();
            case B_G1 -> p.bG1();
            case B_G2 -> p.bG2();
            case L_TAIL -> t.l();
            case A_TAIL -> t.a();
            case B1_TAIL -> t.b1();
            case B2_TAIL -> t.b2();
        };
    }

    /**
     * Resident (one step per sum) and streamed with chunks of 32 G2 / 64 G1 points and of 100 G1
     * points (96 after rounding to a multiple of 32, so chunks start mid-way through 64-bit words);
     * resident with 4 copies of the h points, whose MSM then returns fewer set sums, combined with
     * a wider shift.
     */
    @ParameterizedTest(name = "chunk {0} bytes, {1} copies of h")
    @CsvSource({ProofPlan.WHOLE + ",1", 32 * 192 + ",1", 100 * 96 + ",1", ProofPlan.WHOLE + ",4"})
    void stepsEvaluatedOnTheCpuGiveCpuProversBytes(long chunkBytes, int hCopies) {
        long seed = TestData.SEED;
        for (int steps : new int[] {1, 9, 130}) {
            TestCircuits.Instance c = TestCircuits.mixed(seed + steps, steps);
            R1csShape shape = ShapeSystem.of(c.circuit(), true);
            Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(seed)));
            Witness w = WitnessSystem.of(c.circuit());
            QueryLayout q = new QueryLayout(shape, params);
            TailBases tails = TailBases.gather(q, params);
            StagingLayout st = new StagingLayout(q);
            EvaluationDomain dom = EvaluationDomain.forCoefficients(shape.numConstraints());
            long[] image = st.image(w);
            long[] h = quotient(shape, w, dom);
            long[] bitsWords = Arrays.copyOfRange(image, (int) (st.bitsAt / 8), (int) (st.bitsAt / 8) + st.bitWords);
            long[] aSel = DensitySelectionTest.select(DensitySelection.of(shape.aAuxDensity(), shape.numAux(), q.numInputs),
                    bitsWords);
            long[] bSel = DensitySelectionTest.select(DensitySelection.of(shape.bAuxDensity(), shape.numAux(), q.bInputCount),
                    bitsWords);
            ProofPlan plan = new ProofPlan(q, st, dom.size(), chunkBytes, hCopies);
            long[] sums = new long[(int) (plan.sumsBytes() / 8)];
            int[] stepsPerSum = new int[ProofPlan.SUMS];
            for (ProofPlan.Step s : plan.steps()) {
                Curve curve = s.points().curve;
                assertTrue(s.n() <= ProofPlan.chunkPoints(curve, chunkBytes));
                if (s.kind() == ProofPlan.Kind.MSM) {
                    assertEquals(s.points() == ProofPlan.Points.H ? Math.min(hCopies, s.msm().windows()) : 1, s.msm().copies());
                }
                stepsPerSum[s.sum()]++;
                long[] pts = Arrays.copyOfRange(points(params, tails, s.points()), (int) (s.first() * curve.affineLongs),
                        (int) ((s.first() + s.n()) * curve.affineLongs));
                long[] src = switch (s.source()) {
                    case STAGED -> image;
                    case QUOTIENT -> h;
                    case A_SELECTION -> aSel;
                    case B_SELECTION -> bSel;
                };
                long[] sum;
                if (s.kind() == ProofPlan.Kind.MSM) {
                    int from = (int) (s.sourceOffset() / 8);
                    long[] k = Arrays.copyOfRange(src, from, from + 4 * s.n());
                    sum = curve == Curve.G1 ? MultiExp.PIPPENGER.g1(pts, k) : MultiExp.PIPPENGER.g2(pts, k);
                } else {
                    long[] bits = bitsFrom(src, 8 * s.sourceOffset(), s.n());
                    sum = curve == Curve.G1 ? BatchAddition.g1(pts, bits, s.n()) : BatchAddition.g2(pts, bits, s.n());
                }
                assertEquals(curve.jacobianLongs, sum.length);
                // An MSM's result is its window sums: the whole sum in window 0 (XYZZ), identity above.
                long[] result = s.kind() == ProofPlan.Kind.MSM ? WindowCombinationTest.xyzz(curve, sum) : sum;
                System.arraycopy(result, 0, sums, (int) (s.resultAt() / 8), result.length);
            }
            if (chunkBytes != ProofPlan.WHOLE && steps == 130) {
                assertTrue(Arrays.stream(stepsPerSum).max().getAsInt() > 1, "some sum is split into chunks");
            }
            ProofPlan.QuerySums qs = plan.combine(sums);
            Random rnd = new Random(seed + 3);
            long[] r = new long[4];
            long[] s = new long[4];
            Fr.random(rnd, r, 0);
            Fr.random(rnd, s, 0);
            byte[] want = ProofEncoding.encode(new CpuProver(shape, params).prove(w, r, s));
            byte[] got = ProofEncoding.encode(ProofAssembly.assemble(params.vk(), qs.h(), qs.l(), qs.a(), qs.b1(), qs.b2(), r, s));
            assertArrayEquals(want, got, steps + " steps, chunk " + chunkBytes + " (seed " + seed + ")");
        }
    }

    /** n bits of a 64-bit-word bitmap from bit first on, as a bitmap of their own. */
    private static long[] bitsFrom(long[] words, long first, int n) {
        long[] out = new long[(n + 63) / 64];
        for (int i = 0; i < n; i++) {
            long bit = first + i;
            if ((words[(int) (bit >>> 6)] >>> (bit & 63) & 1) != 0) {
                out[i >>> 6] |= 1L << (i & 63);
            }
        }
        return out;
    }

    @Test
    void stagedRegionsAreAlignedAndDisjoint() {
        TestCircuits.Instance c = TestCircuits.mixed(5, 77);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(5)));
        QueryLayout q = new QueryLayout(shape, params);
        StagingLayout st = new StagingLayout(q);
        long[][] regions = {{st.inputsAt, 32L * q.numInputs}, {st.bitsAt, 8L * st.bitWords}, {st.tailAt, 32L * q.tailCount},
            {st.bInputsAt, 32L * q.bInputCount}, {st.aTailAt, 32L * st.aTailCount}, {st.bTailAt, 32L * st.bTailCount}};
        for (int i = 0; i < regions.length; i++) {
            assertEquals(0, regions[i][0] % 256, "region " + i + " aligned");
            long end = regions[i][0] + regions[i][1];
            assertTrue(end <= (i + 1 < regions.length ? regions[i + 1][0] : st.bytes), "region " + i + " ends before the next");
        }
        Witness other = WitnessSystem.of(TestCircuits.mixed(5, 78).circuit());
        assertThrows(IllegalArgumentException.class, () -> st.image(other));
    }

    @Test
    void emptySumsCombineToTheIdentity() {
        TestCircuits.Instance c = TestCircuits.mixed(6, 20);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Parameters params = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(6)));
        QueryLayout q = new QueryLayout(shape, params);
        ProofPlan plan = new ProofPlan(q, new StagingLayout(q), EvaluationDomain.forCoefficients(shape.numConstraints()).size());
        ProofPlan.QuerySums qs = plan.combine(new long[(int) (plan.sumsBytes() / 8)]);
        for (long[] g1 : new long[][] {qs.h(), qs.l(), qs.a(), qs.b1()}) {
            assertTrue(G1.LAW.isIdentity(g1, 0));
        }
        assertTrue(G2.LAW.isIdentity(qs.b2(), 0));
    }
}
