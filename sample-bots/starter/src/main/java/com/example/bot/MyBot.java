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
 * and prefers a move that wins at once; otherwise it plays at random. Replace {@link #choose} with
 * your strategy.
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
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                return choose(context.rules(), context.seat(), view, legalMoves, rng);
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <S extends State, M extends Move> Move choose(Rules<S, M> rules, int seat, View view,
                                                                 List<? extends Move> legalMoves, SplittableRandom rng) {
        S state = rules.determinize(view, rng);
        for (M move : (List<M>) legalMoves) {
            S next = rules.apply(state, move);
            if (next.isTerminal() && rules.outcome(next).isSoleWinner(seat)) {
                return move;
            }
        }
        return legalMoves.get(rng.nextInt(legalMoves.size()));
    }
}
