package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Tokens: random, kept only as a hash, matched only by themselves. */
class TokensTest {

    @Test
    void aTokenMatchesItsHashAndNothingElseDoes() {
        String token = Tokens.newToken();
        String hash = Tokens.hash(token);
        assertEquals(43, token.length(), "32 bytes in URL-safe Base64: " + token);
        assertFalse(hash.contains(token));
        assertTrue(Tokens.matches(token, hash));
        assertFalse(Tokens.matches(token + "x", hash));
        assertFalse(Tokens.matches("", hash));
        assertFalse(Tokens.matches(null, hash));
        assertFalse(Tokens.matches(token, null));
        assertNotEquals(token, Tokens.newToken());
    }
}
