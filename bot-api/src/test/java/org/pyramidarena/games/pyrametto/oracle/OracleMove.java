package org.pyramidarena.games.pyrametto.oracle;

import org.pyramidarena.api.Move;

/**
 * A Pyrametto action: a seat taking a stack or rolling, the dice landing (a chance outcome), or the
 * roller placing the pyramid the dice allow.
 *
 * <p>Notation (stacks are letters {@code a..e}, seats digits {@code 0..4}, sizes {@code S M L},
 * colours {@code r y g b k} for red, yellow, green, blue, black):
 * <ul>
 *   <li>{@code Tb}: take stack b into your vault and sit out the rest of the round;</li>
 *   <li>{@code R}: roll the dice;</li>
 *   <li>{@code SM/w}: the dice show the size face {@code S M L SM SL ML} and the colour face
 *       {@code r y g b k}, or {@code w} for wild (a chance outcome);</li>
 *   <li>{@code Mr:a}: put a medium red from the inventory on stack a; {@code Mr@2:a}: the same
 *       pyramid taken from seat 2's vault, which is allowed only when the inventory has none.</li>
 * </ul>
 *
 * @param kind which of the four actions this is
 * @param stack the stack taken or placed on, {@code 0..4}; -1 otherwise
 * @param size the placed pyramid's size, 1 (small) to 3 (large); 0 otherwise
 * @param colour the placed pyramid's colour, {@code 0..4} (red, yellow, green, blue, black); -1 otherwise
 * @param from the seat whose vault the placed pyramid comes from, or {@link #INVENTORY}; -1 otherwise
 * @param sizeFace the size die's face for dice, {@code 0..5} ({@code S M L SM SL ML}); -1 otherwise
 * @param colourFace the colour die's face for dice, {@code 0..5} (the five colours, then wild); -1 otherwise
 */
public record OracleMove(Kind kind, int stack, int size, int colour, int from, int sizeFace, int colourFace)
        implements Move {

    /** The four kinds of action. */
    public enum Kind {
        /** A seat takes a stack. */
        TAKE,
        /** A seat rolls the dice. */
        ROLL,
        /** The dice land: a chance outcome. */
        DICE,
        /** The roller puts the pyramid it chose on a stack. */
        PLACE
    }

    /** {@link #from()} of a pyramid taken from the global inventory. */
    public static final int INVENTORY = -1;

    static final int MAX_SEATS = 5;
    static final String SIZES = "SML";
    static final String COLOURS = "rygbk";
    static final String[] COLOUR_NAMES = {"red", "yellow", "green", "blue", "black"};
    static final String[] SIZE_FACES = {"S", "M", "L", "SM", "SL", "ML"};
    /** The sizes each size face allows, as a bit mask: bit {@code size - 1}. */
    static final int[] SIZE_FACE_MASKS = {1, 2, 4, 3, 5, 6};
    static final String COLOUR_FACES = "rygbkw";
    static final int WILD = 5;

    private static final OracleMove ROLL_MOVE = new OracleMove(Kind.ROLL, -1, 0, -1, -1, -1, -1);
    private static final OracleMove[] TAKES = new OracleMove[MAX_SEATS];
    private static final OracleMove[] DICE = new OracleMove[36];
    private static final OracleMove[] PLACES = new OracleMove[3 * 5 * (MAX_SEATS + 1) * MAX_SEATS];

    static {
        for (int stack = 0; stack < MAX_SEATS; stack++) {
            TAKES[stack] = new OracleMove(Kind.TAKE, stack, 0, -1, -1, -1, -1);
        }
        for (int face = 0; face < 36; face++) {
            DICE[face] = new OracleMove(Kind.DICE, -1, 0, -1, -1, face / 6, face % 6);
        }
        for (int size = 1; size <= 3; size++) {
            for (int colour = 0; colour < 5; colour++) {
                for (int from = INVENTORY; from < MAX_SEATS; from++) {
                    for (int stack = 0; stack < MAX_SEATS; stack++) {
                        PLACES[placeIndex(size, colour, from, stack)] =
                                new OracleMove(Kind.PLACE, stack, size, colour, from, -1, -1);
                    }
                }
            }
        }
    }

    public OracleMove {
        java.util.Objects.requireNonNull(kind, "kind");
        boolean valid = switch (kind) {
            case TAKE -> inRange(stack, MAX_SEATS) && size == 0 && colour == -1 && from == -1
                    && sizeFace == -1 && colourFace == -1;
            case ROLL -> stack == -1 && size == 0 && colour == -1 && from == -1 && sizeFace == -1 && colourFace == -1;
            case DICE -> stack == -1 && size == 0 && colour == -1 && from == -1
                    && inRange(sizeFace, 6) && inRange(colourFace, 6);
            case PLACE -> inRange(stack, MAX_SEATS) && size >= 1 && size <= 3 && inRange(colour, 5)
                    && from >= INVENTORY && from < MAX_SEATS && sizeFace == -1 && colourFace == -1;
        };
        if (!valid) {
            throw new IllegalArgumentException("not a Pyrametto " + kind + " move: stack " + stack + ", size " + size
                    + ", colour " + colour + ", from " + from + ", faces " + sizeFace + "/" + colourFace);
        }
    }

    private static boolean inRange(int value, int bound) {
        return value >= 0 && value < bound;
    }

    private static int placeIndex(int size, int colour, int from, int stack) {
        return (((size - 1) * 5 + colour) * (MAX_SEATS + 1) + from + 1) * MAX_SEATS + stack;
    }

    /** Taking stack {@code stack} (0-4); a shared instance. */
    public static OracleMove take(int stack) {
        return TAKES[stack];
    }

    /** Rolling the dice; a shared instance. */
    public static OracleMove roll() {
        return ROLL_MOVE;
    }

    /** The dice showing size face {@code sizeFace} (0-5) and colour face {@code colourFace} (0-5); shared. */
    public static OracleMove dice(int sizeFace, int colourFace) {
        return DICE[sizeFace * 6 + colourFace];
    }

    /**
     * Placing a pyramid of {@code size} (1-3) and {@code colour} (0-4), taken from {@code from} (a
     * seat's vault or {@link #INVENTORY}), on {@code stack}; a shared instance.
     */
    public static OracleMove place(int size, int colour, int from, int stack) {
        return PLACES[placeIndex(size, colour, from, stack)];
    }

    /** The pyramid's kind index {@code colour * 3 + size - 1} of a placement. */
    int pyramid() {
        return colour * 3 + size - 1;
    }

    // Every move's notation, written once: the referee, the replays and the events ask for it often.
    private static final String[] TAKE_NOTATIONS = new String[MAX_SEATS];
    private static final String[] DICE_NOTATIONS = new String[36];
    private static final String[] PLACE_NOTATIONS = new String[PLACES.length];

    static {
        for (int stack = 0; stack < MAX_SEATS; stack++) {
            TAKE_NOTATIONS[stack] = TAKES[stack].describe();
        }
        for (int face = 0; face < 36; face++) {
            DICE_NOTATIONS[face] = DICE[face].describe();
        }
        for (int i = 0; i < PLACES.length; i++) {
            PLACE_NOTATIONS[i] = PLACES[i].describe();
        }
    }

    @Override
    public String notation() {
        return switch (kind) {
            case TAKE -> TAKE_NOTATIONS[stack];
            case ROLL -> "R";
            case DICE -> DICE_NOTATIONS[sizeFace * 6 + colourFace];
            case PLACE -> PLACE_NOTATIONS[placeIndex(size, colour, from, stack)];
        };
    }

    private String describe() {
        return switch (kind) {
            case TAKE -> "T" + stackName(stack);
            case ROLL -> "R";
            case DICE -> SIZE_FACES[sizeFace] + "/" + COLOUR_FACES.charAt(colourFace);
            case PLACE -> pyramidName(colour * 3 + size - 1) + (from == INVENTORY ? "" : "@" + from) + ":"
                    + stackName(stack);
        };
    }

    @Override
    public String toString() {
        return notation();
    }

    /** The letter of a stack, {@code a..e}. */
    static char stackName(int stack) {
        return (char) ('a' + stack);
    }

    /** The two-letter name of a pyramid kind, e.g. {@code Mr} for a medium red. */
    static String pyramidName(int kind) {
        return "" + SIZES.charAt(kind % 3) + COLOURS.charAt(kind / 3);
    }

    /**
     * Parses {@code Ta}, {@code R}, {@code SM/w} or {@code Mr:a} / {@code Mr@2:a}.
     *
     * @throws IllegalArgumentException when the text is none of these forms
     */
    public static OracleMove parse(String text) {
        if (text.equals("R")) {
            return ROLL_MOVE;
        }
        if (text.length() == 2 && text.charAt(0) == 'T' && isStack(text.charAt(1))) {
            return take(text.charAt(1) - 'a');
        }
        int slash = text.indexOf('/');
        if (slash > 0 && slash == text.length() - 2) {
            String sizeFace = text.substring(0, slash);
            int colourFace = COLOUR_FACES.indexOf(text.charAt(slash + 1));
            for (int face = 0; face < SIZE_FACES.length; face++) {
                if (SIZE_FACES[face].equals(sizeFace) && colourFace >= 0) {
                    return dice(face, colourFace);
                }
            }
        }
        if ((text.length() == 4 || text.length() == 6) && text.charAt(text.length() - 2) == ':'
                && SIZES.indexOf(text.charAt(0)) >= 0 && COLOURS.indexOf(text.charAt(1)) >= 0
                && isStack(text.charAt(text.length() - 1))) {
            int from = INVENTORY;
            if (text.length() == 6) {
                if (text.charAt(2) != '@' || text.charAt(3) < '0' || text.charAt(3) >= '0' + MAX_SEATS) {
                    throw new IllegalArgumentException("'" + text + "': a vault is named @0 to @4");
                }
                from = text.charAt(3) - '0';
            }
            return place(SIZES.indexOf(text.charAt(0)) + 1, COLOURS.indexOf(text.charAt(1)), from,
                    text.charAt(text.length() - 1) - 'a');
        }
        throw new IllegalArgumentException("'" + text
                + "' is not a Pyrametto move (expected e.g. Tb, R, SM/w, Mr:a or Mr@2:a)");
    }

    private static boolean isStack(char letter) {
        return letter >= 'a' && letter < 'a' + MAX_SEATS;
    }
}
