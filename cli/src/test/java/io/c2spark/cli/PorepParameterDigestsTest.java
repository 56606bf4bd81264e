package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.core.groth16.ParameterGenerator;
import io.c2spark.core.groth16.ParameterSection;
import io.c2spark.core.groth16.ParameterSpotCheck;
import io.c2spark.core.porep.SectorShape;
import io.c2spark.core.porep.c2.InsecureParameterDigests;
import io.c2spark.core.porep.c2.PorepParameters;
import io.c2spark.core.r1cs.R1csShape;
import io.c2spark.core.r1cs.ShapeFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Same seed, same files: {@code c2spark params --sector-size 2KiB --backend cpu --seed S} makes the
 * .params, .vk and .shape files whose SHA-256 digests are committed (insecure-test-params.sha256);
 * the spot checker passes sampled points of every section of them and finds one changed point.
 */
@Tag("slow")
class PorepParameterDigestsTest {
    @Test
    void twoKibFilesFromTheSeedHaveTheCommittedDigests(@TempDir Path dir) throws IOException {
        SectorShape size = SectorShape.SIZE_2KIB;
        int exit = new CommandLine(new C2SparkCli()).execute("params", "--sector-size", size.label(), "--backend", "cpu",
                "--seed", InsecureParameterDigests.seed(), "--out", dir.toString());
        assertEquals(0, exit);
        for (Map.Entry<String, String> e : InsecureParameterDigests.of(size).entrySet()) {
            assertEquals(e.getValue(), InsecureParameterDigests.sha256(dir.resolve(e.getKey())), e.getKey());
        }

        Path params = PorepParameters.paramsFile(dir, size);
        R1csShape shape = ShapeFiles.read(PorepParameters.shapeFile(dir, size), PorepParameters.circuitName(size));
        ParameterGenerator.ToxicWaste tw = ParameterGenerator.ToxicWaste.fromSeed(
                HexFormat.of().parseHex(InsecureParameterDigests.seed()));
        ParameterSpotCheck check = ParameterSpotCheck.open(params, shape, tw);
        List<ParameterSpotCheck.Position> positions = new ArrayList<>(check.sample(100, new Random(1)));
        ParameterSpotCheck.Position victim = new ParameterSpotCheck.Position(ParameterSection.H, 12_345);
        positions.add(victim);
        ParameterSpotCheck.Result good = check.check(positions, System.out::println);
        assertTrue(good.ok(), good.mismatches().toString());

        long at = check.offset(victim);
        try (FileChannel ch = FileChannel.open(params, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer next = ByteBuffer.allocate(96);
            ch.read(next, at + 96);
            ch.write(next.flip(), at);
        }
        ParameterSpotCheck.Result bad = check.check(positions, System.out::println);
        assertEquals(List.of(victim), bad.mismatches().stream().map(ParameterSpotCheck.Mismatch::position).toList());
    }
}
