package io.c2spark.spark.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void theReadmeTableIsTheGeneratedOne() throws IOException {
        Path readme = Path.of(System.getProperty("c2spark.repo"), "README.md");
        assertEquals(SettingsTable.markdown(), SettingsTable.current(readme),
                "README.md's settings table is stale: run deploy/bin/c2spark settings --write-readme");
    }

    @Test
    void everySettingIsDeclaredOnceWithADoc() {
        Set<String> keys = new HashSet<>();
        for (Setting<?> s : C2SparkSettings.all()) {
            assertTrue(keys.add(s.key()), "declared twice: " + s.key());
            assertTrue(s.key().startsWith("c2spark."), s.key());
            assertTrue(s.doc().length() > 20, "undocumented: " + s.key());
        }
        assertEquals(keys, C2SparkSettings.byKey().keySet());
    }

    @Test
    void bothSpellingsAreReadAndThePlainOneWins() {
        Settings s = Settings.of(Map.of("spark.c2spark.sectors.inFlight", "3", "c2spark.output", "/o",
                "spark.c2spark.output", "/ignored", "spark.executor.cores", "4"));
        assertEquals(3, s.get(C2SparkSettings.SECTORS_IN_FLIGHT));
        assertEquals("/o", s.get(C2SparkSettings.OUTPUT));
        assertEquals(".json", s.get(C2SparkSettings.INPUT_SUFFIX));
        assertEquals(Map.of("spark.c2spark.sectors.inFlight", "3", "spark.c2spark.output", "/o"), s.asSparkConf());
        assertFalse(s.isSet(C2SparkSettings.INPUT));
    }

    @Test
    void mistakesAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Settings.of(Map.of("c2spark.sectors.inflight", "3")));
        assertTrue(e.getMessage().contains("unknown setting c2spark.sectors.inflight"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Settings.of(Map.of("spark.c2spark.sectors.inFlight", "many")));
        assertTrue(e.getMessage().startsWith("c2spark.sectors.inFlight: expected int, got 'many'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Settings.of(Map.of()).get(C2SparkSettings.INPUT));
        assertTrue(e.getMessage().startsWith("missing required setting c2spark.input"), e.getMessage());
    }
}
