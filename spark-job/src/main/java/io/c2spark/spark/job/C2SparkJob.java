package io.c2spark.spark.job;

import io.c2spark.spark.settings.Settings;
import java.util.HashMap;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Tuple2;

/**
 * The application spark-submit runs: {@code C2SparkJob [c2spark.key=value ...]}. Settings come from
 * the arguments and from the Spark configuration ({@code c2spark.*} or {@code spark.c2spark.*},
 * the spelling spark-submit keeps). Exits 0 when every sector was proven or skipped, 1 when some
 * failed, 2 when the batch could not start.
 */
public final class C2SparkJob {
    /** The application's name under spark-submit and `c2spark run` alike (the UI, the history server, the master). */
    public static final String APP_NAME = "c2spark";

    private C2SparkJob() {
    }

    public static void main(String[] args) {
        SparkConf conf = new SparkConf();
        Settings settings;
        try {
            settings = settings(conf, args);
        } catch (IllegalArgumentException e) {
            System.err.println("c2spark: " + e.getMessage());
            System.exit(2);
            return;
        }
        configure(conf, settings);
        // spark-submit names an application after its main class unless --name is given.
        if (conf.get("spark.app.name", C2SparkJob.class.getName()).equals(C2SparkJob.class.getName())) {
            conf.setAppName(APP_NAME);
        }
        int code;
        try (JavaSparkContext jsc = new JavaSparkContext(EventLogDirectory.prepare(conf))) {
            BatchSummary summary = new BatchDriver(jsc, settings, System.out).run();
            System.out.print(summary.describe());
            code = summary.allGood() ? 0 : 1;
        } catch (Exception e) {
            System.err.println("c2spark: the batch did not run: " + e.getMessage());
            code = 2;
        }
        System.exit(code);
    }

    /** The settings of a SparkConf plus {@code key=value} arguments (the arguments win). */
    public static Settings settings(SparkConf conf, String[] args) {
        Map<String, String> m = new HashMap<>();
        for (Tuple2<String, String> t : conf.getAll()) {
            m.put(t._1(), t._2());
        }
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("argument '" + a + "' is not c2spark.key=value");
            }
            m.remove("spark." + a.substring(0, eq));
            m.put(a.substring(0, eq), a.substring(eq + 1));
        }
        return Settings.of(m);
    }

    /**
     * What every c2spark job needs in its SparkConf: Kryo with our registrator, the executor plugin,
     * speculation off (a duplicate attempt would contend for the same GPU), and the settings under
     * spark.c2spark.* so executors receive them.
     */
    public static SparkConf configure(SparkConf conf, Settings settings) {
        conf.set("spark.serializer", "org.apache.spark.serializer.KryoSerializer");
        append(conf, "spark.kryo.registrator", C2SparkKryoRegistrator.class.getName());
        append(conf, "spark.plugins", C2SparkPlugin.class.getName());
        if (conf.getBoolean("spark.speculation", false)) {
            System.err.println("c2spark: spark.speculation turned off: a speculative copy of a prove task would"
                    + " contend for the same GPU");
        }
        conf.set("spark.speculation", "false");
        settings.asSparkConf().forEach(conf::set);
        return conf;
    }

    private static void append(SparkConf conf, String key, String value) {
        String old = conf.get(key, "");
        if (!java.util.Arrays.asList(old.split(",")).contains(value)) {
            conf.set(key, old.isEmpty() ? value : old + "," + value);
        }
    }
}
