package io.c2spark.spark.job;

import io.c2spark.spark.settings.Settings;
import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;
import org.apache.spark.resource.ResourceInformation;
import scala.Tuple2;

/**
 * Loads each executor's prover at start-up (spark.plugins), so device state and parameters are
 * ready before the first task. The executor then tells the driver whether its prover started; one
 * that did not stays up and refuses its tasks ({@link ExecutorState}), and the driver, which
 * collects these reports in {@link ExecutorSetups}, stops the run when no executor can prove. Both
 * sides register {@link ProverMetrics} with Spark's metrics system.
 */
public final class C2SparkPlugin implements SparkPlugin {
    @Override
    public DriverPlugin driverPlugin() {
        return new DriverPlugin() {
            private SparkContext sc;

            @Override
            public Map<String, String> init(SparkContext sc, PluginContext ctx) {
                this.sc = sc;
                ExecutorSetups.register(sc);
                return Collections.emptyMap();
            }

            @Override
            public void registerMetrics(String appId, PluginContext ctx) {
                ProverMetrics.registerDriver(sc, ctx.metricRegistry());
            }

            @Override
            public Object receive(Object message) {
                ExecutorSetups setups = ExecutorSetups.of(sc);
                if (message instanceof ExecutorStartup && setups != null) {
                    setups.startupReported((ExecutorStartup) message);
                }
                return null;
            }

            @Override
            public void shutdown() {
                ExecutorSetups.unregister(sc);
                ProverMetrics.unregisterDriver(sc);
            }
        };
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return new ExecutorPlugin() {
            @Override
            public void init(PluginContext ctx, Map<String, String> extraConf) {
                // In local mode the executor is the driver's JVM, and its source would take the driver's name.
                if (!"driver".equals(ctx.executorID())) {
                    ProverMetrics.registerExecutor(ctx.metricRegistry());
                }
                ResourceInformation gpu = ctx.resources().get("gpu");
                Optional<String> problem = ExecutorState.start(settingsOf(ctx.conf()),
                        gpu == null ? null : List.of(gpu.addresses()));
                try {
                    ctx.send(new ExecutorStartup(ctx.executorID(), problem.orElse(null)));
                } catch (IOException e) {
                    System.err.println("c2spark: executor " + ctx.executorID() + " could not report its start-up"
                            + " to the driver: " + e);
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
