package org.pyramidarena.arena.server.contest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The ladder's pairing rule: who plays next and against whom. */
class LadderTest {

    private static final List<Ladder.Candidate> FIELD = List.of(
            new Ladder.Candidate("a", 0, 10), new Ladder.Candidate("b", 50, 3), new Ladder.Candidate("c", 120, 10),
            new Ladder.Candidate("d", 600, 10), new Ladder.Candidate("e", -400, 10));

    @Test
    void theBotWithTheFewestGamesPlaysEveryMatch() {
        Random random = new Random(1);
        for (int i = 0; i < 200; i++) {
            assertTrue(Ladder.pair(FIELD, 2, 200, "random", random).contains("b"));
        }
    }

    @Test
    void itsOpponentComesFromWithinTheEloWindowAndEachOfThoseIsDrawn() {
        Random random = new Random(2);
        Map<String, Integer> opponents = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            List<String> seats = Ladder.pair(FIELD, 2, 200, "random", random);
            seats.stream().filter(s -> !s.equals("b")).forEach(s -> opponents.merge(s, 1, Integer::sum));
        }
        assertEquals(List.of("a", "c"), opponents.keySet().stream().sorted().toList(), "only a and c are within 200");
        assertTrue(opponents.get("a") > 120 && opponents.get("c") > 120, "both drawn, about evenly: " + opponents);
    }

    @Test
    void theWindowWidensUntilItHoldsEnoughOpponentsAndSeatsAreShuffled() {
        Random random = new Random(3);
        int bFirst = 0;
        for (int i = 0; i < 200; i++) {
            List<String> seats = Ladder.pair(FIELD, 4, 100, "random", random);
            assertEquals(4, seats.size());
            assertEquals(4, seats.stream().distinct().count(), "four different bots: " + seats);
            assertTrue(seats.contains("b") && !seats.contains("random"), seats.toString());
            bFirst += seats.get(0).equals("b") ? 1 : 0;
        }
        assertTrue(bFirst > 20 && bFirst < 80, "the bot that must play sits anywhere: first " + bFirst + " of 200");
    }

    @Test
    void seatsNoTeamFillsGoToTheFillerAndOneTeamAloneIsNotPaired() {
        List<Ladder.Candidate> two = FIELD.subList(0, 2);
        List<String> seats = Ladder.pair(two, 4, 200, "random", new Random(4));
        assertEquals(2, seats.stream().filter("random"::equals).count(), seats.toString());
        assertEquals(List.of(), Ladder.pair(FIELD.subList(0, 1), 2, 200, "random", new Random(5)));
    }
}
