package io.c2spark.spark.porep;

import io.c2spark.spark.settings.Settings;
import io.c2spark.spark.workload.PartitionProver;
import io.c2spark.spark.workload.SectorPreparer;
import io.c2spark.spark.workload.SectorVerifier;
import io.c2spark.spark.workload.Workload;

/**
 * The PoRep C2 workload ("porep", the default of c2spark.workload) without its prover: the prepare
 * stage is {@link C1SectorPreparer}; a prover module extends this class with
 * <ul>
 *   <li>{@link #prover}: a {@link PartitionProver} that reads its input with
 *       {@code CompactPartitionInput.read(input.bytes(), ...)}, builds the partition circuit's witness
 *       from it and returns the 192-byte Groth16 proof (A, B, C compressed) for the device it is
 *       given (a GPU address from Spark or the executor, or the CPU), and
 *   <li>{@link #verifier}: a {@link SectorVerifier} that decodes the statement with
 *       {@link io.c2spark.core.porep.c2.SealStatement#fromBytes}, derives each partition's public inputs, and checks the
 *       proofs against the verifying key,
 * </ul>
 * and registers the subclass in META-INF/services/io.c2spark.spark.workload.Workload.
 */
public abstract class PoRepWorkload implements Workload {
    public static final String NAME = "porep";

    @Override
    public final String name() {
        return NAME;
    }

    @Override
    public final SectorPreparer preparer(Settings settings) {
        return new C1SectorPreparer();
    }

    @Override
    public abstract PartitionProver prover(Settings settings) throws Exception;

    @Override
    public abstract SectorVerifier verifier(Settings settings) throws Exception;
}
