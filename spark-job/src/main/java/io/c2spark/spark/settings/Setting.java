package io.c2spark.spark.settings;

import java.io.Serializable;
import java.util.Locale;
import java.util.function.Function;

/**
 * One c2spark setting: its key, type, default, documentation and whether it is read only when an
 * executor starts. Declared once, in {@link C2SparkSettings}; parsed values come from
 * {@link Settings}.
 *
 * @param <T> the parsed type
 */
public final class Setting<T> implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The value types a setting may have; each knows how to parse and name itself. */
    public enum Type {
        STRING("string", s -> s),
        INT("int", Integer::parseInt),
        LONG("long", Long::parseLong),
        BOOLEAN("boolean", Type::parseBoolean),
        DOUBLE("double", Double::parseDouble);

        final String label;
        final Function<String, Object> parser;

        Type(String label, Function<String, Object> parser) {
            this.label = label;
            this.parser = parser;
        }

        private static Object parseBoolean(String s) {
            switch (s.trim().toLowerCase(Locale.ROOT)) {
                case "true": return Boolean.TRUE;
                case "false": return Boolean.FALSE;
                default: throw new IllegalArgumentException("not true or false");
            }
        }
    }

    private final String key;
    private final Type type;
    private final String defaultValue;
    private final String doc;
    private final boolean startupOnly;

    Setting(String key, Type type, String defaultValue, String doc, boolean startupOnly) {
        if (!key.startsWith(C2SparkSettings.PREFIX)) {
            throw new IllegalArgumentException("setting " + key + " must start with " + C2SparkSettings.PREFIX);
        }
        this.key = key;
        this.type = type;
        this.defaultValue = defaultValue;
        this.doc = doc;
        this.startupOnly = startupOnly;
        if (defaultValue != null) {
            parse(defaultValue);
        }
    }

    public String key() {
        return key;
    }

    public Type type() {
        return type;
    }

    /** The default in its text form; null when the setting is required. */
    public String defaultValue() {
        return defaultValue;
    }

    public boolean required() {
        return defaultValue == null;
    }

    public String doc() {
        return doc;
    }

    /** True when only an executor's start-up reads it: changing it later in a job has no effect. */
    public boolean startupOnly() {
        return startupOnly;
    }

    /** Parses a text value, naming this setting and the value when it does not parse. */
    @SuppressWarnings("unchecked")
    public T parse(String raw) {
        try {
            return (T) type.parser.apply(raw.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    key + ": expected " + type.label + ", got '" + raw + "' (" + e.getMessage() + ")", e);
        }
    }

    @Override
    public String toString() {
        return key;
    }
}
