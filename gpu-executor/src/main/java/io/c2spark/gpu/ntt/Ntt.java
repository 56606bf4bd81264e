package io.c2spark.gpu.ntt;

import java.util.List;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.field.FieldKernels;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * NTT of size 2^lgN over Fr on one device, on a device buffer of 2^lgN elements (the result in
 * that buffer), natural order in and out, equal to bellperson's EvaluationDomain fft / ifft /
 * coset_fft / icoset_fft. Each transform takes a scratch buffer of {@link #scratchBytes}, which it
 * overwrites: the first pass reads the data at bit-reversed indices and writes the scratch buffer,
 * the last writes back (ntt.cuh). The caller owns it, so that transforms on several streams (the
 * GPU prover's slots, which share one Ntt) each have their own. Given null instead, a transform
 * works in place, with a bit-reversal kernel before the passes: no second buffer, for a few
 * percent more time (docs/benchmarks.md).
 * Holds the twiddle tables (w^j and w^-j for j < n/2) and, once a coset transform is asked for,
 * the coset tables g^i and n^-1 g^-i.
 */
public final class Ntt implements AutoCloseable {
    private final GpuDevice device;
    public final FrDomain domain;
    public final long size;
    private final DeviceBuffer twiddles;
    private final DeviceBuffer inverseTwiddles;
    private final DeviceBuffer sizeInv;
    private DeviceBuffer cosetPowers;
    private DeviceBuffer cosetInversePowers;
    private final FieldKernels field;

    public Ntt(GpuDevice device, int lgN) {
        this.device = device;
        this.domain = new FrDomain(lgN);
        this.size = 1L << lgN;
        this.field = new FieldKernels(device);
        long half = Math.max(1, size / 2);
        try (GpuStream s = device.newStream()) {
            twiddles = powers(domain.omega, Fr.of(1), half, s);
            inverseTwiddles = powers(domain.omegaInv, Fr.of(1), half, s);
            sizeInv = device.allocate(32);
            sizeInv.upload(domain.sizeInv);
            s.synchronize();
        }
    }

    /** Device table out[j] = scale * x^j for j < count. */
    private DeviceBuffer powers(long[] x, long[] scale, long count, GpuStream s) {
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, count - 1));
        DeviceBuffer out = device.allocate(32 * count);
        try (DeviceBuffer bases = device.allocate(32L * Math.max(1, bits)); DeviceBuffer sc = device.allocate(32)) {
            bases.upload(FrDomain.squarings(x, bits));
            sc.upload(scale);
            Launch.kernel(device, Kernel.FR_POWERS, LaunchShapes.gridFor(count, LaunchShapes.BLOCK, device.multiprocessors),
                    LaunchShapes.BLOCK, s, out, bases, sc, 0L, count);
            s.synchronize();
        }
        return out;
    }

    private void checkSize(DeviceBuffer data) {
        if (data.bytes < 32 * size) {
            throw new IllegalArgumentException("NTT of 2^" + domain.lgN + " needs " + 32 * size + " bytes, buffer has " + data.bytes);
        }
    }

    /** Bytes of the scratch buffer that a transform of 2^lgN takes beside its data: as many again. */
    public static long scratchBytes(int lgN) {
        return 32L << lgN;
    }

    /** NTT_LG_REV in ntt.cuh: the tiled reversal's tiles are 2^4 x 2^4 elements. */
    static final int LG_REVERSE_TILE = 4;

    /**
     * The transform proper, with the given twiddles: NttPlan's passes. With a scratch buffer the
     * first reads data at bit-reversed indices into scratch and the last writes data; without (null)
     * a reversal kernel permutes data and every pass works in place. A single pass (one block)
     * permutes as it reads and works in place either way.
     */
    private void transform(DeviceBuffer data, DeviceBuffer scratch, DeviceBuffer tw, GpuStream s) {
        checkSize(data);
        if (scratch != null) {
            checkSize(scratch);
            if (scratch == data) {
                throw new IllegalArgumentException("NTT scratch buffer is the data buffer");
            }
        }
        int lgN = domain.lgN;
        if (lgN == 0) {
            return;
        }
        List<NttPlan.Pass> passes = NttPlan.passes(lgN);
        boolean permuteOnRead = scratch != null || passes.size() == 1;
        if (!permuteOnRead) {
            bitReverse(data, s);
        }
        for (int i = 0; i < passes.size(); i++) {
            NttPlan.Pass p = passes.get(i);
            if (permuteOnRead) {
                DeviceBuffer in = i == 0 ? data : scratch;
                DeviceBuffer out = i == passes.size() - 1 ? data : scratch;
                Launch.kernel(device, Kernel.NTT_PASS_REG4, p.blocks(), p.threadsPerBlock(), s, in, out, lgN, p.firstStage(),
                        p.stages(), p.lgLow(), tw);
            } else {
                Launch.kernel(device, Kernel.NTT_PASS_REG4_IN_PLACE, p.blocks(), p.threadsPerBlock(), s, data, lgN, p.firstStage(),
                        p.stages(), p.lgLow(), tw);
            }
        }
    }

    /** In place; only transforms of several passes call it, which NttPlan starts above 2^10, so lgN >= 2 LG_REVERSE_TILE. */
    private void bitReverse(DeviceBuffer data, GpuStream s) {
        int lgN = domain.lgN;
        Launch.kernel(device, Kernel.NTT_BIT_REVERSE_TILED, 1L << (lgN - 2 * LG_REVERSE_TILE), 1 << (2 * LG_REVERSE_TILE), s,
                data, lgN);
    }

    /** Coefficients to evaluations at w^i; scratch (null: in place) is overwritten. */
    public void forward(DeviceBuffer data, DeviceBuffer scratch, GpuStream s) {
        transform(data, scratch, twiddles, s);
    }

    /** Evaluations at w^i to coefficients; scratch (null: in place) is overwritten. */
    public void inverse(DeviceBuffer data, DeviceBuffer scratch, GpuStream s) {
        transform(data, scratch, inverseTwiddles, s);
        field.frScale(data, sizeInv, size, s);
    }

    /** Coefficients to evaluations at g w^i; scratch (null: in place) is overwritten. */
    public void cosetForward(DeviceBuffer data, DeviceBuffer scratch, GpuStream s) {
        prepareCosetTables(s);
        checkSize(data);
        field.apply(FieldKernels.Op.FR_MUL, data, cosetPowers, data, size, s);
        transform(data, scratch, twiddles, s);
    }

    /** Evaluations at g w^i to coefficients; scratch (null: in place) is overwritten. */
    public void cosetInverse(DeviceBuffer data, DeviceBuffer scratch, GpuStream s) {
        prepareCosetTables(s);
        transform(data, scratch, inverseTwiddles, s);
        field.apply(FieldKernels.Op.FR_MUL, data, cosetInversePowers, data, size, s);
    }

    /**
     * Makes the coset tables unless they exist. The coset transforms call it on first use; a prover
     * calls it at start-up, so that no proof allocates device memory.
     */
    public void prepareCosetTables(GpuStream s) {
        if (cosetPowers == null) {
            cosetPowers = powers(domain.generator, Fr.of(1), size, s);
            cosetInversePowers = powers(domain.generatorInv, domain.sizeInv, size, s);
        }
    }

    /** Device bytes this transform holds: the twiddle tables, plus the coset tables once made. */
    public static long tableBytes(int lgN, boolean coset) {
        long n = 1L << lgN;
        return 2 * 32 * Math.max(1, n / 2) + (coset ? 2 * 32 * n : 0) + 32;
    }

    @Override
    public void close() {
        twiddles.close();
        inverseTwiddles.close();
        sizeInv.close();
        if (cosetPowers != null) {
            cosetPowers.close();
            cosetInversePowers.close();
        }
    }
}
