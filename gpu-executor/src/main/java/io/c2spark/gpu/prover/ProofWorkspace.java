package io.c2spark.gpu.prover;

import io.c2spark.core.curve.G1;
import io.c2spark.core.curve.G2;
import io.c2spark.core.field.Fr;
import io.c2spark.core.groth16.QueryLayout;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.gpu.BatchAdd;
import io.c2spark.gpu.Curve;
import io.c2spark.gpu.DeviceBuffer;
import io.c2spark.gpu.FieldKernels;
import io.c2spark.gpu.GpuDevice;
import io.c2spark.gpu.GpuStream;
import io.c2spark.gpu.Msm;
import io.c2spark.gpu.MsmPlan;
import io.c2spark.gpu.PinnedHostBuffer;
import io.c2spark.gpu.R1csDeviceShape.Matrix;
import jcuda.driver.CUdeviceptr;

/**
 * The working set of one proof in flight on one device (a coordinator slot's): pinned host memory
 * for the compact witness and the results, device memory for the witness, a, b, c and the MSM and
 * batch-addition workspaces. Everything is allocated in the constructor; a proof then runs in
 * four steps that allocate nothing and never synchronize the device:
 * <ol>
 * <li>{@link #stage}: the witness and the per-proof scalars and bitmaps written into pinned memory (CPU);
 * <li>{@link #enqueueUpload}: one asynchronous copy to the device;
 * <li>{@link #enqueueCompute}: a, b, c by SpMV, h by NTTs, the H MSM, the L, A and B sums (batch
 * addition over bits, MSMs over inputs and tail), and the copy of the twelve sums to pinned memory;
 * <li>{@link #sums}, once that work has completed: the query sums, read from pinned memory.
 * </ol>
 */
public final class ProofWorkspace implements AutoCloseable {
    private static final int ALIGN = 256;
    /** The twelve sums, in the order {@link #enqueueCompute} writes them: nine G1, then three G2. */
    static final int SUMS_G1 = 9;
    static final int SUMS_G2 = 3;
    private static final long SUMS_BYTES = 8L * (SUMS_G1 * G1.JACOBIAN + SUMS_G2 * G2.JACOBIAN);

    private final DeviceProvingKey key;
    private final QueryLayout layout;
    private final GpuDevice device;
    private final int bitWords;
    /** Byte offsets of the staged regions, identical in pinned and device memory. */
    private final long inputsAt, bitsAt, tailAt, bInputsAt, aTailAt, bTailAt, aBitsAt, bBitsAt, stagedBytes;
    private final int aBitWords, bBitWords;
    private final PinnedHostBuffer staged;
    private final PinnedHostBuffer sumsHost;
    private final DeviceBuffer witness;
    private final DeviceBuffer a, b, c;
    private final DeviceBuffer sums;
    private final Msm g1Msm, g2Msm;
    private final BatchAdd g1Batch, g2Batch;
    private final FieldKernels field;
    private final MsmPlan hPlan, inputPlan, lTailPlan, aTailPlan, bInputPlan, bTailPlan;

    public ProofWorkspace(DeviceProvingKey key) {
        this.key = key;
        this.layout = key.layout;
        this.device = key.device;
        this.bitWords = (layout.numAux + 63) / 64;
        this.aBitWords = (layout.aPoints() + 63) / 64;
        this.bBitWords = (layout.bPoints() + 63) / 64;
        long at = 0;
        inputsAt = at;
        at = align(at + 32L * layout.numInputs);
        bitsAt = at;
        at = align(at + 8L * bitWords);
        tailAt = at;
        at = align(at + 32L * layout.tailCount);
        bInputsAt = at;
        at = align(at + 32L * layout.bInputCount);
        aTailAt = at;
        at = align(at + 32L * aTailCount());
        bTailAt = at;
        at = align(at + 32L * bTailCount());
        aBitsAt = at;
        at = align(at + 8L * aBitWords);
        bBitsAt = at;
        at = align(at + 8L * bBitWords);
        stagedBytes = Math.max(ALIGN, at);

        this.staged = new PinnedHostBuffer(device, stagedBytes);
        this.sumsHost = new PinnedHostBuffer(device, SUMS_BYTES);
        this.witness = device.allocate(stagedBytes);
        long m = key.domainSize;
        this.a = device.allocate(32 * m);
        this.b = device.allocate(32 * m);
        this.c = device.allocate(32 * m);
        this.sums = device.allocate(SUMS_BYTES);
        this.field = new FieldKernels(device);
        this.g1Msm = new Msm(device, Curve.G1);
        this.g2Msm = new Msm(device, Curve.G2);
        this.g1Batch = new BatchAdd(device, Curve.G1);
        this.g2Batch = new BatchAdd(device, Curve.G2);
        this.hPlan = plan(m - 1, g1Msm);
        this.inputPlan = plan(layout.numInputs, g1Msm);
        this.lTailPlan = plan(layout.tailCount, g1Msm);
        this.aTailPlan = plan(aTailCount(), g1Msm);
        this.bInputPlan = plan(layout.bInputCount, g1Msm, g2Msm);
        this.bTailPlan = plan(bTailCount(), g1Msm, g2Msm);
        g1Batch.reserve(Math.max(layout.numAux, Math.max(layout.aPoints(), layout.bPoints())));
        g2Batch.reserve(Math.max(1, layout.bPoints()));
    }

    private int aTailCount() {
        return layout.aTailBases().length / G1.AFFINE;
    }

    private int bTailCount() {
        return layout.b1TailBases().length / G1.AFFINE;
    }

    private static long align(long at) {
        return (at + ALIGN - 1) / ALIGN * ALIGN;
    }

    /** The plan of an MSM of n points (null when n is 0: that sum is the identity), reserved in each msm. */
    private static MsmPlan plan(long n, Msm... msms) {
        if (n == 0) {
            return null;
        }
        MsmPlan p = MsmPlan.forSize((int) n);
        for (Msm m : msms) {
            m.reserve(p);
        }
        return p;
    }

    /** CPU, no lock: writes the witness and the values picked from it into pinned memory. */
    public void stage(Witness w) {
        if (w.numInputs() != layout.numInputs || w.numAux() != layout.numAux || w.tailSize() != layout.tailCount) {
            throw new IllegalArgumentException("witness has " + w.numInputs() + " inputs, " + w.numAux() + " aux values, "
                    + w.tailSize() + " of them non-bits; the circuit has " + layout.numInputs + ", " + layout.numAux + ", "
                    + layout.tailCount);
        }
        staged.put(inputsAt, w.inputs(), 0, w.inputs().length);
        putBitmap(bitsAt, w.bits(), bitWords);
        staged.put(tailAt, w.tail(), 0, w.tail().length);
        long[] bInputs = layout.bInputValues(w.inputs());
        staged.put(bInputsAt, bInputs, 0, bInputs.length);
        long[] aTail = layout.aTail(w.tail());
        staged.put(aTailAt, aTail, 0, aTail.length);
        long[] bTail = layout.bTail(w.tail());
        staged.put(bTailAt, bTail, 0, bTail.length);
        putBitmap(aBitsAt, layout.aBits(w.bits()), aBitWords);
        putBitmap(bBitsAt, layout.bBits(w.bits()), bBitWords);
    }

    /** Exactly words words: the bitmap's own, then zeros where it is shorter. */
    private void putBitmap(long at, long[] bitmap, int words) {
        int have = Math.min(words, bitmap.length);
        staged.put(at, bitmap, 0, have);
        staged.zero(at + 8L * have, words - have);
    }

    /** Enqueues the witness upload on the copy stream. */
    public void enqueueUpload(GpuStream copy) {
        staged.copyTo(0, witness, 0, stagedBytes, copy);
    }

    private CUdeviceptr w(long offset) {
        return witness.at(offset);
    }

    /** Enqueues every kernel of the proof and the read-back of its sums on the compute stream. */
    public void enqueueCompute(GpuStream s) {
        DeviceProvingKey k = key;
        long m = k.domainSize;
        for (DeviceBuffer v : new DeviceBuffer[] {a, b, c}) {
            v.fill32(0, s);
        }
        sums.fill32(0, s);
        k.matrices.enqueueProduct(Matrix.A, w(inputsAt), w(bitsAt), w(tailAt), a, s);
        k.matrices.enqueueProduct(Matrix.B, w(inputsAt), w(bitsAt), w(tailAt), b, s);
        k.matrices.enqueueProduct(Matrix.C, w(inputsAt), w(bitsAt), w(tailAt), c, s);
        for (DeviceBuffer v : new DeviceBuffer[] {a, b, c}) {
            k.ntt.inverse(v, s);
            k.ntt.cosetForward(v, s);
        }
        field.quotientOnCoset(a, b, c, k.zInv, m, s);
        k.ntt.cosetInverse(a, s);

        msm(g1Msm, k.h, a.pointer(), a.bytes, hPlan, s, 0);
        batch(g1Batch, k.l, bitsAt, layout.numAux, s, 1);
        msm(g1Msm, k.lTail, w(tailAt), stagedBytes - tailAt, lTailPlan, s, 2);
        msm(g1Msm, k.a, w(inputsAt), stagedBytes - inputsAt, inputPlan, s, 3);
        batch(g1Batch, k.a, aBitsAt, layout.aPoints(), s, 4);
        msm(g1Msm, k.aTail, w(aTailAt), stagedBytes - aTailAt, aTailPlan, s, 5);
        msm(g1Msm, k.bG1, w(bInputsAt), stagedBytes - bInputsAt, bInputPlan, s, 6);
        batch(g1Batch, k.bG1, bBitsAt, layout.bPoints(), s, 7);
        msm(g1Msm, k.b1Tail, w(bTailAt), stagedBytes - bTailAt, bTailPlan, s, 8);
        msm(g2Msm, k.bG2, w(bInputsAt), stagedBytes - bInputsAt, bInputPlan, s, 9);
        batch(g2Batch, k.bG2, bBitsAt, layout.bPoints(), s, 10);
        msm(g2Msm, k.b2Tail, w(bTailAt), stagedBytes - bTailAt, bTailPlan, s, 11);
        sumsHost.copyFrom(sums, 0, 0, SUMS_BYTES, s);
    }

    /** Byte offset of sum i in the sums buffer. */
    private static long sumAt(int i) {
        return i < SUMS_G1 ? 8L * G1.JACOBIAN * i : 8L * (SUMS_G1 * G1.JACOBIAN + (i - SUMS_G1) * G2.JACOBIAN);
    }

    private void msm(Msm msm, DeviceBuffer points, CUdeviceptr scalars, long scalarBytes, MsmPlan plan, GpuStream s, int sum) {
        if (plan != null) {
            msm.enqueue(points.pointer(), points.bytes, scalars, scalarBytes, plan, s, sums.at(sumAt(sum)));
        }
    }

    private void batch(BatchAdd add, DeviceBuffer points, long bitmapAt, long n, GpuStream s, int sum) {
        if (n > 0) {
            add.enqueue(points.pointer(), points.bytes, w(bitmapAt), stagedBytes - bitmapAt, n, s, sums.at(sumAt(sum)));
        }
    }

    /**
     * The query sums (Jacobian, identity where a query had nothing to sum) once the compute stream's
     * work has completed: {h, l, a, b1} in G1 and b2 in G2.
     */
    public QuerySums sums() {
        long[] all = new long[(int) (SUMS_BYTES / 8)];
        sumsHost.get(0, all, 0, all.length);
        long[][] g1 = new long[SUMS_G1][];
        for (int i = 0; i < SUMS_G1; i++) {
            g1[i] = java.util.Arrays.copyOfRange(all, (int) (sumAt(i) / 8), (int) (sumAt(i) / 8) + G1.JACOBIAN);
        }
        long[][] g2 = new long[SUMS_G2][];
        for (int i = 0; i < SUMS_G2; i++) {
            int o = (int) (sumAt(SUMS_G1 + i) / 8);
            g2[i] = java.util.Arrays.copyOfRange(all, o, o + G2.JACOBIAN);
        }
        return new QuerySums(g1[0], add1(g1[1], g1[2]), add1(add1(g1[3], g1[4]), g1[5]), add1(add1(g1[6], g1[7]), g1[8]),
                add2(add2(g2[0], g2[1]), g2[2]));
    }

    private static long[] add1(long[] p, long[] q) {
        G1.add(p, 0, q, 0, p, 0);
        return p;
    }

    private static long[] add2(long[] p, long[] q) {
        G2.add(p, 0, q, 0, p, 0);
        return p;
    }

    /** Device and pinned bytes this workspace holds. */
    public long deviceBytes() {
        return witness.bytes + 3 * a.bytes + sums.bytes;
    }

    @Override
    public void close() {
        for (AutoCloseable r : new AutoCloseable[] {staged, sumsHost, witness, a, b, c, sums, g1Msm, g2Msm, g1Batch, g2Batch}) {
            try {
                r.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The five query sums of one proof, Jacobian: h, l, a, b (G1), b (G2). */
    public record QuerySums(long[] h, long[] l, long[] a, long[] b1, long[] b2) {
    }
}
