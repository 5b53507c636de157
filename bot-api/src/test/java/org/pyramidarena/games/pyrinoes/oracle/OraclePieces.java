package org.pyramidarena.games.pyrinoes.oracle;

import java.util.HashMap;
import java.util.Map;

/**
 * The equipment of OracleGame as precomputed tables: the 28 dominoes of a double-six set, the
 * pyramids of the five colours, and the 270 pyrino types (135 per seat) a player can build.
 *
 * <p>Dominoes are numbered 0..27 by (low, high) with low <= high: 0-0, 0-1, .., 0-6, 1-1, ...;
 * sets of dominoes are int bit masks. Pyramids are counted per field {@code colour * 3 + size - 1}
 * (colours red, yellow, green, blue, black; sizes 1 small, 2 medium, 3 large), each count 0..3 in
 * a 3-bit field of a long whose top bit is a guard, so "does this supply hold these pyramids" is
 * one subtraction.
 */
final class OraclePieces {

    static final int DOMINOES = 28;
    static final int ALL_DOMINOES = (1 << DOMINOES) - 1;
    static final int[] LOW = new int[DOMINOES];
    static final int[] HIGH = new int[DOMINOES];
    static final String[] DOMINO_NAMES = new String[DOMINOES];
    /** For each spot count 0..6, the dominoes showing it on either end. */
    static final int[] SHOWING = new int[7];
    private static final int[][] DOMINO_INDEX = new int[7][7];

    static final int RED = 0;
    static final int YELLOW = 1;
    static final int GREEN = 2;
    static final int BLUE = 3;
    static final int BLACK = 4;
    static final String COLOUR_LETTERS = "RYGBK";
    static final String SIZE_LETTERS = "SML";
    static final String[] COLOUR_NAMES = {"red", "yellow", "green", "blue", "black"};
    /** Each seat's two colours: fire (seat 0) red and yellow, ice (seat 1) blue and black. */
    static final int[][] SEAT_COLOURS = {{RED, YELLOW}, {BLUE, BLACK}};
    static final String[] SEAT_NAMES = {"fire", "ice"};
    static final int PER_FIELD = 3;

    static final long GUARDS;
    /** Every field full: three trios of every colour, greens included. */
    static final long FULL_SUPPLY;
    /** The value bits of a seat's own six fields (its two colours). */
    static final long[] SEAT_FIELDS = new long[2];

    /**
     * The nine ways to make one end of one colour, by the sizes used, bottom first: singles S, M, L
     * and stacks SS, MS, LS, MM, LM, LL (small on top of large is "LS").
     */
    static final String[] FORMS = {"S", "M", "L", "SS", "MS", "LS", "MM", "LM", "LL"};
    private static final int[][] FORM_SIZES = {{1}, {2}, {3}, {1, 1}, {2, 1}, {3, 1}, {2, 2}, {3, 2}, {3, 3}};

    static final int TYPES_PER_SEAT = 135;
    static final int TYPES = 2 * TYPES_PER_SEAT;
    /** The spot count of each type's first end (its first colour's end, or the green end). */
    static final int[] END_A = new int[TYPES];
    /** The spot count of each type's second end. */
    static final int[] END_B = new int[TYPES];
    static final long[] USE = new long[TYPES];
    static final int[] PIPS = new int[TYPES];
    static final int[] GREEN_PIPS = new int[TYPES];
    /** Bit c set when colour c is in the type. */
    static final int[] COLOURS = new int[TYPES];
    static final String[] TYPE_NAMES = new String[TYPES];
    static final String[][] END_NAMES = new String[TYPES][2];
    private static final Map<String, Integer> TYPE_BY_NAME = new HashMap<>();

    static {
        int d = 0;
        for (int low = 0; low <= 6; low++) {
            for (int high = low; high <= 6; high++) {
                LOW[d] = low;
                HIGH[d] = high;
                DOMINO_INDEX[low][high] = d;
                DOMINO_INDEX[high][low] = d;
                DOMINO_NAMES[d] = low + "-" + high;
                SHOWING[low] |= 1 << d;
                SHOWING[high] |= 1 << d;
                d++;
            }
        }
        long guards = 0;
        long full = 0;
        for (int field = 0; field < 15; field++) {
            guards |= 4L << (3 * field);
            full |= (long) PER_FIELD << (3 * field);
        }
        GUARDS = guards;
        FULL_SUPPLY = full;
        for (int seat = 0; seat < 2; seat++) {
            for (int colour : SEAT_COLOURS[seat]) {
                for (int size = 1; size <= 3; size++) {
                    SEAT_FIELDS[seat] |= 3L << (3 * field(colour, size));
                }
            }
        }
        for (int seat = 0; seat < 2; seat++) {
            int first = SEAT_COLOURS[seat][0];
            int second = SEAT_COLOURS[seat][1];
            for (int a = 0; a < FORMS.length; a++) {
                for (int b = 0; b < FORMS.length; b++) {
                    define(seat * TYPES_PER_SEAT + a * 9 + b, first, a, second, b, 0);
                }
            }
            for (int green = 1; green <= 3; green++) {
                for (int k = 0; k < 2; k++) {
                    for (int form = 0; form < FORMS.length; form++) {
                        define(seat * TYPES_PER_SEAT + 81 + (green - 1) * 18 + k * 9 + form,
                                GREEN, -1, SEAT_COLOURS[seat][k], form, green);
                    }
                }
            }
        }
    }

    private OraclePieces() {
    }

    private static void define(int type, int colourA, int formA, int colourB, int formB, int green) {
        long use = 0;
        int pips = 0;
        int endA = 0;
        String nameA;
        if (green > 0) {
            use += 1L << (3 * field(GREEN, green));
            pips += green;
            nameA = "G" + SIZE_LETTERS.charAt(green - 1);
        } else {
            for (int size : FORM_SIZES[formA]) {
                use += 1L << (3 * field(colourA, size));
                endA += size;
            }
            pips += endA;
            nameA = COLOUR_LETTERS.charAt(colourA) + FORMS[formA];
        }
        int endB = 0;
        for (int size : FORM_SIZES[formB]) {
            use += 1L << (3 * field(colourB, size));
            endB += size;
        }
        pips += endB;
        String nameB = COLOUR_LETTERS.charAt(colourB) + FORMS[formB];
        END_A[type] = endA;
        END_B[type] = endB;
        USE[type] = use;
        PIPS[type] = pips;
        GREEN_PIPS[type] = green;
        COLOURS[type] = 1 << colourA | 1 << colourB;
        END_NAMES[type][0] = nameA;
        END_NAMES[type][1] = nameB;
        TYPE_NAMES[type] = nameA + "." + nameB;
        TYPE_BY_NAME.put(TYPE_NAMES[type], type);
    }

    /** The field of a colour (0..4) and size (1..3). */
    static int field(int colour, int size) {
        return colour * 3 + size - 1;
    }

    /** How many pyramids of a field a supply holds. */
    static int count(long supply, int field) {
        return (int) (supply >>> (3 * field)) & 3;
    }

    /** True when a supply holds every pyramid of {@code use}. */
    static boolean holds(long supply, long use) {
        return (((supply | GUARDS) - use) & GUARDS) == GUARDS;
    }

    /** The pips of the pyramids in a supply (or the fields of it kept by a mask). */
    static int pips(long supply) {
        int pips = 0;
        for (int field = 0; field < 15; field++) {
            pips += count(supply, field) * (field % 3 + 1);
        }
        return pips;
    }

    /** The seat a pyrino type belongs to. */
    static int seatOf(int type) {
        return type / TYPES_PER_SEAT;
    }

    /** The domino with these two spot counts, in either order. */
    static int domino(int a, int b) {
        return DOMINO_INDEX[a][b];
    }

    static int weight(int domino) {
        return LOW[domino] + HIGH[domino];
    }

    /** The domino named {@code a-b} (either order), or -1. */
    static int parseDomino(String text) {
        if (text.length() == 3 && text.charAt(1) == '-') {
            int a = text.charAt(0) - '0';
            int b = text.charAt(2) - '0';
            if (a >= 0 && a <= 6 && b >= 0 && b <= 6) {
                return DOMINO_INDEX[a][b];
            }
        }
        return -1;
    }

    /** The pyrino type named by its canonical name, or -1. */
    static int parseType(String text) {
        Integer type = TYPE_BY_NAME.get(text);
        return type == null ? -1 : type;
    }
}
