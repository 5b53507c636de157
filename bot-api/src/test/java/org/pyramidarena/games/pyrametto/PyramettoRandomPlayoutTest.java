package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.State;

/**
 * Pyrametto's own {@link PyramettoRules#randomPlayout} (played on a scratch position) reaches the
 * state of the contract's loop over {@code legalMoves}, {@code chanceOutcomes} and {@code apply},
 * with the same draws: for 3, 4 and 5 players, from states one to ten actions apart along 150
 * seeded games each (the start, turns, rolls and placements, stolen pyramids and the last round
 * among them): to the end, cut after a few actions, stopped by a predicate (shown the same states),
 * and from the same positions a few turns before the turn cap.
 */
class PyramettoRandomPlayoutTest {

    private static final int GAMES = 150;

    @ParameterizedTest
    @ValueSource(ints = {3, 4, 5})
    void playoutsAreTheLoopsDrawForDraw(int players) {
        PyramettoRules rules = (PyramettoRules) new Pyrametto().rules(new GameSetup(players, "standard"));
        int playouts = 0;
        int ended = 0;
        int triggered = 0;
        int capped = 0;
        for (long seed = 0; seed < GAMES; seed++) {
            List<PyramettoState> game = game(rules, new SplittableRandom(seed * 7919 + players));
            for (int at = 0; at < game.size(); at += 1 + (int) (seed % 10)) {
                PyramettoState start = game.get(at);
                long playoutSeed = seed * 100_003 + at;
                PyramettoState end = compare(rules, start, playoutSeed, Integer.MAX_VALUE, null);
                ended += end.isTerminal() ? 1 : 0;
                triggered += end.isEndTriggered() ? 1 : 0;
                compare(rules, start, playoutSeed, 1 + at % 13, null);
                compare(rules, start, playoutSeed, 0, null);
                int tests = 2 + at % 5;
                compare(rules, start, playoutSeed, Integer.MAX_VALUE, () -> phaseAfter(start, tests));
                compare(rules, start, playoutSeed, 30, () -> roundOver(start));
                PyramettoState late = nearTheCap(start, 1 + at % 6);
                capped += compare(rules, late, playoutSeed, Integer.MAX_VALUE, null).turns() == PyramettoState.TURN_CAP
                        ? 1 : 0;
                playouts += 6;
            }
        }
        assertTrue(playouts > 3_000, "playouts " + playouts);
        // Uncapped playouts end the game, most of them through the last round.
        assertEquals(playouts / 6, ended, "ended");
        assertTrue(triggered > ended / 2, "ended with the last round signalled " + triggered);
        assertTrue(capped > playouts / 12, "ended by the turn cap " + capped);
    }

    /** The same position with only {@code turnsLeft} turns left before the cap (DECISIONS 6). */
    private static PyramettoState nearTheCap(PyramettoState state, int turnsLeft) {
        return new PyramettoState(state.players(), state.countsCopy(), state.stacksCopy(), state.inRoundMask(),
                state.starter(), state.mover(), state.phase(), state.diceIndex(), state.isEndTriggered(),
                state.freeTurnMask(), PyramettoState.TURN_CAP - turnsLeft, state.round());
    }

    /** A game played at random by the loop, every state kept, the final one included. */
    private static List<PyramettoState> game(PyramettoRules rules, SplittableRandom rng) {
        List<PyramettoState> states = new ArrayList<>();
        PyramettoState state = rules.initialState();
        states.add(state);
        while (!state.isTerminal()) {
            state = loop(rules, state, rng, 1, null);
            states.add(state);
        }
        return states;
    }

    /** One playout both ways from the same seed: the same state, the same draws, the same states tested. */
    private static PyramettoState compare(PyramettoRules rules, PyramettoState start, long seed, int maxActions,
                                          Supplier<Predicate<PyramettoState>> stop) {
        List<PyramettoState> testedByRules = new ArrayList<>();
        List<PyramettoState> testedByLoop = new ArrayList<>();
        SplittableRandom rulesRng = new SplittableRandom(seed);
        SplittableRandom loopRng = new SplittableRandom(seed);
        PyramettoState byRules = rules.randomPlayout(start, rulesRng, maxActions, recording(stop, testedByRules));
        PyramettoState byLoop = loop(rules, start, loopRng, maxActions, recording(stop, testedByLoop));
        String where = start.players() + " players from " + start + ", seed " + seed + ", at most " + maxActions
                + (stop == null ? "" : ", stopping");
        assertEquals(byLoop, byRules, where);
        assertEquals(byLoop.hashCode(), byRules.hashCode(), where);
        assertEquals(byLoop.toString(), byRules.toString(), where);
        assertEquals(rules.render(byLoop), rules.render(byRules), where);
        assertEquals(loopRng.nextLong(), rulesRng.nextLong(), "the same draws: " + where);
        assertEquals(testedByLoop, testedByRules, "the predicate shown the same states: " + where);
        if (byLoop == start) {
            assertSame(start, byRules, "nothing played: the state itself " + where);
        }
        return byRules;
    }

    /** A new predicate of {@code stop} (each run has its own) recording the states it is shown, or null. */
    private static Predicate<PyramettoState> recording(Supplier<Predicate<PyramettoState>> stop,
                                                       List<PyramettoState> tested) {
        if (stop == null) {
            return null;
        }
        Predicate<PyramettoState> predicate = stop.get();
        return state -> {
            tested.add(state);
            return predicate.test(state);
        };
    }

    /** Holds from the {@code tests}-th test on at the first state in a phase other than the start's. */
    private static Predicate<PyramettoState> phaseAfter(PyramettoState start, int tests) {
        int[] count = {0};
        return state -> ++count[0] >= tests && state.phase() != start.phase();
    }

    /** Holds once the round has moved on from the start's. */
    private static Predicate<PyramettoState> roundOver(PyramettoState start) {
        return state -> state.round() != start.round();
    }

    /** The loop of randomPlayout's contract, written out. */
    private static PyramettoState loop(PyramettoRules rules, PyramettoState state, SplittableRandom rng,
                                       int maxActions, Predicate<? super PyramettoState> stop) {
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            } else {
                List<PyramettoMove> moves = rules.legalMoves(state);
                state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        return state;
    }

    /**
     * The dice a draw lands on are those {@link Chance#sample} picks from the 36 outcomes, at and
     * either side of every boundary of the running sums, outside the range, and for a million random
     * draws.
     */
    @Test
    void diceAreTheSampledOutcomes() {
        PyramettoRules rules = Positions.rules(3);
        PyramettoState rolling = rules.apply(rules.initialState(), PyramettoMove.roll());
        // Draws outside [0, 1) break a generator's contract, but land where Chance.sample puts them.
        List<Double> draws =
                new ArrayList<>(List.of(0.0, Math.nextDown(1.0), 0.5, -0.0, -1.0, 1.0, 2.0, Double.NaN));
        double cumulative = 0;
        for (int i = 0; i < 36; i++) {
            cumulative += 1.0 / 36;
            draws.add(cumulative);
            draws.add(Math.nextDown(cumulative));
            draws.add(Math.nextUp(cumulative));
            draws.add((i + 1) / 36.0);
            draws.add(Math.nextDown((i + 1) / 36.0));
        }
        SplittableRandom random = new SplittableRandom(36);
        for (int i = 0; i < 1_000_000; i++) {
            draws.add(random.nextDouble());
        }
        for (double draw : draws) {
            PyramettoMove sampled = Chance.sample(rules.chanceOutcomes(rolling), new FixedDraw(draw));
            int dice = PyramettoRules.diceFor(draw);
            assertEquals(sampled, PyramettoMove.dice(dice / 6, dice % 6), "draw " + draw);
        }
    }

    /** A generator whose every double is one value. */
    private record FixedDraw(double value) implements RandomGenerator {
        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("only nextDouble");
        }

        @Override
        public double nextDouble() {
            return value;
        }
    }
}
