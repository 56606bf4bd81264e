package io.c2spark.core.r1cs;

import java.util.function.Supplier;

/**
 * Counts a circuit's inputs, aux variables (and how many are bits), constraints and the non-zeros
 * of each matrix, with the same normalization as {@link ShapeSystem}, without storing the matrices.
 */
public final class CountSystem extends NumberingSystem {
    private final LinearCombination scratch = new LinearCombination();
    private int numBits;
    private long nonZerosA;
    private long nonZerosB;
    private long nonZerosC;

    public CountSystem() {
        super(0, 0, 0);
    }

    public static CountSystem of(Circuit circuit, boolean withInputConstraints) {
        CountSystem cs = new CountSystem();
        circuit.synthesize(cs);
        if (withInputConstraints) {
            cs.enforceInputConstraints();
        }
        return cs;
    }

    @Override
    public int allocateBit(boolean value) {
        numBits++;
        return nextAux();
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
        nonZerosA += count(a);
        nonZerosB += count(b);
        nonZerosC += count(c);
        ownConstraints++;
    }

    private int count(LcBuilder builder) {
        scratch.clear();
        builder.build(scratch);
        scratch.normalize();
        return scratch.size();
    }

    public int numBits() {
        return numBits;
    }

    public long nonZerosA() {
        return nonZerosA;
    }

    public long nonZerosB() {
        return nonZerosB;
    }

    public long nonZerosC() {
        return nonZerosC;
    }

    @Override
    public String toString() {
        return "constraints " + numConstraints() + ", inputs " + numInputs() + ", aux " + numAux() + " (" + numBits
                + " bits), non-zeros A " + nonZerosA + " B " + nonZerosB + " C " + nonZerosC;
    }
}
