package io.c2spark.gpu.setup;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.c2spark.gpu.runtime.PinnedHostBuffer;

/** The device memory plan of parameter generation (no GPU): 32GiB and 64GiB partitions fit an H200 with room to spare. */
class DeviceParameterPlanTest {
    /** R1csDeviceShape's bytes: three row-start arrays and 8 bytes a term. */
    static long shapeBytes(long rows, long terms) {
        return 3 * 4 * (rows + 1) + 8 * terms;
    }

    @Test
    void thirtyTwoAndSixtyFourGibPeaksStayFarBelowTheH200() {
        // 32GiB (docs/gpu-runs/2026-12-03-32gib/params.log): 130,278,869 rows with the input constraints, 130,170,221
        // variables, A 309.4M terms of 722.4M.
        long peak32 = DeviceParameterGenerator.peakDeviceBytes(27, 130_170_221L, 309_400_000L) + shapeBytes(130_278_869L, 722_400_000L);
        // 64GiB: 131,185,849 + 328 rows, 131,076,971 variables, terms scaled from 32GiB by the rows.
        long peak64 = DeviceParameterGenerator.peakDeviceBytes(27, 131_076_971L, 311_600_000L) + shapeBytes(131_186_177L, 727_500_000L);
        assertTrue(peak32 < 32e9 && peak32 > 20e9, "32GiB peak " + peak32);
        assertTrue(peak64 < 32e9 && peak64 > peak32, "64GiB peak " + peak64);
    }

    @Test
    void chunksFitOnePinnedSegment() {
        assertTrue(96L * DeviceParameterGenerator.G1_CHUNK <= PinnedHostBuffer.SEGMENT_BYTES);
        assertTrue(192L * DeviceParameterGenerator.G2_CHUNK <= PinnedHostBuffer.SEGMENT_BYTES);
    }
}
