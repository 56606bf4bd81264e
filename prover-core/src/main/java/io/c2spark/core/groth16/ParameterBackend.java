package io.c2spark.core.groth16;

import io.c2spark.core.r1cs.R1csShape;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * The arithmetic of Groth16 parameter generation: evaluates a circuit's QAP at tau and makes every
 * point of the parameters by fixed-base multiplication, section by section, pushing the encoded
 * points to a {@link ParameterSink} as they are made. {@link ParameterGenerator} drives it: it checks
 * the circuit and the toxic waste, hands the sink the verifying key's six points, calls
 * {@link #generate}, and checks what the backend pushes. {@link CpuParameterBackend} is the CPU's
 * backend; a GPU backend registers itself with {@link java.util.ServiceLoader} under this interface
 * ({@code META-INF/services/io.c2spark.core.groth16.ParameterBackend}) and is found by name
 * through {@link ParameterBackends}. Its class must construct cheaply without touching a device.
 *
 * <h2>What to make (bellperson's groth16/generator.rs, exactly)</h2>
 * Let n be the shape's constraints (bellperson's input constraints included, as
 * {@link ParameterGenerator#checkInputConstraints} requires), m = 2^k the smallest power of two
 * with m >= n, omega the domain's generator ({@link io.c2spark.core.ntt.EvaluationDomain#omega}),
 * Z(tau) = tau^m - 1, and L_r(tau) = omega^r Z(tau) / (m (tau - omega^r)) the domain's Lagrange
 * coefficients at tau (equally: the inverse NTT of tau^0 .. tau^(m-1)). The shape holds A, B and C
 * in compressed sparse rows over one table of distinct coefficients
 * ({@link io.c2spark.core.r1cs.SparseMatrix}); a term's packed
 * {@link io.c2spark.core.r1cs.Variable} is an input (input 0 being ONE) or an aux variable. For
 * every variable j, numbered inputs first and then aux variables, u_j(tau) is the sum over the
 * rows r of A that hold j of coefficient * L_r(tau); v_j sums over B and w_j over C. The toxic
 * waste's g1 and g2 are the bases of every point (not the groups' generators). Then, in this
 * order:
 * <ol>
 * <li>IC: (beta u_j + alpha v_j + w_j) / gamma g1 for every input j (ni points);
 * <li>H: tau^i Z(tau) / delta g1 for i = 0 .. m - 2 (m - 1 points);
 * <li>L: (beta u_j + alpha v_j + w_j) / delta g1 for every aux variable j (na points); a zero
 * scalar is an unconstrained aux variable, which bellperson refuses
 * (SynthesisError::UnconstrainedVariable): throw IllegalArgumentException naming it (the
 * generator has already refused variables in no constraint, and refuses a point at infinity in
 * any section);
 * <li>A: u_j(tau) g1 for every variable, inputs then aux, whose u_j(tau) is not zero (bellperson
 * drops the points at infinity; every input is in A through its input constraint);
 * <li>B_G1: v_j(tau) g1 for every variable, inputs then aux, whose v_j(tau) is not zero;
 * <li>B_G2: v_j(tau) g2 for the same variables.
 * </ol>
 * Points are affine, as uncompressed zcash encodings ({@link io.c2spark.core.curve.ZcashEncoding}).
 * An affine point has one encoding, so every correct backend writes the same bytes from the same
 * toxic waste: the CPU backend's files are the reference for a GPU backend's.
 *
 * <h2>Memory and progress</h2>
 * Nothing needs a whole query at once: a backend pushes chunks of points as it makes them (the
 * sink writes each to disk before returning), so its host memory is its scalars and one or two
 * chunks. A backend may overlap making the next chunk with the sink's writing of the last (the
 * sink's calls just must not overlap each other). The sink reports each section's progress; log
 * gets the backend's own phases (one line each, with their times).
 */
public interface ParameterBackend {
    /** The name users choose it by (--backend): "cpu", "gpu". */
    String name();

    /**
     * Returns normally when this backend can run on this machine; otherwise throws
     * IllegalStateException saying why (for a GPU backend: no CUDA device, no driver), before
     * anything is made.
     */
    void checkAvailable();

    /**
     * Makes the parameters of shape from the toxic waste and pushes sections IC to B_G2 to sink,
     * as described above. The generator has already checked the shape's input constraints, that
     * gamma and delta are not zero, that Z(tau) is not zero and that every aux variable is in a
     * constraint, and has pushed the verifying key.
     */
    void generate(R1csShape shape, ParameterGenerator.ToxicWaste tw, ParameterSink sink, Consumer<String> log)
            throws IOException;
}
