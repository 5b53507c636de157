package com.example.bot;

import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/**
 * A starter bot: for each legal move it samples the hidden information once, applies the move,
 * and prefers a move that wins at once; otherwise it plays at random. Replace {@link #winningMove}
 * with your strategy, and {@code moveInfo} with what your search found: the arena keeps it with the
 * move in the replay, and the replay viewer shows it beside the move.
 */
public final class MyBot implements Bot {

    @Override
    public String name() {
        return "my-bot";
    }

    @Override
    public boolean plays(Game game) {
        return true;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        // Seed randomness from the context, never from the clock: the same match seed replays exactly.
        SplittableRandom rng = new SplittableRandom(context.seed());
        return new Player() {
            /** Whether the last move chosen wins at once. */
            private boolean wins;

            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                Move winning = winningMove(context.rules(), context.seat(), view, legalMoves, rng);
                wins = winning != null;
                return wins ? winning : legalMoves.get(rng.nextInt(legalMoves.size()));
            }

            /**
             * What this player was thinking about the move it just chose, asked right after it: here
             * the depth it looked ahead and the score it saw (a win, or nothing known). Say what your
             * search found, in names and values: {@code "depth 6 score 0.35 nodes 80000"}.
             */
            @Override
            public String moveInfo() {
                return "depth 1 score " + (wins ? "win" : "0");
            }
        };
    }

    /** A move that wins at once in a sampled position, or null when none does. */
    @SuppressWarnings("unchecked")
    private static <S extends State, M extends Move> Move winningMove(Rules<S, M> rules, int seat, View view,
                                                                      List<? extends Move> legalMoves,
                                                                      SplittableRandom rng) {
        S state = rules.determinize(view, rng);
        for (M move : (List<M>) legalMoves) {
            S next = rules.apply(state, move);
            if (next.isTerminal() && rules.outcome(next).isSoleWinner(seat)) {
                return move;
            }
        }
        return null;
    }
}
