package io.c2spark.cli.fuzz;

/**
 * Every kind of file the project reads, with the file name the fuzz corpus gives it and what the
 * fuzzer runs on a mutated copy (see {@link CaseRunner}).
 */
public enum Kind {
    /** A sealed 2KiB sector's C1 output: c2spark c1-info, verify and prove. */
    C1("c1.json"),
    /** A 192-byte seal proof of that sector: c2spark verify. */
    SEAL_PROOF("sector.proof"),
    /** The verifying key the seal proof verifies against (.vk): c2spark verify. */
    SEAL_VK("2KiB.vk"),
    /** A small circuit's .params: read for the CPU (checked and trusted) and opened for a GPU; proven with. */
    PARAMS("tiny.params"),
    /** That circuit's .shape: read, then proven with. */
    SHAPE("tiny.shape"),
    /** A snarkjs proving key: c2spark groth16 prove. */
    ZKEY("circuit.zkey"),
    /** A snarkjs witness: c2spark groth16 prove, with and without --r1cs. */
    WTNS("circuit.wtns"),
    /** A circom circuit: c2spark groth16 prove --r1cs. */
    R1CS("circuit.r1cs"),
    /** snarkjs's verification_key.json: c2spark groth16 verify. */
    VK_JSON("verification_key.json"),
    /** snarkjs's proof.json: c2spark groth16 verify. */
    PROOF_JSON("proof.json"),
    /** snarkjs's public.json: c2spark groth16 verify. */
    PUBLIC_JSON("public.json");

    public final String fileName;

    Kind(String fileName) {
        this.fileName = fileName;
    }

    /** The name used in figures and case descriptions: c1, seal-proof, ... */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
