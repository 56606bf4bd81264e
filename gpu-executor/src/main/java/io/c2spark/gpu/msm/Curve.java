package io.c2spark.gpu.msm;

import io.c2spark.gpu.runtime.Kernel;

/**
 * The two groups the kernels work in, with their sizes in prover-core's layout (G1 affine 12
 * longs, Jacobian 18; G2 affine 24, Jacobian 36; XYZZ buckets four field elements) and the
 * kernels of native-cuda's point templates instantiated for each. The scalar steps of the MSM
 * (histogram, scan, scatter) know no points and are shared.
 */
public enum Curve {
    G1(12, Kernel.MSM_ACCUMULATE, Kernel.MSM_ACCUMULATE_FIXUP, Kernel.MSM_MERGE_BUCKETS, Kernel.MSM_REDUCE_SEGMENTS,
            Kernel.MSM_REDUCE_LEVEL, Kernel.MSM_COMBINE, Kernel.XYZZ_SUM_GROUPS, Kernel.XYZZ_TO_JACOBIAN,
            Kernel.G1_BATCH_ADD_BITMAP, Kernel.G1_FIXED_BASE_MUL_NAIVE, Kernel.G1_FIXED_BASE_MUL_TABLE,
            Kernel.G1_XYZZ_TO_AFFINE_BATCH),
    G2(24, Kernel.G2_MSM_ACCUMULATE, Kernel.G2_MSM_ACCUMULATE_FIXUP, Kernel.G2_MSM_MERGE_BUCKETS, Kernel.G2_MSM_REDUCE_SEGMENTS,
            Kernel.G2_MSM_REDUCE_LEVEL, Kernel.G2_MSM_COMBINE, Kernel.G2_XYZZ_SUM_GROUPS, Kernel.G2_XYZZ_TO_JACOBIAN,
            Kernel.G2_BATCH_ADD_BITMAP, Kernel.G2_FIXED_BASE_MUL_NAIVE, Kernel.G2_FIXED_BASE_MUL_TABLE,
            Kernel.G2_XYZZ_TO_AFFINE_BATCH);

    /** Longs of an affine point (two field elements). */
    public final int affineLongs;
    /** Longs of a Jacobian result (three field elements). */
    public final int jacobianLongs;
    /** Bytes of an XYZZ bucket or partial sum (four field elements). */
    public final long xyzzBytes;
    final Kernel accumulate;
    final Kernel accumulateFixup;
    final Kernel mergeBuckets;
    final Kernel reduceSegments;
    final Kernel reduceLevel;
    final Kernel combine;
    final Kernel sumGroups;
    final Kernel toJacobian;
    final Kernel batchAddBitmap;
    final Kernel fixedBaseNaive;
    final Kernel fixedBaseTable;
    final Kernel xyzzToAffineBatch;

    Curve(int affineLongs, Kernel accumulate, Kernel accumulateFixup, Kernel mergeBuckets, Kernel reduceSegments, Kernel reduceLevel,
            Kernel combine, Kernel sumGroups, Kernel toJacobian, Kernel batchAddBitmap, Kernel fixedBaseNaive,
            Kernel fixedBaseTable, Kernel xyzzToAffineBatch) {
        this.affineLongs = affineLongs;
        this.jacobianLongs = affineLongs / 2 * 3;
        this.xyzzBytes = 8L * affineLongs * 2;
        this.accumulate = accumulate;
        this.accumulateFixup = accumulateFixup;
        this.mergeBuckets = mergeBuckets;
        this.reduceSegments = reduceSegments;
        this.reduceLevel = reduceLevel;
        this.combine = combine;
        this.sumGroups = sumGroups;
        this.toJacobian = toJacobian;
        this.batchAddBitmap = batchAddBitmap;
        this.fixedBaseNaive = fixedBaseNaive;
        this.fixedBaseTable = fixedBaseTable;
        this.xyzzToAffineBatch = xyzzToAffineBatch;
    }

    public long affineBytes() {
        return 8L * affineLongs;
    }
}
