package io.c2spark.core.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parallel synthesis of a block circuit gives the sequential system's shape, array for array
 * and in its file byte for byte, for circuits whose blocks see their coefficients in different
 * orders (so the merged coefficient table must renumber them) and use the prefix's variables in A
 * and B (so the densities of earlier variables come from later blocks); a circuit whose blocks are
 * not all the same size is refused.
 */
class BlockShapeSynthesisTest {
    private static final long SEED = new Random().nextLong();

    /**
     * A prefix of inputs, bits and field variables with a few constraints, then blocks of the same
     * structure (from seed) whose coefficients each block draws in its own order from values shared
     * by all blocks and values of its own; extra[k] adds that many extra constraints to block k.
     */
    record Chain(long seed, int blocks, int[] extra) implements BlockCircuit<int[]> {
        Chain(long seed, int blocks) {
            this(seed, blocks, new int[blocks]);
        }

        @Override
        public int[] synthesizePrefix(ConstraintSystem cs) {
            Random rnd = new Random(seed);
            int[] vars = new int[6];
            vars[0] = cs.allocateInput(null, 0);
            vars[1] = cs.allocateBit(false);
            vars[2] = cs.allocate(null, 0);
            vars[3] = cs.allocateBit(true);
            vars[4] = cs.allocate(null, 0);
            vars[5] = cs.allocateInput(null, 0);
            for (int i = 0; i < 4; i++) {
                int x = vars[rnd.nextInt(vars.length)];
                int y = vars[1 + rnd.nextInt(4)];
                long[] k = Fr.of(3 + i);
                cs.enforce(() -> "prefix", a -> a.add(x, k, 0), b -> b.add(cs.one()), c -> c.add(y));
            }
            return vars;
        }

        @Override
        public int blockCount() {
            return blocks;
        }

        @Override
        public void synthesizeBlock(ConstraintSystem cs, int[] prefix, int k) {
            Random structure = new Random(seed * 31);
            Random values = new Random(seed * 131 + k);
            int input = cs.allocateInput(null, 0);
            int[] own = new int[12];
            for (int i = 0; i < own.length; i++) {
                own[i] = structure.nextBoolean() ? cs.allocateBit(false) : cs.allocate(null, 0);
            }
            int rows = 20 + extra[k];
            for (int r = 0; r < rows; r++) {
                int p = prefix[structure.nextInt(prefix.length)];
                int o1 = own[structure.nextInt(6)];
                int o2 = own[6 + structure.nextInt(6)];
                boolean withInput = structure.nextInt(3) == 0;
                long[] c1 = coefficient(values, k);
                long[] c2 = coefficient(values, k);
                long[] c3 = coefficient(values, k);
                cs.enforce(() -> "block", a -> {
                    a.add(p, c1, 0).add(o1);
                    if (withInput) {
                        a.add(input, c3, 0);
                    }
                }, b -> b.add(o2, c2, 0), c -> c.add(own[(o1 + 1) % own.length], c3, 0).add(cs.one(), c1, 0));
            }
        }

        /** One of 1, -1, a power of two, a shared constant, or a constant of block k's own (never zero). */
        private static long[] coefficient(Random rnd, int k) {
            return switch (rnd.nextInt(5)) {
                case 0 -> Fr.of(1);
                case 1 -> Fr.of(Fr.MODULUS.subtract(BigInteger.ONE));
                case 2 -> Fr.of(BigInteger.ONE.shiftLeft(rnd.nextInt(8)));
                case 3 -> Fr.of(1000 + rnd.nextInt(6));
                default -> Fr.of(1_000_000L * (k + 1) + rnd.nextInt(3));
            };
        }
    }

    private static void assertSame(BlockCircuit<?> circuit, boolean withInputs, Path dir) throws IOException {
        R1csShape want = ShapeSystem.of(circuit, withInputs);
        R1csShape got = BlockShapeSynthesis.of(circuit, withInputs);
        ShapeFilesTest.assertSameShape(want, got);
        Path a = dir.resolve("sequential.shape");
        Path b = dir.resolve("parallel.shape");
        ShapeFiles.write(want, "chain", a);
        ShapeFiles.write(got, "chain", b);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "seed " + SEED);
    }

    @Test
    void sameShapeAsTheSequentialSystem(@TempDir Path dir) throws IOException {
        for (int blocks : new int[] {0, 1, 2, 7}) {
            assertSame(new Chain(SEED + blocks, blocks), true, dir);
            assertSame(new Chain(SEED - blocks, blocks), false, dir);
        }
    }

    @Test
    void blocksOfDifferentSizesAreRefused() {
        IllegalStateException larger = assertThrows(IllegalStateException.class,
                () -> BlockShapeSynthesis.of(new Chain(SEED, 4, new int[] {0, 0, 1, 0}), true));
        assertTrue(larger.getMessage().contains("not all the same size"), larger.getMessage());
        IllegalStateException smaller = assertThrows(IllegalStateException.class,
                () -> BlockShapeSynthesis.of(new Chain(SEED, 4, new int[] {3, 3, 0, 3}), true));
        assertTrue(smaller.getMessage().contains("not all the same size"), smaller.getMessage());
    }
}
