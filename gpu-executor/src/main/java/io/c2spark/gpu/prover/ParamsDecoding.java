package io.c2spark.gpu.prover;

import io.c2spark.core.groth16.ParameterSource.Query;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import jcuda.driver.CUdeviceptr;

/**
 * The device side of loading parameters (native-cuda kernels/params_kernels.cuh): a chunk of
 * points, uploaded as the file encodes them, decoded and checked in place (flags, coordinates
 * below p, the curve equation; not the subgroup), and tail bases gathered by index from the
 * decoded points. A refused point leaves a flag word on the device, one per query, that
 * {@link #refusal} turns into the message that names it.
 */
final class ParamsDecoding {
    /** Bytes of the flag words of the five queries, one 64-bit word each. */
    static final long FLAG_BYTES = 8L * Query.values().length;
    private static final long NO_INDEX = 0xFF_FFFF_FFFFL;
    private static final String[] G1_COORDINATES = {"x", "y"};
    private static final String[] G2_COORDINATES = {"x.c1", "x.c0", "y.c1", "y.c0"};

    private ParamsDecoding() {
    }

    /** The byte offset of the query's flag word in the flags. */
    static long flagAt(Query q) {
        return 8L * q.ordinal();
    }

    /**
     * Enqueues the decoding in place of the n encodings at points, the query's points first ..
     * first + n - 1; a refused point is recorded in the word at flag.
     */
    static void enqueueDecode(GpuDevice device, Query q, CUdeviceptr points, int n, long first, CUdeviceptr flag,
            GpuStream s) {
        if (n > 0) {
            Launch.kernel(device, q.g2 ? Kernel.G2_DECODE_ZCASH : Kernel.G1_DECODE_ZCASH,
                    LaunchShapes.gridFor(n, LaunchShapes.BLOCK, device.multiprocessors), LaunchShapes.BLOCK, s, points,
                    (long) n, first, flag);
        }
    }

    /**
     * Enqueues dst[k] = the point index[k] of the query for k below n, the query's points given from
     * point srcFirst on at src (decoded); pointBytes 96 (G1) or 192 (G2).
     */
    static void enqueueGather(GpuDevice device, CUdeviceptr src, long srcFirst, CUdeviceptr index, int n, long pointBytes,
            CUdeviceptr dst, GpuStream s) {
        if (n > 0) {
            long words = pointBytes / 4;
            Launch.kernel(device, Kernel.GATHER_POINTS, LaunchShapes.gridFor(n * (words / 4), LaunchShapes.BLOCK,
                    device.multiprocessors), LaunchShapes.BLOCK, s, src, srcFirst, index, n, (int) words, dst);
        }
    }

    /** What a query's flag word records: null for nothing, else "point i: reason". */
    static String refusal(Query q, long flag) {
        if (flag == 0) {
            return null;
        }
        long index = NO_INDEX - (flag >>> 8);
        int reason = (int) (flag & 0xFF);
        String[] coordinates = q.g2 ? G2_COORDINATES : G1_COORDINATES;
        String why = switch (reason) {
            case 1 -> "compression flag (0x80) set on a " + q.encodedBytes() + "-byte uncompressed encoding";
            case 2 -> "point at infinity (flag 0x40); no query holds it";
            case 3 -> "larger-y flag (0x20) set on an uncompressed encoding";
            case 8 -> "(x, y) is not on the curve";
            default -> reason >= 4 && reason - 4 < coordinates.length
                    ? coordinates[reason - 4] + " coordinate is not below the field modulus p"
                    : "unknown reason " + reason;
        };
        return "point " + index + ": " + why;
    }
}
