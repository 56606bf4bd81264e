package io.c2spark.core.porep.c2;

import io.c2spark.core.groth16.ParameterFiles;
import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.Parameters;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.circuit.StackedCircuit;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.function.Consumer;

/**
 * Test parameters for the PoRep partition circuit, made here from local toxic waste. Their file
 * names say "insecure" and can never be mistaken for Filecoin's (v28-stacked-proof-of-replication-...):
 * an operator's parameter cache must not hold insecure files under trusted names.
 */
public final class PorepParameters {
    private PorepParameters() {
    }

    /** The file stem for a sector size: c2spark-insecure-test-porep-&lt;size&gt;. */
    public static String stem(SectorShape shape) {
        return "c2spark-insecure-test-porep-" + shape.label();
    }

    public static Path paramsFile(Path dir, SectorShape shape) {
        return dir.resolve(stem(shape) + ".params");
    }

    public static Path vkFile(Path dir, SectorShape shape) {
        return dir.resolve(stem(shape) + ".vk");
    }

    /** The partition circuit's R1CS shape, bellperson's input constraints included. */
    public static R1csShape circuitShape(SectorShape shape) {
        return ShapeSystem.of(StackedCircuit.blank(shape, shape.challengesPerPartition()), true);
    }

    /**
     * Generates parameters for the sector size into dir unless both files are there already;
     * files are written under temporary names and renamed, so a crash leaves no partial file.
     *
     * @return true when new parameters were generated
     */
    public static boolean ensure(SectorShape shape, Path dir, Consumer<String> progress) throws IOException {
        Path params = paramsFile(dir, shape);
        Path vk = vkFile(dir, shape);
        if (Files.isRegularFile(params) && Files.isRegularFile(vk)) {
            progress.accept("parameters for " + shape.label() + " already in " + dir);
            return false;
        }
        Files.createDirectories(dir);
        long t0 = System.nanoTime();
        progress.accept("synthesising the " + shape.label() + " partition circuit ...");
        R1csShape r1cs = circuitShape(shape);
        progress.accept(String.format("  %,d constraints, %,d inputs, %,d aux (%.1f s)", r1cs.numConstraints(),
                r1cs.numInputs(), r1cs.numAux(), secondsSince(t0)));
        progress.accept("generating parameters from fresh toxic waste (INSECURE: for tests only) ...");
        Parameters p = ParameterGenerator.generate(r1cs, ParameterGenerator.ToxicWaste.random(new SecureRandom()),
                phase -> progress.accept("  " + phase));
        progress.accept(String.format("  generated (%.1f s)", secondsSince(t0)));
        Path tmpParams = dir.resolve(params.getFileName() + ".tmp");
        Path tmpVk = dir.resolve(vk.getFileName() + ".tmp");
        ParameterFiles.writeParams(p, tmpParams);
        ParameterFiles.writeVk(p.vk(), tmpVk);
        Files.move(tmpParams, params, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmpVk, vk, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        progress.accept(String.format("wrote %s and %s (%.1f s)", params, vk, secondsSince(t0)));
        return true;
    }

    static double secondsSince(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
