package io.c2spark.core.r1cs;

/** A circuit: code that allocates variables and enforces constraints; the same code runs in every mode. */
@FunctionalInterface
public interface Circuit {
    void synthesize(ConstraintSystem cs);
}
