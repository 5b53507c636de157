package org.pyramidarena.arena.server.contest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The contest's secret tokens: 32 random bytes from {@link SecureRandom}, shown once as URL-safe
 * Base64 and kept only as their SHA-256. A token is checked by hashing what was presented and
 * comparing the hashes with {@link MessageDigest#isEqual}, whose time does not depend on where
 * they differ. A plain hash is enough (no slow password hash): the token has 256 bits of entropy,
 * so the hash cannot be searched for it.
 */
public final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int BYTES = 32;

    private Tokens() {
    }

    /** A new secret token. */
    public static String newToken() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The hash a token is kept as: SHA-256 in hex. */
    public static String hash(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    /** Whether a presented token (null for none) is the one a hash was made of, in constant time. */
    public static boolean matches(String presented, String storedHash) {
        if (presented == null || storedHash == null) {
            return false;
        }
        return MessageDigest.isEqual(hash(presented).getBytes(StandardCharsets.US_ASCII),
                storedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
