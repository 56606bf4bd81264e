package io.c2spark.spark.device;

import io.c2spark.spark.workload.Device;
import java.util.Map;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;

/**
 * The device of one running task, held for the task's duration: Spark's gpu address when the task
 * was scheduled with a gpu resource, otherwise one the executor hands out ({@link LocalDevices}).
 */
public final class TaskDevice implements AutoCloseable {
    public static final String GPU_RESOURCE = "gpu";

    private final Device device;
    private final LocalDevices local;

    private TaskDevice(Device device, LocalDevices local) {
        this.device = device;
        this.local = local;
    }

    public static TaskDevice acquire(TaskContext context, LocalDevices local) {
        Map<String, ResourceInformation> resources = context == null ? Map.of() : context.resourcesJMap();
        ResourceInformation gpu = resources.get(GPU_RESOURCE);
        if (gpu != null && gpu.addresses().length > 0) {
            if (gpu.addresses().length > 1) {
                throw new IllegalStateException("a prove task uses one GPU, Spark gave it "
                        + String.join(",", gpu.addresses()) + ": set spark.task.resource.gpu.amount <= 1");
            }
            return new TaskDevice(Device.gpu(gpu.addresses()[0], Device.Source.SPARK), null);
        }
        return new TaskDevice(local.acquire(), local);
    }

    public Device device() {
        return device;
    }

    @Override
    public void close() {
        if (local != null) {
            local.release(device);
        }
    }
}
