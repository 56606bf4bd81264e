package io.c2spark.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code c2spark --help} as a reader sees it: every command listed (run, submit, cluster included),
 * each summary a whole sentence, and every command's own help stating its exit statuses.
 */
class HelpTest {
    private static final Pattern SENTENCE_END = Pattern.compile(".*[.!?][)\"']?$");

    /** The help text a command prints for --help. */
    private static String help(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = C2SparkMain.commandLine();
        cl.setOut(new PrintWriter(out, true));
        List<String> a = new ArrayList<>(List.of(args));
        a.add("--help");
        assertEquals(0, cl.execute(a.toArray(new String[0])), String.join(" ", a));
        return out.toString();
    }

    /** The Commands: section of a help text, each command's summary with its wrapped lines joined. */
    static Map<String, String> summaries(String help) {
        Map<String, String> m = new LinkedHashMap<>();
        int start = help.indexOf("Commands:\n");
        assertTrue(start >= 0, help);
        String current = null;
        Pattern entry = Pattern.compile("^  (\\S+)\\s+(.*)$");
        for (String line : help.substring(start + "Commands:\n".length()).split("\n")) {
            if (line.isBlank() || !line.startsWith("  ")) {
                break;
            }
            Matcher e = entry.matcher(line);
            if (line.charAt(2) != ' ' && e.matches()) {
                current = e.group(1);
                m.put(current, e.group(2).trim());
            } else {
                m.put(current, m.get(current) + " " + line.trim());
            }
        }
        return m;
    }

    @Test
    void everyCommandIsListedWithASummaryThatEndsASentence() {
        assertSummaries(List.of(), C2SparkMain.commandLine());
        Map<String, String> top = summaries(help());
        for (String name : List.of("run", "submit", "cluster", "settings", "seal", "prove", "verify", "params")) {
            assertTrue(top.containsKey(name), name + " missing from --help: " + top.keySet());
        }
    }

    /** The parser catches a summary cut mid-sentence, as picocli makes of a description's first line. */
    @Test
    void aSummaryCutMidSentenceIsCaught() {
        String help = "Usage: x\nCommands:\n  params  Generate test parameters from local toxic\n"
                + "  ok      A whole sentence that wraps onto\n            a second line.\n";
        Map<String, String> s = summaries(help);
        assertEquals("A whole sentence that wraps onto a second line.", s.get("ok"));
        assertTrue(SENTENCE_END.matcher(s.get("ok")).matches());
        assertTrue(!SENTENCE_END.matcher(s.get("params")).matches());
    }

    private static void assertSummaries(List<String> path, CommandLine command) {
        Map<String, CommandLine> subs = command.getSubcommands();
        if (subs.isEmpty()) {
            return;
        }
        Map<String, String> listed = summaries(help(path.toArray(new String[0])));
        assertEquals(subs.keySet(), listed.keySet(), "c2spark " + String.join(" ", path) + " --help lists every command");
        listed.forEach((name, summary) -> assertTrue(SENTENCE_END.matcher(summary).matches(),
                "c2spark " + String.join(" ", path) + " " + name + ": the summary does not end a sentence: " + summary));
        subs.forEach((name, sub) -> {
            List<String> p = new ArrayList<>(path);
            p.add(name);
            assertSummaries(p, sub);
        });
    }

    /** Every command that does something says in its --help what its exit statuses mean. */
    @Test
    void everyCommandsHelpHasItsExitStatuses() {
        List<List<String>> leaves = new ArrayList<>();
        collectLeaves(List.of(), C2SparkMain.commandLine(), leaves);
        for (List<String> path : leaves) {
            if (path.equals(List.of("help"))) {
                continue;
            }
            String h = help(path.toArray(new String[0])).replaceAll("\\s+", " ");
            assertTrue(h.contains("Exit status: 0 ") || path.get(0).equals("cluster") && h.contains("Usage"),
                    "c2spark " + String.join(" ", path) + " --help: " + h);
        }
        String cluster = help("cluster").replaceAll("\\s+", " ");
        assertTrue(cluster.contains("Exit status: 0 "), cluster);
    }

    private static void collectLeaves(List<String> path, CommandLine c, List<List<String>> out) {
        if (c.getSubcommands().isEmpty()) {
            out.add(path);
            return;
        }
        c.getSubcommands().forEach((name, sub) -> {
            List<String> p = new ArrayList<>(path);
            p.add(name);
            collectLeaves(p, sub, out);
        });
    }
}
