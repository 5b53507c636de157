package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

class CrosstableTest {

    /** A match of the given bots (by seat) finishing with the given ranks. */
    private static MatchRecord match(String[] bots, int... ranks) {
        List<SeatResult> seats = new ArrayList<>();
        for (int seat = 0; seat < bots.length; seat++) {
            seats.add(new SeatResult(bots[seat], ranks[seat], 0, TerminationReason.NORMAL, 0));
        }
        return new MatchRecord("t", 1, 0, "g", "standard", seats, TerminationReason.NORMAL, 10, 1L);
    }

    @Test
    void twoPlayerMatchesCountWinsAndHalfDraws() {
        Crosstable table = Crosstable.compute("g", List.of(
                match(new String[] {"a", "b"}, 1, 2),
                match(new String[] {"b", "a"}, 1, 2),
                match(new String[] {"a", "b"}, 1, 1)));
        assertEquals(List.of("a", "b"), table.bots());
        assertEquals(1.5, table.score("a", "b"));
        assertEquals(1.5, table.score("b", "a"));
        assertEquals(3, table.games("a", "b"));
        assertEquals(0, table.games("a", "a"));
    }

    @Test
    void everyPairOfSeatsOfAMultiplayerMatchIsOneGame() {
        Crosstable table = Crosstable.compute("g", List.of(match(new String[] {"c", "a", "b"}, 2, 1, 2)));
        assertEquals(1, table.score("a", "b"));
        assertEquals(1, table.score("a", "c"));
        assertEquals(0.5, table.score("b", "c"));
        assertEquals(1, table.games("b", "c"));
        assertEquals(2, table.totalScore("a"));
        assertEquals(2, table.totalGames("a"));
    }

    @Test
    void copiesOfABotDoNotPlayThemselves() {
        Crosstable table = Crosstable.compute("g", List.of(match(new String[] {"a", "a", "b"}, 1, 3, 2)));
        assertEquals(0, table.games("a", "a"));
        assertEquals(1, table.score("a", "b"));
        assertEquals(1, table.score("b", "a"));
        assertEquals(2, table.games("a", "b"));
    }

    @Test
    void matchesAddedOneAtATimeInAnyOrderOrInPartsGiveTheSameTable() {
        List<MatchRecord> records = List.of(
                match(new String[] {"d", "b"}, 1, 2),
                match(new String[] {"c", "a", "b"}, 2, 1, 2),
                match(new String[] {"a", "d"}, 1, 1),
                match(new String[] {"b", "c", "a"}, 3, 1, 2));
        Crosstable.Builder forwards = new Crosstable.Builder("g");
        records.forEach(forwards::add);
        Crosstable.Builder backwards = new Crosstable.Builder("g");
        List<MatchRecord> reversed = new ArrayList<>(records);
        Collections.reverse(reversed);
        reversed.forEach(backwards::add);
        Crosstable.Builder inTwoParts = new Crosstable.Builder("g");
        Crosstable.Builder secondPart = new Crosstable.Builder("other");
        inTwoParts.add(records.get(0));
        inTwoParts.add(records.get(1));
        secondPart.add(records.get(2));
        secondPart.add(records.get(3));
        inTwoParts.addAll(secondPart);
        Crosstable listed = Crosstable.compute("g", records);
        for (Crosstable table : List.of(forwards.build(), backwards.build(), inTwoParts.build())) {
            assertEquals(List.of("a", "b", "c", "d"), table.bots());
            for (String bot : table.bots()) {
                for (String opponent : table.bots()) {
                    assertEquals(listed.score(bot, opponent), table.score(bot, opponent), bot + " " + opponent);
                    assertEquals(listed.games(bot, opponent), table.games(bot, opponent), bot + " " + opponent);
                }
            }
        }
        assertEquals(0, listed.score("b", "a"));
        assertEquals(2, listed.games("a", "b"));
        assertEquals(0.5, listed.score("a", "d"));
    }
}
