package io.c2spark.gpu.runtime;

import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * The one checked path for every driver call: {@code Cuda.check(JCudaDriver.cuX(...), "cuX", device)}.
 * JCuda's own exception mode stays off so that the message can carry the device and the call.
 */
public final class Cuda {
    private Cuda() {
    }

    /** Throws {@link CudaException} unless {@code result} is CUDA_SUCCESS. */
    public static void check(int result, String call, int device) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new CudaException(call + " failed on GPU " + device + ": " + CUresult.stringFor(result)
                    + " (" + result + ")", result);
        }
    }

    /** Like {@link #check} for cleanup paths: reports instead of throwing, so closing never throws. */
    static void checkQuietly(int result, String call, int device) {
        if (result != CUresult.CUDA_SUCCESS) {
            System.err.println("[gpu-executor] " + call + " failed on GPU " + device + " while releasing: "
                    + CUresult.stringFor(result));
        }
    }

    static void init() {
        JCudaDriver.setExceptionsEnabled(false);
        check(JCudaDriver.cuInit(0), "cuInit", -1);
    }
}
