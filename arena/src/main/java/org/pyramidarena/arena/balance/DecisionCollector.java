package org.pyramidarena.arena.balance;

import java.util.Arrays;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * Listens to one match as the referee plays it and keeps, for each decision of a seat, the number
 * of legal moves and who leads by the running score. The referee tells it the state after each
 * action; the state before the first action is the rules' initial state, whose figures are worked
 * out once per setup ({@link Start}).
 */
public final class DecisionCollector implements MatchListener {

    /**
     * The figures of a setup's initial state, shared by its matches.
     *
     * @param rules the rules
     * @param measures what is read from states
     * @param legal the legal moves there when it is a seat's decision, else -1
     * @param leader who leads there
     */
    public record Start(Rules<?, ?> rules, GameMeasures measures, int legal, int leader) {

        /** Works out the initial state's figures. */
        public static Start of(Rules<?, ?> rules, GameMeasures measures) {
            State initial = rules.initialState();
            return new Start(rules, measures, legalCount(rules, initial), measures.leader(initial));
        }
    }

    private final Start start;
    private final boolean scored;
    private int[] legal = new int[64];
    private int[] leaders;
    private int decisions;
    private boolean capped;

    /** A collector for one match of a setup. */
    public DecisionCollector(Start start) {
        this.start = start;
        this.scored = start.measures().scored();
        this.leaders = scored ? new int[65] : null;
        if (start.legal() >= 0) {
            decision(start.legal(), start.leader());
        } else if (scored) {
            leaders[0] = start.leader();
        }
    }

    @Override
    public void action(int index, ActionRecord action, State after) {
        if (after.actor() >= 0) {
            decision(legalCount(start.rules(), after), scored ? start.measures().leader(after) : 0);
        } else if (after.isTerminal()) {
            capped = start.measures().capped(after);
            if (scored) {
                leaders[decisions] = start.measures().leader(after);
            }
        } else if (scored) {
            // A chance node: the running score it shows stands until the next decision or the end.
            leaders[decisions] = start.measures().leader(after);
        }
    }

    private void decision(int count, int leader) {
        if (decisions == legal.length) {
            legal = Arrays.copyOf(legal, 2 * decisions);
            if (scored) {
                leaders = Arrays.copyOf(leaders, 2 * decisions + 1);
            }
        }
        legal[decisions++] = count;
        if (scored) {
            // Who leads before this decision, and (until an action changes it) after it.
            leaders[decisions - 1] = leader;
            leaders[decisions] = leader;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int legalCount(Rules rules, State state) {
        return state.actor() >= 0 ? rules.legalMoves(state).size() : -1;
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
        int[] finalLeaders = null;
        if (scored) {
            finalLeaders = Arrays.copyOf(leaders, decisions + 1);
        }
        return new GameTrace(ranks, completed, record.moves(), Arrays.copyOf(legal, decisions), finalLeaders);
    }
}
