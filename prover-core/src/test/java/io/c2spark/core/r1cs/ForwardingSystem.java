package io.c2spark.core.r1cs;

import java.util.function.Supplier;

/** Delegates every call to another system; tests override single methods to observe a circuit. */
class ForwardingSystem implements ConstraintSystem {
    private final ConstraintSystem target;

    ForwardingSystem(ConstraintSystem target) {
        this.target = target;
    }

    @Override
    public boolean hasValues() {
        return target.hasValues();
    }

    @Override
    public int allocate(long[] value, int off) {
        return target.allocate(value, off);
    }

    @Override
    public int allocateBit(boolean value) {
        return target.allocateBit(value);
    }

    @Override
    public int allocateInput(long[] value, int off) {
        return target.allocateInput(value, off);
    }

    @Override
    public void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c) {
        target.enforce(name, a, b, c);
    }

    @Override
    public void pushNamespace(Supplier<String> name) {
        target.pushNamespace(name);
    }

    @Override
    public void popNamespace() {
        target.popNamespace();
    }

    @Override
    public int numInputs() {
        return target.numInputs();
    }

    @Override
    public int numAux() {
        return target.numAux();
    }

    @Override
    public int numConstraints() {
        return target.numConstraints();
    }
}
