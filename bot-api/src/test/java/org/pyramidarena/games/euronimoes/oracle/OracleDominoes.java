package org.pyramidarena.games.euronimoes.oracle;

/**
 * The 28 dominoes of a double-six set, each known by its type: an index {@code 0..27} in the order
 * {@code 0-0, 0-1, .., 0-6, 1-1, 1-2, .., 6-6}. Views and states count dominoes by type; with two
 * sets a type can occur twice, and the two copies are interchangeable.
 */
public final class OracleDominoes {

    /** The number of different dominoes in a double-six set. */
    public static final int TYPES = 28;

    private static final int[] LOW = new int[TYPES];
    private static final int[] HIGH = new int[TYPES];
    private static final int[] TYPE = new int[49];
    private static final String[] NAMES = new String[TYPES];

    static {
        int type = 0;
        for (int low = 0; low <= 6; low++) {
            for (int high = low; high <= 6; high++) {
                LOW[type] = low;
                HIGH[type] = high;
                TYPE[low * 7 + high] = type;
                TYPE[high * 7 + low] = type;
                NAMES[type] = low + "-" + high;
                type++;
            }
        }
    }

    private OracleDominoes() {
    }

    /** The type of the domino with these two numbers (0-6), in either order. */
    public static int type(int a, int b) {
        return TYPE[a * 7 + b];
    }

    /** The smaller number of a type. */
    public static int low(int type) {
        return LOW[type];
    }

    /** The larger number of a type. */
    public static int high(int type) {
        return HIGH[type];
    }

    /** The pip total of a type. */
    public static int pips(int type) {
        return LOW[type] + HIGH[type];
    }

    /** True for the six dominoes whose numbers differ by one, the only ones that stand vertically alone. */
    public static boolean isConsecutive(int type) {
        return HIGH[type] - LOW[type] == 1;
    }

    /** The name of a type, low end first: {@code "2-5"}. */
    public static String name(int type) {
        return NAMES[type];
    }
}
