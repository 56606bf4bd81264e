package io.c2spark.core.porep.seal;

import io.c2spark.core.porep.hash.FilecoinSha256;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The chosen values of a synthetic sector (prover id, ticket, interactive seed), all derived from
 * one 32-byte generator seed, so that a synthetic C1 can be made again from its seed alone: given
 * the same seed, sector size, porep id version and sector id, {@link SyntheticSector#c1} yields the
 * same C1 byte for byte (everything else in it, fillers included, follows from these values).
 *
 * <p>The derivation (c2spark's own, fixed): each value is SHA-256 of the ASCII tag
 * {@code "c2spark synthetic sector/"} followed by the value's name ({@code prover_id},
 * {@code ticket}, {@code seed}) and then the 32 generator seed bytes, with the digest's two top
 * bits cleared (byte 31 &amp;= 0x3F, as Filecoin's tickets and field elements have them).
 */
public final class SyntheticInputs {
    public static final int SEED_BYTES = 32;
    private static final String TAG = "c2spark synthetic sector/";

    private final byte[] generatorSeed;
    private final byte[] proverId;
    private final byte[] ticket;
    private final byte[] seed;

    private SyntheticInputs(byte[] generatorSeed) {
        this.generatorSeed = generatorSeed.clone();
        this.proverId = derive("prover_id", generatorSeed);
        this.ticket = derive("ticket", generatorSeed);
        this.seed = derive("seed", generatorSeed);
    }

    /** The values derived from {@code generatorSeed} (32 bytes). */
    public static SyntheticInputs fromSeed(byte[] generatorSeed) {
        if (generatorSeed.length != SEED_BYTES) {
            throw new IllegalArgumentException("the generator seed has " + SEED_BYTES + " bytes, got "
                    + generatorSeed.length);
        }
        return new SyntheticInputs(generatorSeed);
    }

    /** A generator seed parsed from 64 hex digits, as {@link #seedHex()} writes it. */
    public static SyntheticInputs fromHex(String hex) {
        byte[] seed;
        try {
            seed = HexFormat.of().parseHex(hex.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the seed is not hex: '" + hex + "'");
        }
        if (seed.length != SEED_BYTES) {
            throw new IllegalArgumentException("the seed must be " + SEED_BYTES + " bytes (" + 2 * SEED_BYTES
                    + " hex digits), got " + seed.length);
        }
        return fromSeed(seed);
    }

    /** The values derived from a fresh random generator seed. */
    public static SyntheticInputs random() {
        byte[] seed = new byte[SEED_BYTES];
        new SecureRandom().nextBytes(seed);
        return fromSeed(seed);
    }

    /** The generator seed as 64 lower-case hex digits. */
    public String seedHex() {
        return HexFormat.of().formatHex(generatorSeed);
    }

    public byte[] generatorSeed() {
        return generatorSeed.clone();
    }

    public byte[] proverId() {
        return proverId.clone();
    }

    public byte[] ticket() {
        return ticket.clone();
    }

    /** The interactive seed (the challenges' randomness). */
    public byte[] seed() {
        return seed.clone();
    }

    private static byte[] derive(String name, byte[] generatorSeed) {
        return FilecoinSha256.hash((TAG + name).getBytes(StandardCharsets.US_ASCII), generatorSeed);
    }
}
