package org.pyramidarena.arena.tournament;

import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.players.Contestant;

/** Plays one match on fresh contestants: what tournaments, balance runs and the SPRT share. */
public final class Matches {

    private Matches() {
    }

    /**
     * Plays a match, closing every seat's contestant afterwards whatever happens.
     *
     * @param rules the rules of the game, player count and variant
     * @param bots each seat's bot, as entered (a built-in name, a JAR, a {@code cmd:} line)
     * @param labels each seat's label for threads and logs
     * @param contestants makes the seats
     * @param settings the match's seeds and clock
     * @return what the match produced
     */
    public static MatchResult play(Rules<?, ?> rules, List<String> bots, List<String> labels,
                                   ContestantFactory contestants, MatchSettings settings) {
        return play(rules, bots, labels, contestants, settings, MatchListener.NONE);
    }

    /**
     * Plays a match as {@link #play(Rules, List, List, ContestantFactory, MatchSettings)} does,
     * telling a listener each action.
     *
     * @param listener hears each action of the match; may be {@link MatchListener#NONE}
     */
    public static MatchResult play(Rules<?, ?> rules, List<String> bots, List<String> labels,
                                   ContestantFactory contestants, MatchSettings settings, MatchListener listener) {
        List<Contestant> seats = new ArrayList<>(bots.size());
        try {
            for (int seat = 0; seat < bots.size(); seat++) {
                seats.add(contestants.create(bots.get(seat), labels.get(seat)));
            }
            return MatchRunner.run(rules, seats, settings, listener);
        } finally {
            seats.forEach(Contestant::close);
        }
    }
}
