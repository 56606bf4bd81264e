package io.c2spark.core.r1cs;

import io.c2spark.core.field.Fr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * Records every value densely and evaluates every constraint as it is enforced; the first
 * unsatisfied one is named by its full namespace path ("ns/inner/name"). Names are evaluated only
 * then, so a satisfied circuit builds no string. For tests and debugging, not for large circuits.
 */
public final class CheckSystem implements ConstraintSystem {
    private long[] inputs = new long[16 * Fr.LIMBS];
    private int numInputs;
    private long[] aux = new long[64 * Fr.LIMBS];
    private final GrowableBitmap auxBits = new GrowableBitmap();
    private int numAux;
    private int numConstraints;
    private final List<Supplier<String>> namespaces = new ArrayList<>();
    private final LinearCombination scratch = new LinearCombination();
    private final long[] abc = new long[3 * Fr.LIMBS];
    private String firstFailure;
    private int firstFailureIndex = -1;

    public CheckSystem() {
        Fr.setOne(inputs, 0);
        numInputs = 1;
    }

    /** Runs the circuit and checks it. */
    public static CheckSystem of(Circuit circuit) {
        CheckSystem cs = new CheckSystem();
        circuit.synthesize(cs);
        return cs;
    }

    @Override
    public boolean hasValues() {
        return true;
    }

    @Override
    public int allocate(long[] value, int off) {
        ensureAux();
        System.arraycopy(value, off, aux, numAux * Fr.LIMBS, Fr.LIMBS);
        return numAux++;
    }

    @Override
    public int allocateBit(boolean value) {
        ensureAux();
        auxBits.set(numAux);
        if (value) {
            Fr.setOne(aux, numAux * Fr.LIMBS);
        }
        return numAux++;
    }

    private void ensureAux() {
        if (numAux * Fr.LIMBS == aux.length) {
            aux = Arrays.copyOf(aux, aux.length * 2);
        }
    }

    @Override
    public int allocateInput(long[] value, int off) {
        if (numInputs * Fr.LIMBS == inputs.length) {
            inputs = Arrays.copyOf(inputs, inputs.length * 2);
        }
        System.arraycopy(value, off, inputs, numInputs * Fr.LIMBS, Fr.LIMBS);
        return Variable.input(numInputs++);
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
        evaluate(a, 0);
        evaluate(b, Fr.LIMBS);
        evaluate(c, 2 * Fr.LIMBS);
        Fr.mul(abc, 0, abc, Fr.LIMBS, abc, 0);
        if (firstFailure == null && !Fr.equal(abc, 0, abc, 2 * Fr.LIMBS)) {
            firstFailureIndex = numConstraints;
            firstFailure = path(name);
        }
        numConstraints++;
    }

    private void evaluate(LcBuilder builder, int off) {
        scratch.clear();
        builder.build(scratch);
        for (int k = 0; k < scratch.size(); k++) {
            int v = scratch.var(k);
            if (Variable.isInput(v) ? Variable.index(v) >= numInputs : v >= numAux) {
                throw new IllegalStateException("constraint " + path(() -> "#" + numConstraints)
                        + " uses unallocated " + Variable.toString(v));
            }
        }
        scratch.evaluate(inputs, aux, abc, off);
    }

    private String path(Supplier<String> name) {
        StringBuilder sb = new StringBuilder();
        for (Supplier<String> ns : namespaces) {
            sb.append(ns.get()).append('/');
        }
        return sb.append(name.get()).toString();
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

    @Override
    public int numInputs() {
        return numInputs;
    }

    @Override
    public int numAux() {
        return numAux;
    }

    @Override
    public int numConstraints() {
        return numConstraints;
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
        long[] src = Variable.isInput(var) ? inputs : aux;
        System.arraycopy(src, Variable.index(var) * Fr.LIMBS, dst, off, Fr.LIMBS);
    }

    public boolean isBit(int auxIndex) {
        return auxBits.get(auxIndex);
    }

    /** Input values, ONE first, 4 limbs each. */
    public long[] inputValues() {
        return Arrays.copyOf(inputs, numInputs * Fr.LIMBS);
    }

    /** Aux values, 4 limbs each. */
    public long[] auxValues() {
        return Arrays.copyOf(aux, numAux * Fr.LIMBS);
    }
}
