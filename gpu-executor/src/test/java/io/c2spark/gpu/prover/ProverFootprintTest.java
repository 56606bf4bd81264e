package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.groth16.TailBases;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.gpu.coordinator.VramLedger;
import io.c2spark.gpu.r1cs.TestCircuits;

/** The GPU prover's device memory, from sizes: a small circuit's queries, and a 32GiB partition on an H200. */
class ProverFootprintTest {
    @Test
    void queriesOfASmallCircuitAreTheParametersBytes() {
        TestCircuits.Instance c = TestCircuits.mixed(3, 50);
        R1csShape shape = ShapeSystem.of(c.circuit(), true);
        Parameters p = ParameterGenerator.generate(shape, ParameterGenerator.ToxicWaste.random(new Random(3)));
        QueryLayout q = new QueryLayout(shape, p);
        ProverFootprint.Sizes s = ProverFootprint.Sizes.of(shape, q);
        long paramBytes = 8L * (p.h().length + p.l().length + p.a().length + p.bG1().length + p.bG2().length);
        TailBases t = TailBases.gather(q, p);
        long tailBytes = 8L * (t.l().length + t.a().length + t.b1().length + t.b2().length);
        long matrixBytes = 4L * 3 * (shape.numConstraints() + 1)
                + 8L * (shape.a().nonZeros() + shape.b().nonZeros() + shape.c().nonZeros()) + 8L * shape.coefficients().length;
        long nttBytes = io.c2spark.gpu.ntt.Ntt.tableBytes(s.lgDomain(), true) + 32;
        long selectionBytes = 0;
        for (long[] density : new long[][] {shape.aAuxDensity(), shape.bAuxDensity()}) {
            DensitySelection sel = DensitySelection.of(density, shape.numAux(), 0);
            selectionBytes += 4L * (sel.density().length + sel.prefix().length);
        }
        assertEquals(paramBytes + tailBytes + matrixBytes + selectionBytes + nttBytes, ProverFootprint.residentBytes(s));
        // Streamed, the queries are read from the file per proof; the tail bases stay on the device.
        assertEquals(tailBytes + matrixBytes + selectionBytes + nttBytes, ProverFootprint.streamedResidentBytes(s));
        // a, b, c and the NTTs' scratch (lane 0's G1 MSM workspace), each a vector of the domain.
        assertTrue(ProverFootprint.slotBytes(s) > 4L * 32 * (1L << s.lgDomain()));
    }

    private static ProverFootprint.Sizes sizes32GiB() {
        long aux = 130_169_893L;
        long tail = Math.round(aux * 0.013);
        return new ProverFootprint.Sizes(27, 130_278_869L, 328, aux, 309_400_000L, 130_300_000L, 282_700_000L, 4096, 328,
                Math.round(aux * 0.997), Math.round(aux * 0.254), tail, tail, tail);
    }

    @Test
    void a32GiBPartitionIsResidentOnAnH200WithSeveralSlots() {
        // CircuitInfoTest (rust-fil-proofs PR #1325): 130,278,541 constraints + 328 input constraints (domain 2^27), 328 inputs,
        // 130,169,893 aux (98.7% bits, 99.7% in A, 25.4% in B), non-zeros A 309.4M, B 130.3M, C 282.7M.
        // Unknown here, taken at their largest: every input in B, every non-bit aux in A and in B.
        ProverFootprint.Sizes s = sizes32GiB();
        long aux = s.aux();
        long queries = 96L * ((1L << 27) - 1) + 96L * aux + 96L * (328 + s.aAux()) + 288L * (328 + s.bAux());
        // Filecoin's 32GiB PoRep parameter file is about 47 GB.
        assertTrue(queries > 45e9 && queries < 50e9, "queries " + queries);
        long h200 = 143_771L << 20;
        VramLedger.Plan plan = new VramLedger(h200, 0, 2L << 30).plan("32GiB", ProverFootprint.request(s, 8,
                CoordinatedGpuProver.DEFAULT_CHUNK_BYTES, false));
        System.out.printf("32GiB partition on an H200: resident %.1f GiB, slot %.1f GiB: %s%n",
                ProverFootprint.residentBytes(s) / 1073741824.0, ProverFootprint.slotBytes(s) / 1073741824.0, plan.describe());
        assertEquals(VramLedger.Mode.RESIDENT, plan.mode());
        assertTrue(plan.slots() >= 2, plan.describe());
    }

    /**
     * Copies of the h points (2^27 - 1 of them, 12 GiB a copy): the options the cost model finds
     * worth holding come best first (eleven copies: c = 24 in one set; then six: c = 22 in two sets),
     * each faster than every option with fewer copies; on an H200 two slots come first, and three copies (c = 22 in four sets,
     * the same twelve windows as six) take the 24 GiB left beside them. Measured on the H200: the
     * 2^27 G1 MSM took 888 ms without copies and 832 ms with six.
     */
    @Test
    void twoSlotsOfA32GiBPartitionOnAnH200LeaveRoomForThreeCopiesOfH() {
        ProverFootprint.Sizes s = sizes32GiB();
        java.util.List<VramLedger.CopyOption> options = ProverFootprint.hCopyOptions(s, 12);
        System.out.println("32GiB h copy options, best first: " + options);
        assertEquals(java.util.List.of(11, 6, 4, 3, 2), options.stream().map(VramLedger.CopyOption::copies).toList());
        long copy = 96L * ((1L << 27) - 1);
        for (VramLedger.CopyOption o : options) {
            assertEquals((o.copies() - 1) * copy, o.extraBytes());
            assertEquals(ProverFootprint.slotBytes(s, ProofPlan.WHOLE, o.copies()), o.slotBytes());
        }
        VramLedger.Plan plan = new VramLedger(143_771L << 20, 0, 2L << 30).plan("32GiB", ProverFootprint.request(s, 2,
                CoordinatedGpuProver.DEFAULT_CHUNK_BYTES, false, 12));
        System.out.println("32GiB partition on an H200, two workers: " + plan.describe());
        assertEquals(VramLedger.Mode.RESIDENT, plan.mode());
        assertEquals(2, plan.slots());
        assertEquals(3, plan.copyCount());
        assertTrue(plan.describe().endsWith("; precomputed point copies: 3 (24.00 GiB beyond the points)"), plan.describe());
        assertEquals(1, new VramLedger(143_771L << 20, 0, 2L << 30).plan("32GiB", ProverFootprint.request(s, 2,
                CoordinatedGpuProver.DEFAULT_CHUNK_BYTES, false, 1)).copyCount(), "none when none are offered");
    }

    /**
     * The same partition on smaller budgets: a 48 GiB card streams the points (chunk buffers in
     * place of the MSMs' full-size scratch, so a streamed slot is smaller than a resident one);
     * 16 GiB cannot hold even the matrices beside one slot, and the refusal says so.
     */
    @Test
    void a32GiBPartitionStreamsOnA48GiBCardAndIsRefusedOn16() {
        ProverFootprint.Sizes s = sizes32GiB();
        long chunk = CoordinatedGpuProver.DEFAULT_CHUNK_BYTES;
        assertTrue(ProverFootprint.slotBytes(s, chunk) < ProverFootprint.slotBytes(s));
        assertEquals(ProverFootprint.residentBytes(s), ProverFootprint.streamedResidentBytes(s) + ProverFootprint.queryBytes(s));
        VramLedger.Plan plan = new VramLedger(48L << 30, 0, 2L << 30).plan("32GiB", ProverFootprint.request(s, 4, chunk, false));
        System.out.println("32GiB partition on a 48 GiB card: " + plan.describe());
        assertEquals(VramLedger.Mode.STREAMED, plan.mode());
        assertTrue(plan.slots() >= 1 && plan.usedBytes() <= plan.budgetBytes(), plan.describe());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new VramLedger(16L << 30, 0, 2L << 30).plan("32GiB", ProverFootprint.request(s, 1, chunk, false)));
        assertTrue(e.getMessage().contains("streamed mode"), e.getMessage());
    }

    /** Streaming is forced on a card that would hold everything. */
    @Test
    void streamingForcedOnAnH200() {
        VramLedger.Plan plan = new VramLedger(143_771L << 20, 0, 2L << 30).plan("32GiB", ProverFootprint.request(sizes32GiB(), 4,
                CoordinatedGpuProver.DEFAULT_CHUNK_BYTES, true));
        assertEquals(VramLedger.Mode.STREAMED, plan.mode());
        assertEquals(4, plan.slots());
        assertEquals(ProverFootprint.streamedResidentBytes(sizes32GiB()), plan.residentBytes());
    }
}
