package io.c2spark.spark.porep;

import io.c2spark.core.porep.c1.C1FormatException;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import io.c2spark.core.porep.c1.CompactPartitionInput;
import io.c2spark.core.porep.c2.SealProver;
import io.c2spark.core.porep.c2.SealStatement;
import io.c2spark.core.porep.vanilla.proof.VanillaProofException;
import io.c2spark.spark.workload.InvalidSectorException;
import io.c2spark.spark.workload.PartitionInputSink;
import io.c2spark.spark.workload.PreparedSector;
import io.c2spark.spark.workload.SectorPreparer;
import io.c2spark.spark.workload.SectorSource;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The prepare stage of PoRep C2, the first of {@link SealProver}'s steps: stream-parses a C1 file
 * from any Hadoop file system with {@link C1Reader} (which validates every count, length and range),
 * checks its vanilla proofs ({@link SealProver#checkVanillaProofs}, so a bad C1 fails here, on a CPU,
 * not after a GPU has proven it), and writes one {@link CompactPartitionInput} per partition; the
 * statement is the sector's {@link SealStatement}. A malformed or cut file fails its sector with the reader's message (file,
 * JSON path, partition, challenge, byte offset); a wrong vanilla proof with the verifier's
 * (partition, challenge, field).
 */
public final class C1SectorPreparer implements SectorPreparer {
    @Override
    public PreparedSector prepare(SectorSource source, PartitionInputSink sink) throws InvalidSectorException, IOException {
        C1Output c1;
        try (InputStream in = new BufferedInputStream(source.open(), 1 << 16)) {
            c1 = C1Reader.read(in, source.path());
        } catch (C1FormatException e) {
            throw new InvalidSectorException(e.getMessage(), e);
        }
        try {
            SealProver.checkVanillaProofs(c1);
        } catch (VanillaProofException | IllegalArgumentException e) {
            throw new InvalidSectorException(source.path() + ": " + e.getMessage(), e);
        }
        for (int k = 0; k < c1.partitions(); k++) {
            try (OutputStream out = new BufferedOutputStream(sink.partition(k), 1 << 16)) {
                CompactPartitionInput.of(c1, k).write(out);
            }
        }
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("registeredProof", c1.registeredProof().serdeName());
        facts.put("sectorSize", c1.registeredProof().shape().label());
        facts.put("challenges", Integer.toString(c1.challenges()));
        return new PreparedSector(c1.partitions(), SealStatement.of(c1).toBytes(), facts);
    }
}
