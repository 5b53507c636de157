package org.pyramidarena.arena.players;

/**
 * The real time of one match's last decision, for the bots that move on the referee's own thread
 * ({@link DirectContestant}): such a bot's move is timed from the end of the decision before it,
 * read once, instead of from a second read of the clock at the start of its own. Reading the clock
 * costs about 25-30 ns on the build machine, a quarter of what the referee adds to a random bot's
 * decision in the games with the cheapest moves.
 *
 * <p>The price is that the referee's own work between two decisions (applying the last action,
 * chance included; telling the bots and the listener of it; making the next view and legal list:
 * a few microseconds at most) is charged to the seat about to move. Every seat pays it alike, and
 * against clocks counted in milliseconds it never decides a timeout. A decision of any other kind
 * of contestant (on a thread or in a process of its own, which times itself) {@linkplain #forget
 * forgets} the mark, so its time is never charged to the next bot.
 */
public final class DecisionClock {

    private long mark;
    private boolean marked;

    /** The mark a move is timed from: the end of the decision before, or now when there is none. */
    long start() {
        return marked ? mark : System.nanoTime();
    }

    /** Reads the clock at the end of a decision, marks it, and returns it. */
    long end() {
        long now = System.nanoTime();
        mark = now;
        marked = true;
        return now;
    }

    /** Forgets the mark: the next move reads its own start. */
    void forget() {
        marked = false;
    }
}
