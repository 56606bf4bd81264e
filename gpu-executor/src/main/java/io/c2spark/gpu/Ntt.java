package io.c2spark.gpu;

import io.c2spark.core.field.Fr;

/**
 * NTT of size 2^lgN over Fr on one device, in place on a device buffer of 2^lgN elements, natural
 * order in and out, equal to bellperson's EvaluationDomain fft / ifft / coset_fft / icoset_fft.
 * Holds the twiddle tables (w^j and w^-j for j < n/2) and, once a coset transform is asked for,
 * the coset tables g^i and n^-1 g^-i.
 */
public final class Ntt implements AutoCloseable {
    /** NTT_LG_REV in ntt.cuh: the tiled bit reversal moves 2^4 x 2^4 tiles, so sizes from 2^8. */
    static final int LG_REVERSE_TILE = 4;
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
                    LaunchShapes.BLOCK, s, out, bases, sc, count);
            s.synchronize();
        }
        return out;
    }

    private void checkSize(DeviceBuffer data) {
        if (data.bytes < 32 * size) {
            throw new IllegalArgumentException("NTT of 2^" + domain.lgN + " needs " + 32 * size + " bytes, buffer has " + data.bytes);
        }
    }

    /** The transform proper: bit reversal then the shared-memory passes, with the given twiddles. */
    private void transform(DeviceBuffer data, DeviceBuffer tw, GpuStream s) {
        checkSize(data);
        int lgN = domain.lgN;
        if (lgN == 0) {
            return;
        }
        if (lgN >= 2 * LG_REVERSE_TILE) {
            Launch.kernel(device, Kernel.NTT_BIT_REVERSE_TILED, 1L << (lgN - 2 * LG_REVERSE_TILE), 1 << (2 * LG_REVERSE_TILE),
                    s, data, lgN);
        } else {
            Launch.kernel(device, Kernel.NTT_BIT_REVERSE, LaunchShapes.gridFor(size, LaunchShapes.BLOCK, device.multiprocessors),
                    LaunchShapes.BLOCK, s, data, lgN);
        }
        for (NttPlan.Pass p : NttPlan.passes(lgN)) {
            Launch.kernel(device, Kernel.NTT_PASS_REG4, p.blocks(), p.threadsPerBlock(), s, data, lgN, p.firstStage(),
                    p.stages(), p.lgLow(), tw);
        }
    }

    /** Coefficients to evaluations at w^i. */
    public void forward(DeviceBuffer data, GpuStream s) {
        transform(data, twiddles, s);
    }

    /** Evaluations at w^i to coefficients. */
    public void inverse(DeviceBuffer data, GpuStream s) {
        transform(data, inverseTwiddles, s);
        field.frScale(data, sizeInv, size, s);
    }

    /** Coefficients to evaluations at g w^i. */
    public void cosetForward(DeviceBuffer data, GpuStream s) {
        prepareCosetTables(s);
        checkSize(data);
        field.apply(FieldKernels.Op.FR_MUL, data, cosetPowers, data, size, s);
        transform(data, twiddles, s);
    }

    /** Evaluations at g w^i to coefficients. */
    public void cosetInverse(DeviceBuffer data, GpuStream s) {
        prepareCosetTables(s);
        transform(data, inverseTwiddles, s);
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
