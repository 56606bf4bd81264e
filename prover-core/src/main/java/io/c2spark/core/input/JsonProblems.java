package io.c2spark.core.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What was wrong with a JSON text, in words for the person who wrote the file: Jackson's parse
 * errors without the parser's own vocabulary (its switches such as JsonReadFeature, its limits'
 * getters, its token names, its source locations) and without long excerpts of the input.
 */
public final class JsonProblems {
    /** Where Jackson's message turns to its own settings or to a location: cut there. */
    private static final Pattern PARSER_HINT = Pattern.compile(
            ":? *(enable `|\\(not recognized as one|\\(start marker at|\\(for root starting at|\\[Source|`).*",
            Pattern.DOTALL);
    /** A single-quoted excerpt of the input in Jackson's message (it shows up to 256 characters). */
    private static final Pattern QUOTED = Pattern.compile("'([^']{" + (Excerpt.SHOWN + 1) + ",})'");

    private JsonProblems() {
    }

    /** One line saying what is wrong with the text, for a message that already names the file. */
    public static String describe(JsonProcessingException e) {
        if (e instanceof StreamConstraintsException) {
            return limit(e.getOriginalMessage());
        }
        String m = e.getOriginalMessage() == null ? "malformed JSON" : e.getOriginalMessage();
        m = PARSER_HINT.matcher(m).replaceFirst("");
        for (JsonToken t : JsonToken.values()) {
            m = m.replace(t.name(), words(t));
        }
        Matcher q = QUOTED.matcher(m);
        StringBuilder out = new StringBuilder();
        while (q.find()) {
            q.appendReplacement(out, Matcher.quoteReplacement(Excerpt.quoted(q.group(1)).replace('"', '\'')));
        }
        q.appendTail(out);
        return out.toString().strip();
    }

    /**
     * A reader limit the text exceeds, named by what it means in the file. Jackson's message is only
     * told apart by its start; the limits themselves are read from the defaults the readers use.
     */
    private static String limit(String m) {
        StreamReadConstraints c = StreamReadConstraints.defaults();
        if (m.startsWith("Document nesting depth")) {
            return "nested deeper than " + c.getMaxNestingDepth() + " levels";
        }
        if (m.startsWith("Number value length")) {
            return "a number of more than " + c.getMaxNumberLength() + " characters";
        }
        if (m.startsWith("String value length")) {
            return "a string of more than " + c.getMaxStringLength() + " characters";
        }
        if (m.startsWith("Name length")) {
            return "a field name of more than " + c.getMaxNameLength() + " characters";
        }
        return "larger than a JSON reader here accepts";
    }

    private static String words(JsonToken t) {
        return switch (t) {
            case START_OBJECT -> "the start of an object";
            case END_OBJECT -> "the end of an object";
            case START_ARRAY -> "the start of an array";
            case END_ARRAY -> "the end of an array";
            case FIELD_NAME -> "a field name";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> "a value";
        };
    }
}
