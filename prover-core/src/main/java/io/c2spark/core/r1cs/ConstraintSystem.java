package io.c2spark.core.r1cs;

import java.util.function.Supplier;

/**
 * What circuits are written against (the bellperson model): allocate variables, enforce rank-1
 * constraints {@code <a, w> * <b, w> = <c, w>}, group them in namespaces. Variables are packed ints
 * ({@link Variable}); input 0 is {@link Variable#ONE}, allocated before the circuit runs.
 *
 * <p>Implementations: {@link ShapeSystem} (the A, B, C matrices), {@link WitnessSystem} (values
 * only), {@link CheckSystem} (values and a check of every constraint), {@link CountSystem}
 * (counts); they share {@link NumberingSystem} (how inputs, aux variables and constraints are
 * numbered, in a whole circuit or a part of one), and the two that keep values
 * {@link RecordingSystem} (an {@link Assignment}). Values are Fr elements in Montgomery form at an offset of a {@code long[]};
 * modes that do not consume values ignore them, so a circuit may skip computing them when
 * {@link #hasValues()} is false. Names are suppliers, evaluated only by the check mode and only to
 * report a failure.
 */
public interface ConstraintSystem {
    /** Whether this mode consumes values; when false, value arguments are ignored. */
    boolean hasValues();

    /**
     * Whether this mode ever runs the builders given to {@link #enforce}. The witness mode does not,
     * so gadgets may skip work whose only use is building constraints (Poseidon's linear
     * combinations, for one).
     */
    default boolean buildsConstraints() {
        return true;
    }

    /** Allocates an auxiliary variable holding a general field value. */
    int allocate(long[] value, int off);

    /**
     * Allocates an auxiliary variable known to hold 0 or 1. It is a plain variable of the R1CS; the
     * distinction lets witnesses keep bits in a bitmap and the prover sum their bases by batch
     * addition. It enforces nothing: the circuit adds the booleanity constraint where it needs one.
     */
    int allocateBit(boolean value);

    /** Allocates a public input. */
    int allocateInput(long[] value, int off);

    /** Enforces a * b = c; each side's terms are added by its builder to an empty combination. */
    void enforce(Supplier<String> name, LcBuilder a, LcBuilder b, LcBuilder c);

    void pushNamespace(Supplier<String> name);

    void popNamespace();

    /** Inputs allocated so far, ONE included. */
    int numInputs();

    int numAux();

    int numConstraints();

    /** The constant-one variable. */
    default int one() {
        return Variable.ONE;
    }

    /** Pushes a namespace and returns the handle that pops it: {@code try (var ns = cs.namespace(...))}. */
    default Namespace namespace(Supplier<String> name) {
        pushNamespace(name);
        return this::popNamespace;
    }

    /**
     * Appends bellperson's constraint {@code x_i * 0 = 0} for every public input i (ONE included),
     * in input order, after the circuit's constraints. bellperson's key generator and prover both
     * add them (groth16/generator.rs, prover/native.rs), so every input is dense in A and the IC
     * query is full; snarkjs's zkey carries the same rows. Call it once, after synthesis.
     */
    default void enforceInputConstraints() {
        int n = numInputs();
        for (int i = 0; i < n; i++) {
            int x = Variable.input(i);
            enforce(() -> "input constraint", a -> a.add(x), LcBuilder.ZERO, LcBuilder.ZERO);
        }
    }

    /** A namespace handle for try-with-resources. */
    @FunctionalInterface
    interface Namespace extends AutoCloseable {
        @Override
        void close();
    }
}
