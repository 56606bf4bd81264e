package io.c2spark.spark.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.c2spark.gpu.coordinator.DeviceUnhealthyException;
import io.c2spark.gpu.runtime.CudaException;
import io.c2spark.spark.workload.Device;
import io.c2spark.spark.workload.DeviceFatalException;
import org.junit.jupiter.api.Test;

/** What ends an executor: a device its coordinator marked unhealthy, or a failed CUDA call around the run. */
class CoordinatedTasksTest {
    private static final Device GPU = Device.gpu("0", Device.Source.SPARK);

    @Test
    void deviceErrorsAroundTheRunAreFatalAndOthersAreNot() {
        DeviceFatalException unhealthy = assertThrows(DeviceFatalException.class, () -> CoordinatedTasks.onDevice(GPU,
                () -> {
                    throw new DeviceUnhealthyException(0, new CudaException("cuEventSynchronize failed on GPU 0: "
                            + "CUDA_ERROR_ILLEGAL_ADDRESS", 700));
                }));
        assertEquals(GPU.label() + ": GPU 0 is unhealthy after a device error (cuEventSynchronize failed on GPU 0: "
                + "CUDA_ERROR_ILLEGAL_ADDRESS); no result leaves this device and its executor should exit",
                unhealthy.getMessage());
        DeviceFatalException bind = assertThrows(DeviceFatalException.class, () -> CoordinatedTasks.onDevice(GPU, () -> {
            throw new CudaException("cuCtxSetCurrent failed on GPU 0: CUDA_ERROR_ILLEGAL_ADDRESS", 700);
        }));
        assertEquals(GPU.label() + ": cuCtxSetCurrent failed on GPU 0: CUDA_ERROR_ILLEGAL_ADDRESS", bind.getMessage());
        assertThrows(IllegalStateException.class, () -> CoordinatedTasks.onDevice(GPU, () -> {
            throw new IllegalStateException("a host error: the task fails and is retried, the executor stays");
        }));
    }
}
