package io.c2spark.core.porep.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Upstream data files in the shared vectors folder beside the checkout (../shared/vectors for the
 * main checkout, ../../shared/vectors for a worktree under wt/). A missing file fails the test.
 */
public final class SharedVectors {
    private SharedVectors() {
    }

    public static Path path(String name) {
        String repo = System.getProperty("c2spark.repo");
        if (repo == null) {
            throw new IllegalStateException("system property c2spark.repo (the repository root) is not set;"
                    + " run the tests through Maven");
        }
        Path root = Path.of(repo).toAbsolutePath().normalize();
        for (String rel : new String[] {"../shared/vectors", "../../shared/vectors"}) {
            Path p = root.resolve(rel).resolve(name).normalize();
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalStateException("vector file " + name + " not found under " + root.resolve("../shared/vectors")
                + " or " + root.resolve("../../shared/vectors"));
    }
}
