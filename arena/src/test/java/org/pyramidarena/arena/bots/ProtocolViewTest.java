package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.Protocol;

/** Every registered game's views survive the trip through the wire protocol's JSON. */
class ProtocolViewTest {

    @TestFactory
    Stream<DynamicTest> everyViewOfEveryGameRoundTripsThroughJson() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Game game : Games.all()) {
            for (int players = game.minPlayers(); players <= game.maxPlayers(); players++) {
                GameSetup setup = new GameSetup(players, game.defaultVariant());
                tests.add(DynamicTest.dynamicTest(game.id() + " with " + players + " players",
                        () -> roundTrip(game.rules(setup), 11)));
            }
        }
        return tests.stream();
    }

    private static <S extends State, M extends Move> void roundTrip(Rules<S, M> rules, long seed) throws Exception {
        SplittableRandom rng = new SplittableRandom(seed);
        S state = rules.initialState();
        int checked = 0;
        for (int step = 0; !state.isTerminal() && step < 400; step++) {
            for (int seat = View.OBSERVER; seat < rules.setup().players(); seat++) {
                View view = rules.view(state, seat);
                String text = Protocol.mapper().writeValueAsString(Protocol.viewToJson(view));
                JsonNode parsed = Protocol.mapper().readTree(text);
                View back = Protocol.viewFromJson(parsed, view.getClass());
                assertEquals(view, back, rules.game().id() + " view of seat " + seat + " at step " + step + ": " + text);
                checked++;
            }
            M action = state.actor() == State.CHANCE ? Chance.sample(rules.chanceOutcomes(state), rng)
                    : rules.legalMoves(state).get(rng.nextInt(rules.legalMoves(state).size()));
            state = rules.apply(state, action);
        }
        assertEquals(true, checked > 0);
    }
}
