package io.c2spark.spark.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.spark.job.BatchDriver;
import io.c2spark.spark.job.BatchSummary;
import io.c2spark.spark.job.C2SparkJob;
import io.c2spark.spark.settings.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** Starts Spark the way the job does (Kryo with registration required) and reads back what a run wrote. */
public final class JobHarness {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JobHarness() {
    }

    public static SparkConf conf(String master) {
        return new SparkConf().setMaster(master).setAppName("c2spark-test")
                .set("spark.ui.enabled", "false")
                .set("spark.kryo.registrationRequired", "true")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.c2spark.workload", FieldPowerTestWorkload.NAME);
    }

    public static JavaSparkContext start(SparkConf conf) {
        Map<String, String> m = new HashMap<>();
        for (scala.Tuple2<String, String> t : conf.getAll()) {
            m.put(t._1(), t._2());
        }
        C2SparkJob.configure(conf, Settings.of(m));
        return new JavaSparkContext(conf);
    }

    /**
     * Runs a batch with these settings added to the context's; the console output is kept. Unless
     * the test names one, the fallback folder is under java.io.tmpdir rather than the working
     * directory, which is the module's source folder.
     */
    public static Run run(JavaSparkContext jsc, Map<String, String> extra) throws Exception {
        Map<String, String> m = new HashMap<>();
        for (scala.Tuple2<String, String> t : jsc.getConf().getAll()) {
            m.put(t._1(), t._2());
        }
        m.put("c2spark.output.fallbackDir", System.getProperty("java.io.tmpdir"));
        m.putAll(extra);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        BatchSummary s;
        try (PrintStream ps = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            s = new BatchDriver(jsc, Settings.of(m), ps).run();
        }
        String text = console.toString(StandardCharsets.UTF_8);
        System.out.print(text);
        System.out.print(s.describe());
        Path report = new Path(s.reportPath());
        return new Run(s, readReport(report.getFileSystem(jsc.hadoopConfiguration()), report), text);
    }

    public static List<JsonNode> readReport(FileSystem fs, Path report) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        for (String line : new String(readAll(fs, report), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                rows.add(JSON.readTree(line));
            }
        }
        return rows;
    }

    public static byte[] readAll(FileSystem fs, Path p) throws IOException {
        byte[] b = new byte[(int) fs.getFileStatus(p).getLen()];
        try (FSDataInputStream in = fs.open(p)) {
            in.readFully(0, b);
        }
        return b;
    }

    /** A finished batch: its summary, its report rows, its console output. */
    public static final class Run {
        public final BatchSummary summary;
        public final List<JsonNode> rows;
        public final String console;

        Run(BatchSummary summary, List<JsonNode> rows, String console) {
            this.summary = summary;
            this.rows = rows;
            this.console = console;
        }

        public List<JsonNode> rows(String type) {
            List<JsonNode> l = new ArrayList<>();
            for (JsonNode r : rows) {
                if (r.get("type").asText().equals(type)) {
                    l.add(r);
                }
            }
            return l;
        }

        public JsonNode sector(String id) {
            for (JsonNode r : rows("sector")) {
                if (r.get("sector").asText().equals(id)) {
                    return r;
                }
            }
            throw new AssertionError("no sector row for " + id + " in " + rows);
        }
    }
}
