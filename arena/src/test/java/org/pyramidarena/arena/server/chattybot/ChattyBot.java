package org.pyramidarena.arena.server.chattybot;

import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.View;

/**
 * A random player that says on its standard error which of its process's matches it is playing
 * ({@code chatty: match N of this process}), once per match, at the start: each match's standard
 * error then tells it from the others that the same process played.
 */
public final class ChattyBot implements Bot {

    private int matches;

    @Override
    public String name() {
        return "chatty";
    }

    @Override
    public boolean plays(Game game) {
        return true;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        matches++;
        System.err.println("chatty: match " + matches + " of this process");
        System.err.flush();
        SplittableRandom rng = new SplittableRandom(context.seed());
        return new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                return legalMoves.get(rng.nextInt(legalMoves.size()));
            }
        };
    }
}
