package io.c2spark.spark.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.c2spark.spark.io.SectorFile;
import io.c2spark.spark.task.FailedAttempt;
import io.c2spark.spark.task.PartitionOutcome;
import io.c2spark.spark.task.PrepareOutcome;
import io.c2spark.spark.task.SetupRefusal;
import io.c2spark.spark.task.TaskPlace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.Test;

/**
 * Each report row's keys, their order and their values, as notebooks/c2spark_report.py and the
 * job's tests read them.
 */
class ReportRowsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SectorFile FILE = new SectorFile("s1", "file:/in/s1.json", 1234);

    private static ReportRows rows(SparkConf conf) {
        return new ReportRows("r1", 2, 3, conf, "0,1");
    }

    private static String line(Map<String, Object> row) {
        RunReport report = new RunReport();
        report.add(row);
        return new String(report.bytes(), StandardCharsets.UTF_8).trim();
    }

    private static PartitionOutcome outcome(int partition, long proveNanos, Map<String, Double> deviceClock) {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("witness", 1_234_567L);
        phases.put("prove", 2_000_000L);
        return new PartitionOutcome("s1", partition, new byte[192], phases, Map.of("slot", 5_005_000L), deviceClock,
                99, "gpu:1", "spark", "7", "h1", 2, 1000, 2000, 3_333_333L, proveNanos);
    }

    @Test
    void partitionRow() {
        assertEquals("{\"type\":\"partition\",\"run\":\"r1\",\"sector\":\"s1\",\"partition\":3,\"result\":\"proven\","
                + "\"inputBytes\":99,\"proofBytes\":192,\"executor\":\"7\",\"host\":\"h1\",\"device\":\"gpu:1\","
                + "\"deviceSource\":\"spark\",\"attempt\":2,\"startMs\":1000,\"endMs\":2000,\"readMs\":3.33,"
                + "\"proveMs\":4.57,\"phasesMs\":{\"witness\":1.23,\"prove\":2.0},\"waitsMs\":{\"slot\":5.01},"
                + "\"deviceClockMs\":{\"kernelsStart\":1.5}}",
                line(rows(new SparkConf(false)).partition(outcome(3, 4_567_000L, Map.of("kernelsStart", 1.5)))));
        assertTrue(!line(rows(new SparkConf(false)).partition(outcome(3, 1, Map.of()))).contains("deviceClockMs"),
                "a prover without a device clock has none");
    }

    @Test
    void sectorNeverTakenUp() {
        assertEquals("{\"type\":\"sector\",\"run\":\"r1\",\"sector\":\"s1\",\"input\":\"file:/in/s1.json\","
                + "\"inputBytes\":1234,\"result\":\"skipped\",\"reason\":\"a proof exists: x\",\"verifyMs\":0.0,"
                + "\"writeMs\":0.0,\"wallMs\":0.0}",
                line(rows(new SparkConf(false)).sector(FILE, "skipped", "a proof exists: x")));
    }

    @Test
    void sectorVerified() throws Exception {
        SectorTimes times = new SectorTimes();
        times.proveSubmitted();
        times.proven();
        PrepareOutcome prepared = new PrepareOutcome("s1", null, 2, new byte[0], Map.of("sectorSize", "2KiB"),
                new long[] {10, 20}, 7_000_000L, "3", "h3", 0, 500, 600);
        PartitionOutcome[] partitions = {outcome(0, 1_000_000L, Map.of()), outcome(1, 2_500_000L, Map.of())};
        Map<String, Object> row = rows(new SparkConf(false)).sector(FILE, "verified", null, times, prepared,
                partitions, 1_500_000L, 250_000L);
        JsonNode n = JSON.readTree(line(row));
        assertEquals(List.of("type", "run", "sector", "input", "inputBytes", "result", "partitions", "facts",
                "partitionInputBytes", "prepareMs", "prepareExecutor", "prepareHost", "prepareStartMs", "prepareEndMs",
                "prepareSubmittedMs", "proveSubmittedMs", "provenMs", "endMs", "proveMsSum", "verifyMs", "writeMs",
                "wallMs"), keys(n));
        assertEquals("{\"sectorSize\":\"2KiB\"}", n.get("facts").toString());
        assertEquals(2, n.get("partitions").asInt());
        assertEquals(30, n.get("partitionInputBytes").asLong());
        assertEquals(7.0, n.get("prepareMs").asDouble());
        assertEquals("3", n.get("prepareExecutor").asText());
        assertEquals("h3", n.get("prepareHost").asText());
        assertEquals(500, n.get("prepareStartMs").asLong());
        assertEquals(600, n.get("prepareEndMs").asLong());
        assertTrue(n.get("prepareSubmittedMs").asLong() <= n.get("proveSubmittedMs").asLong());
        assertTrue(n.get("proveSubmittedMs").asLong() <= n.get("provenMs").asLong());
        assertTrue(n.get("provenMs").asLong() <= n.get("endMs").asLong());
        assertEquals(3.5, n.get("proveMsSum").asDouble());
        assertEquals(1.5, n.get("verifyMs").asDouble());
        assertEquals(0.25, n.get("writeMs").asDouble());
        assertTrue(n.get("wallMs").isDouble() && n.get("wallMs").asDouble() >= 0, n.toString());
    }

    @Test
    void sectorFailedBeforeProving() throws Exception {
        PrepareOutcome rejected = new PrepareOutcome("s1", "bad header", 0, new byte[0], Map.of(), new long[0], 1, "3",
                "h3", 0, 500, 600);
        JsonNode n = JSON.readTree(line(rows(new SparkConf(false)).sector(FILE, "failed", "bad header",
                new SectorTimes(), rejected, null, 0, 0)));
        assertEquals(List.of("type", "run", "sector", "input", "inputBytes", "result", "reason", "prepareSubmittedMs",
                "endMs", "verifyMs", "writeMs", "wallMs"), keys(n));
    }

    @Test
    void attemptRows() {
        assertEquals("{\"type\":\"attempt\",\"run\":\"r1\",\"stage\":\"prove\",\"sector\":\"s1\",\"partition\":1,"
                + "\"executor\":\"4\",\"host\":\"h4\",\"attempt\":0,\"result\":\"failed\",\"reason\":\"lost\"}",
                line(rows(new SparkConf(false)).attempt(new FailedAttempt("prove", "s1", 1, "4", "h4", 0, "lost"))));
        assertEquals("{\"type\":\"attempt\",\"run\":\"r1\",\"stage\":\"prepare\",\"sector\":\"s1\",\"partition\":0,"
                + "\"executor\":\"?\",\"host\":\"?\",\"attempt\":0,\"result\":\"refused\",\"reason\":\"no params\"}",
                line(rows(new SparkConf(false)).attempt(new SetupRefusal("prepare", "s1", 0, TaskPlace.current(),
                        "no params"))));
    }

    @Test
    void fallbackRow() {
        assertEquals("{\"type\":\"fallback\",\"run\":\"r1\",\"file\":\"report\",\"intended\":\"/r/report.jsonl\","
                + "\"reason\":\"denied\"}", line(rows(new SparkConf(false)).fallback("report", "/r/report.jsonl",
                "denied")));
    }

    @Test
    void runRowInLocalMode() {
        assertEquals("{\"type\":\"run\",\"run\":\"r1\",\"sectors\":5,\"verified\":3,\"failed\":1,\"skipped\":1,"
                + "\"wallMs\":12.35,\"proofsPerDevice\":{\"executor driver gpu:0\":4},\"sectorsInFlight\":2,"
                + "\"prepareAhead\":3,\"master\":\"local[2]\",\"localGpus\":\"0,1\"}",
                line(rows(new SparkConf(false).set("spark.master", "local[2]")).run(5, 3, 1, 1, 12_345_678L,
                        Map.of("executor driver gpu:0", 4L), null, Map.of(), 0, List.of())));
    }

    @Test
    void runRowWithEverythingToTell() {
        SparkConf conf = new SparkConf(false).set("spark.master", "spark://m:7077")
                .set("spark.task.resource.gpu.amount", "0.25").set("spark.executor.resource.gpu.amount", "2");
        assertEquals("{\"type\":\"run\",\"run\":\"r1\",\"sectors\":2,\"verified\":0,\"failed\":2,\"skipped\":0,"
                + "\"wallMs\":1.0,\"proofsPerDevice\":{},\"stopped\":\"no executor can prove\","
                + "\"setupProblems\":{\"no params\":[\"1\",\"2\"]},\"proofsInFallback\":1,\"executorsLost\":[\"3\"],"
                + "\"sectorsInFlight\":2,\"prepareAhead\":3,\"master\":\"spark://m:7077\",\"workersPerGpu\":4,"
                + "\"gpusPerExecutor\":2}",
                line(rows(conf).run(2, 0, 2, 0, 1_000_000L, Map.of(), "no executor can prove",
                        Map.of("no params", List.of("1", "2")), 1, List.of("3"))));
    }

    private static List<String> keys(JsonNode n) {
        List<String> l = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            l.add(it.next());
        }
        return l;
    }
}
