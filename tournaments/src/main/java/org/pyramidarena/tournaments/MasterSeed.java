package org.pyramidarena.tournaments;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key every seed of a run derives from: each match seed, deal seed, bot seed and chance seed
 * is an HMAC-SHA-256 under this key (or under a seed derived from it) of a stream name and a path
 * of indices. HMAC is one-way: a bot that knows its own seed learns neither the match seed, nor
 * the deal seed, nor the master seed from it, unlike with an invertible mixing function. It
 * protects only a master seed nobody can guess: whoever knows the master seed computes every seed
 * of the run.
 *
 * <p>A seed has two forms. A whole number {@code N} (the {@code --seed N} of old, default 1) is the
 * key of 8 bytes, {@code N} big-endian; its text is the decimal number. A secret seed is a key of 32
 * random bytes; its text is 64 lowercase hex digits. The number {@code N} and the 64 hex digits of
 * {@code N}'s 8 bytes followed by 24 zero bytes are the same HMAC key (HMAC pads a short key with
 * zeros), so they derive the same seeds, though they are not {@link #equals equal}; a drawn secret
 * never has that shape in practice.
 *
 * <p>Equal seeds give equal derived seeds on every machine and JDK.
 */
public final class MasterSeed {

    /** What a {@code --seed} option takes to draw a new secret seed: {@value}. */
    public static final String SECRET = "secret";

    /** The length of a secret seed's key, in bytes. */
    public static final int SECRET_BYTES = 32;

    private static final String ALGORITHM = "HmacSHA256";
    private static final HexFormat HEX = HexFormat.of();

    /**
     * Each thread's Macs, each kept initialised with the last key it was given: looking the
     * algorithm up costs more than the HMAC itself, and setting a key up costs a good part of it.
     * A match derives its seeds from a few keys in turn (the master seed's for its match and deal
     * seeds, its match seed's for each seat's bot, its deal seed's for chance), so a few Macs keyed
     * with the keys used last serve most derivations without a new key.
     */
    private static final ThreadLocal<PreparedMacs> MACS = ThreadLocal.withInitial(PreparedMacs::new);

    private final byte[] key;
    private final String text;

    private MasterSeed(byte[] key, String text) {
        this.key = key;
        this.text = text;
    }

    /** The seed of a whole number: the key is the number's 8 bytes, big-endian. */
    public static MasterSeed of(long number) {
        return new MasterSeed(bytes(number), Long.toString(number));
    }

    /** A new secret seed: 32 bytes from {@link SecureRandom}. */
    public static MasterSeed secret() {
        byte[] key = new byte[SECRET_BYTES];
        new SecureRandom().nextBytes(key);
        return new MasterSeed(key, HEX.formatHex(key));
    }

    /**
     * The seed a text gives back: a decimal whole number (a signed 64-bit one), or 64 hex digits
     * (either case).
     *
     * @throws IllegalArgumentException with one line saying what a seed looks like
     */
    public static MasterSeed parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.matches("-?[0-9]{1,19}")) {
            try {
                return of(Long.parseLong(text));
            } catch (NumberFormatException beyondLong) {
                // falls through to the message below
            }
        } else if (text.length() == 2 * SECRET_BYTES && text.matches("[0-9a-fA-F]+")) {
            byte[] key = HEX.parseHex(text.toLowerCase(java.util.Locale.ROOT));
            return new MasterSeed(key, HEX.formatHex(key));
        }
        throw notASeed(text, "a whole number such as 1, or 64 hex digits");
    }

    /**
     * The seed a {@code --seed} option or a settings file names: {@value #SECRET} draws a new secret
     * seed ({@link #secret()}), anything else is {@link #parse(String) parsed}.
     *
     * @throws IllegalArgumentException with one line saying what a seed looks like
     */
    public static MasterSeed parseOrDraw(String text) {
        if (SECRET.equals(text)) {
            return secret();
        }
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw notASeed(text, "a whole number such as 1, 64 hex digits, or " + SECRET + " to draw a new secret seed");
        }
    }

    private static IllegalArgumentException notASeed(String text, String forms) {
        return new IllegalArgumentException("'" + text + "' is not a seed (" + forms + ")");
    }

    /** The seed as {@link #parse(String)} reads it: the decimal number, or 64 lowercase hex digits. */
    public String text() {
        return text;
    }

    /**
     * True for a 32-byte seed (one drawn by {@link #secret()} or given as 64 hex digits): a key that
     * is worth keeping to oneself until the run is over. A whole number never is: it is guessable.
     */
    public boolean isSecret() {
        return key.length == SECRET_BYTES;
    }

    /**
     * A seed derived from this one: the first 8 bytes, big-endian, of HMAC-SHA-256 under this key of
     * the stream name in UTF-8, a 0 byte, and each path element as 8 big-endian bytes.
     *
     * @param stream what the seed is for, e.g. {@code "match"} or {@code "deal"}; distinct streams give
     *     unrelated seeds
     * @param path the indices that tell apart the seeds of one stream, e.g. a match's index
     */
    public long derive(String stream, long... path) {
        return derive(key, stream, path);
    }

    /**
     * A seed derived from a derived seed, used as an 8-byte key: {@code MasterSeed.of(seed).derive(stream, path)}.
     * A match's bot seeds derive so from its match seed, its chance seed from its deal seed.
     */
    public static long derive(long seed, String stream, long... path) {
        return derive(bytes(seed), stream, path);
    }

    private static long derive(byte[] key, String stream, long... path) {
        Mac mac = MACS.get().keyed(key);
        mac.update(stream.getBytes(StandardCharsets.UTF_8));
        mac.update((byte) 0);
        for (long step : path) {
            mac.update(bytes(step));
        }
        return ByteBuffer.wrap(mac.doFinal()).getLong();
    }

    /** A thread's Macs with the keys they hold, the least recently used one keyed anew when no key matches. */
    private static final class PreparedMacs {
        private static final int SIZE = 4;
        private final Mac[] macs = new Mac[SIZE];
        private final byte[][] keys = new byte[SIZE][];
        private final long[] used = new long[SIZE];
        private long uses;

        /** A Mac initialised with {@code key}, ready for a derivation (a Mac is reset to its key by doFinal). */
        Mac keyed(byte[] key) {
            uses++;
            int oldest = 0;
            for (int i = 0; i < SIZE; i++) {
                if (keys[i] != null && Arrays.equals(keys[i], key)) {
                    used[i] = uses;
                    return macs[i];
                }
                if (used[i] < used[oldest]) {
                    oldest = i;
                }
            }
            try {
                if (macs[oldest] == null) {
                    macs[oldest] = Mac.getInstance(ALGORITHM);
                }
                macs[oldest].init(new SecretKeySpec(key, ALGORITHM));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(ALGORITHM + " is in every JVM and takes any key", e);
            }
            keys[oldest] = key.clone();
            used[oldest] = uses;
            return macs[oldest];
        }
    }

    private static byte[] bytes(long value) {
        return ByteBuffer.allocate(Long.BYTES).putLong(value).array();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof MasterSeed seed && Arrays.equals(key, seed.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    /** The text of a whole number; a secret seed shows as {@code secret}, so that a log line never leaks it. */
    @Override
    public String toString() {
        return isSecret() ? "secret" : text;
    }
}
