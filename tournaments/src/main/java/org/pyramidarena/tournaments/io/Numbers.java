package org.pyramidarena.tournaments.io;

import java.util.Locale;

/** Number formatting shared by the writers: fixed decimals, locale-independent, NaN as empty. */
final class Numbers {
    private Numbers() {
    }

    /** {@code value} with {@code decimals} decimals, or "" for NaN (read as missing by pandas and R). */
    static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** Like {@link #fixed} but "-" for NaN, for the terminal. */
    static String shown(double value, int decimals) {
        return Double.isNaN(value) ? "-" : fixed(value, decimals);
    }
}
