package org.pyramidarena.api;

import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * The rules of a game for one {@link GameSetup}: pure functions over immutable states.
 *
 * <p>No method changes its arguments or keeps state between calls, so one instance serves any
 * number of matches on any number of threads. Every method taking a state may assume the state was
 * produced by this instance from {@link #initialState()}.
 *
 * @param <S> the game's state type
 * @param <M> the game's move type (player moves and chance outcomes alike)
 */
public interface Rules<S extends State, M extends Move> {

    /** The game these rules belong to. */
    Game game();

    /** The setup these rules were made for. */
    GameSetup setup();

    /**
     * The state before the first action. It may be a chance node (a deal, a roll) or a seat's turn.
     */
    S initialState();

    /**
     * Who acts first: the seat that takes, or took, the first turn of the game, or, in a game played
     * over rounds, of the round the state is in. It is the seat to move at the first decision of a
     * game (or round); a game's {@link Game#starterRule()} says the same in words.
     *
     * @param state any state of these rules
     * @return a seat, or {@link State#CHANCE} while chance has still to decide it (a deal, a draw for
     *     the first turn); never {@link State#NONE}
     */
    int starter(S state);

    /**
     * The legal moves of the actor to move, in a deterministic order that depends only on the
     * state.
     *
     * @return an immutable list, empty exactly when {@code state} is terminal or a chance node;
     *     never empty at a seat's turn (a game where a player cannot act has a pass move or ends)
     */
    List<M> legalMoves(S state);

    /**
     * The outcomes of a chance node with their probabilities, in a deterministic order.
     *
     * @return an immutable list whose probabilities sum to 1; empty when {@code state} is not a
     *     chance node
     */
    List<ChanceOutcome<M>> chanceOutcomes(S state);

    /**
     * The one legality check. {@link #legalMoves} lists exactly the moves it accepts (the
     * conformance suite holds every game to that), so the referee calls it on every move a bot
     * returns except one of the very move objects of the legal list it handed out for this state.
     *
     * @param state any state
     * @param move a player's move or a chance outcome; never null
     */
    Legality check(S state, M move);

    /**
     * The state after an action.
     *
     * @param state the state before; unchanged
     * @param move a legal move of the actor, or one of the listed chance outcomes at a chance node
     * @return a new state
     * @throws IllegalArgumentException when {@link #check} does not find the move legal
     */
    S apply(S state, M move);

    /**
     * The ranking of a finished game.
     *
     * @throws IllegalStateException when the state is not terminal
     */
    Outcome outcome(S state);

    /**
     * Each seat's score so far in a state, in the spirit of OpenSpiel's {@code State::Returns()}: what
     * those who follow a game as it goes read to see who leads (a balance study at each tenth of a
     * game, a replay viewer at each step). What the numbers mean is the game's {@link Game#scoring()}:
     * <ul>
     * <li>{@link Scoring.Kind#POINTS}: the points each seat has so far under the game's own scoring,
     *     in the units of the outcome's scores, with the setup's design parameters counted as the
     *     outcome counts them: a komi is included from the first state on (a seat that gives a komi
     *     starts behind by it), so the lead measured is the lead in the game as it is played with its
     *     parameters. At a terminal state it is exactly {@link #outcome}'s scores;</li>
     * <li>{@link Scoring.Kind#PROXY}: a stand-in, higher for the seat ahead, in the units the game's
     *     {@link Scoring#proxy()} names (parameters counted as the game's rules count them);</li>
     * <li>{@link Scoring.Kind#AT_END}: 0 for every seat before the end, the outcome's scores at the end.</li>
     * </ul>
     *
     * <p>The default answers as {@link Scoring.Kind#AT_END} does, which is right for every game whose
     * {@link Game#scoring()} is left at its default; a game that keeps a score of its own overrides
     * both. The arena reads it now and then (at tenths of a game, once per step of a replay), never
     * in its loop over moves: an implementation may compute it from the state on each call, and the
     * rules' hot paths ({@link #legalMoves}, {@link #apply}, {@link #randomPlayout}) need not keep it
     * up to date. A search bot may use it as an evaluation, at that price.
     *
     * @param state any state of these rules; unchanged
     * @return one entry per seat, indexed by seat, each finite; a new array the caller may keep
     */
    default double[] runningScore(S state) {
        double[] scores = new double[state.players()];
        if (state.isTerminal()) {
            Outcome outcome = outcome(state);
            for (int seat = 0; seat < scores.length; seat++) {
                scores[seat] = outcome.score(seat);
            }
        }
        return scores;
    }

    /**
     * Whether a finished game was stopped by a limit of its rules (a cap on moves, turns or rounds
     * that ends a game the rules have not decided, usually as a draw) rather than ended by them.
     * Balance studies count such games as not completed. The default, false, is right for a game
     * without such a cap.
     *
     * @param state a terminal state of these rules
     */
    default boolean endedByCap(S state) {
        return false;
    }

    /**
     * What one seat may know of a state.
     *
     * @param seat a seat number, or {@link View#OBSERVER} for the public view
     */
    View view(S state, int seat);

    /**
     * Plays random actions from a state: the fast path of search bots' playouts and of balance runs.
     *
     * <p>The result is exactly that of this loop, draw for draw on {@code rng}, which is how the
     * default plays it:
     *
     * <pre>{@code
     * for (int actions = 0; !state.isTerminal() && actions < maxActions
     *         && (stop == null || !stop.test(state)); actions++) {
     *     state = state.actor() == State.CHANCE
     *             ? apply(state, Chance.sample(chanceOutcomes(state), rng))
     *             : apply(state, legalMoves(state).get(rng.nextInt(legalMoves(state).size())));
     * }
     * return state;
     * }</pre>
     *
     * A game may play it faster (choosing the k-th legal move without listing the others, on a
     * scratch position of its own, without a state object per action) but must reach the same
     * state with the same draws; the conformance suite holds every game to that.
     *
     * @param state where the playout starts; unchanged
     * @param rng the only source of randomness: one {@code nextInt(size)} per move, one {@code
     *     nextDouble()} per chance outcome, nothing else
     * @param maxActions the most actions to play (chance outcomes count)
     * @param stop tested on the state before each action, the first included: the playout ends at
     *     the first state it holds for; or null. A game playing on a scratch position builds a state
     *     for every test, so a search that can do without it should pass null
     * @return the state the playout ended in: terminal, after {@code maxActions} actions, or the
     *     first where {@code stop} held
     */
    default S randomPlayout(S state, RandomGenerator rng, int maxActions, Predicate<? super S> stop) {
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            if (state.actor() == State.CHANCE) {
                state = apply(state, Chance.sample(chanceOutcomes(state), rng));
            } else {
                List<M> moves = legalMoves(state);
                state = apply(state, moves.get(rng.nextInt(moves.size())));
            }
        }
        return state;
    }

    /**
     * Samples a complete state consistent with a view: what the view shows is kept and what it
     * hides (other hands, the boneyard) is filled in at random from what remains unseen. With
     * perfect information the state is the one the view shows.
     *
     * @param view a view produced by {@link #view} of these rules
     * @param rng the only source of randomness
     */
    S determinize(View view, RandomGenerator rng);

    /**
     * Parses a move's notation.
     *
     * @return a move equal to the one whose {@link Move#notation()} is {@code notation}; it may
     *     still be illegal in a given state
     * @throws IllegalArgumentException when the text is not the notation of any move of this game;
     *     the message says what was expected
     */
    M parseMove(String notation);

    /**
     * What a seat learns when an action is applied to a state: the whole action for a public move,
     * less for a hidden one (a domino drawn face down shows only that a draw happened), or nothing.
     *
     * <p>The default tells every seat the whole action, which is right for games of perfect
     * information.
     *
     * @param before the state the action is applied to
     * @param move the action
     * @param seat the seat told, or {@link View#OBSERVER}
     * @return the event, or null when the seat learns nothing
     */
    default Event eventFor(S before, M move, int seat) {
        return new Event(before.actor(), move.notation());
    }

    /**
     * A line for spectators when an action closes a stage of the match, such as the scores of a
     * round in a game played over several rounds. Public information only.
     *
     * <p>The default says nothing, which suits games played in one go.
     *
     * @param before the state an action was applied to
     * @param after the state it produced
     * @return the line, or null when the action closed nothing worth announcing
     */
    default String commentary(S before, S after) {
        return null;
    }

    /** A text picture of a state for terminals, with everything shown. */
    String render(S state);

    /** A text picture of a view for terminals, showing only what the view holds. */
    String render(View view);
}
