package io.c2spark.gpu.field;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * Element-wise Fr, Fp and Fp2 arithmetic on device arrays in prover-core's layout (Montgomery,
 * little-endian 64-bit limbs): r[i] = a[i] op b[i]; r may alias a or b.
 */
public final class FieldKernels {
    /** Field of the elements a kernel reads, with its size in longs. */
    public enum Op {
        FR_MUL(Kernel.FR_MUL_ARRAYS, 4), FR_ADD(Kernel.FR_ADD_ARRAYS, 4), FR_SUB(Kernel.FR_SUB_ARRAYS, 4),
        FP_MUL(Kernel.FP_MUL_ARRAYS, 6), FP_ADD(Kernel.FP_ADD_ARRAYS, 6), FP_SUB(Kernel.FP_SUB_ARRAYS, 6),
        FP2_MUL(Kernel.FP2_MUL_ARRAYS, 12);

        final Kernel kernel;
        public final int longsPerElement;

        Op(Kernel kernel, int longsPerElement) {
            this.kernel = kernel;
            this.longsPerElement = longsPerElement;
        }
    }

    private final GpuDevice device;

    public FieldKernels(GpuDevice device) {
        this.device = device;
    }

    public void apply(Op op, DeviceBuffer a, DeviceBuffer b, DeviceBuffer r, long count, GpuStream stream) {
        long bytes = count * op.longsPerElement * 8;
        if (a.bytes < bytes || b.bytes < bytes || r.bytes < bytes) {
            throw new IllegalArgumentException(op + " of " + count + " elements needs " + bytes + " bytes per buffer");
        }
        Launch.kernel(device, op.kernel, LaunchShapes.gridFor(count, LaunchShapes.BLOCK, device.multiprocessors),
                LaunchShapes.BLOCK, stream, a, b, r, count);
    }

    /** Host arrays in, host array out: uploads, runs, downloads (for tests and small inputs). */
    public long[] apply(Op op, long[] a, long[] b) {
        if (a.length != b.length || a.length % op.longsPerElement != 0 || a.length == 0) {
            throw new IllegalArgumentException(op + ": operand lengths " + a.length + " and " + b.length
                    + " must be equal positive multiples of " + op.longsPerElement);
        }
        long count = a.length / op.longsPerElement;
        long bytes = 8L * a.length;
        try (GpuStream s = device.newStream(); DeviceBuffer da = device.allocate(bytes); DeviceBuffer db = device.allocate(bytes);
             DeviceBuffer dr = device.allocate(bytes)) {
            da.upload(a);
            db.upload(b);
            apply(op, da, db, dr, count, s);
            s.synchronize();
            long[] out = new long[a.length];
            dr.download(0, out, 0, out.length);
            return out;
        }
    }

    /** d[i] *= c[0] for a single Fr element c on the device. */
    public void frScale(DeviceBuffer d, DeviceBuffer c, long count, GpuStream stream) {
        Launch.kernel(device, Kernel.FR_SCALE, LaunchShapes.gridFor(count, LaunchShapes.BLOCK, device.multiprocessors),
                LaunchShapes.BLOCK, stream, d, c, count);
    }

    /** a[i] = (a[i] b[i] - c[i]) zInv[0]: the quotient's coset evaluations, Z being constant there. */
    public void quotientOnCoset(DeviceBuffer a, DeviceBuffer b, DeviceBuffer c, DeviceBuffer zInv, long count, GpuStream stream) {
        long bytes = 32 * count;
        if (a.bytes < bytes || b.bytes < bytes || c.bytes < bytes || zInv.bytes < 32) {
            throw new IllegalArgumentException("quotient of " + count + " elements needs " + bytes + " bytes per buffer");
        }
        Launch.kernel(device, Kernel.FR_QUOTIENT_ON_COSET, LaunchShapes.gridFor(count, LaunchShapes.BLOCK, device.multiprocessors),
                LaunchShapes.BLOCK, stream, a, b, c, zInv, count);
    }
}
