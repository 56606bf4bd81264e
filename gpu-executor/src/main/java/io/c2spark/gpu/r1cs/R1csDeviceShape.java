package io.c2spark.gpu.r1cs;

import jcuda.driver.CUdeviceptr;

import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.SparseMatrix;
import io.c2spark.core.r1cs.Variable;
import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;

/**
 * A circuit's A, B and C matrices and coefficient table kept on one device, uploaded once per
 * shape, and the product of each with a compact witness (native-cuda spmv/spmv.cuh).
 *
 * <p>The matrices keep prover-core's CSR and coefficient indices; only the column of each term is
 * re-encoded once, here, as where its value lives in the compact witness ({@link #columnCodes}):
 * the kernel then reads the witness's input array, bitmap and tail as they are, with no per-proof
 * expansion to a dense vector and no per-term search for a tail value's rank.
 */
public final class R1csDeviceShape implements AutoCloseable {
    /** Column-code kinds (bits 31-30), as spmv.cuh reads them. */
    public static final int KIND_TAIL = 0;
    public static final int KIND_BIT = 1;
    public static final int KIND_INPUT = 2;
    /** Indices must leave the two kind bits free. */
    public static final int MAX_INDEX = (1 << 30) - 1;

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
        this(device, shape.numConstraints(), shape.coefficients(), csr(shape));
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

    /** {row starts, column codes, coefficient indices} of A, B and C. */
    private static int[][][] csr(R1csShape shape) {
        int[] ranks = tailRanks(shape.auxBits(), shape.numAux());
        int[][][] out = new int[3][][];
        for (Matrix m : Matrix.values()) {
            SparseMatrix sm = matrix(shape, m);
            int nnz = sm.nonZeros();
            int[] starts = new int[sm.rows() + 1];
            int[] coeffs = new int[Math.max(1, nnz)];
            for (int r = 0; r < sm.rows(); r++) {
                starts[r] = sm.rowStart(r);
                starts[r + 1] = sm.rowEnd(r);
            }
            for (int p = 0; p < nnz; p++) {
                coeffs[p] = sm.coeffIndex(p);
            }
            out[m.ordinal()] = new int[][] {starts, columnCodes(sm, shape.auxBits(), ranks), coeffs};
        }
        return out;
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

    /** ranks[v] = the number of non-bit aux variables before v: a non-bit value's index in the tail. */
    public static int[] tailRanks(long[] auxBits, int numAux) {
        int[] ranks = new int[numAux];
        int t = 0;
        for (int v = 0; v < numAux; v++) {
            ranks[v] = t;
            if (!bit(auxBits, v)) {
                t++;
            }
        }
        return ranks;
    }

    /**
     * The inverse of {@link #tailRanks}: the aux index of each non-bit aux variable, in order, so
     * that a tail column code's index names its variable.
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

    /** Each term's column as (kind << 30) | index: input index, bit aux index, or tail rank. */
    static int[] columnCodes(SparseMatrix m, long[] auxBits, int[] tailRanks) {
        int[] codes = new int[Math.max(1, m.nonZeros())];
        for (int p = 0; p < m.nonZeros(); p++) {
            int var = m.var(p);
            int index = Variable.index(var);
            int kind;
            if (Variable.isInput(var)) {
                kind = KIND_INPUT;
            } else if (bit(auxBits, var)) {
                kind = KIND_BIT;
            } else {
                kind = KIND_TAIL;
                index = tailRanks[var];
            }
            if (index > MAX_INDEX) {
                throw new IllegalArgumentException("variable index " + index + " does not fit the 30 bits of a column code");
            }
            codes[p] = kind << 30 | index;
        }
        return codes;
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
        table.close();
        for (int i = 0; i < 3; i++) {
            rowStarts[i].close();
            columns[i].close();
            coefficients[i].close();
        }
    }
}
