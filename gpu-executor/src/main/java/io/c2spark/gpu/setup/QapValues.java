package io.c2spark.gpu.setup;

import io.c2spark.gpu.runtime.DeviceBuffer;

/**
 * u_j(tau), v_j(tau), w_j(tau) for every variable j (inputs, then aux), on the device: three arrays
 * of {@code variables} Fr elements (Montgomery), closed together.
 */
public record QapValues(DeviceBuffer u, DeviceBuffer v, DeviceBuffer w, int variables) implements AutoCloseable {
    @Override
    public void close() {
        u.close();
        v.close();
        w.close();
    }
}
