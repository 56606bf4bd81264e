package io.c2spark.spark.io;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The driver's Hadoop configuration carried to tasks (Hadoop's Configuration is not Serializable):
 * a snapshot of its entries, rebuilt once per task.
 */
public final class HadoopConf implements Serializable {
    private static final long serialVersionUID = 1L;

    private static HashMap<String, String> lastEntries;
    private static Configuration last;

    private final HashMap<String, String> entries;

    private HadoopConf(HashMap<String, String> entries) {
        this.entries = entries;
    }

    public static HadoopConf of(Configuration conf) {
        HashMap<String, String> m = new HashMap<>();
        for (Map.Entry<String, String> e : conf) {
            m.put(e.getKey(), e.getValue());
        }
        return new HadoopConf(m);
    }

    /**
     * The configuration, built once per JVM for equal snapshots: setting a thousand entries costs
     * more than a small task. Callers must not modify it.
     */
    public Configuration toConfiguration() {
        synchronized (HadoopConf.class) {
            if (lastEntries == null || !lastEntries.equals(entries)) {
                Configuration c = new Configuration(false);
                entries.forEach(c::set);
                lastEntries = entries;
                last = c;
            }
            return last;
        }
    }
}
