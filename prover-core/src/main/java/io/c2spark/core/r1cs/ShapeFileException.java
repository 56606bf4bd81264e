package io.c2spark.core.r1cs;

import java.io.IOException;

/** A malformed circuit shape file; the message names the file and the field. */
public final class ShapeFileException extends IOException {
    public ShapeFileException(String message) {
        super(message);
    }

    public ShapeFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
