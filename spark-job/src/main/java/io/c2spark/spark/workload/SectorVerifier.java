package io.c2spark.spark.workload;

import java.util.List;
import java.util.Optional;

/** Checks a sector's partition proofs against its statement on the driver, before anything is written. */
public interface SectorVerifier {
    /**
     * @param statement       what the preparer returned for this sector
     * @param partitionProofs the proofs in partition order
     * @return empty when every proof verifies, otherwise why not (the sector then fails, unwritten)
     */
    Optional<String> verify(String sectorId, byte[] statement, List<byte[]> partitionProofs) throws Exception;
}
