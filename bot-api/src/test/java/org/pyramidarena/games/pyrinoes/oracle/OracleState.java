package org.pyramidarena.games.pyrinoes.oracle;

import java.util.Arrays;
import java.util.List;
import org.pyramidarena.api.State;

/**
 * A OracleGame position within a match: the round being played, both hands, the supplies, the line
 * and the scores, hidden dominoes included (a seat sees its {@link OracleView}).
 *
 * <p>Sets of dominoes are bit masks over the 28 dominoes; pyramid supplies one packed long (see
 * {@link OraclePieces}); built pyrinoes per seat a sorted array of pyrino types; the line an array of
 * pieces left to right, each a piece number (domino 0..27 or 28 + pyrino type) with {@link #FLIPPED}
 * set when it lies the other way round (a domino with its high end left, a pyrino with its second
 * end left).
 */
public final class OracleState implements State {

    /** Where a match stands. */
    public enum Phase {
        /** Before round 1: each player picks a random domino, the heavier starts (chance). */
        WEIGHT_DRAW,
        /** Dealing 9 + 9 dominoes to the hands and 1 to the line (chance). */
        DEAL,
        /** A seat's turn. */
        PLAY,
        /** A seat chose to draw; chance deals it a domino from the boneyard. */
        DRAW,
        /** The match is over. */
        OVER
    }

    static final int FLIPPED = 1 << 9;
    static final int PIECE = FLIPPED - 1;
    static final int[] EMPTY = {};

    final Phase phase;
    /** The round being played (or about to be dealt), from 1. */
    final int round;
    /** The seat that has the first turn of this round; -1 until the weight draw decides. */
    final int starter;
    /** The seat whose turn it is, or who is drawing; -1 outside play. */
    final int mover;
    /** The weight draw: seat 0's and seat 1's picks, -1 when not picked. */
    final int pick0;
    final int pick1;
    final int hand0;
    final int hand1;
    /** Dominoes not yet dealt: the boneyard once the deal is done. */
    final int boneyard;
    final long pyramids;
    final int[] pyrinoes0;
    final int[] pyrinoes1;
    final int[] line;
    final int leftEnd;
    final int rightEnd;
    /** True when the previous turn was a pass. */
    final boolean lastPassed;
    final int greens0;
    final int greens1;
    final int score0;
    final int score1;
    final List<OracleRound> rounds;

    private OracleState(Draft d) {
        phase = d.phase;
        round = d.round;
        starter = d.starter;
        mover = d.mover;
        pick0 = d.pick0;
        pick1 = d.pick1;
        hand0 = d.hand0;
        hand1 = d.hand1;
        boneyard = d.boneyard;
        pyramids = d.pyramids;
        pyrinoes0 = d.pyrinoes0;
        pyrinoes1 = d.pyrinoes1;
        line = d.line;
        leftEnd = d.leftEnd;
        rightEnd = d.rightEnd;
        lastPassed = d.lastPassed;
        greens0 = d.greens0;
        greens1 = d.greens1;
        score0 = d.score0;
        score1 = d.score1;
        rounds = d.rounds;
    }

    /** The state before the weight draw of round 1. */
    static OracleState initial() {
        Draft d = new Draft();
        d.phase = Phase.WEIGHT_DRAW;
        d.round = 1;
        d.starter = -1;
        d.mover = -1;
        d.pick0 = -1;
        d.pick1 = -1;
        d.rounds = List.of();
        d.resetRound();
        return d.freeze();
    }

    @Override
    public int actor() {
        return switch (phase) {
            case PLAY -> mover;
            case OVER -> NONE;
            default -> CHANCE;
        };
    }

    @Override
    public int players() {
        return 2;
    }

    /** Where the match stands. */
    public Phase phase() {
        return phase;
    }

    /** The round being played, from 1. */
    public int round() {
        return round;
    }

    /** The seat with the first turn of this round, or -1 before the weight draw has decided. */
    public int starter() {
        return starter;
    }

    /** A seat's dominoes as a bit mask over dominoes 0..27. */
    int hand(int seat) {
        return seat == 0 ? hand0 : hand1;
    }

    /** A seat's built, unplayed pyrinoes: sorted pyrino types; not to be changed. */
    int[] pyrinoes(int seat) {
        return seat == 0 ? pyrinoes0 : pyrinoes1;
    }

    int greensPlayed(int seat) {
        return seat == 0 ? greens0 : greens1;
    }

    /** A seat's match score so far. */
    public int score(int seat) {
        return seat == 0 ? score0 : score1;
    }

    /** The completed rounds, oldest first. */
    public List<OracleRound> rounds() {
        return rounds;
    }

    /** How many dominoes a seat holds. */
    public int handSize(int seat) {
        return Integer.bitCount(hand(seat));
    }

    /** How many dominoes are in the boneyard (during a deal: not yet dealt). */
    public int boneyardSize() {
        return Integer.bitCount(boneyard);
    }

    /** How many pyramids of a colour (0 red .. 4 black) and size (1..3) are in the supplies. */
    public int supply(int colour, int size) {
        return OraclePieces.count(pyramids, OraclePieces.field(colour, size));
    }

    /** The number of dominoes dealt so far in this round's deal. */
    int dealt() {
        return Integer.bitCount(hand0) + Integer.bitCount(hand1) + line.length;
    }

    /** The two spot counts a line entry shows, left then right. */
    static int leftOf(int entry) {
        int piece = entry & PIECE;
        boolean flipped = (entry & FLIPPED) != 0;
        if (piece < OraclePieces.DOMINOES) {
            return flipped ? OraclePieces.HIGH[piece] : OraclePieces.LOW[piece];
        }
        int type = piece - OraclePieces.DOMINOES;
        return flipped ? OraclePieces.END_B[type] : OraclePieces.END_A[type];
    }

    static int rightOf(int entry) {
        int piece = entry & PIECE;
        boolean flipped = (entry & FLIPPED) != 0;
        if (piece < OraclePieces.DOMINOES) {
            return flipped ? OraclePieces.LOW[piece] : OraclePieces.HIGH[piece];
        }
        int type = piece - OraclePieces.DOMINOES;
        return flipped ? OraclePieces.END_A[type] : OraclePieces.END_B[type];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OracleState s && phase == s.phase && round == s.round && starter == s.starter
                && mover == s.mover && pick0 == s.pick0 && pick1 == s.pick1 && hand0 == s.hand0
                && hand1 == s.hand1 && boneyard == s.boneyard && pyramids == s.pyramids
                && leftEnd == s.leftEnd && rightEnd == s.rightEnd && lastPassed == s.lastPassed
                && greens0 == s.greens0 && greens1 == s.greens1 && score0 == s.score0 && score1 == s.score1
                && Arrays.equals(pyrinoes0, s.pyrinoes0) && Arrays.equals(pyrinoes1, s.pyrinoes1)
                && Arrays.equals(line, s.line) && rounds.equals(s.rounds);
    }

    @Override
    public int hashCode() {
        int h = phase.ordinal();
        h = h * 31 + round;
        h = h * 31 + starter;
        h = h * 31 + mover;
        h = h * 31 + pick0 * 29 + pick1;
        h = h * 31 + hand0;
        h = h * 31 + hand1;
        h = h * 31 + boneyard;
        h = h * 31 + Long.hashCode(pyramids);
        h = h * 31 + Arrays.hashCode(pyrinoes0);
        h = h * 31 + Arrays.hashCode(pyrinoes1);
        h = h * 31 + Arrays.hashCode(line);
        h = h * 31 + leftEnd * 7 + rightEnd + (lastPassed ? 1 : 0);
        h = h * 31 + greens0 * 13 + greens1;
        h = h * 31 + score0 * 1009 + score1;
        return h * 31 + rounds.size();
    }

    @Override
    public String toString() {
        return "PyrinoesState[round " + round + ", " + phase + ", actor " + actor() + ", scores " + score0 + "-"
                + score1 + "]";
    }

    /**
     * The mutable working copy the rules edit while applying an action; arrays are replaced, never
     * written into, so a draft shares them safely with the state it came from.
     */
    static final class Draft {
        Phase phase;
        int round;
        int starter;
        int mover;
        int pick0;
        int pick1;
        int hand0;
        int hand1;
        int boneyard;
        long pyramids;
        int[] pyrinoes0;
        int[] pyrinoes1;
        int[] line;
        int leftEnd;
        int rightEnd;
        boolean lastPassed;
        int greens0;
        int greens1;
        int score0;
        int score1;
        List<OracleRound> rounds;

        Draft() {
        }

        Draft(OracleState s) {
            phase = s.phase;
            round = s.round;
            starter = s.starter;
            mover = s.mover;
            pick0 = s.pick0;
            pick1 = s.pick1;
            hand0 = s.hand0;
            hand1 = s.hand1;
            boneyard = s.boneyard;
            pyramids = s.pyramids;
            pyrinoes0 = s.pyrinoes0;
            pyrinoes1 = s.pyrinoes1;
            line = s.line;
            leftEnd = s.leftEnd;
            rightEnd = s.rightEnd;
            lastPassed = s.lastPassed;
            greens0 = s.greens0;
            greens1 = s.greens1;
            score0 = s.score0;
            score1 = s.score1;
            rounds = s.rounds;
        }

        /** Takes every piece back for a new deal: full supplies, empty hands and line. */
        void resetRound() {
            hand0 = 0;
            hand1 = 0;
            boneyard = OraclePieces.ALL_DOMINOES;
            pyramids = OraclePieces.FULL_SUPPLY;
            pyrinoes0 = EMPTY;
            pyrinoes1 = EMPTY;
            line = EMPTY;
            leftEnd = -1;
            rightEnd = -1;
            lastPassed = false;
            greens0 = 0;
            greens1 = 0;
        }

        int hand(int seat) {
            return seat == 0 ? hand0 : hand1;
        }

        void setHand(int seat, int hand) {
            if (seat == 0) {
                hand0 = hand;
            } else {
                hand1 = hand;
            }
        }

        int[] pyrinoes(int seat) {
            return seat == 0 ? pyrinoes0 : pyrinoes1;
        }

        void setPyrinoes(int seat, int[] pyrinoes) {
            if (seat == 0) {
                pyrinoes0 = pyrinoes;
            } else {
                pyrinoes1 = pyrinoes;
            }
        }

        void addGreens(int seat, int pips) {
            if (seat == 0) {
                greens0 += pips;
            } else {
                greens1 += pips;
            }
        }

        OracleState freeze() {
            return new OracleState(this);
        }
    }
}
