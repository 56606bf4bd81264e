package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Records every value and evaluates every constraint as it is enforced; the first unsatisfied one is
 * named by its full namespace path ("ns/inner/name"). Names are evaluated only then, so a satisfied
 * circuit builds no string. Constraints are never kept, and values are kept compactly (bit
 * variables in a bitmap, the few other values in a tail sorted by aux index), so a whole 32GiB
 * partition (130M constraints and aux variables, 98.7% bits) is checked in about 100 MB instead of
 * the 4.2 GB its values take as field elements.
 */
public final class CheckSystem extends RecordingSystem {
    /** Which aux variables are bit variables (their values are in the assignment's bitmap, the others' in its tail). */
    private final GrowableBitmap auxBits = new GrowableBitmap();
    private final List<Supplier<String>> namespaces = new ArrayList<>();
    private final LinearCombination scratch = new LinearCombination();
    private final long[] abc = new long[3 * Fr.LIMBS];
    private final long[] term = new long[Fr.LIMBS];
    private String firstFailure;
    private int firstFailureIndex = -1;

    public CheckSystem() {
        super(0, 0, 0);
    }

    /** Runs the circuit and checks it. */
    public static CheckSystem of(Circuit circuit) {
        CheckSystem cs = new CheckSystem();
        circuit.synthesize(cs);
        return cs;
    }

    @Override
    public int allocateBit(boolean value) {
        auxBits.set(ownAux);
        if (value) {
            values.bits.set(ownAux);
        }
        return nextAux();
    }


    @Override
    public void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
        evaluate(a, 0);
        evaluate(b, Fr.LIMBS);
        evaluate(c, 2 * Fr.LIMBS);
        Fr.mul(abc, 0, abc, Fr.LIMBS, abc, 0);
        if (firstFailure == null && !Fr.equal(abc, 0, abc, 2 * Fr.LIMBS)) {
            firstFailureIndex = numConstraints();
            firstFailure = path(name);
        }
        ownConstraints++;
    }

    private void evaluate(LcBuilder builder, int off) {
        scratch.clear();
        builder.build(scratch);
        for (int k = 0; k < scratch.size(); k++) {
            requireAllocated(scratch.var(k));
        }
        Arrays.fill(abc, off, off + Fr.LIMBS, 0L);
        long[] coeffs = scratch.coefficients();
        for (int k = 0; k < scratch.size(); k++) {
            int v = scratch.var(k);
            if (Variable.isInput(v)) {
                Fr.mul(coeffs, k * Fr.LIMBS, values.inputs, Variable.index(v) * Fr.LIMBS, term, 0);
                Fr.add(abc, off, term, 0, abc, off);
            } else if (auxBits.get(v)) {
                if (values.bits.get(v)) {
                    Fr.add(abc, off, coeffs, k * Fr.LIMBS, abc, off);
                }
            } else {
                Fr.mul(coeffs, k * Fr.LIMBS, values.tail, values.tailIndex(v) * Fr.LIMBS, term, 0);
                Fr.add(abc, off, term, 0, abc, off);
            }
        }
    }

    private String path(Supplier<String> name) {
        StringBuilder sb = new StringBuilder();
        for (Supplier<String> ns : namespaces) {
            sb.append(ns.get()).append('/');
        }
        return sb.append(name.get()).toString();
    }

    @Override
    String constraintName() {
        return path(() -> "#" + numConstraints());
    }

    @Override
    public void pushNamespace(Supplier<String> name) {
        namespaces.add(name);
    }

    @Override
    public void popNamespace() {
        if (namespaces.isEmpty()) {
            throw new IllegalStateException("popNamespace without a matching pushNamespace");
        }
        namespaces.remove(namespaces.size() - 1);
    }

    public boolean isSatisfied() {
        return firstFailure == null;
    }

    /** The namespace path of the first unsatisfied constraint, or null when all hold. */
    public String firstFailure() {
        return firstFailure;
    }

    /** The index of the first unsatisfied constraint, or -1. */
    public int firstFailureIndex() {
        return firstFailureIndex;
    }

    /** Writes the value of var at dst[off]. */
    public void value(int var, long[] dst, int off) {
        if (Variable.isInput(var)) {
            System.arraycopy(values.inputs, Variable.index(var) * Fr.LIMBS, dst, off, Fr.LIMBS);
        } else if (auxBits.get(var)) {
            Arrays.fill(dst, off, off + Fr.LIMBS, 0L);
            if (values.bits.get(var)) {
                Fr.setOne(dst, off);
            }
        } else {
            System.arraycopy(values.tail, values.tailIndex(var) * Fr.LIMBS, dst, off, Fr.LIMBS);
        }
    }

    public boolean isBit(int auxIndex) {
        return auxBits.get(auxIndex);
    }

    /** Input values, ONE first, 4 limbs each. */
    public long[] inputValues() {
        return values.inputValues();
    }

    /** Aux values as a dense array, 4 limbs each: for small circuits. */
    public long[] auxValues() {
        long[] out = new long[numAux() * Fr.LIMBS];
        for (int j = 0; j < numAux(); j++) {
            value(Variable.aux(j), out, j * Fr.LIMBS);
        }
        return out;
    }
}
