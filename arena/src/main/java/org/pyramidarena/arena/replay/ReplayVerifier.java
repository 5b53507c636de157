package org.pyramidarena.arena.replay;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Seeds;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * Replays a match's actions through the rules: every action must be legal for the actor it names,
 * every chance outcome must be the one the referee's generator draws from the replay's deal seed,
 * and the recorded outcome must be the one the rules (and the recorded forfeits) give. A replay with
 * an opening must begin with its line (whose chance outcomes are the line's, not drawn), and each of
 * its random plies must be the one the opening's generator draws from the deal seed.
 */
public final class ReplayVerifier {

    /** Format 1's stream of the chance seed under the SplitMix64 derivation of {@link Seeds}. */
    private static final long FORMAT_1_CHANCE_STREAM = 0x43;

    /** Hears of each verified step, e.g. to print the board. */
    public interface StepListener {
        /** Action {@code index} was verified and applied; {@code board} renders the state after it. */
        void step(int index, Replay.Action action, String board);
    }

    /**
     * The verdict.
     *
     * @param valid true when the replay is what the rules give
     * @param divergence the first point where it is not, "" when valid
     * @param finalBoard a rendering of the last state reached
     * @param actionsChecked how many actions were replayed
     */
    public record Verdict(boolean valid, String divergence, String finalBoard, int actionsChecked) {
    }

    private ReplayVerifier() {
    }

    /**
     * Verifies a replay.
     *
     * @param listener hears of each step; may be null
     * @throws IllegalArgumentException when the replay names a game or setup this arena does not have
     */
    public static Verdict verify(Replay replay, StepListener listener) {
        Game game = Games.byId(replay.game());
        Rules<?, ?> rules = game.rules(GameSetup.parse(replay.players(), replay.variant()));
        return verify(rules, replay, listener);
    }

    private static <S extends State, M extends Move> Verdict verify(Rules<S, M> rules, Replay replay,
                                                                    StepListener listener) {
        if (replay.format() != Replay.FORMAT && replay.format() != Replay.FORMAT_1) {
            return new Verdict(false, "replay format " + replay.format() + " is not supported", "", 0);
        }
        int players = replay.players();
        if (replay.seats().size() != players || replay.seatTerminations() == null
                || replay.seatTerminations().size() != players) {
            return new Verdict(false, "the replay lists " + replay.seats().size() + " seats for "
                    + players + " players", "", 0);
        }
        TerminationReason[] reasons = new TerminationReason[players];
        TerminationReason termination;
        try {
            for (int seat = 0; seat < players; seat++) {
                reasons[seat] = TerminationReason.fromLabel(replay.seatTerminations().get(seat));
            }
            termination = TerminationReason.fromLabel(replay.termination());
        } catch (IllegalArgumentException e) {
            return new Verdict(false, "unknown termination reason", "", 0);
        }
        List<Integer> faultOrder = new ArrayList<>();
        SplittableRandom chance = new SplittableRandom(chanceSeed(replay));
        S state = rules.initialState();
        List<Replay.Action> actions = replay.actions();
        Replay.Opening opening = replay.opening();
        List<String> line = opening == null || opening.line() == null ? List.of() : opening.line();
        int openingActions = replay.openingActions();
        if (opening != null && (openingActions < line.size() || openingActions > actions.size()
                || opening.randomPlies() < 0)) {
            return new Verdict(false, "the opening's " + line.size() + " actions of its line and " + opening.randomPlies()
                    + " random plies cannot cover " + openingActions + " of " + actions.size() + " actions",
                    rules.render(state), 0);
        }
        SplittableRandom openingRandom = opening == null ? null
                : new SplittableRandom(MatchRunner.openingSeed(replay.dealSeed()));
        int randomPlies = 0;
        for (int i = 0; i < actions.size(); i++) {
            Replay.Action action = actions.get(i);
            String where = "action " + (i + 1) + " (" + (action.actor() == Replay.CHANCE ? "chance" : "seat " + action.actor())
                    + ": " + action.move() + ")";
            if (state.isTerminal()) {
                return new Verdict(false, where + ": the game was already over", rules.render(state), i);
            }
            if (action.actor() != state.actor()) {
                return new Verdict(false, where + ": it is " + (state.actor() == State.CHANCE ? "chance's"
                        : "seat " + state.actor() + "'s") + " turn", rules.render(state), i);
            }
            M move;
            try {
                move = rules.parseMove(action.move());
            } catch (IllegalArgumentException e) {
                return new Verdict(false, where + ": not a move: " + e.getMessage(), rules.render(state), i);
            }
            if (i < line.size() && !action.move().equals(line.get(i))) {
                return new Verdict(false, where + ": the opening's line plays " + line.get(i) + " here",
                        rules.render(state), i);
            }
            boolean randomPly = i >= line.size() && i < openingActions && state.actor() != State.CHANCE;
            if (randomPly) {
                List<M> legal = rules.legalMoves(state);
                M drawn = legal.get(openingRandom.nextInt(legal.size()));
                if (++randomPlies > opening.randomPlies() || !drawn.equals(move)) {
                    return new Verdict(false, where + ": " + (randomPlies > opening.randomPlies()
                            ? "the opening has only " + opening.randomPlies() + " random plies"
                            : "the opening's random ply here is " + drawn.notation()), rules.render(state), i);
                }
            }
            if (i < openingActions && action.fallback()) {
                return new Verdict(false, where + ": a fallback move in the opening", rules.render(state), i);
            }
            if (state.actor() == State.CHANCE) {
                Optional<ChanceOutcome<M>> listed = rules.chanceOutcomes(state).stream()
                        .filter(o -> o.move().equals(move)).findFirst();
                if (listed.isEmpty()) {
                    return new Verdict(false, where + ": not an outcome of this chance node", rules.render(state), i);
                }
                // A line's chance outcomes are the line's: the generator draws only the others.
                M drawn = i < line.size() ? move : Chance.sample(rules.chanceOutcomes(state), chance);
                if (!drawn.equals(move)) {
                    return new Verdict(false, where + ": the deal seed draws " + drawn.notation() + " here",
                            rules.render(state), i);
                }
            } else {
                Legality legality = rules.check(state, move);
                if (!legality.isLegal()) {
                    return new Verdict(false, where + ": illegal: " + legality.message(), rules.render(state), i);
                }
                if (action.fallback()) {
                    if (!reasons[action.actor()].isFault()) {
                        return new Verdict(false, where + ": a fallback move for a seat that never faulted",
                                rules.render(state), i);
                    }
                    if (!faultOrder.contains(action.actor())) {
                        faultOrder.add(action.actor());
                    }
                } else if (faultOrder.contains(action.actor())) {
                    return new Verdict(false, where + ": the seat moved again after it faulted", rules.render(state), i);
                }
            }
            state = rules.apply(state, move);
            if (listener != null) {
                listener.step(i, action, rules.render(state));
            }
        }
        String board = rules.render(state);
        if (opening != null) {
            Optional<String> wrong = openingEnd(opening, line, openingActions, actions, randomPlies);
            if (wrong.isPresent()) {
                return new Verdict(false, wrong.get(), board, actions.size());
            }
        }
        for (int seat = 0; seat < players; seat++) {
            if (reasons[seat].isFault() && !faultOrder.contains(seat)) {
                if (!state.isTerminal() && players == 2 && faultOrder.isEmpty()) {
                    faultOrder.add(seat);
                } else {
                    return new Verdict(false, "seat " + seat + " is recorded as faulting (" + reasons[seat].label()
                            + ") but the actions show no fault", board, actions.size());
                }
            }
        }
        Outcome expected;
        if (state.isTerminal()) {
            expected = rules.outcome(state);
        } else if (termination == TerminationReason.NORMAL) {
            return new Verdict(false, "truncated: the game is not over after " + actions.size()
                    + " actions, yet the replay says it ended normally", board, actions.size());
        } else if (termination != TerminationReason.ACTION_LIMIT && faultOrder.isEmpty()) {
            return new Verdict(false, "truncated: the game is not over and no seat faulted", board, actions.size());
        } else {
            int[] ranks = new int[players];
            Arrays.fill(ranks, 1);
            expected = Outcome.of(ranks, new double[players]);
        }
        for (int i = faultOrder.size() - 1; i >= 0; i--) {
            expected = expected.withLast(faultOrder.get(i));
        }
        if (!expected.ranks().equals(replay.outcome().ranks()) || !expected.scores().equals(replay.outcome().scores())) {
            return new Verdict(false, "outcome: the replay records ranks " + replay.outcome().ranks() + " scores "
                    + replay.outcome().scores() + ", the rules give ranks " + expected.ranks() + " scores "
                    + expected.scores(), board, actions.size());
        }
        return new Verdict(true, "", board, actions.size());
    }

    /**
     * What is wrong with where a replay's opening ends, if anything: it ends at the last action it
     * forced (its line's last, or a random ply), and only once its random plies are all drawn,
     * unless no seat moved after it (the match ended first).
     */
    private static Optional<String> openingEnd(Replay.Opening opening, List<String> line, int openingActions,
                                               List<Replay.Action> actions, int randomPlies) {
        if (openingActions > line.size() && actions.get(openingActions - 1).actor() == Replay.CHANCE) {
            return Optional.of("the opening ends at action " + openingActions + ", a chance outcome it did not force");
        }
        boolean cutShort = randomPlies < opening.randomPlies()
                && actions.subList(openingActions, actions.size()).stream().anyMatch(a -> a.actor() != Replay.CHANCE);
        if (cutShort) {
            return Optional.of("the opening ends after " + randomPlies + " of its " + opening.randomPlies()
                    + " random plies, before the match did");
        }
        return Optional.empty();
    }

    /**
     * The seed of the generator the referee sampled chance with: from the deal seed, one-way in the
     * current format, by the old invertible SplitMix64 derivation in format 1.
     */
    static long chanceSeed(Replay replay) {
        return replay.format() == Replay.FORMAT_1
                ? Seeds.derive(replay.dealSeed(), FORMAT_1_CHANCE_STREAM)
                : MatchRunner.chanceSeed(replay.dealSeed());
    }
}
