package io.c2spark.gpu.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.Map;

import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

/** The fatbin, loaded from the class path into the current context, with every kernel resolved. */
public final class KernelModule implements AutoCloseable {
    /** Where native-cuda's build puts the fatbin inside its jar. */
    public static final String FATBIN_RESOURCE = "/io/c2spark/cuda/c2spark.fatbin";

    private final int device;
    private final CUmodule module = new CUmodule();
    private final Map<Kernel, CUfunction> functions = new EnumMap<>(Kernel.class);
    private boolean closed;

    KernelModule(int device) {
        this.device = device;
        byte[] image = readFatbin();
        Cuda.check(JCudaDriver.cuModuleLoadData(module, image), "cuModuleLoadData(" + FATBIN_RESOURCE + ")", device);
        for (Kernel k : Kernel.values()) {
            CUfunction f = new CUfunction();
            Cuda.check(JCudaDriver.cuModuleGetFunction(f, module, k.symbol), "cuModuleGetFunction(" + k.symbol + ")", device);
            functions.put(k, f);
        }
    }

    /** The fatbin's bytes; fails with a message naming the resource when the build had no nvcc. */
    public static byte[] readFatbin() {
        try (InputStream in = KernelModule.class.getResourceAsStream(FATBIN_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource " + FATBIN_RESOURCE + " is missing: native-cuda was built"
                        + " without nvcc (see native-cuda/build-fatbin.sh)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + FATBIN_RESOURCE, e);
        }
    }

    public CUfunction function(Kernel k) {
        return functions.get(k);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Cuda.checkQuietly(JCudaDriver.cuModuleUnload(module), "cuModuleUnload", device);
        }
    }
}
