package io.c2spark.core.r1cs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.field.Fr;
import io.c2spark.core.porep.RegisteredSealProof;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.circuit.PartitionCircuits;
import io.c2spark.core.porep.seal.SyntheticInputs;
import io.c2spark.core.porep.seal.SyntheticSector;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The parallel witness of a block circuit equals the sequential system's, array for array: for
 * random circuits whose blocks mix inputs, single bits, runs of bits (across word boundaries, since
 * blocks start at any aux index) and field values, and use the prefix's variables; for a PoRep
 * partition of a synthetic 8MiB sector (two challenges per partition, as blocks) and, slow, of a
 * 32GiB one (18). A circuit whose blocks differ in size is refused.
 */
class BlockWitnessSynthesisTest {
    private static final long SEED = new Random().nextLong();

    /** A prefix of values, then blocks of one structure (from seed) with values of their own; extra[k] more aux in block k. */
    record Blocks(long seed, int blocks, int[] extra) implements BlockCircuit<int[]> {
        Blocks(long seed, int blocks) {
            this(seed, blocks, new int[blocks]);
        }

        @Override
        public int[] synthesizePrefix(ConstraintSystem cs) {
            Random values = new Random(seed);
            return new int[] {cs.allocateInput(random(values), 0), cs.allocateBit(true), cs.allocate(random(values), 0),
                cs.allocateBit(false), cs.allocateInput(random(values), 0)};
        }

        @Override
        public int blockCount() {
            return blocks;
        }

        @Override
        public void synthesizeBlock(ConstraintSystem cs, int[] prefix, int k) {
            Random structure = new Random(seed * 31);
            Random values = new Random(seed * 131 + k);
            int steps = 10 + structure.nextInt(40);
            for (int i = 0; i < steps + extra[k]; i++) {
                int kind = i < steps ? structure.nextInt(4) : 1;
                int v = switch (kind) {
                    case 0 -> cs.allocateInput(random(values), 0);
                    case 1 -> cs.allocateBit(values.nextBoolean());
                    case 2 -> ((BitSink) cs).allocateBits(values.nextLong(), 1 + structure.nextInt(64));
                    default -> cs.allocate(random(values), 0);
                };
                int p = prefix[structure.nextInt(prefix.length)];
                cs.enforce(() -> "block", a -> a.add(p), b -> b.add(cs.one()), c -> c.add(v));
            }
        }

        private static long[] random(Random r) {
            long[] v = new long[Fr.LIMBS];
            Fr.random(r, v, 0);
            return v;
        }
    }

    static void assertSameWitness(Witness want, Witness got, String what) {
        assertEquals(want.numInputs(), got.numInputs(), what + ": inputs");
        assertEquals(want.numAux(), got.numAux(), what + ": aux");
        assertArrayEquals(want.inputs(), got.inputs(), what + ": input values");
        assertArrayEquals(want.bits(), got.bits(), what + ": bits");
        assertArrayEquals(want.tailAux(), got.tailAux(), what + ": tail indices");
        assertArrayEquals(want.tail(), got.tail(), what + ": tail values");
    }

    @Test
    void randomBlockCircuitsGiveTheSequentialWitness() {
        Random rnd = new Random(SEED);
        for (int blocks : new int[] {0, 1, 2, 7, 33}) {
            Blocks c = new Blocks(rnd.nextLong(), blocks);
            assertSameWitness(WitnessSystem.of(c), BlockWitnessSynthesis.of(c), blocks + " blocks, seed " + SEED);
        }
    }

    @Test
    void aPorepPartitionGivesTheSequentialWitness() {
        sameWitnessForPartitionsOf(SectorShape.SIZE_8MIB);
    }

    @Test
    @Tag("slow")
    void a32GiBPartitionGivesTheSequentialWitness() {
        sameWitnessForPartitionsOf(SectorShape.SIZE_32GIB);
    }

    /** The first and last partitions of a synthetic sector of that size. */
    private static void sameWitnessForPartitionsOf(SectorShape size) {
        RegisteredSealProof proof = RegisteredSealProof.interactive(size, false);
        SyntheticInputs in = SyntheticInputs.fromSeed(new byte[32]);
        C1Output c1 = SyntheticSector.c1(proof, in.proverId(), 1, in.ticket(), in.seed(), line -> { });
        for (int k = 0; k < c1.partitions(); k += Math.max(1, c1.partitions() - 1)) {
            var circuit = PartitionCircuits.of(c1, k);
            assertTrue(circuit.blockCount() > 1);
            assertSameWitness(WitnessSystem.of(circuit), BlockWitnessSynthesis.of(circuit), size.label() + " partition " + k);
        }
    }

    @Test
    void blocksOfDifferentSizesAreRefused() {
        int[] extra = new int[5];
        extra[3] = 2;
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> BlockWitnessSynthesis.of(new Blocks(SEED, 5, extra)));
        assertTrue(e.getMessage().contains("block 3"), e.getMessage());
    }
}
