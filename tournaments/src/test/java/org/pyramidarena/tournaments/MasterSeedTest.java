package org.pyramidarena.tournaments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MasterSeedTest {

    private static final String KEY_0_TO_31 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    /** Known answers, computed outside Java with Python's hmac and hashlib modules. */
    @ParameterizedTest
    @CsvSource({
        "1,            match,   0, 870846091876479966",
        "1,            deal,    0, -6608560827886251952",
        "-1,           bot,     1, 9037905772730659039",
        KEY_0_TO_31 + ", match, 3, -7889005622908467639",
        KEY_0_TO_31 + ", deal,  7, 7946935345939274668",
    })
    void derivedSeedsAreTheKnownHmacValues(String seed, String stream, long index, long expected) {
        assertEquals(expected, MasterSeed.parse(seed).derive(stream, index));
    }

    @Test
    void aStreamWithoutAPathIsHmacOfItsNameAndAZeroByte() {
        assertEquals(1345566199527488436L, MasterSeed.of(1).derive("ratings"));
    }

    @Test
    void derivationIsTheFirstEightBytesOfHmacSha256AsJavaxCryptoComputesIt() throws Exception {
        MasterSeed secret = MasterSeed.secret();
        for (MasterSeed seed : List.of(MasterSeed.of(1), MasterSeed.of(-42), MasterSeed.parse(KEY_0_TO_31), secret)) {
            byte[] key = seed.isSecret() ? HexFormat.of().parseHex(seed.text())
                    : ByteBuffer.allocate(8).putLong(Long.parseLong(seed.text())).array();
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update("chance".getBytes(StandardCharsets.UTF_8));
            mac.update(new byte[] {0});
            mac.update(ByteBuffer.allocate(16).putLong(5).putLong(-6).array());
            long expected = ByteBuffer.wrap(mac.doFinal()).getLong();
            assertEquals(expected, seed.derive("chance", 5, -6), seed.text());
        }
    }

    @Test
    void keysTakenInAnyTurnDeriveWhatEachDerivesAlone() throws Exception {
        // More keys than a thread keeps prepared, revisited in turns that evict and find them again.
        List<Long> keys = List.of(1L, 2L, -3L, 4L, 5L, 6L, 1L, 1L, 7L, 2L, 8L, 9L, 1L, -3L, 10L, 11L, 12L, 1L);
        for (int pass = 0; pass < 3; pass++) {
            for (int i = 0; i < keys.size(); i++) {
                long key = keys.get(i);
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(ByteBuffer.allocate(8).putLong(key).array(), "HmacSHA256"));
                mac.update("bot".getBytes(StandardCharsets.UTF_8));
                mac.update(new byte[] {0});
                mac.update(ByteBuffer.allocate(8).putLong(i).array());
                long expected = ByteBuffer.wrap(mac.doFinal()).getLong();
                assertEquals(expected, MasterSeed.derive(key, "bot", i), "key " + key + " at " + i);
                assertEquals(expected, MasterSeed.of(key).derive("bot", i), "key " + key + " at " + i);
            }
        }
    }

    @Test
    void aDerivedSeedAsAKeyIsTheNumberSeedOfIt() {
        long matchSeed = MasterSeed.of(3).derive("match", 12);
        assertEquals(MasterSeed.of(matchSeed).derive("bot", 1), MasterSeed.derive(matchSeed, "bot", 1));
    }

    @Test
    void distinctStreamsAndPathsGiveDistinctSeeds() {
        MasterSeed seed = MasterSeed.of(1);
        Set<Long> seen = new HashSet<>();
        int count = 0;
        for (String stream : List.of("match", "deal", "bot", "chance", "fallback", "ratings")) {
            seen.add(seed.derive(stream));
            count++;
            for (long i = 0; i < 500; i++) {
                seen.add(seed.derive(stream, i));
                seen.add(seed.derive(stream, i, 0));
                seen.add(seed.derive(stream, 0, i + 1));
                count += 3;
            }
        }
        assertEquals(count, seen.size());
        assertNotEquals(seed.derive("match", 1, 2), seed.derive("match", 2, 1));
        assertNotEquals(seed.derive("ma", 0), seed.derive("match", 0));
        assertNotEquals(MasterSeed.of(1).derive("match", 0), MasterSeed.of(2).derive("match", 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "0", "-5", "9223372036854775807", "-9223372036854775808", KEY_0_TO_31})
    void aSeedsTextReadsBackAsTheSameSeed(String text) {
        MasterSeed seed = MasterSeed.parse(text);
        assertEquals(text, seed.text());
        assertEquals(seed, MasterSeed.parse(seed.text()));
        assertEquals(text.length() == 64, seed.isSecret());
    }

    @Test
    void hexDigitsAreReadInEitherCaseAndShownInLowerCase() {
        MasterSeed upper = MasterSeed.parse(KEY_0_TO_31.toUpperCase());
        assertEquals(KEY_0_TO_31, upper.text());
        assertEquals(MasterSeed.parse(KEY_0_TO_31), upper);
    }

    @ParameterizedTest
    @ValueSource(strings = {"nonsense", "", " 1", "+1", "1.5", "0x10", "9223372036854775808", "99999999999999999999",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f0",
        "g00102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"})
    void anythingElseIsRefusedInOneLine(String text) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MasterSeed.parse(text));
        assertTrue(e.getMessage().startsWith("'" + text + "' is not a seed"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void anOptionsSecretDrawsANewSecretSeedAndAnythingElseIsParsed() {
        assertTrue(MasterSeed.parseOrDraw("secret").isSecret());
        assertNotEquals(MasterSeed.parseOrDraw("secret"), MasterSeed.parseOrDraw("secret"));
        assertEquals(MasterSeed.of(3), MasterSeed.parseOrDraw("3"));
        assertEquals(MasterSeed.parse(KEY_0_TO_31), MasterSeed.parseOrDraw(KEY_0_TO_31));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MasterSeed.parseOrDraw("nonsense"));
        assertEquals("'nonsense' is not a seed (a whole number such as 1, 64 hex digits, or secret to draw a new "
                + "secret seed)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> MasterSeed.parse("secret"), "parse never draws");
    }

    @Test
    void aSecretSeedIs32FreshRandomBytesShownAs64LowerCaseHexDigits() {
        MasterSeed first = MasterSeed.secret();
        MasterSeed second = MasterSeed.secret();
        assertTrue(first.text().matches("[0-9a-f]{64}"), first.text());
        assertTrue(first.isSecret());
        assertNotEquals(first, second);
        assertNotEquals(first.derive("match", 0), second.derive("match", 0));
        MasterSeed published = MasterSeed.parse(first.text());
        assertEquals(first, published);
        assertEquals(first.derive("deal", 4), published.derive("deal", 4));
        assertEquals("secret", first.toString(), "a secret seed never shows in a log line");
        assertFalse(MasterSeed.of(7).isSecret());
        assertEquals("7", MasterSeed.of(7).toString());
    }
}
