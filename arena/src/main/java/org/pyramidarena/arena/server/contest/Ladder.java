package org.pyramidarena.arena.server.contest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The ladder's pairing rule, Elo-window matchmaking as CodinGame's and Battlecode's ladders do it:
 * the bot with the fewest ladder games so far (ties drawn at random) plays next; its opponents are
 * drawn at random from the other teams' bots whose Elo is within the window of its own, the window
 * doubled until it holds enough of them; the seats are shuffled. So every bot keeps playing, mostly
 * against bots of its strength (the games that tell the most about its rating), and now and then,
 * when few are close, against anyone. Seats no team fills (a game for more players than there are
 * teams) go to the built-in random bot.
 */
public final class Ladder {

    private Ladder() {
    }

    /**
     * A bot on the ladder.
     *
     * @param key the bot's key
     * @param elo its Elo now (0 before it has one)
     * @param games its ladder games so far
     */
    public record Candidate(String key, double elo, int games) {
    }

    /**
     * The seats of the next match.
     *
     * @param candidates the bots on the ladder, one per team
     * @param players the seats of the match
     * @param window the Elo window to start from
     * @param filler the key of the bot for seats no team fills
     * @return each seat's key, in seat order; empty when fewer than two teams are on the ladder
     */
    public static List<String> pair(List<Candidate> candidates, int players, double window, String filler,
                                     Random random) {
        if (candidates.size() < 2) {
            return List.of();
        }
        List<Candidate> shuffled = new ArrayList<>(candidates);
        java.util.Collections.shuffle(shuffled, random);
        Candidate first = shuffled.stream().min(Comparator.comparingInt(Candidate::games)).orElseThrow();
        List<Candidate> others = new ArrayList<>(shuffled);
        others.remove(first);
        int wanted = Math.min(players - 1, others.size());
        double width = window;
        List<Candidate> close = within(others, first.elo(), width);
        while (close.size() < wanted) {
            width *= 2;
            close = within(others, first.elo(), width);
        }
        java.util.Collections.shuffle(close, random);
        List<String> seats = new ArrayList<>();
        seats.add(first.key());
        close.stream().limit(wanted).forEach(c -> seats.add(c.key()));
        while (seats.size() < players) {
            seats.add(filler);
        }
        java.util.Collections.shuffle(seats, random);
        return seats;
    }

    private static List<Candidate> within(List<Candidate> others, double elo, double width) {
        List<Candidate> close = new ArrayList<>();
        for (Candidate other : others) {
            if (Math.abs(other.elo() - elo) <= width) {
                close.add(other);
            }
        }
        return close;
    }
}
