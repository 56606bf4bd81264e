package io.c2spark.gpu.ntt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/**
 * The GPU NTT, with a scratch buffer and in place, equals the textbook NTT on prover-core's Fr
 * (forward, inverse, coset both ways) at every size 2^1..2^14, forward and coset inverse at 2^16
 * and 2^20; at 2^24 and 2^27 inverse(forward(x)) == x, one of the two in place, and spot
 * evaluations of the forward output match Horner's rule.
 */
@Tag("gpu")
class GpuNttTest {
    enum Kind { FORWARD, INVERSE, COSET_FORWARD, COSET_INVERSE }

    /** The transform on the device, with a scratch buffer or (inPlace) without. */
    static long[] gpu(int lgN, long[] input, Kind kind, boolean inPlace) {
        GpuDevice d = GpuTestDevice.get();
        try (Ntt ntt = new Ntt(d, lgN); GpuStream s = d.newStream(); DeviceBuffer buf = d.allocate(8L * input.length);
             DeviceBuffer allocated = inPlace ? null : d.allocate(Ntt.scratchBytes(lgN))) {
            DeviceBuffer scratch = allocated;
            buf.upload(input);
            switch (kind) {
                case FORWARD -> ntt.forward(buf, scratch, s);
                case INVERSE -> ntt.inverse(buf, scratch, s);
                case COSET_FORWARD -> ntt.cosetForward(buf, scratch, s);
                case COSET_INVERSE -> ntt.cosetInverse(buf, scratch, s);
            }
            s.synchronize();
            long[] out = new long[input.length];
            buf.download(0, out, 0, out.length);
            return out;
        }
    }

    static long[] cpu(int lgN, long[] input, Kind kind) {
        long[] a = input.clone();
        FrDomain dom = new FrDomain(lgN);
        switch (kind) {
            case FORWARD -> NttReference.forward(a, dom);
            case INVERSE -> NttReference.inverse(a, dom);
            case COSET_FORWARD -> NttReference.cosetForward(a, dom);
            case COSET_INVERSE -> NttReference.cosetInverse(a, dom);
        }
        return a;
    }

    @Test
    void everySizeUpTo2pow14EqualsReference() {
        for (int lg = 1; lg <= 14; lg++) {
            long[] x = TestData.randomFr(1 << lg, TestData.SEED + lg);
            for (Kind k : Kind.values()) {
                long[] want = cpu(lg, x, k);
                assertArrayEquals(want, gpu(lg, x, k, false), k + " 2^" + lg + " (seed " + TestData.SEED + ")");
                assertArrayEquals(want, gpu(lg, x, k, true), k + " 2^" + lg + " in place (seed " + TestData.SEED + ")");
            }
        }
    }

    @Test
    void sizes2pow16And2pow20EqualReference() {
        for (int lg : new int[] {16, 20}) {
            long[] x = TestData.randomFr(1 << lg, TestData.SEED + 100 + lg);
            for (Kind k : new Kind[] {Kind.FORWARD, Kind.COSET_INVERSE}) {
                long[] want = cpu(lg, x, k);
                assertArrayEquals(want, gpu(lg, x, k, false), k + " 2^" + lg + " (seed " + TestData.SEED + ")");
                assertArrayEquals(want, gpu(lg, x, k, true), k + " 2^" + lg + " in place (seed " + TestData.SEED + ")");
            }
        }
    }

    @Test
    void constantAndZeroInputs() {
        int lg = 12;
        long[] zeros = new long[4 << lg];
        assertArrayEquals(zeros, gpu(lg, zeros, Kind.FORWARD, false));
        long[] delta = new long[4 << lg];
        System.arraycopy(Fr.of(1), 0, delta, 0, 4);
        long[] ones = gpu(lg, delta, Kind.FORWARD, true);
        for (int i = 0; i < 1 << lg; i++) {
            assertArrayEquals(Fr.of(1), Arrays.copyOfRange(ones, 4 * i, 4 * i + 4), "NTT of a delta at " + i);
        }
    }

    @Test
    void largeSizesRoundTripAndSpotEvaluations() {
        for (int lg : new int[] {24, Integer.getInteger("c2spark.test.maxNtt", 27)}) {
            GpuDevice d = GpuTestDevice.get();
            long n = 1L << lg;
            long[] x = TestData.randomFr((int) n, TestData.SEED + lg);
            try (Ntt ntt = new Ntt(d, lg); GpuStream s = d.newStream(); DeviceBuffer buf = d.allocate(32 * n);
                 DeviceBuffer scratch = d.allocate(Ntt.scratchBytes(lg))) {
                SplittableRandom rnd = new SplittableRandom(TestData.SEED);
                FrDomain dom = new FrDomain(lg);
                // The forward transform with the scratch buffer and the inverse in place, then the other way.
                for (boolean forwardInPlace : new boolean[] {false, true}) {
                    String how = forwardInPlace ? " (forward in place)" : " (inverse in place)";
                    buf.upload(x);
                    ntt.forward(buf, forwardInPlace ? null : scratch, s);
                    s.synchronize();
                    int i = rnd.nextInt((int) n);
                    long[] point = new long[4];
                    Fr.pow(dom.omega, 0, new long[] {i, 0, 0, 0}, point, 0);
                    long[] want = NttReference.evaluate(x, (int) n, point);
                    assertArrayEquals(want, buf.downloadLongs(32L * i, 4), "forward 2^" + lg + " output " + i + how);
                    ntt.inverse(buf, forwardInPlace ? scratch : null, s);
                    s.synchronize();
                    long[] back = new long[x.length];
                    buf.download(0, back, 0, back.length);
                    assertEquals(true, Arrays.equals(x, back), "inverse(forward(x)) == x at 2^" + lg + how);
                }
            }
        }
    }
}
