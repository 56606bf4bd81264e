package io.c2spark.core.porep.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Upstream known-answer files kept as test resources (src/test/resources/vectors, sources named in its README). */
public final class TestVectors {
    private TestVectors() {
    }

    /** The text of vectors/name on the class path; a missing file fails the test. */
    public static String text(String name) throws IOException {
        try (InputStream in = TestVectors.class.getResourceAsStream("/vectors/" + name)) {
            if (in == null) {
                throw new IllegalStateException("test resource /vectors/" + name + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
