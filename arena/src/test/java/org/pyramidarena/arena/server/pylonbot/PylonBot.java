package org.pyramidarena.arena.server.pylonbot;

import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.View;

/** A random player that plays Pylon and no other game: a contest of several games checks and pairs it in Pylon only. */
public final class PylonBot implements Bot {

    @Override
    public String name() {
        return "pylon-only";
    }

    @Override
    public boolean plays(Game game) {
        return game.id().equals("pylon");
    }

    @Override
    public Player newPlayer(MatchContext context) {
        SplittableRandom rng = new SplittableRandom(context.seed());
        return new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                return legalMoves.get(rng.nextInt(legalMoves.size()));
            }
        };
    }
}
