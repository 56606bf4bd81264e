package io.c2spark.spark.job;

import io.c2spark.spark.settings.Settings;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;
import org.apache.spark.resource.ResourceInformation;
import scala.Tuple2;

/**
 * Loads each executor's prover at start-up (spark.plugins), so device state and parameters are
 * ready before the first task, and a prover that cannot start fails the executor at once.
 */
public final class C2SparkPlugin implements SparkPlugin {
    @Override
    public DriverPlugin driverPlugin() {
        return null;
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return new ExecutorPlugin() {
            @Override
            public void init(PluginContext ctx, Map<String, String> extraConf) {
                try {
                    ResourceInformation gpu = ctx.resources().get("gpu");
                    ExecutorState.get(settingsOf(ctx.conf()), gpu == null ? null : List.of(gpu.addresses()));
                } catch (Exception e) {
                    throw new IllegalStateException("c2spark: the executor's prover did not start: " + e.getMessage(), e);
                }
            }

            @Override
            public void shutdown() {
                try {
                    ExecutorState.stop();
                } catch (Exception e) {
                    throw new IllegalStateException("c2spark: closing the executor's prover failed", e);
                }
            }
        };
    }

    static Settings settingsOf(SparkConf conf) {
        Map<String, String> m = new HashMap<>();
        for (Tuple2<String, String> t : conf.getAll()) {
            m.put(t._1(), t._2());
        }
        return Settings.of(m);
    }
}
