package io.c2spark.core.r1cs;

/**
 * A mode that keeps the values it is given (witness, check): each input's and aux variable's
 * value goes to its {@link Assignment} as the variable is numbered. Bit variables are each mode's
 * own to record.
 */
abstract class RecordingSystem extends NumberingSystem {
    final Assignment values;

    RecordingSystem(int inputBase, int auxBase, int constraintBase) {
        super(inputBase, auxBase, constraintBase);
        this.values = new Assignment(isWhole());
    }

    @Override
    public final boolean hasValues() {
        return true;
    }

    @Override
    public final int allocate(long[] value, int off) {
        values.addValue(auxBase + ownAux, value, off);
        return nextAux();
    }

    @Override
    public final int allocateInput(long[] value, int off) {
        values.addInput(value, off);
        return nextInput();
    }
}
