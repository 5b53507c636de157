package org.pyramidarena.arena.balance;

import java.util.Arrays;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * Listens to one match as the referee plays it and keeps, for each decision of a seat, the number
 * of legal moves, and the states where the game's tenths fall, to read who leads there.
 *
 * <p>The legal moves of a decision are counted from the very list the referee made for it (the
 * count {@link MatchListener#acted} is told), so nothing is listed twice; only a move of the match's
 * opening line, for which the referee lists none, is counted here from the state before it. The
 * states the game passes through are kept by reference (they exist anyway) and the running score
 * is read only at the 11 places of {@link Metrics#at}, when the game is over and its length known.
 */
public final class DecisionCollector implements MatchListener {

    /**
     * What every match of a setup shares.
     *
     * @param rules the rules
     * @param measures what is read from states
     * @param initial the initial state, where every match starts
     */
    public record Start(Rules<?, ?> rules, GameMeasures measures, State initial) {

        /** The figures of a setup's rules. */
        public static Start of(Rules<?, ?> rules, GameMeasures measures) {
            return new Start(rules, measures, rules.initialState());
        }
    }

    private final Start start;
    private int[] legal = new int[64];
    private int decisions;
    /** The state before each decision (as many as {@code decisions}); null without a running score. */
    private State[] states;
    private State last;
    private boolean capped;
    /** Who acted first, by the rules ({@link Rules#starter}) at the first decision. */
    private int starter;

    /** A collector for one match of a setup. */
    public DecisionCollector(Start start) {
        this.start = start;
        this.states = start.measures().scored() ? new State[64] : null;
        this.last = start.initial();
    }

    /** Reads who acted, never the record: the referee makes none for it. */
    @Override
    public boolean readsRecords() {
        return false;
    }

    @Override
    public void acted(int index, int actor, boolean fallback, int offered, State after) {
        if (actor >= 0) {
            int count = offered >= 0 ? offered : legalCount(start.rules(), last);
            if (decisions == legal.length) {
                legal = Arrays.copyOf(legal, 2 * decisions);
                if (states != null) {
                    states = Arrays.copyOf(states, 2 * decisions);
                }
            }
            if (states != null) {
                states[decisions] = last;
            }
            if (decisions == 0) {
                starter = starterOf(start.rules(), last);
            }
            legal[decisions++] = count;
        }
        last = after;
        if (after.isTerminal()) {
            capped = start.measures().capped(after);
        }
    }

    private static double[] scores(MatchRecord record) {
        double[] scores = new double[record.players()];
        for (int seat = 0; seat < scores.length; seat++) {
            scores[seat] = record.seat(seat).score();
        }
        return scores;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int starterOf(Rules rules, State state) {
        return rules.starter(state);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int legalCount(Rules rules, State state) {
        return rules.legalMoves(state).size();
    }

    /**
     * What was collected, with the match's result.
     *
     * @param record the match's result
     */
    public GameTrace trace(MatchRecord record) {
        int[] ranks = new int[record.players()];
        for (int seat = 0; seat < ranks.length; seat++) {
            ranks[seat] = record.seat(seat).rank();
        }
        boolean completed = record.termination() == TerminationReason.NORMAL && !capped;
        int[] leaders = null;
        if (states != null) {
            leaders = new int[Metric.TENTHS + 1];
            // The last state's leader from the outcome where its scores are the running score's.
            int lastLeader = completed && last.isTerminal() && start.measures().outcomeIsLastScore()
                    ? start.measures().leader(scores(record)) : Integer.MIN_VALUE;
            State previous = null;
            for (int tenth = 0; tenth <= Metric.TENTHS; tenth++) {
                int place = Metrics.at(tenth, decisions);
                State state = place == decisions ? last : states[place];
                // Tenths of a short game fall on the same state: its scores are read once.
                leaders[tenth] = state == previous ? leaders[tenth - 1]
                        : state == last && lastLeader != Integer.MIN_VALUE ? lastLeader : start.measures().leader(state);
                previous = state;
            }
        }
        return new GameTrace(ranks, completed, record.moves(), Arrays.copyOf(legal, decisions), leaders, starter);
    }
}
