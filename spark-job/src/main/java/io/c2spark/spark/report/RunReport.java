package io.c2spark.spark.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.spark.io.AtomicOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The run's report: JSON lines, one row per partition and per sector (and per failed task
 * attempt, and one for the run), written once at the end through {@link AtomicOutput} so a reader
 * never sees half a report. Rows are kept in order of arrival.
 */
public final class RunReport {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<String> lines = new ArrayList<>();

    /** Adds a row; its map's order is the JSON's field order. */
    public synchronized void add(Map<String, Object> row) {
        try {
            lines.add(JSON.writeValueAsString(row));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("report row is not JSON-serializable: " + row, e);
        }
    }

    public synchronized int size() {
        return lines.size();
    }

    public synchronized void write(FileSystem fs, Path dest, AtomicOutput output) throws IOException {
        output.write(fs, dest, bytes());
    }

    /** The report as written: one JSON row per line. */
    public synchronized byte[] bytes() {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l).append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
