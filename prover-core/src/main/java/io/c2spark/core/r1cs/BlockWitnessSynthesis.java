package io.c2spark.core.r1cs;

import io.c2spark.core.concurrent.ComputePool;
import io.c2spark.core.field.Fr;

/**
 * The witness of a {@link BlockCircuit} with its blocks synthesised in parallel on the compute
 * pool, equal to {@link WitnessSystem#of}'s value for value: the prefix and block 0 are recorded
 * in order (block 0 gives every block's numbers of inputs and aux variables), then blocks 1 .. n-1
 * at once, each in a {@link WitnessSystem#part} that numbers its variables from where the
 * sequential system would; the parts' inputs and tails are concatenated in block order (so the
 * tail's aux indices stay ascending) and their bits ORed into one bitmap. A block of another size
 * than block 0 is refused. A 32GiB PoRep partition's 18 challenges take about three blocks' time
 * on 16 cores instead of eighteen.
 */
public final class BlockWitnessSynthesis {
    private BlockWitnessSynthesis() {
    }

    public static <P> Witness of(BlockCircuit<P> circuit) {
        WitnessSystem prefix = new WitnessSystem();
        P shared = circuit.synthesizePrefix(prefix);
        int n = circuit.blockCount();
        WitnessSystem[] blocks = new WitnessSystem[n];
        if (n > 0) {
            blocks[0] = WitnessSystem.part(prefix.numInputs(), prefix.numAux());
            circuit.synthesizeBlock(blocks[0], shared, 0);
        }
        int blockInputs = n > 0 ? blocks[0].ownInputs() : 0;
        int blockAux = n > 0 ? blocks[0].ownAux() : 0;
        ComputePool.forEach(Math.max(0, n - 1), i -> {
            int k = i + 1;
            WitnessSystem cs = WitnessSystem.part(prefix.numInputs() + k * blockInputs, prefix.numAux() + k * blockAux);
            circuit.synthesizeBlock(cs, shared, k);
            if (cs.ownInputs() != blockInputs || cs.ownAux() != blockAux) {
                throw new IllegalStateException("block " + k + " of the circuit has " + cs.ownInputs() + " inputs and "
                        + cs.ownAux() + " aux variables, block 0 " + blockInputs + " and " + blockAux
                        + ": its blocks are not all the same size");
            }
            blocks[k] = cs;
        });
        int inputs = fit("inputs", prefix.numInputs() + (long) n * blockInputs);
        int aux = fit("aux variables", prefix.numAux() + (long) n * blockAux);
        long tailSize = prefix.tailSize();
        for (WitnessSystem b : blocks) {
            tailSize += b.tailSize();
        }
        int tailCount = fit("tail values", tailSize);
        long[] inputValues = new long[inputs * Fr.LIMBS];
        long[] bits = new long[(aux + 63) >>> 6];
        long[] tail = new long[fit("tail limbs", (long) tailCount * Fr.LIMBS)];
        int[] tailAux = new int[tailCount];
        prefix.copyInputsInto(inputValues, 0);
        prefix.orBitsInto(bits);
        prefix.copyTailInto(tail, tailAux, 0);
        int tailAt = prefix.tailSize();
        for (int k = 0; k < n; k++) {
            blocks[k].copyInputsInto(inputValues, prefix.numInputs() + k * blockInputs);
            blocks[k].orBitsInto(bits);
            blocks[k].copyTailInto(tail, tailAux, tailAt);
            tailAt += blocks[k].tailSize();
        }
        return new Witness(inputValues, aux, bits, tail, tailAux);
    }

    private static int fit(String what, long count) {
        if (count > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("the circuit has " + count + " " + what + ", more than a Java array holds");
        }
        return (int) count;
    }
}
