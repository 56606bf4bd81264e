package io.c2spark.gpu.runtime;

/** A failed CUDA driver call; the message names the call, the device and the driver's error name. */
public final class CudaException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int code;

    public CudaException(String message, int code) {
        super(message);
        this.code = code;
    }

    /** The CUresult value the driver returned. */
    public int code() {
        return code;
    }
}
