package io.c2spark.gpu.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import io.c2spark.core.field.Fr;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Witness;
import io.c2spark.core.r1cs.WitnessSystem;
import io.c2spark.gpu.GpuTestDevice;
import io.c2spark.gpu.TestData;
import io.c2spark.gpu.field.FieldKernels;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;

/** The R1CS kernels against prover-core: SpMV of A, B, C with a compact witness, and the quotient step. */
@Tag("gpu")
public class GpuR1csTest {
    public static DeviceBuffer upload(GpuDevice d, long[] v) {
        DeviceBuffer b = d.allocate(Math.max(32, 8L * v.length));
        if (v.length > 0) {
            b.upload(v);
        }
        return b;
    }

    /**
     * The shape uploaded in chunks of the default size and of 777 ints (every array of the larger
     * circuits in several chunks, through both staging buffers, ending mid-chunk).
     */
    @Test
    void productsEqualSparseMatrixMultiply() {
        GpuDevice d = GpuTestDevice.get();
        for (int steps : new int[] {1, 8, 200, 20000}) {
            TestCircuits.Instance c = TestCircuits.mixed(TestData.SEED + steps, steps);
            R1csShape shape = ShapeSystem.of(c.circuit(), true);
            Witness w = WitnessSystem.of(c.circuit());
            long[] bits = Arrays.copyOf(w.bits(), (shape.numAux() + 63) / 64 + 1);
            long[] dense = w.denseAux();
            for (int chunkInts : new int[] {R1csDeviceShape.UPLOAD_CHUNK_INTS, 777}) {
                try (R1csDeviceShape ds = new R1csDeviceShape(d, shape, chunkInts); GpuStream s = d.newStream();
                     DeviceBuffer in = upload(d, w.inputs()); DeviceBuffer bm = upload(d, bits);
                     DeviceBuffer tail = upload(d, w.tail()); DeviceBuffer out = d.allocate(32L * shape.numConstraints())) {
                    for (R1csDeviceShape.Matrix which : R1csDeviceShape.Matrix.values()) {
                        SparseMatrix m = R1csDeviceShape.matrix(shape, which);
                        long[] want = new long[4 * m.rows()];
                        m.multiply(shape.coefficients(), w.inputs(), dense, want);
                        out.fill32(0x5a5a5a5a, s);
                        ds.enqueueProduct(which, in.pointer(), bm.pointer(), tail.pointer(), out, s);
                        s.synchronize();
                        assertArrayEquals(want, out.downloadLongs(0, want.length), which + " of " + steps + " steps, chunks of "
                                + chunkInts + " ints (seed " + TestData.SEED + ")");
                    }
                }
            }
        }
    }

    @Test
    void quotientOnCosetEqualsCpu() {
        GpuDevice d = GpuTestDevice.get();
        int n = (1 << 16) + 3;
        long[] a = TestData.randomFr(n, TestData.SEED + 11);
        long[] b = TestData.randomFr(n, TestData.SEED + 12);
        long[] c = TestData.randomFr(n, TestData.SEED + 13);
        long[] z = TestData.randomFr(1, TestData.SEED + 14);
        // Edge rows: zeros, a b = c, and r - 1 everywhere.
        System.arraycopy(new long[4], 0, a, 0, 4);
        System.arraycopy(new long[4], 0, c, 0, 4);
        Fr.mul(a, 4, b, 4, c, 4);
        long[] top = Fr.of(Fr.MODULUS.subtract(java.math.BigInteger.ONE));
        for (long[] v : new long[][] {a, b, c}) {
            System.arraycopy(top, 0, v, 8, 4);
        }
        long[] want = new long[a.length];
        for (int i = 0; i < n; i++) {
            Fr.mul(a, 4 * i, b, 4 * i, want, 4 * i);
            Fr.sub(want, 4 * i, c, 4 * i, want, 4 * i);
            Fr.mul(want, 4 * i, z, 0, want, 4 * i);
        }
        try (GpuStream s = d.newStream(); DeviceBuffer da = upload(d, a); DeviceBuffer db = upload(d, b); DeviceBuffer dc = upload(d, c);
             DeviceBuffer dz = upload(d, z)) {
            new FieldKernels(d).quotientOnCoset(da, db, dc, dz, n, s);
            s.synchronize();
            assertArrayEquals(want, da.downloadLongs(0, want.length), "(a b - c) / Z (seed " + TestData.SEED + ")");
        }
    }
}
