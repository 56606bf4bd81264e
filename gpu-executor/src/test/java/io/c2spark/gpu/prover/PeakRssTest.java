package io.c2spark.gpu.prover;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** VmHWM and VmRSS read from /proc/self/status: the peak covers what is resident now and grows with a touched buffer. */
class PeakRssTest {
    @Test
    void peakCoversTheCurrentAndGrowsWithTouchedMemory() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "not Linux");
        // The current one first: the process may grow between the two reads.
        long now = PeakRss.currentBytes();
        long peak = PeakRss.bytes();
        assertTrue(now > 0 && peak >= now, "RSS " + now + ", peak " + peak);
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocateDirect(256 << 20);
        for (int i = 0; i < b.capacity(); i += 4096) {
            b.put(i, (byte) 1);
        }
        long touched = PeakRss.currentBytes();
        assertTrue(touched >= 200L << 20, "256 MiB touched: RSS " + touched);
        assertTrue(PeakRss.bytes() >= touched);
        assertTrue(PeakRss.describe().startsWith("peak RSS "), PeakRss.describe());
    }
}
