package io.c2spark.gpu.msm;

import java.math.BigInteger;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * A precomputed table for fixed-base multiplication in G1 or G2 (many scalars times one base
 * point G): T[w][d - 1] = d 2^(c w) G, affine, for d in 1..2^(c-1) and w below ceil(256 / c). A
 * scalar's signed c-bit digits then pick one entry per window, so k G costs at most
 * ceil(256 / c) mixed additions and no doubling; the results are made affine in runs of
 * {@link #AFFINE_BATCH} points with one field (G1) or Fp2 (G2) inversion each (native-cuda
 * msm/fixed_base.cuh, the g1_ and g2_ kernels).
 *
 * <p>The table lives on the device and counts against its memory: {@link #bytes()} is
 * ceil(256 / c) 2^(c-1) affine points, 96 bytes in G1 and 192 in G2: 50.3 MB and 100.7 MB for
 * c = 16. It is made on the device from the base: a seed table with c = 8 (4096 points) by
 * double-and-add, then the entries as the products of the scalars d 2^(c w) with the seed table.
 */
public final class FixedBaseTable implements AutoCloseable {
    /** The default window: 16 mixed additions per scalar, a 50.3 MB table in G1. */
    public static final int DEFAULT_WINDOW = 16;
    /** The seed table's window: 4096 points made by double-and-add. */
    static final int SEED_WINDOW = 8;
    /** Points made affine per field inversion. */
    static final int AFFINE_BATCH = 32;
    /**
     * Scalars per launch pair, which bounds the scratch (ZZ and ZZZ, as many bytes per point as an
     * affine point: 384 MiB in G1, 768 MiB in G2).
     */
    static final int CHUNK = 1 << 22;

    private final Curve curve;
    private final GpuDevice device;
    /** Window bits and windows (ceil(256 / c), so the top window never carries out). */
    public final int c, windows;
    private final DeviceBuffer table;
    private DeviceBuffer scratch;

    /**
     * Builds the table of base (affine Montgomery limbs, {@link Curve#affineLongs} of them, not the
     * identity) for window c in 2..22, on s.
     */
    public FixedBaseTable(Curve curve, GpuDevice device, long[] baseAffine, int c, GpuStream s) {
        if (c < 2 || c > 22) {
            throw new IllegalArgumentException("fixed-base window must be in 2..22, got " + c);
        }
        this.curve = curve;
        this.device = device;
        this.c = c;
        this.windows = windows(c);
        this.table = device.allocate(bytes(curve, c));
        boolean built = false;
        try (DeviceBuffer base = device.allocate(curve.affineBytes());
             DeviceBuffer seedScalars = device.allocate(32L * entries(SEED_WINDOW))) {
            base.upload(baseAffine);
            seedScalars.upload(entryScalars(SEED_WINDOW));
            if (c == SEED_WINDOW) {
                naive(curve, device, base, seedScalars, entries(SEED_WINDOW), table, s);
            } else {
                try (FixedBaseTable seed = new FixedBaseTable(curve, device, SEED_WINDOW,
                        device.allocate(bytes(curve, SEED_WINDOW)))) {
                    naive(curve, device, base, seedScalars, entries(SEED_WINDOW), seed.table, s);
                    long[] k = entryScalars(c);
                    try (DeviceBuffer ks = device.allocate(8L * k.length)) {
                        ks.upload(k);
                        seed.enqueue(ks, entries(c), table, s);
                        s.synchronize();
                    }
                }
            }
            s.synchronize();
            built = true;
        } finally {
            if (!built) {
                table.close();
            }
        }
    }

    private FixedBaseTable(Curve curve, GpuDevice device, int c, DeviceBuffer table) {
        this.curve = curve;
        this.device = device;
        this.c = c;
        this.windows = windows(c);
        this.table = table;
    }

    /** Windows of c bits for a 255-bit scalar's signed digits: the MSM's rule, whose digit kernel this shares. */
    public static int windows(int c) {
        return MsmPlan.windowsFor(c);
    }

    /** Entries of the table for window c: windows 2^(c-1). */
    public static long entries(int c) {
        return (long) windows(c) << (c - 1);
    }

    /** Device bytes of the table in curve for window c (one affine point per entry). */
    public static long bytes(Curve curve, int c) {
        return curve.affineBytes() * entries(c);
    }

    public long bytes() {
        return bytes(curve, c);
    }

    /** The scalars d 2^(c w) of the table's entries, in the table's order, Montgomery form. */
    static long[] entryScalars(int c) {
        int row = 1 << (c - 1);
        long[] k = new long[Math.toIntExact(4 * entries(c))];
        for (int w = 0; w < windows(c); w++) {
            long[] step = Fr.of(BigInteger.ONE.shiftLeft(c * w).mod(Fr.MODULUS));
            int at = 4 * w * row;
            System.arraycopy(step, 0, k, at, 4);
            for (int d = 1; d < row; d++) {
                Fr.add(k, at + 4 * (d - 1), step, 0, k, at + 4 * d);
            }
        }
        return k;
    }

    /** out[i] = scalars[i] base by 255-bit double-and-add: the reference, and the seed table's maker. */
    static void naive(Curve curve, GpuDevice device, DeviceBuffer base, DeviceBuffer scalars, long n, DeviceBuffer out,
            GpuStream s) {
        Launch.kernel(device, curve.fixedBaseNaive, LaunchShapes.gridFor(n, Msm.CURVE_BLOCK, device.multiprocessors),
                Msm.CURVE_BLOCK, s, base, scalars, (int) n, out);
    }

    /**
     * Enqueues out[i] = scalars[i] base for i < n, affine (all zero for a zero scalar), scalars in
     * Montgomery form; out holds one affine point per scalar. The scratch is allocated on first use
     * and kept.
     */
    public void enqueue(DeviceBuffer scalars, long n, DeviceBuffer out, GpuStream s) {
        enqueue(scalars, 0, n, out, s);
    }

    /** As {@link #enqueue(DeviceBuffer, long, DeviceBuffer, GpuStream)} for the scalars from index first on. */
    public void enqueue(DeviceBuffer scalars, long first, long n, DeviceBuffer out, GpuStream s) {
        long point = curve.affineBytes();
        if (n < 1 || first < 0 || out.bytes < point * n || scalars.bytes < 32 * (first + n)) {
            throw new IllegalArgumentException(curve + " fixed-base multiplication of " + n + " scalars from " + first
                    + ": buffers too small");
        }
        long scratchBytes = point * Math.min(n, CHUNK);
        if (scratch == null || scratch.bytes < scratchBytes) {
            if (scratch != null) {
                s.synchronize();
                scratch.close();
            }
            scratch = device.allocate(scratchBytes);
        }
        int sm = device.multiprocessors;
        for (long off = 0; off < n; off += CHUNK) {
            int m = (int) Math.min(CHUNK, n - off);
            Launch.kernel(device, curve.fixedBaseTable, LaunchShapes.gridFor(m, Msm.CURVE_BLOCK, sm), Msm.CURVE_BLOCK,
                    s, table, c, windows, scalars.at(32 * (first + off)), m, out.at(point * off), scratch);
            long runs = (m + AFFINE_BATCH - 1) / AFFINE_BATCH;
            Launch.kernel(device, curve.xyzzToAffineBatch, LaunchShapes.gridFor(runs, Msm.CURVE_BLOCK, sm),
                    Msm.CURVE_BLOCK, s, out.at(point * off), scratch, m, AFFINE_BATCH);
        }
    }

    @Override
    public void close() {
        table.close();
        if (scratch != null) {
            scratch.close();
            scratch = null;
        }
    }
}
