package io.c2spark.core.groth16;

import java.io.IOException;

/** A malformed parameter or verifying-key file; the message names the file, the section and the point. */
public final class ParameterFileException extends IOException {
    public ParameterFileException(String message) {
        super(message);
    }

    public ParameterFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
