package io.c2spark.spark.device;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The GPUs of this machine as nvidia-smi lists them (the same addresses Spark's discovery script prints). */
public final class GpuProbe {
    private GpuProbe() {
    }

    /** The GPU indices; empty when nvidia-smi is absent or fails (a machine without GPUs). */
    public static List<String> addresses() {
        List<String> out = new ArrayList<>();
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-gpu=index", "--format=csv,noheader")
                    .redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    String t = line.trim();
                    if (t.matches("\\d+")) {
                        out.add(t);
                    }
                }
            }
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return List.of();
            }
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
        return out;
    }
}
