package io.c2spark.spark.job;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkConf;

/**
 * Creates the event log directory before the SparkContext starts: Spark refuses to start when
 * spark.eventLog.enabled names a directory that does not exist, and the shipped configurations turn
 * event logs on, so a fresh driver machine would otherwise fail its first run.
 */
public final class EventLogDirectory {
    /** Spark's default spark.eventLog.dir. */
    static final String SPARK_DEFAULT = "/tmp/spark-events";

    private EventLogDirectory() {
    }

    /** Makes the directory where event logs are on; returns the conf. A failure is Spark's to report. */
    public static SparkConf prepare(SparkConf conf) {
        if (!conf.getBoolean("spark.eventLog.enabled", false)) {
            return conf;
        }
        String dir = conf.get("spark.eventLog.dir", SPARK_DEFAULT);
        try {
            Path p = new Path(dir);
            FileSystem fs = p.getFileSystem(new Configuration());
            if (!fs.isDirectory(p)) {
                fs.mkdirs(p);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("c2spark: could not create the event log directory " + dir + " (spark.eventLog.dir): "
                    + e.getMessage());
        }
        return conf;
    }
}
