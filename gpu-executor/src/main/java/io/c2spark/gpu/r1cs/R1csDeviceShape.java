package io.c2spark.gpu.r1cs;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import io.c2spark.gpu.runtime.GpuEvent;
import io.c2spark.gpu.runtime.PinnedHostBuffer;
import java.nio.IntBuffer;
import jcuda.driver.CUdeviceptr;

/**
 * A circuit's A, B and C matrices and coefficient table kept on one device, uploaded once per
 * shape, and the product of each with a compact witness (native-cuda spmv/spmv.cuh).
 *
 * <p>The matrices keep prover-core's CSR and coefficient indices; only the column of each term is
 * re-encoded once, here, as where its value lives in the compact witness ({@link #columnCodes}):
 * the kernel then reads the witness's input array, bitmap and tail as they are, with no per-proof
 * expansion to a dense vector and no per-term search for a tail value's rank.
 *
 * <p>The arrays go up matrix by matrix and chunk by chunk through two pinned buffers, each chunk
 * written straight from the shape (the column codes encoded as they are written), so that no
 * second copy of the shape is ever on the heap: a 32GiB partition's matrices are about 7.5 GB of
 * int arrays there already.
 */
public final class R1csDeviceShape implements AutoCloseable {
    /** Column-code kinds (bits 31-30), as spmv.cuh reads them. */
    public static final int KIND_TAIL = 0;
    public static final int KIND_BIT = 1;
    public static final int KIND_INPUT = 2;
    /** Indices must leave the two kind bits free. */
    public static final int MAX_INDEX = (1 << 30) - 1;

    /** Ints per staged copy of the upload: 32 MiB in each of two pinned buffers. */
    static final int UPLOAD_CHUNK_INTS = 8 << 20;

    /** The three matrices, in the order of {@link #matrix}. */
    public enum Matrix { A, B, C }

    private final GpuDevice device;
    public final int rows;
    private final DeviceBuffer table;
    private final DeviceBuffer[] rowStarts = new DeviceBuffer[3];
    private final DeviceBuffer[] columns = new DeviceBuffer[3];
    private final DeviceBuffer[] coefficients = new DeviceBuffer[3];
    private final int[] nonZeros = new int[3];

    public R1csDeviceShape(GpuDevice device, R1csShape shape) {
        this(device, shape, UPLOAD_CHUNK_INTS);
    }

    /** With the upload in chunks of chunkInts ints. */
    R1csDeviceShape(GpuDevice device, R1csShape shape, int chunkInts) {
        this.device = device;
        this.rows = shape.numConstraints();
        long[] bits = shape.auxBits();
        int[] rankPrefix = tailRankPrefix(bits, shape.numAux());
        try (IntUpload up = new IntUpload(device, chunkInts)) {
            table = device.allocate(8L * Math.max(4, shape.coefficients().length));
            table.upload(shape.coefficients());
            for (Matrix m : Matrix.values()) {
                SparseMatrix sm = matrix(shape, m);
                int i = m.ordinal();
                int nnz = sm.nonZeros();
                nonZeros[i] = nnz;
                rowStarts[i] = up.upload(rows + 1L, (from, out) -> {
                    for (int k = 0; k < out.limit(); k++) {
                        out.put(k, sm.rowStart((int) from + k));
                    }
                });
                // An empty matrix still gets one (zero) entry: a buffer is never empty.
                columns[i] = up.upload(Math.max(1, nnz), (from, out) -> {
                    for (int k = 0; k < out.limit(); k++) {
                        out.put(k, from + k < nnz ? columnCode(sm.var((int) from + k), bits, rankPrefix) : 0);
                    }
                });
                coefficients[i] = up.upload(Math.max(1, nnz), (from, out) -> {
                    for (int k = 0; k < out.limit(); k++) {
                        out.put(k, from + k < nnz ? sm.coeffIndex((int) from + k) : 0);
                    }
                });
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Uploads of int arrays made chunk by chunk into two pinned buffers in turn (the host fills one,
     * in parallel, while the other's copy runs), on a stream of their own; closing waits for the
     * copies.
     */
    private static final class IntUpload implements AutoCloseable {
        /** Writes the values of positions from .. from + out.limit() - 1 into out. */
        interface Values {
            void write(long from, IntBuffer out);
        }

        private final GpuDevice device;
        private final int chunkInts;
        private final GpuStream stream;
        private final PinnedHostBuffer[] buffers = new PinnedHostBuffer[2];
        private final GpuEvent[] copied = new GpuEvent[2];
        private final boolean[] pending = new boolean[2];
        private int next;

        IntUpload(GpuDevice device, int chunkInts) {
            this.device = device;
            this.chunkInts = chunkInts;
            this.stream = device.newStream();
            for (int i = 0; i < 2; i++) {
                buffers[i] = new PinnedHostBuffer(device, 4L * chunkInts);
                copied[i] = new GpuEvent(device);
            }
        }

        /** A device array of count ints, written by values. */
        DeviceBuffer upload(long count, Values values) {
            DeviceBuffer dst = device.allocate(4 * count);
            for (long from = 0; from < count; from += chunkInts) {
                int n = (int) Math.min(chunkInts, count - from);
                int b = next;
                next ^= 1;
                if (pending[b]) {
                    copied[b].synchronize();
                }
                IntBuffer window = buffers[b].window(0, 4 * n).asIntBuffer();
                long first = from;
                ComputePool.forRange(0, n, 1 << 16, (lo, hi) -> values.write(first + lo, window.slice(lo, hi - lo)));
                buffers[b].copyTo(0, dst, 4 * from, 4L * n, stream);
                copied[b].record(stream);
                pending[b] = true;
            }
            return dst;
        }

        @Override
        public void close() {
            stream.synchronize();
            stream.close();
            for (int i = 0; i < 2; i++) {
                buffers[i].close();
                copied[i].close();
            }
        }
    }

    /** From CSR arrays per matrix (row starts, column codes, coefficient indices): the shape's, or synthetic ones. */
    public R1csDeviceShape(GpuDevice device, int rows, long[] coefficientTable, int[][][] csr) {
        this.device = device;
        this.rows = rows;
        table = device.allocate(8L * Math.max(4, coefficientTable.length));
        table.upload(coefficientTable);
        for (int i = 0; i < 3; i++) {
            rowStarts[i] = upload(csr[i][0]);
            columns[i] = upload(csr[i][1]);
            coefficients[i] = upload(csr[i][2]);
            nonZeros[i] = csr[i][0][rows];
        }
    }

    private DeviceBuffer upload(int[] values) {
        DeviceBuffer b = device.allocate(4L * values.length);
        b.upload(values);
        return b;
    }

    static SparseMatrix matrix(R1csShape shape, Matrix m) {
        return switch (m) {
            case A -> shape.a();
            case B -> shape.b();
            case C -> shape.c();
        };
    }

    /**
     * The inverse of the tail ranks ({@link #columnCode}): the aux index of each non-bit aux
     * variable, in order, so that a tail column code's index names its variable.
     */
    public static int[] tailVariables(long[] auxBits, int numAux) {
        int count = 0;
        for (int v = 0; v < numAux; v++) {
            count += bit(auxBits, v) ? 0 : 1;
        }
        int[] vars = new int[count];
        int t = 0;
        for (int v = 0; v < numAux; v++) {
            if (!bit(auxBits, v)) {
                vars[t++] = v;
            }
        }
        return vars;
    }

    /**
     * prefix[w] = the number of non-bit aux variables before word w of the bit flags (numAux / 64 + 1
     * words, not one rank per variable): a non-bit value's index in the tail is its word's prefix
     * plus the non-bits below it in its word.
     */
    public static int[] tailRankPrefix(long[] auxBits, int numAux) {
        int words = (numAux + 63) / 64;
        int[] prefix = new int[words + 1];
        for (int w = 0; w < words; w++) {
            int inWord = Math.min(64, numAux - 64 * w);
            long mask = inWord == 64 ? -1L : (1L << inWord) - 1;
            long flags = w < auxBits.length ? auxBits[w] : 0L;
            prefix[w + 1] = prefix[w] + inWord - Long.bitCount(flags & mask);
        }
        return prefix;
    }

    /** A term's column as (kind << 30) | index: input index, bit aux index, or tail rank. */
    public static int columnCode(int var, long[] auxBits, int[] rankPrefix) {
        int index = Variable.index(var);
        int kind;
        if (Variable.isInput(var)) {
            kind = KIND_INPUT;
        } else if (bit(auxBits, var)) {
            kind = KIND_BIT;
        } else {
            kind = KIND_TAIL;
            int w = var >>> 6;
            long flags = w < auxBits.length ? auxBits[w] : 0L;
            index = rankPrefix[w] + Long.bitCount(~flags & ((1L << (var & 63)) - 1));
        }
        if (index > MAX_INDEX) {
            throw new IllegalArgumentException("variable index " + index + " does not fit the 30 bits of a column code");
        }
        return kind << 30 | index;
    }

    private static boolean bit(long[] bitmap, int i) {
        int w = i >>> 6;
        return w < bitmap.length && (bitmap[w] >>> (i & 63) & 1) != 0;
    }

    /**
     * Enqueues out[row] = (M w)[row] for every row of the matrix, w given as the compact witness on
     * the device: inputs (Fr, ONE first), the aux bitmap (32-bit words) and the tail (Fr).
     */
    public void enqueueProduct(Matrix m, CUdeviceptr inputs, CUdeviceptr bits, CUdeviceptr tail, DeviceBuffer out, GpuStream s) {
        if (out.bytes < 32L * rows) {
            throw new IllegalArgumentException("product of " + rows + " rows needs " + 32L * rows + " bytes, buffer has " + out.bytes);
        }
        if (rows == 0) {
            return;
        }
        int i = m.ordinal();
        Launch.kernel(device, Kernel.R1CS_SPMV, LaunchShapes.gridFor(rows, LaunchShapes.BLOCK, device.multiprocessors),
                LaunchShapes.BLOCK, s, rowStarts[i], columns[i], coefficients[i], rows, table, inputs, bits, tail, out);
    }

    /** Terms of the matrix. */
    public int nonZeros(Matrix m) {
        return nonZeros[m.ordinal()];
    }

    /** The matrix's CSR row starts (rows + 1 u32) on the device. */
    public DeviceBuffer rowStarts(Matrix m) {
        return rowStarts[m.ordinal()];
    }

    /** The matrix's column codes (u32 per term, {@link #columnCodes}) on the device. */
    public DeviceBuffer columnCodes(Matrix m) {
        return columns[m.ordinal()];
    }

    /** The matrix's coefficient indices (u32 per term) into {@link #coefficientTable()}. */
    public DeviceBuffer coefficientIndices(Matrix m) {
        return coefficients[m.ordinal()];
    }

    /** The distinct coefficients (Fr, Montgomery) that the terms index. */
    public DeviceBuffer coefficientTable() {
        return table;
    }

    /** Device bytes the shape holds. */
    public long bytes() {
        long b = table.bytes;
        for (int i = 0; i < 3; i++) {
            b += rowStarts[i].bytes + columns[i].bytes + coefficients[i].bytes;
        }
        return b;
    }

    @Override
    public void close() {
        if (table != null) {
            table.close();
        }
        for (DeviceBuffer[] bs : new DeviceBuffer[][] {rowStarts, columns, coefficients}) {
            for (DeviceBuffer b : bs) {
                if (b != null) {
                    b.close();
                }
            }
        }
    }
}
