package org.pyramidarena.games.euronimoes;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pyramidarena.api.Move;

/**
 * A Euronimoes action: a chance reveal, one of the two ways to obtain a domino, placing a domino in
 * one's own layout, or stopping with one domino kept.
 *
 * <p>Notation:
 * <ul>
 *   <li>{@code 2-5}: chance reveals a 2-5 (low end first) to the market slot being filled or to the
 *       hand being dealt to.</li>
 *   <li>{@code buy-1}, {@code buy0}, {@code buy1}, {@code buy2}, {@code buy3}: buy the domino in the
 *       market slot of that cost.</li>
 *   <li>{@code draw}: draw from the bone pile.</li>
 *   <li>{@code 3-2h0,-1L1}: place a domino with its first number at cell {@code (x, y)} and its second
 *       at the cell to the right ({@code h}, {@code (x+1, y)}) or above ({@code v}, {@code (x, y+1)}),
 *       on level {@code L} (1 is the ground). Coordinates are relative to the first domino a player
 *       places, whose first number lies on {@code 0,0}; {@code x} grows to the right, {@code y}
 *       upwards.</li>
 *   <li>{@code stop}: keep one's last domino and end one's game (end phase only).</li>
 * </ul>
 *
 * @param kind what the action is
 * @param first for {@link Kind#REVEAL} the low number; for {@link Kind#BUY} the slot's cost (-1..3);
 *     for {@link Kind#PLACE} the number placed on {@code (x, y)}; otherwise 0
 * @param second for {@link Kind#REVEAL} the high number; for {@link Kind#PLACE} the number placed on
 *     the other cell; otherwise 0
 * @param x the column of the placement's first cell; 0 unless {@link Kind#PLACE}
 * @param y the row of the placement's first cell; 0 unless {@link Kind#PLACE}
 * @param vertical whether the second cell is above the first (else to its right); false unless
 *     {@link Kind#PLACE}
 * @param level the placement's level, 1 for the ground; 0 unless {@link Kind#PLACE}
 */
public record EuronimoesMove(Kind kind, int first, int second, int x, int y, boolean vertical, int level)
        implements Move {

    /** The kinds of action. */
    public enum Kind {
        /** Chance shows a domino: to a market slot (public) or to a hand (seen only by its owner). */
        REVEAL,
        /** Buy from a market slot. */
        BUY,
        /** Draw from the bone pile. */
        DRAW,
        /** Place a domino from hand. */
        PLACE,
        /** Keep the last domino and stop. */
        STOP
    }

    /** The largest coordinate the notation accepts in absolute value; layouts stay far inside it. */
    static final int MAX_COORDINATE = 999;

    private static final EuronimoesMove[] REVEALS = new EuronimoesMove[Dominoes.TYPES];
    private static final EuronimoesMove[] BUYS = new EuronimoesMove[5];
    private static final String[] BUY_NOTATIONS = {"buy-1", "buy0", "buy1", "buy2", "buy3"};
    /** Drawing from the bone pile. */
    public static final EuronimoesMove DRAW = new EuronimoesMove(Kind.DRAW, 0, 0, 0, 0, false, 0);
    /** Keeping the last domino. */
    public static final EuronimoesMove STOP = new EuronimoesMove(Kind.STOP, 0, 0, 0, 0, false, 0);
    private static final Pattern PLACEMENT =
            Pattern.compile("([0-6])-([0-6])([hv])(-?[0-9]{1,3}),(-?[0-9]{1,3})L([1-9][0-9]?)");

    static {
        for (int type = 0; type < Dominoes.TYPES; type++) {
            REVEALS[type] = new EuronimoesMove(Kind.REVEAL, Dominoes.low(type), Dominoes.high(type), 0, 0, false, 0);
        }
        for (int cost = -1; cost <= 3; cost++) {
            BUYS[cost + 1] = new EuronimoesMove(Kind.BUY, cost, 0, 0, 0, false, 0);
        }
    }

    public EuronimoesMove {
        java.util.Objects.requireNonNull(kind, "kind");
        boolean valid = switch (kind) {
            case REVEAL -> first >= 0 && first <= second && second <= 6 && x == 0 && y == 0 && !vertical && level == 0;
            case BUY -> first >= -1 && first <= 3 && second == 0 && x == 0 && y == 0 && !vertical && level == 0;
            case DRAW, STOP -> first == 0 && second == 0 && x == 0 && y == 0 && !vertical && level == 0;
            case PLACE -> first >= 0 && first <= 6 && second >= 0 && second <= 6 && level >= 1 && level <= 99
                    && Math.abs(x) <= MAX_COORDINATE && Math.abs(y) <= MAX_COORDINATE;
        };
        if (!valid) {
            throw new IllegalArgumentException("not a Euronimoes " + kind.name().toLowerCase() + ": " + first + ", "
                    + second + ", " + x + ", " + y + ", " + vertical + ", " + level);
        }
    }

    /** Chance revealing a domino of a type; a shared instance. */
    public static EuronimoesMove reveal(int type) {
        return REVEALS[type];
    }

    /** Buying the domino in the market slot costing {@code cost} (-1..3); a shared instance. */
    public static EuronimoesMove buy(int cost) {
        if (cost < -1 || cost > 3) {
            throw new IllegalArgumentException("market slots cost -1 to 3, not " + cost);
        }
        return BUYS[cost + 1];
    }

    /**
     * Placing a domino: {@code first} on {@code (x, y)}, {@code second} on the cell to the right or
     * (when {@code vertical}) above, on {@code level}.
     */
    public static EuronimoesMove place(int first, int second, int x, int y, boolean vertical, int level) {
        int i = x + PLACED_OFFSET;
        int j = y + PLACED_OFFSET;
        if ((i | j) < 0 || i >= PLACED_SIDE || j >= PLACED_SIDE || level < 1 || level > PLACED_LEVELS
                || first < 0 || first > 6 || second < 0 || second > 6) {
            return new EuronimoesMove(Kind.PLACE, first, second, x, y, vertical, level);
        }
        int group = ((level - 1) * 2 + (vertical ? 1 : 0)) * 49 + first * 7 + second;
        EuronimoesMove[] moves = PLACED[group];
        if (moves == null) {
            moves = new EuronimoesMove[PLACED_SIDE * PLACED_SIDE];
            PLACED[group] = moves;
        }
        EuronimoesMove move = moves[i * PLACED_SIDE + j];
        if (move == null) {
            move = new EuronimoesMove(Kind.PLACE, first, second, x, y, vertical, level);
            moves[i * PLACED_SIDE + j] = move;
        }
        return move;
    }

    /*
     * Placements are shared instances, made on first use, so that listing the legal moves at every
     * turn allocates no move: per level (up to PLACED_LEVELS), orientation and the two numbers, a
     * table over the coordinates -32..31, where layouts stay. Other placements are made afresh.
     * Moves are immutable with final fields, so a racy table can only make one move twice, equal.
     */
    private static final int PLACED_OFFSET = 32;
    private static final int PLACED_SIDE = 64;
    private static final int PLACED_LEVELS = 8;
    private static final EuronimoesMove[][] PLACED = new EuronimoesMove[PLACED_LEVELS * 2 * 49][];

    /** The domino type a reveal or placement is about. */
    public int type() {
        return Dominoes.type(first, second);
    }

    /** The column of a placement's second cell. */
    public int secondX() {
        return vertical ? x : x + 1;
    }

    /** The row of a placement's second cell. */
    public int secondY() {
        return vertical ? y + 1 : y;
    }

    @Override
    public String notation() {
        return switch (kind) {
            case REVEAL -> Dominoes.name(type());
            case BUY -> BUY_NOTATIONS[first + 1];
            case DRAW -> "draw";
            case STOP -> "stop";
            case PLACE -> first + "-" + second + (vertical ? 'v' : 'h') + x + "," + y + "L" + level;
        };
    }

    @Override
    public String toString() {
        return notation();
    }

    /**
     * The hash of every component, written out: searches key their tree's children by the move, and
     * the record's generated hash (through method handles) was a tenth of mcts's time here.
     */
    @Override
    public int hashCode() {
        int h = kind.ordinal();
        h = h * 31 + first;
        h = h * 31 + second;
        h = h * 31 + x;
        h = h * 31 + y;
        h = h * 31 + level;
        return h * 2 + (vertical ? 1 : 0);
    }

    /** Equal moves have every component equal, as the record's own equals, written out beside {@link #hashCode}. */
    @Override
    public boolean equals(Object other) {
        return other instanceof EuronimoesMove m && kind == m.kind && first == m.first && second == m.second
                && x == m.x && y == m.y && vertical == m.vertical && level == m.level;
    }

    /**
     * Parses the notation: {@code 2-5}, {@code buy-1} .. {@code buy3}, {@code draw}, {@code stop} or
     * a placement such as {@code 3-2h0,-1L1}.
     *
     * @throws IllegalArgumentException when the text is none of these
     */
    public static EuronimoesMove parse(String text) {
        switch (text) {
            case "draw":
                return DRAW;
            case "stop":
                return STOP;
            case "buy-1", "buy0", "buy1", "buy2", "buy3":
                return buy(Integer.parseInt(text.substring(3)));
            default:
                break;
        }
        if (text.length() == 3 && text.charAt(1) == '-' && isNumber(text.charAt(0)) && isNumber(text.charAt(2))) {
            int low = text.charAt(0) - '0';
            int high = text.charAt(2) - '0';
            if (low > high) {
                throw new IllegalArgumentException("'" + text + "': a revealed domino is written low end first, e.g. "
                        + high + "-" + low);
            }
            return reveal(Dominoes.type(low, high));
        }
        Matcher m = PLACEMENT.matcher(text);
        if (m.matches()) {
            return place(m.group(1).charAt(0) - '0', m.group(2).charAt(0) - '0', Integer.parseInt(m.group(4)),
                    Integer.parseInt(m.group(5)), m.group(3).equals("v"), Integer.parseInt(m.group(6)));
        }
        throw new IllegalArgumentException("'" + text + "' is not a Euronimoes move (expected e.g. draw, buy0, stop,"
                + " 2-5 for a reveal, or 3-2h0,-1L1 for a placement)");
    }

    private static boolean isNumber(char c) {
        return c >= '0' && c <= '6';
    }
}
