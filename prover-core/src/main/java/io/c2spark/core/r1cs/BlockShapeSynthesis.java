package io.c2spark.core.r1cs;

import io.c2spark.core.concurrent.ComputePool;
import java.util.function.Consumer;

/**
 * Records the shape of a {@link BlockCircuit} with its blocks synthesised in parallel, giving the
 * same {@link R1csShape} as {@link ShapeSystem#of} (and so the same shape file, byte for byte):
 * <ol>
 * <li>the prefix is recorded as the sequential system records it;
 * <li>block 0 is recorded after it into arrays of its own, which gives every block's size;
 * <li>the whole circuit's arrays are allocated once at their final size (prefix + blocks x block 0
 * + bellperson's input constraints), and blocks 1 .. n-1 are recorded in parallel straight into
 * their windows of them, each numbering its variables from where the sequential system would and
 * its coefficients in a table of its own (a block larger or smaller than block 0 is refused);
 * <li>the blocks' tables are merged into the prefix's in block order, which numbers every
 * coefficient where the sequential system's first-seen order does, and each block's coefficient
 * indices are rewritten through its table's map, in parallel;
 * <li>densities and bit flags are ORed together, and the input constraints recorded last.
 * </ol>
 * Memory: the shape's arrays once, plus block 0's own arrays while it is copied (for a 32GiB PoRep
 * partition 7.3 GB and about 0.4 GB).
 */
public final class BlockShapeSynthesis {
    private static final int MATRICES = 3;

    private BlockShapeSynthesis() {
    }

    /** The circuit's shape and, when asked, bellperson's input constraints after it. */
    public static <P> R1csShape of(BlockCircuit<P> circuit, boolean withInputConstraints) {
        return of(circuit, withInputConstraints, line -> { });
    }

    /** As {@link #of(BlockCircuit, boolean)}, with a line to log for each phase and its time. */
    public static <P> R1csShape of(BlockCircuit<P> circuit, boolean withInputConstraints, Consumer<String> log) {
        long t0 = System.nanoTime();
        ShapeSystem prefix = new ShapeSystem();
        P shared = circuit.synthesizePrefix(prefix);
        int n = circuit.blockCount();
        ShapeSystem first = ShapeSystem.part(prefix.numInputs(), prefix.numAux(), prefix.numConstraints());
        if (n > 0) {
            circuit.synthesizeBlock(first, shared, 0);
        }
        int blockInputs = first.ownInputs();
        int blockAux = first.ownAux();
        int blockRows = first.ownConstraints();
        int[] blockNonZeros = new int[MATRICES];
        int[] prefixNonZeros = new int[MATRICES];
        for (int m = 0; m < MATRICES; m++) {
            blockNonZeros[m] = first.ownNonZeros(m);
            prefixNonZeros[m] = prefix.ownNonZeros(m);
        }
        int inputs = fit("inputs", prefix.numInputs() + (long) n * blockInputs);
        int aux = fit("aux variables", prefix.numAux() + (long) n * blockAux);
        int inputRows = withInputConstraints ? inputs : 0;
        int circuitRows = fit("constraints", prefix.numConstraints() + (long) n * blockRows);
        int rows = fit("constraints", (long) circuitRows + inputRows + 1) - 1;
        int[] sizes = new int[MATRICES];
        for (int m = 0; m < MATRICES; m++) {
            long nonZeros = prefixNonZeros[m] + (long) n * blockNonZeros[m] + (m == 0 ? inputRows : 0);
            sizes[m] = fit("non-zeros of " + "ABC".charAt(m), nonZeros);
        }
        long t1 = System.nanoTime();
        log.accept(String.format("prefix and block 0 of %d: %,d constraints each (%.1f s)", n, blockRows, (t1 - t0) / 1e9));
        // Nine arrays allocated side by side: the JVM zeroes a new array on the allocating thread
        // (7.3 GB for a 32GiB partition).
        int[][] rowStart = new int[MATRICES][];
        int[][] vars = new int[MATRICES][];
        int[][] coeffs = new int[MATRICES][];
        ComputePool.forEach(3 * MATRICES, t -> {
            int m = t % MATRICES;
            switch (t / MATRICES) {
                case 0 -> rowStart[m] = new int[rows + 1];
                case 1 -> vars[m] = new int[sizes[m]];
                default -> coeffs[m] = new int[sizes[m]];
            }
        });
        long t2 = System.nanoTime();
        log.accept(String.format("arrays for %,d constraints and %,d non-zeros allocated (%.1f s)", rows,
                (long) sizes[0] + sizes[1] + sizes[2], (t2 - t1) / 1e9));

        ShapeSystem.Window[] prefixWindows = new ShapeSystem.Window[MATRICES];
        for (int m = 0; m < MATRICES; m++) {
            prefixWindows[m] = new ShapeSystem.Window(rowStart[m], vars[m], coeffs[m], 0, prefix.numConstraints(), 0,
                    prefixNonZeros[m]);
            prefix.copyInto(m, prefixWindows[m]);
        }
        prefix.dropMatrices();
        ShapeSystem[] blocks = new ShapeSystem[n];
        ShapeSystem.Window[][] windows = new ShapeSystem.Window[n][MATRICES];
        for (int k = 0; k < n; k++) {
            for (int m = 0; m < MATRICES; m++) {
                int from = prefixNonZeros[m] + k * blockNonZeros[m];
                windows[k][m] = new ShapeSystem.Window(rowStart[m], vars[m], coeffs[m],
                        prefix.numConstraints() + k * blockRows, blockRows, from, from + blockNonZeros[m]);
            }
        }
        ComputePool.forEach(n, k -> {
            if (k == 0) {
                for (int m = 0; m < MATRICES; m++) {
                    first.copyInto(m, windows[0][m]);
                }
                first.dropMatrices();
                blocks[0] = first;
                return;
            }
            ShapeSystem cs = ShapeSystem.window(prefix.numInputs() + k * blockInputs, prefix.numAux() + k * blockAux,
                    windows[k][0], windows[k][1], windows[k][2], new CoefficientTable());
            circuit.synthesizeBlock(cs, shared, k);
            checkSameSize(k, cs, first);
            blocks[k] = cs;
        });

        long t3 = System.nanoTime();
        log.accept(String.format("blocks 1 to %d in parallel (%.1f s)", n - 1, (t3 - t2) / 1e9));
        CoefficientTable table = prefix.table();
        int[][] maps = new int[n][];
        for (int k = 0; k < n; k++) {
            maps[k] = blocks[k].table().mergeInto(table);
        }
        ComputePool.forEach(n * MATRICES, t -> {
            int[] map = maps[t / MATRICES];
            ShapeSystem.Window w = windows[t / MATRICES][t % MATRICES];
            int[] c = w.coeffs();
            for (int p = w.nnzFrom(); p < w.nnzTo(); p++) {
                c[p] = map[c[p]];
            }
        });

        long[] aInputs = new long[words(inputs)];
        long[] bInputs = new long[words(inputs)];
        long[] aAux = new long[words(aux)];
        long[] bAux = new long[words(aux)];
        long[] bits = new long[words(aux)];
        prefix.orBitmapsInto(aInputs, aAux, bInputs, bAux, bits);
        for (ShapeSystem block : blocks) {
            block.orBitmapsInto(aInputs, aAux, bInputs, bAux, bits);
        }
        if (withInputConstraints) {
            ShapeSystem.Window[] tail = new ShapeSystem.Window[MATRICES];
            for (int m = 0; m < MATRICES; m++) {
                int from = prefixNonZeros[m] + n * blockNonZeros[m];
                tail[m] = new ShapeSystem.Window(rowStart[m], vars[m], coeffs[m], circuitRows, inputRows, from,
                        vars[m].length);
            }
            ShapeSystem cs = ShapeSystem.window(inputs, aux, tail[0], tail[1], tail[2], table);
            cs.enforceInputConstraints();
            cs.orBitmapsInto(aInputs, aAux, bInputs, bAux, bits);
        }
        log.accept(String.format("coefficient tables merged (%d coefficients), indices renumbered, densities (%.1f s)",
                table.size(), (System.nanoTime() - t3) / 1e9));
        return new R1csShape(inputs, aux, new SparseMatrix(rowStart[0], vars[0], coeffs[0]),
                new SparseMatrix(rowStart[1], vars[1], coeffs[1]), new SparseMatrix(rowStart[2], vars[2], coeffs[2]),
                table.toArray(), aInputs, aAux, bInputs, bAux, bits);
    }

    private static void checkSameSize(int k, ShapeSystem block, ShapeSystem first) {
        boolean same = block.ownInputs() == first.ownInputs() && block.ownAux() == first.ownAux()
                && block.ownConstraints() == first.ownConstraints();
        for (int m = 0; m < MATRICES; m++) {
            same &= block.ownNonZeros(m) == first.ownNonZeros(m);
        }
        if (!same) {
            throw new IllegalStateException("block " + k + " of the circuit is smaller than block 0 (" + describe(block)
                    + " against " + describe(first) + "): its blocks are not all the same size");
        }
    }

    private static String describe(ShapeSystem s) {
        return s.ownInputs() + " inputs, " + s.ownAux() + " aux, " + s.ownConstraints() + " constraints, non-zeros "
                + s.ownNonZeros(0) + "/" + s.ownNonZeros(1) + "/" + s.ownNonZeros(2);
    }

    private static int fit(String what, long count) {
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the circuit has " + count + " " + what + ", more than a Java array holds");
        }
        return (int) count;
    }

    private static int words(int bits) {
        return (bits + 63) >>> 6;
    }
}
