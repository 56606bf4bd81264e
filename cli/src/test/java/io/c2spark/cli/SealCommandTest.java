package io.c2spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.cli.ProveCommandTest.Run;
import io.c2spark.core.porep.c1.C1Output;
import io.c2spark.core.porep.c1.C1Reader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code c2spark seal}: a batch of sectors sealed straight into one input folder (--c1 names each C1
 * file), and DIR/c1.json where --c1 is not given. Real 2KiB sealing.
 */
class SealCommandTest {
    private static final String SEED = "11".repeat(32);

    private static Run seal(String... args) {
        PrintStream saved = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        System.setErr(new PrintStream(err, true));
        try {
            Run r = ProveCommandTest.run(args);
            return new Run(r.exit(), r.out() + out, r.err() + err);
        } finally {
            System.setOut(saved);
            System.setErr(savedErr);
        }
    }

    @Test
    void aBatchIsSealedIntoOneInputFolder(@TempDir Path dir) throws Exception {
        Path batch = dir.resolve("batch");
        for (int i = 1; i <= 2; i++) {
            Run r = seal("seal", "--sector-size", "2KiB", "--sector-id", Integer.toString(i), "--out",
                    dir.resolve("sealed-" + i).toString(), "--seed", SEED, "--c1", batch.resolve("s" + i + ".json").toString());
            assertEquals(ExitStatus.OK, r.exit(), r.toString());
            C1Output c1 = C1Reader.read(batch.resolve("s" + i + ".json"));
            Properties sealed = new Properties();
            try (var in = Files.newBufferedReader(dir.resolve("sealed-" + i).resolve("sealed.properties"))) {
                sealed.load(in);
            }
            assertEquals(sealed.getProperty("comm_r"), java.util.HexFormat.of().formatHex(c1.commR()));
            assertFalse(Files.exists(dir.resolve("sealed-" + i).resolve("c1.json")));
        }
        try (var s = Files.list(batch)) {
            assertEquals(2, s.count());
        }
    }

    @Test
    void withoutC1ItIsDirC1Json(@TempDir Path dir) throws Exception {
        Run r = seal("seal", "--sector-size", "2KiB", "--out", dir.toString(), "--seed", SEED);
        assertEquals(ExitStatus.OK, r.exit(), r.toString());
        assertTrue(Files.isRegularFile(dir.resolve("c1.json")));
        C1Reader.read(dir.resolve("c1.json"));
    }

    @Test
    void c1WithoutASeedIsRefused(@TempDir Path dir) {
        Run r = seal("seal", "--sector-size", "2KiB", "--out", dir.toString(), "--c1", dir.resolve("x.json").toString());
        assertEquals(ExitStatus.BAD_INPUT, r.exit(), r.toString());
        assertEquals("c2spark seal: --c1 needs --seed: without the interactive seed there is no C1", r.err().strip());
        assertFalse(Files.exists(dir.resolve("replica")), "nothing sealed");
    }
}
