package io.c2spark.gpu.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** When the build had nvcc, the fatbin is on the class path and exports every kernel gpu-executor resolves. */
class FatbinResourceTest {
    static boolean nvccOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (new File(dir, "nvcc").canExecute()) {
                return true;
            }
        }
        return false;
    }

    @Test
    void fatbinIsPackagedAndNamesEveryKernel() {
        assumeTrue(nvccOnPath(), "no nvcc on PATH: the build skipped the fatbin");
        byte[] fatbin = KernelModule.readFatbin();
        // Fatbin container magic 0xBA55ED50, little-endian.
        assertEquals(0x50, fatbin[0] & 0xff);
        assertEquals(0xED, fatbin[1] & 0xff);
        assertEquals(0x55, fatbin[2] & 0xff);
        assertEquals(0xBA, fatbin[3] & 0xff);
        String text = new String(fatbin, StandardCharsets.ISO_8859_1);
        for (Kernel k : Kernel.values()) {
            assertTrue(text.contains(k.symbol + "\0") || text.contains(".entry " + k.symbol), "fatbin lacks kernel " + k.symbol);
        }
    }
}
