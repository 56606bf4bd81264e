package io.c2spark.core.porep;

/** A registered proof that c2spark recognises but cannot prove or seal. */
public final class UnsupportedSealProofException extends IllegalArgumentException {
    public UnsupportedSealProofException(String message) {
        super(message);
    }
}
