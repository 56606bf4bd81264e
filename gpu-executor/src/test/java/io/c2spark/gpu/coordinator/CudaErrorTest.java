package io.c2spark.gpu.coordinator;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.c2spark.gpu.cpu.CpuStreamBackend;
import io.c2spark.gpu.runtime.CudaException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A failed CUDA call while a partition's work is enqueued (a launch or copy that returns the sticky
 * error an earlier kernel left, say) marks the device unhealthy as a failed wait does: the
 * partition fails with DeviceUnhealthyException, the listener hears of it, later partitions fail at
 * once.
 */
class CudaErrorTest {
    private final CpuStreamBackend backend = new CpuStreamBackend(0);

    @AfterEach
    void tearDown() {
        backend.close();
    }

    @Test
    @Timeout(30)
    void aFailedCudaCallWhileEnqueueingMarksTheDeviceUnhealthy() throws Exception {
        AtomicInteger heard = new AtomicInteger();
        GpuCoordinator c = new GpuCoordinator(backend, VramLedger.none(), GpuCoordinator.Options.defaults()
                .withFailureListener((device, failure) -> heard.incrementAndGet()).withKeyLog(line -> { }));
        TestKey key = TestKey.small("key", 2).on(c);
        c.load(key);
        TimedWork launchFails = new TimedWork(backend, 5, 0) {
            @Override
            public void enqueueCompute(Slot<Buffer> slot) {
                throw new CudaException("cuLaunchKernel(r1cs_spmv, 64x256) failed on GPU 0: CUDA_ERROR_ILLEGAL_ADDRESS", 700);
            }
        };
        DeviceUnhealthyException e = assertThrows(DeviceUnhealthyException.class, () -> c.run(key, launchFails));
        assertTrue(e.getMessage().contains("CUDA_ERROR_ILLEGAL_ADDRESS"), e.getMessage());
        assertFalse(c.healthy());
        assertTrue(heard.get() == 1);
        assertThrows(DeviceUnhealthyException.class, () -> c.run(key, new TimedWork(backend, 6, 0)));
    }
}
