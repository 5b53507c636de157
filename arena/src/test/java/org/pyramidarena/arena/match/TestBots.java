package org.pyramidarena.arena.match;

import java.util.List;
import java.util.function.Function;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.Contestant;

/** Bots made for tests (a name, every game, and a player made per match), and a match played with them. */
public final class TestBots {

    private TestBots() {
    }

    /** A bot that plays every game, with a player from {@code players} for each match. */
    public static Bot bot(String name, Function<MatchContext, Player> players) {
        return new Bot() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public boolean plays(Game game) {
                return true;
            }

            @Override
            public Player newPlayer(MatchContext context) {
                return players.apply(context);
            }
        };
    }

    /** Plays a match with listener {@link MatchListener#NONE} and closes its seats, whatever happens. */
    public static MatchResult play(Rules<?, ?> rules, List<? extends Contestant> seats, MatchSettings settings) {
        try {
            return MatchRunner.run(rules, seats, settings, MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
    }

    /**
     * A bot that plays the first legal move, keeps every view it is handed in {@code seen}, and says
     * whether it reads them ({@link Player#readsView}).
     */
    public static Bot viewer(String name, boolean reads, List<View> seen) {
        return bot(name, context -> new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                seen.add(view);
                return legalMoves.get(0);
            }

            @Override
            public boolean readsView() {
                return reads;
            }
        });
    }
}
