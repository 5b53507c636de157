package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtDecision;
import org.pyramidarena.tournaments.stats.EloEstimate;

/**
 * Tells a person how far a played SPRT is, on standard error, as the tournament's {@link Progress}
 * does: on a terminal one line redrawn in place after every pair (at most ten times a second);
 * elsewhere (a log, a pipe, CI) a {@code progress:} line with every status line and one at the end.
 * The line holds the games, the LLR with its bounds, the Elo so far, the time taken and an estimate
 * of the time left ({@link #remaining}):
 * {@code 212 games in 0:42  LLR 1.23 (-2.94,2.94)  Elo 675.9 ± 207.1  ETA 0:35 (~180 games to H1)}.
 * What it shows depends on the machine's speed, which is why it is not on standard output, whose
 * lines the same seed prints the same.
 */
abstract class SprtProgress {

    /** Says nothing (--quiet). */
    static final SprtProgress NONE = new SprtProgress(2) {
        @Override
        void afterPair(Sprt test) {
        }

        @Override
        void statusReport(Sprt test) {
        }

        @Override
        void finish(Sprt test) {
        }

        @Override
        void end() {
        }
    };

    private final long maxGames;
    private final long startNanos = System.nanoTime();

    private SprtProgress(long maxGames) {
        this.maxGames = maxGames;
    }

    /**
     * A line redrawn in place when {@code terminal}, else plain lines, written to {@code err}; the time
     * counts from now.
     *
     * @param maxGames the test's game budget, which ends it undecided
     */
    static SprtProgress to(PrintWriter err, boolean terminal, long maxGames) {
        return terminal ? new Redrawn(err, maxGames) : new Lines(err, maxGames);
    }

    /** A pair was folded into the test. */
    abstract void afterPair(Sprt test);

    /** A status line is about to go to standard output. */
    abstract void statusReport(Sprt test);

    /** The test is over: decided, or undecided at its budget. */
    abstract void finish(Sprt test);

    /** Nothing more will be shown, whether the test ended or failed: what follows starts a line of its own. */
    abstract void end();

    /** The progress line now. */
    String line(Sprt test) {
        return line(test, maxGames, System.nanoTime() - startNanos);
    }

    /**
     * The games still to play and what ends them, estimated from the test so far.
     *
     * @param games the estimate, 0 once the test has ended
     * @param end what ends them: {@code H1}, {@code H0} or {@code --max-games}
     * @param estimated false when the count is exact: the budget's rest
     */
    record Remaining(long games, String end, boolean estimated) {
    }

    /**
     * The games left before the LLR reaches the bound it heads for, or before {@code --max-games},
     * whichever comes first. The LLR of the generalized SPRT is the pairs played times a rate that
     * settles as the results' distribution does, so it drifts about linearly: its drift per pair is
     * taken as the LLR so far over the pairs so far, and the pairs left are the distance to the bound
     * in the drift's direction over that drift. Where the LLR does not move, or the budget ends
     * first, the games left are the budget's.
     *
     * @param test the test so far
     * @param maxGames the game budget
     * @return the estimate
     */
    static Remaining remaining(Sprt test, long maxGames) {
        long pairs = test.games() / 2;
        long budgetPairs = Math.max(0, maxGames / 2 - pairs);
        if (test.decision() != SprtDecision.CONTINUE || budgetPairs == 0) {
            return new Remaining(0, test.decision() == SprtDecision.CONTINUE ? "--max-games"
                    : test.decision() == SprtDecision.H1_ACCEPTED ? "H1" : "H0", false);
        }
        double drift = pairs == 0 ? 0 : test.llr() / pairs;
        if (drift == 0 || !Double.isFinite(drift)) {
            return new Remaining(2 * budgetPairs, "--max-games", false);
        }
        double bound = drift > 0 ? test.upperBound() : test.lowerBound();
        double toBound = Math.ceil((bound - test.llr()) / drift);
        if (toBound >= budgetPairs) {
            return new Remaining(2 * budgetPairs, "--max-games", false);
        }
        return new Remaining(2 * (long) Math.max(1, toBound), drift > 0 ? "H1" : "H0", true);
    }

    /**
     * The progress line of a test after {@code elapsedNanos}: while it goes on, with an ETA, the time
     * the games left take at the pace of the games so far; once it has ended, with its decision.
     */
    static String line(Sprt test, long maxGames, long elapsedNanos) {
        long seconds = elapsedNanos / 1_000_000_000L;
        String head = String.format(Locale.ROOT, "%d games in %s  LLR %.2f (%.2f,%.2f)  Elo %s", test.games(),
                Progress.clock(seconds), test.llr(), test.lowerBound(), test.upperBound(), elo(test.elo()));
        Remaining left = remaining(test, maxGames);
        if (left.games() == 0) {
            return head + "  " + switch (test.decision()) {
                case H1_ACCEPTED -> "H1 accepted";
                case H0_ACCEPTED -> "H0 accepted";
                case CONTINUE -> "undecided";
            };
        }
        long played = test.games();
        String eta = played == 0 || elapsedNanos <= 0 ? "--:--"
                : Progress.clock((long) Math.ceil(elapsedNanos / 1e9 * left.games() / played));
        return String.format(Locale.ROOT, "%s  ETA %s (%s%d games to %s)", head, eta, left.estimated() ? "~" : "",
                left.games(), left.end());
    }

    /** The Elo with half its 95% interval to one decimal, or the interval's ends where one is infinite. */
    private static String elo(EloEstimate elo) {
        return Double.isFinite(elo.low()) && Double.isFinite(elo.high())
                ? String.format(Locale.ROOT, "%.1f ± %.1f", elo.elo() + 0.0, elo.error())
                : elo.shown(95);
    }

    /** One line redrawn with a carriage return; cleared while a status line is printed. */
    private static final class Redrawn extends SprtProgress {
        private final PrintWriter err;
        private long lastNanos;
        private int shown;

        Redrawn(PrintWriter err, long maxGames) {
            super(maxGames);
            this.err = err;
        }

        @Override
        void afterPair(Sprt test) {
            long now = System.nanoTime();
            if (shown == 0 || now - lastNanos >= 100_000_000L) {
                lastNanos = now;
                draw(line(test));
            }
        }

        @Override
        void statusReport(Sprt test) {
            // The status line goes to standard output on the same terminal: it must not be written
            // over the end of this one.
            err.print("\r" + " ".repeat(shown) + "\r");
            err.flush();
            shown = 0;
        }

        @Override
        void finish(Sprt test) {
            draw(line(test));
        }

        @Override
        void end() {
            if (shown > 0) {
                err.println();
                err.flush();
                shown = 0;
            }
        }

        private void draw(String line) {
            err.print("\r" + line + " ".repeat(Math.max(0, shown - line.length())));
            err.flush();
            shown = line.length();
        }
    }

    /** A line with every status line and one at the end. */
    private static final class Lines extends SprtProgress {
        private final PrintWriter err;

        Lines(PrintWriter err, long maxGames) {
            super(maxGames);
            this.err = err;
        }

        @Override
        void afterPair(Sprt test) {
        }

        @Override
        void statusReport(Sprt test) {
            err.println("progress: " + line(test));
            err.flush();
        }

        @Override
        void finish(Sprt test) {
            statusReport(test);
        }

        @Override
        void end() {
        }
    }
}
