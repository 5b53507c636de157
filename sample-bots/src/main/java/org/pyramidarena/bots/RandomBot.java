package org.pyramidarena.bots;

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
 * Plays a uniformly random legal move in every registered game. Its randomness is seeded from the
 * match context, so the same match seed gives the same moves.
 */
public final class RandomBot implements Bot {

    @Override
    public String name() {
        return "random";
    }

    @Override
    public boolean plays(Game game) {
        return true;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        SplittableRandom rng = new SplittableRandom(context.seed());
        return new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                return legalMoves.get(rng.nextInt(legalMoves.size()));
            }

            /** It never looks at the position: the referee need not make the game's view for it. */
            @Override
            public boolean readsView() {
                return false;
            }

            /** A move is one draw from a generator: as a built-in bot, the referee need not time it. */
            @Override
            public boolean instant() {
                return true;
            }
        };
    }
}
