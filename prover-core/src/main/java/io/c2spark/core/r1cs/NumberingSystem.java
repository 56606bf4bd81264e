package io.c2spark.core.r1cs;

import java.util.function.Supplier;

/**
 * What every mode of the constraint system shares: the numbering of its inputs, aux variables and
 * constraints. A system records a whole circuit, whose first input is ONE, or one part of it for
 * the block syntheses: a part starts at given counts (those of the circuit before it, ONE
 * included), numbers its own variables and constraints from there, and may use the variables
 * before it. In the modes without values (shape, count) allocating is numbering alone; the modes
 * that keep values are {@link RecordingSystem}s. Namespaces are ignored, except by the check mode,
 * which names a failing constraint by its path.
 */
abstract class NumberingSystem implements ConstraintSystem {
    /** Inputs, aux variables and constraints of the circuit before this system's own; all 0 for a whole circuit. */
    final int inputBase;
    final int auxBase;
    final int constraintBase;
    /** This system's own inputs (a whole circuit's ONE first), aux variables and constraints. */
    int ownInputs;
    int ownAux;
    int ownConstraints;

    /**
     * A system starting at these counts: at input 0 it is a whole circuit's, with ONE allocated,
     * else a part's after the circuit before it, which holds ONE.
     */
    NumberingSystem(int inputBase, int auxBase, int constraintBase) {
        if (inputBase < 0 || auxBase < 0 || constraintBase < 0
                || inputBase == 0 && (auxBase != 0 || constraintBase != 0)) {
            throw new IllegalArgumentException("a part starts after ONE and counts no less than 0, got inputs "
                    + inputBase + ", aux " + auxBase + ", constraints " + constraintBase);
        }
        this.inputBase = inputBase;
        this.auxBase = auxBase;
        this.constraintBase = constraintBase;
        this.ownInputs = inputBase == 0 ? 1 : 0;
    }

    @Override
    public boolean hasValues() {
        return false;
    }

    @Override
    public int allocate(long[] value, int off) {
        return nextAux();
    }

    @Override
    public int allocateInput(long[] value, int off) {
        return nextInput();
    }

    /** Numbers the next input. */
    final int nextInput() {
        return Variable.input(inputBase + ownInputs++);
    }

    /** Numbers the next aux variable. */
    final int nextAux() {
        return auxBase + ownAux++;
    }

    final boolean isWhole() {
        return inputBase == 0;
    }

    /** Refuses a part of a circuit where only a whole one has a result of its own (what). */
    final void requireWhole(String what) {
        if (!isWhole()) {
            throw new IllegalStateException("a part of a circuit is not " + what);
        }
    }

    /** Refuses a variable not allocated yet in the constraint being recorded. */
    final void requireAllocated(int v) {
        if (Variable.isInput(v) ? Variable.index(v) >= numInputs() : v >= numAux()) {
            throw new IllegalStateException("constraint " + constraintName() + " uses unallocated " + Variable.toString(v));
        }
    }

    /** How an error names the constraint being recorded: its number. */
    String constraintName() {
        return Integer.toString(numConstraints());
    }

    @Override
    public void pushNamespace(Supplier<String> name) {
    }

    @Override
    public void popNamespace() {
    }

    @Override
    public final int numInputs() {
        return inputBase + ownInputs;
    }

    @Override
    public final int numAux() {
        return auxBase + ownAux;
    }

    @Override
    public final int numConstraints() {
        return constraintBase + ownConstraints;
    }

    final int ownInputs() {
        return ownInputs;
    }

    final int ownAux() {
        return ownAux;
    }

    final int ownConstraints() {
        return ownConstraints;
    }
}
