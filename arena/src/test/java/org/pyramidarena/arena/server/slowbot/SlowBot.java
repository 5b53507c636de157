package org.pyramidarena.arena.server.slowbot;

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
 * A random player that takes 40 ms of sleep over every move (well within the clock, and no CPU
 * time): matches long enough for a test to kill the server in the middle of one.
 */
public final class SlowBot implements Bot {

    @Override
    public String name() {
        return "slow";
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
                try {
                    Thread.sleep(40);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return legalMoves.get(rng.nextInt(legalMoves.size()));
            }
        };
    }
}
