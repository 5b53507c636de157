package org.pyramidarena.arena.server.nogamebot;

import java.util.List;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.View;

/** A bot that plays no game at all: a contest rejects it, saying so. */
public final class NoGameBot implements Bot {

    @Override
    public String name() {
        return "no-game";
    }

    @Override
    public boolean plays(Game game) {
        return false;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        return new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                throw new IllegalStateException("asked to play " + context + ", which it does not");
            }
        };
    }
}
