package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.arena.players.BotText;

/** What is left of a bot's text before the referee prints or writes it. */
class BotTextTest {

    static Stream<Arguments> cleaning() {
        return Stream.of(
                Arguments.of("plain text stays", "Ma1", 40, "Ma1"),
                Arguments.of("null is empty", null, 40, ""),
                Arguments.of("a terminal escape loses its ESC", "\u001b[2Jrandom", 40, "[2Jrandom"),
                Arguments.of("a carriage return is a space", "rogue\rrandom", 40, "rogue random"),
                Arguments.of("line breaks and tabs are spaces", "a\nb\r\nc\td", 40, "a b  c d"),
                Arguments.of("other C0 controls and DEL go", "a\u0000b\u0007c\u007fd", 40, "abcd"),
                Arguments.of("C1 controls go (CSI, NEL is a space)", "a\u009b2Jb\u0085c", 40, "a2Jb c"),
                Arguments.of("a bidi override goes", "\u202Egnp.exe", 40, "gnp.exe"),
                Arguments.of("bidi isolates and zero-width characters go", "a\u2066b\u200Bc\uFEFFd\u2069", 40, "abcd"),
                Arguments.of("line and paragraph separators are spaces", "a\u2028b\u2029c", 40, "a b c"),
                Arguments.of("a lone surrogate goes", "a\uD800b", 40, "ab"),
                Arguments.of("letters of any script stay", "Zürich 東京 😀", 40, "Zürich 東京 😀"),
                Arguments.of("exactly the cap stays whole", "abcdefghij", 10, "abcdefghij"),
                Arguments.of("one past the cap is cut with an ellipsis", "abcdefghijk", 10, "abcdefg..."),
                Arguments.of("the cap counts code points, not UTF-16 units", "😀😀😀😀😀😀", 5, "😀😀..."),
                Arguments.of("removed characters do not count", "\u001b\u001b\u001babcd", 4, "abcd"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cleaning")
    void aBotsTextIsCleanedAndCut(String rule, String text, int cap, String expected) {
        assertEquals(expected, BotText.clean(text, cap));
    }

    @Test
    void eachKindOfTextHasItsOwnCap() {
        String endless = "x".repeat(1000);
        assertEquals(BotText.MOVE_MAX, BotText.move(endless).length());
        assertEquals(BotText.EXCERPT_MAX, BotText.excerpt(endless).length());
        assertEquals(BotText.MESSAGE_MAX, BotText.message(endless).length());
        assertEquals(BotText.DETAIL_MAX, BotText.detail(endless).length());
        assertTrue(BotText.message(endless).endsWith("..."));
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "random-py", "my_bot", "bot.v2", "A", "x-1.2_3", "abcdefghijabcdefghijabcdefghij12"})
    void aShortIdentifierIsABotName(String name) {
        assertTrue(BotText.isName(name));
        assertEquals(name, BotText.requireName(name, "bot"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "two words", "\u001b[2Jrandom", "rogue\rrandom", "random\n", "a,b", "a=b", "a/b",
            "Zürich", "\u202Erandom", "abcdefghijabcdefghijabcdefghij123"})
    void anythingElseIsNotABotName(String name) {
        assertFalse(BotText.isName(name));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BotText.requireName(name, "bot x.jar"));
        assertTrue(e.getMessage().startsWith("bot x.jar calls itself \""), e.getMessage());
        assertTrue(e.getMessage().chars().allMatch(c -> c >= 0x20 && c < 0x7f || Character.isLetter(c)), e.getMessage());
    }

    @Test
    void aRefusedNameIsShownWithItsEscapesSpelledOut() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BotText.requireName("\u001b[2J\rrandom", "bot x.jar"));
        assertEquals("bot x.jar calls itself \"\\u001b[2J\\u000drandom\"; a bot name is 1 to 32 letters, digits, "
                + "'-', '_' or '.'", e.getMessage());
        assertFalse(BotText.isName(null));
        assertThrows(IllegalArgumentException.class, () -> BotText.requireName(null, "bot"));
    }
}
