package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.BadLines;
import org.pyramidarena.arena.match.Opening;

/** Opening books as a run loads them: every line checked against the rules, and a line for each pair in turn. */
class OpeningsTest {

    @TempDir
    Path temp;

    private static Rules<?, ?> rules(String game, int players, String variant) {
        return Games.byId(game).rules(GameSetup.parse(players, variant));
    }

    @Test
    void theShippedBooksHoldLegalDistinctLinesOfTheirGameInEveryVariant() {
        for (String book : Openings.SHIPPED) {
            String game = book.substring(0, book.indexOf('-'));
            Game definition = Games.byId(game);
            List<? extends Rules<?, ?>> setups = definition.variants().stream()
                    .map(variant -> rules(game, 2, variant.name())).toList();
            Openings openings = Openings.load(List.of(book), 0, setups);
            int lines = openings.lines(game);
            assertTrue(lines >= 50, book + " has " + lines + " lines");
            Set<List<String>> distinct = new HashSet<>();
            for (int group = 0; group < lines; group++) {
                Opening opening = openings.forGroup(game, group);
                assertEquals(4, opening.line().size(), book + " line " + group);
                distinct.add(opening.line());
            }
            assertEquals(lines, distinct.size(), book + ": every line once");
        }
    }

    @Test
    void everyBadLineIsNamedOnALineOfItsOwn() throws IOException {
        Path book = Files.writeString(temp.resolve("book.txt"), String.join("\n",
                "# a comment, then a good line and a blank one",
                "pylon: Le4 Ld4",
                "",
                "pylon: Le4 Le4",
                "pylon Le4",
                "pylon: Le4 Qz9",
                "pyrinoes: deal:1-1",
                "pyraos: 1a1"));
        BadLines bad = assertThrows(BadLines.class, () -> Openings.load(List.of(book.toString()), 0,
                List.of(rules("pylon", 2, "standard"), rules("pylon", 2, "standard?komi=2.5"))));
        List<String> problems = bad.problems();
        assertEquals(5, problems.size(), String.join("\n", problems));
        assertTrue(problems.get(0).startsWith(book + " line 4: pylon/standard with 2 players: action 2 'Le4' is "
                + "illegal for seat 1"), problems.get(0));
        assertTrue(problems.get(1).startsWith(book + " line 4: pylon/standard?komi=2.5"), "each setup: " + problems.get(1));
        assertTrue(problems.get(2).startsWith(book + " line 5: not 'GAME: ACTION ACTION ...'"), problems.get(2));
        assertTrue(problems.get(3).startsWith(book + " line 6: pylon/standard with 2 players: action 2 'Qz9' is not "
                + "a move"), problems.get(3));
        assertTrue(problems.get(4).startsWith(book + " line 6: pylon/standard?komi=2.5"), problems.get(4));
    }

    @Test
    void aGameOfTheRunWithoutALineIsRefusedAndAMissingBookIsOneLine() {
        BadLines none = assertThrows(BadLines.class, () -> Openings.load(List.of("pylon-book"), 0,
                List.of(rules("pylon", 2, "standard"), rules("pyraos", 2, "standard"))));
        assertEquals(List.of("pylon-book: no opening of pyraos, a game of this run (give a book with lines for it, "
                + "or leave it out of the run)"), none.problems());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> Openings.load(List.of(temp.resolve("nowhere.txt").toString()), 0, List.of()));
        assertTrue(missing.getMessage().startsWith("no opening book "), missing.getMessage());
        assertTrue(missing.getMessage().contains("pylon-book, pyraos-book"), missing.getMessage());
    }

    @Test
    void pairsPlayTheLinesInTurnThenTheRandomPlies() throws IOException {
        Path book = Files.writeString(temp.resolve("two.txt"), "pylon: Le4 Ld4\npyraos: 1a1\npylon: Sa1\n");
        Openings openings = Openings.load(List.of(book.toString()), 3, List.of(rules("pylon", 2, "standard")));
        assertEquals(new Opening(List.of("Le4", "Ld4"), 3), openings.forGroup("pylon", 0));
        assertEquals(new Opening(List.of("Sa1"), 3), openings.forGroup("pylon", 1));
        assertEquals(new Opening(List.of("Le4", "Ld4"), 3), openings.forGroup("pylon", 2));
        assertEquals(book + " (2 lines of pylon), then 3 random plies", openings.describe());
        assertEquals(new Opening(List.of(), 2), Openings.load(List.of(), 2, List.of()).forGroup("pylon", 5));
        assertSame(Openings.NONE, Openings.load(List.of(), 0, List.of()));
        assertEquals(Opening.NONE, Openings.NONE.forGroup("pylon", 0));
    }
}
