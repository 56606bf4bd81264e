package io.c2spark.gpu.setup;

import io.c2spark.gpu.runtime.DeviceBuffer;
import io.c2spark.gpu.runtime.GpuDevice;
import io.c2spark.gpu.runtime.GpuStream;
import io.c2spark.gpu.runtime.Kernel;
import io.c2spark.gpu.runtime.Launch;
import io.c2spark.gpu.runtime.LaunchShapes;
import io.c2spark.gpu.r1cs.R1csDeviceShape;
import io.c2spark.gpu.r1cs.R1csDeviceShape.Matrix;

/**
 * The QAP at tau on the device (native-cuda setup/qap.cuh): u_j, v_j, w_j = the sums over the
 * terms of column j of A, B, C of coefficient * L_row(tau), for the variables inputs then aux, from
 * the matrices a {@link R1csDeviceShape} holds. Per matrix, a counting sort transposes the terms
 * ((row, coefficient) pairs grouped by column), then one thread sums each column of at most
 * {@link #HEAVY_COLUMN} terms; the longer columns (ONE, which a PoRep circuit has in most of its
 * rows) are cut into pieces of {@link #PIECE} terms, a block per piece, whose sums are added per
 * column. Field sums are exact, so the order of the terms does not matter and the values equal
 * prover-core's ParameterGenerator bit for bit.
 *
 * <p>Device memory while a matrix is transposed: 8 bytes per term, 12 per variable, plus the three
 * results (32 per variable each) and the Lagrange coefficients the caller holds.
 */
public final class QapEvaluator implements AutoCloseable {
    /** Columns above this many terms go to the pieces. */
    public static final int HEAVY_COLUMN = 256;
    /** Terms per piece of a long column (a block of 256 threads, 256 terms each). */
    static final int PIECE = 1 << 16;
    /** qap_sum_pieces' block (QAP_PIECE_BLOCK). */
    static final int PIECE_BLOCK = 256;

    private final GpuDevice device;
    private final R1csDeviceShape shape;
    private final CircuitVariables variables;
    private final int heavyColumn;
    private final int piece;
    /** The aux index of each tail rank (R1csDeviceShape.tailVariables). */
    private final DeviceBuffer tailVariables;

    public QapEvaluator(GpuDevice device, R1csDeviceShape shape, CircuitVariables variables) {
        this(device, shape, variables, HEAVY_COLUMN, PIECE);
    }

    /**
     * With another threshold for the long columns' path and another piece size (tests send every
     * non-empty column there with 0, and cut columns into many pieces with a small one).
     */
    QapEvaluator(GpuDevice device, R1csDeviceShape shape, CircuitVariables variables, int heavyColumn, int piece) {
        if (heavyColumn < 0 || piece < 1) {
            throw new IllegalArgumentException("long columns above " + heavyColumn + " terms in pieces of " + piece);
        }
        this.device = device;
        this.shape = shape;
        this.variables = variables;
        this.heavyColumn = heavyColumn;
        this.piece = piece;
        int[] tails = R1csDeviceShape.tailVariables(variables.auxBits(), variables.aux());
        this.tailVariables = device.allocate(4L * Math.max(1, tails.length));
        if (tails.length > 0) {
            tailVariables.upload(tails);
        }
    }

    /**
     * u, v, w at tau from the Lagrange coefficients (the domain's, at least as many as the shape's
     * rows), in new device buffers the caller closes. Synchronizes s.
     */
    public QapValues evaluate(DeviceBuffer lagrange, GpuStream s) {
        if (lagrange.bytes < 32L * shape.rows) {
            throw new IllegalArgumentException(shape.rows + " constraints need as many Lagrange coefficients, the buffer holds "
                    + lagrange.bytes / 32);
        }
        long bytes = 32L * variables.count();
        DeviceBuffer[] out = new DeviceBuffer[3];
        try {
            for (Matrix m : Matrix.values()) {
                out[m.ordinal()] = device.allocate(bytes);
                evaluate(m, lagrange, out[m.ordinal()], s);
            }
            return new QapValues(out[0], out[1], out[2], variables.count());
        } catch (RuntimeException e) {
            for (DeviceBuffer b : out) {
                if (b != null) {
                    b.close();
                }
            }
            throw e;
        }
    }

    /** One matrix's column sums into out (variables elements). */
    void evaluate(Matrix m, DeviceBuffer lagrange, DeviceBuffer out, GpuStream s) {
        int vars = variables.count();
        int nnz = shape.nonZeros(m);
        int sm = device.multiprocessors;
        int block = LaunchShapes.BLOCK;
        int maxHeavy = heavyColumn == 0 ? vars : Math.min(vars, nnz / (heavyColumn + 1) + 1);
        try (DeviceBuffer counts = device.allocate(4L * vars); DeviceBuffer starts = device.allocate(4L * vars);
             DeviceBuffer cursors = device.allocate(4L * vars); DeviceBuffer entries = device.allocate(8L * Math.max(1, nnz));
             DeviceBuffer heavy = device.allocate(16L * maxHeavy); DeviceBuffer heavyCount = device.allocate(4)) {
            counts.fill32(0, s);
            heavyCount.fill32(0, s);
            if (nnz > 0) {
                Launch.kernel(device, Kernel.QAP_COLUMN_COUNTS, LaunchShapes.gridFor(nnz, block, sm), block, s,
                        shape.columnCodes(m), nnz, tailVariables, variables.inputs(), counts);
            }
            ExclusiveScan.run(device, counts, vars, starts, cursors, s);
            if (nnz > 0 && shape.rows > 0) {
                Launch.kernel(device, Kernel.QAP_TRANSPOSE, LaunchShapes.gridFor(shape.rows, block, sm), block, s,
                        shape.rowStarts(m), shape.columnCodes(m), shape.coefficientIndices(m), shape.rows, tailVariables,
                        variables.inputs(), cursors, entries);
            }
            Launch.kernel(device, Kernel.QAP_SUM_COLUMNS, LaunchShapes.gridFor(vars, block, sm), block, s, starts, counts, entries,
                    shape.coefficientTable(), lagrange, vars, heavyColumn, out, heavy, heavyCount);
            s.synchronize();
            int longColumns = heavyCount.downloadInts(0, 1)[0];
            if (longColumns > 0) {
                sumLongColumns(heavy.downloadInts(0, 4 * longColumns), longColumns, entries, lagrange, out, s);
            }
        }
    }

    /** The columns listed as (column, start, count, 0): pieces of `piece` terms, a block each, then one sum per column. */
    private void sumLongColumns(int[] listed, int columns, DeviceBuffer entries, DeviceBuffer lagrange, DeviceBuffer out, GpuStream s) {
        long pieces = 0;
        for (int k = 0; k < columns; k++) {
            pieces += (Integer.toUnsignedLong(listed[4 * k + 2]) + piece - 1) / piece;
        }
        int[] bounds = new int[Math.toIntExact(2 * pieces)];
        int[] ranges = new int[4 * columns];
        int p = 0;
        for (int k = 0; k < columns; k++) {
            long start = Integer.toUnsignedLong(listed[4 * k + 1]);
            long end = start + Integer.toUnsignedLong(listed[4 * k + 2]);
            ranges[4 * k] = listed[4 * k];
            ranges[4 * k + 1] = p;
            for (long b = start; b < end; b += piece) {
                bounds[2 * p] = (int) b;
                bounds[2 * p + 1] = (int) Math.min(end, b + piece);
                p++;
            }
            ranges[4 * k + 2] = p;
        }
        try (DeviceBuffer dBounds = device.allocate(4L * bounds.length); DeviceBuffer dRanges = device.allocate(4L * ranges.length);
             DeviceBuffer partials = device.allocate(32 * pieces)) {
            dBounds.upload(bounds);
            dRanges.upload(ranges);
            Launch.kernel(device, Kernel.QAP_SUM_PIECES, pieces, PIECE_BLOCK, s, dBounds, entries, shape.coefficientTable(), lagrange,
                    partials);
            Launch.kernel(device, Kernel.QAP_SUM_PARTIALS, LaunchShapes.gridFor(columns, LaunchShapes.BLOCK, device.multiprocessors),
                    LaunchShapes.BLOCK, s, dRanges, columns, partials, out);
            s.synchronize();
        }
    }

    /**
     * Device bytes of the transposition of the largest matrix (maxNonZeros terms), beside the
     * results and the Lagrange coefficients: counts, starts and cursors, the sorted terms, the list
     * of long columns.
     */
    public static long workBytes(long variables, long maxNonZeros) {
        return 12 * variables + 8 * Math.max(1, maxNonZeros) + 16 * Math.min(variables, maxNonZeros / (HEAVY_COLUMN + 1) + 1);
    }

    @Override
    public void close() {
        tailVariables.close();
    }
}
