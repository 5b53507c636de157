package org.pyramidarena.arena.balance;

import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.games.euronimoes.EuronimoesState;
import org.pyramidarena.games.pylon.PylonState;
import org.pyramidarena.games.pyrametto.PyramettoState;
import org.pyramidarena.games.pyraos.PyraosState;
import org.pyramidarena.games.pyrinoes.PyrinoesRules;
import org.pyramidarena.games.pyrinoes.PyrinoesState;

/**
 * What a balance study reads from a game's states besides the rules' contract: the running score
 * that says who leads during a game, and whether a finished game was stopped by a cap of its own
 * rules rather than decided.
 *
 * <p>The rules API has no running score, so it is read from each game's state here:
 * <ul>
 * <li>Pylon: {@link PylonState#score}, the pyramids in stacks a seat tops (the final score);</li>
 * <li>Pyraos: a proxy, {@link PyraosState#reserve}, the spheres a seat still holds (who runs out
 *     first loses; the apex ends the game whatever the reserves);</li>
 * <li>Pyrinoes: {@link PyrinoesState#score}, the match points, which change when a round is scored;</li>
 * <li>Euronimoes and Pyrametto: their {@code score}, the points a seat would have if the game ended now
 *     (in Euronimoes the lowest leads).</li>
 * </ul>
 * A game not listed has no running score: its lead metrics are "not applicable". Caps: Pyraos's 300
 * moves, Pyrametto's 1000 turns, Pyrinoes's 50 rounds ending the match below its target.
 */
public final class GameMeasures {

    /** The sole leader's seat is returned as it is; no sole leader (a tie at the top) is this. */
    public static final int NO_LEADER = -1;

    private enum Kind { PYLON, PYRAOS, PYRINOES, EURONIMOES, PYRAMETTO, NONE }

    private final Kind kind;
    private final int target;

    private GameMeasures(Kind kind, int target) {
        this.kind = kind;
        this.target = target;
    }

    /** The measures of a game's rules. */
    public static GameMeasures of(Rules<?, ?> rules) {
        return switch (rules.game().id()) {
            case "pylon" -> new GameMeasures(Kind.PYLON, 0);
            case "pyraos" -> new GameMeasures(Kind.PYRAOS, 0);
            case "pyrinoes" -> new GameMeasures(Kind.PYRINOES,
                    rules instanceof PyrinoesRules pyrinoes ? pyrinoes.target() : Integer.MAX_VALUE);
            case "euronimoes" -> new GameMeasures(Kind.EURONIMOES, 0);
            case "pyrametto" -> new GameMeasures(Kind.PYRAMETTO, 0);
            default -> new GameMeasures(Kind.NONE, 0);
        };
    }

    /** Measures without a running score or caps: what an unknown game gets. */
    public static GameMeasures none() {
        return new GameMeasures(Kind.NONE, 0);
    }

    /** Whether the game has a running score, so that leads can be measured. */
    public boolean scored() {
        return kind != Kind.NONE;
    }

    /**
     * What the running score is, for the metrics' notes: empty for a game's own score, a proxy's
     * description, or why the lead metrics are not applicable.
     */
    public String scoreNote() {
        return switch (kind) {
            case PYRAOS -> "proxy: spheres in reserve";
            case NONE -> "not applicable: the game has no running score";
            default -> "";
        };
    }

    /**
     * The seat with the strictly best running score in a state (the highest; Euronimoes's lowest), or {@link #NO_LEADER} when the
     * top is shared or the game has no running score.
     */
    public int leader(State state) {
        int players = state.players();
        int best = NO_LEADER;
        int bestScore = Integer.MIN_VALUE;
        boolean shared = false;
        for (int seat = 0; seat < players; seat++) {
            int score = score(state, seat);
            if (score > bestScore) {
                bestScore = score;
                best = seat;
                shared = false;
            } else if (score == bestScore) {
                shared = true;
            }
        }
        return shared || kind == Kind.NONE ? NO_LEADER : best;
    }

    /**
     * Whether a game that ended normally has its outcome's scores as its last running score, so
     * that its leader at the end can be read from them: Pyrametto's (each vault's best arrangement,
     * a search the rules made for the outcome already, and the dearest of the tenths to make again).
     */
    public boolean outcomeIsLastScore() {
        return kind == Kind.PYRAMETTO;
    }

    /** The seat with the strictly highest score, or {@link #NO_LEADER} when the top is shared. */
    public static int leaderOf(double[] scores) {
        int best = NO_LEADER;
        double bestScore = Double.NEGATIVE_INFINITY;
        boolean shared = false;
        for (int seat = 0; seat < scores.length; seat++) {
            if (scores[seat] > bestScore) {
                bestScore = scores[seat];
                best = seat;
                shared = false;
            } else if (scores[seat] == bestScore) {
                shared = true;
            }
        }
        return shared ? NO_LEADER : best;
    }

    private int score(State state, int seat) {
        return switch (kind) {
            case PYLON -> ((PylonState) state).score(seat);
            case PYRAOS -> ((PyraosState) state).reserve(seat);
            case PYRINOES -> ((PyrinoesState) state).score(seat);
            case EURONIMOES -> -((EuronimoesState) state).score(seat);
            case PYRAMETTO -> ((PyramettoState) state).score(seat);
            case NONE -> 0;
        };
    }

    /** Whether a finished game was ended by a cap of its rules, not decided by them. */
    public boolean capped(State finished) {
        return switch (kind) {
            case PYRAOS -> ((PyraosState) finished).ending() == PyraosState.Ending.MOVE_LIMIT;
            case PYRAMETTO -> ((PyramettoState) finished).turns() >= PyramettoState.TURN_CAP;
            case PYRINOES -> {
                PyrinoesState state = (PyrinoesState) finished;
                int high = Math.max(state.score(0), state.score(1));
                yield !(high >= target && state.score(0) != state.score(1));
            }
            default -> false;
        };
    }
}
