package org.pyramidarena.arena.rogues;

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
 * The base of the rogues' gallery: test bots that misbehave in one way each. They are packed into
 * bot JARs by the tests (see {@code TestJars}) and never shipped. A rogue plays random moves
 * until its misbehaviour starts.
 */
public abstract class RogueBot implements Bot {

    @Override
    public String name() {
        return getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT);
    }

    @Override
    public boolean plays(Game game) {
        return true;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        SplittableRandom rng = new SplittableRandom(context.seed());
        starting(context);
        return new Player() {
            private int turn;

            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                Move random = legalMoves.get(rng.nextInt(legalMoves.size()));
                return misbehave(turn++, random, legalMoves, view);
            }
        };
    }

    /** Called when a match starts. */
    protected void starting(MatchContext context) {
    }

    /**
     * The rogue's move.
     *
     * @param turn this player's turn number, from 0
     * @param random a random legal move
     */
    protected abstract Move misbehave(int turn, Move random, List<? extends Move> legalMoves);

    /**
     * The rogue's move, for a rogue that also misbehaves with the view it is handed; by default
     * {@link #misbehave(int, Move, List)}.
     */
    protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves, View view) {
        return misbehave(turn, random, legalMoves);
    }

    /** Sleeps without end, waking only to sleep again. */
    static void sleepForever() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                // A rogue ignores interruption.
            }
        }
    }
}
