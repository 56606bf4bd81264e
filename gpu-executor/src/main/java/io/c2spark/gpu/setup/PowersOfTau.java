package io.c2spark.gpu.setup;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.ntt.FrDomain;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import io.c2spark.gpu.ntt.Ntt;

/**
 * The powers of tau over the domain of m = 2^lgM points, as parameter generation uses them
 * (prover-core ParameterGenerator): tau^i for i < m, the h query's scalars tau^i (tau^m - 1) / delta
 * for i < m - 1, and the Lagrange coefficients L_k(tau) of the domain, the inverse NTT of the
 * powers (bellperson's EvaluationDomain.ifft, which {@link Ntt#inverse} equals). Any run of powers
 * is made from its first index on, by the fr_powers kernel (each element from the squarings
 * tau^(2^b) it holds), so the h scalars are made a chunk at a time as their points are.
 */
public final class PowersOfTau implements AutoCloseable {
    private final GpuDevice device;
    public final int lgM;
    public final long m;
    /** tau^(2^b) for b < max(1, lgM): the bits of every exponent below m. */
    private final DeviceBuffer squarings;
    /** One, then (tau^m - 1) / delta: the scales of the plain powers and of the h scalars. */
    private final DeviceBuffer scales;

    /** tau and delta in Montgomery form; delta must not be zero. */
    public PowersOfTau(GpuDevice device, long[] tau, long[] delta, int lgM) {
        if (lgM < 0 || lgM > FrDomain.TWO_ADICITY - 1) {
            throw new IllegalArgumentException("domain 2^" + lgM + " outside 2^0..2^31");
        }
        if (Fr.isZero(delta, 0)) {
            throw new IllegalArgumentException("delta is zero");
        }
        this.device = device;
        this.lgM = lgM;
        this.m = 1L << lgM;
        long[] hScale = new long[8];
        Fr.setOne(hScale, 0);
        Fr.pow(tau, 0, new long[] {m}, hScale, 4);
        Fr.sub(hScale, 4, hScale, 0, hScale, 4);
        long[] deltaInv = new long[4];
        Fr.inverse(delta, 0, deltaInv, 0);
        Fr.mul(hScale, 4, deltaInv, 0, hScale, 4);
        int bits = Math.max(1, lgM);
        DeviceBuffer sq = device.allocate(32L * bits);
        try {
            sq.upload(FrDomain.squarings(tau, bits));
            this.scales = device.allocate(64);
            scales.upload(hScale);
        } catch (RuntimeException e) {
            sq.close();
            throw e;
        }
        this.squarings = sq;
    }

    /** Enqueues out[j] = tau^(first + j) for j < count (first + count <= m), out from its start. */
    public void enqueuePowers(long first, long count, DeviceBuffer out, GpuStream s) {
        enqueue(0, first, count, out, s);
    }

    /** Enqueues out[j] = tau^(first + j) (tau^m - 1) / delta for j < count (first + count <= m - 1): h scalars. */
    public void enqueueHScalars(long first, long count, DeviceBuffer out, GpuStream s) {
        if (first + count > m - 1) {
            throw new IllegalArgumentException("h scalars [" + first + ", " + (first + count) + ") beyond the " + (m - 1) + " of 2^" + lgM);
        }
        enqueue(32, first, count, out, s);
    }

    private void enqueue(long scaleOffset, long first, long count, DeviceBuffer out, GpuStream s) {
        if (first < 0 || count < 1 || first + count > m || out.bytes < 32 * count) {
            throw new IllegalArgumentException("powers [" + first + ", " + (first + count) + ") of 2^" + lgM + " into "
                    + out.bytes + " bytes");
        }
        Launch.kernel(device, Kernel.FR_POWERS, LaunchShapes.gridFor(count, LaunchShapes.BLOCK, device.multiprocessors),
                LaunchShapes.BLOCK, s, out, squarings, scales.at(scaleOffset), first, count);
    }

    /**
     * L_k(tau) for k < m, in a new device buffer of m elements that the caller closes: the powers,
     * inverse-transformed in place (the NTT's twiddle tables, 32 m bytes, are made and freed here,
     * as is a scratch buffer of 32 m bytes when useScratch). Synchronizes s.
     */
    public DeviceBuffer lagrange(boolean useScratch, GpuStream s) {
        DeviceBuffer out = device.allocate(32 * m);
        try (Ntt ntt = new Ntt(device, lgM); DeviceBuffer scratch = useScratch ? device.allocate(Ntt.scratchBytes(lgM)) : null) {
            enqueuePowers(0, m, out, s);
            ntt.inverse(out, scratch, s);
            s.synchronize();
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Device bytes the scratch-free Lagrange step peaks at beside its result: the NTT's twiddles (32 m). */
    public static long lagrangeWorkBytes(int lgM, boolean useScratch) {
        return Ntt.tableBytes(lgM, false) + (useScratch ? Ntt.scratchBytes(lgM) : 0);
    }

    @Override
    public void close() {
        squarings.close();
        scales.close();
    }
}
