package io.c2spark.spark.settings;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Resolved c2spark settings: the text values given, checked against the declarations of
 * {@link C2SparkSettings}; defaults fill the rest. Serializable so tasks carry it.
 */
public final class Settings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final TreeMap<String, String> given;

    private Settings(TreeMap<String, String> given) {
        this.given = given;
    }

    /**
     * Settings from key/value pairs, typically a SparkConf's: both {@code c2spark.x} and
     * {@code spark.c2spark.x} are read (the plain key wins). An unknown c2spark key is an error, so a
     * typo does not silently fall back to a default; so is a value that does not parse.
     */
    public static Settings of(Map<String, String> values) {
        Map<String, Setting<?>> known = C2SparkSettings.byKey();
        TreeMap<String, String> given = new TreeMap<>();
        for (int pass = 0; pass < 2; pass++) {
            for (Map.Entry<String, String> e : values.entrySet()) {
                String key = e.getKey();
                boolean sparkSpelling = key.startsWith(C2SparkSettings.SPARK_PREFIX + C2SparkSettings.PREFIX);
                if (sparkSpelling != (pass == 0)) {
                    continue;
                }
                if (sparkSpelling) {
                    key = key.substring(C2SparkSettings.SPARK_PREFIX.length());
                } else if (!key.startsWith(C2SparkSettings.PREFIX)) {
                    continue;
                }
                Setting<?> s = known.get(key);
                if (s == null) {
                    throw new IllegalArgumentException("unknown setting " + e.getKey()
                            + " (the c2spark settings are listed in the README)");
                }
                s.parse(e.getValue());
                given.put(key, e.getValue());
            }
        }
        return new Settings(given);
    }

    /** A copy with one value set. */
    public Settings with(Setting<?> setting, String value) {
        setting.parse(value);
        TreeMap<String, String> copy = new TreeMap<>(given);
        copy.put(setting.key(), value);
        return new Settings(copy);
    }

    /** The value, or the default; a required setting that was not given is an error naming it. */
    public <T> T get(Setting<T> setting) {
        String raw = given.get(setting.key());
        if (raw == null) {
            raw = setting.defaultValue();
            if (raw == null) {
                throw new IllegalArgumentException("missing required setting " + setting.key() + ": "
                        + setting.doc());
            }
        }
        return setting.parse(raw);
    }

    public boolean isSet(Setting<?> setting) {
        return given.containsKey(setting.key());
    }

    /** The values given, as {@code spark.c2spark.*} keys: what a SparkConf passes on to executors. */
    public Map<String, String> asSparkConf() {
        Map<String, String> m = new LinkedHashMap<>();
        given.forEach((k, v) -> m.put(C2SparkSettings.SPARK_PREFIX + k, v));
        return Collections.unmodifiableMap(m);
    }

    @Override
    public String toString() {
        return given.toString();
    }
}
