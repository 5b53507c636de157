package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtModel;
import org.pyramidarena.tournaments.sprt.SprtOptions;

/** The progress line of a played SPRT: its fields, and its estimate of the games and the time left. */
class SprtProgressTest {

    private static final SprtOptions GAINER = new SprtOptions(0, 5, 0.05, 0.05, SprtModel.NORMALIZED);
    private static final long SECOND = 1_000_000_000L;

    private static Sprt pairs(long... counts) {
        return Sprt.fromPentanomial(GAINER, counts);
    }

    @Test
    void theGamesLeftAreTheDistanceToTheBoundTheLlrHeadsForOverItsDriftPerPair() {
        Sprt better = pairs(0, 0, 3, 4, 93);
        double drift = better.llr() / 100;
        long pairsLeft = (long) Math.ceil((better.upperBound() - better.llr()) / drift);
        assertEquals(new SprtProgress.Remaining(2 * pairsLeft, "H1", true), SprtProgress.remaining(better, 100_000));
        assertEquals(100, 2 * pairsLeft, "1.96 after 100 pairs is 0.98 from 2.94 at 0.0196 a pair: 50 pairs");

        Sprt worse = pairs(93, 4, 3, 0, 0);
        SprtProgress.Remaining toH0 = SprtProgress.remaining(worse, 100_000);
        assertEquals("H0", toH0.end());
        assertEquals(2 * (long) Math.ceil((worse.lowerBound() - worse.llr()) / (worse.llr() / 100)), toH0.games());
    }

    @Test
    void theBudgetEndsTheEstimateWhenItComesFirstOrTheLlrDoesNotMove() {
        // All pairs drawn: the LLR drifts toward H0 by 0.0004 a pair, 7,000 pairs away; the budget is 400 games.
        assertEquals(new SprtProgress.Remaining(800, "--max-games", false),
                SprtProgress.remaining(pairs(0, 0, 100, 0, 0), 1000));
        assertEquals(new SprtProgress.Remaining(1000, "--max-games", false), SprtProgress.remaining(pairs(0, 0, 0, 0, 0), 1000),
                "no pair yet, no drift");
        assertEquals(new SprtProgress.Remaining(0, "H1", false), SprtProgress.remaining(pairs(0, 0, 0, 0, 300), 1000));
        assertEquals(new SprtProgress.Remaining(0, "--max-games", false),
                SprtProgress.remaining(pairs(0, 0, 100, 0, 0), 200));
    }

    @Test
    void theLineShowsGamesTimeLlrWithItsBoundsEloAndTheTimeLeftAtThePaceSoFar() {
        assertEquals("200 games in 0:42  LLR 1.96 (-2.94,2.94)  Elo 636.3 ± 176.1  ETA 0:21 (~100 games to H1)",
                SprtProgress.line(pairs(0, 0, 3, 4, 93), 100_000, 42 * SECOND));
        assertEquals("200 games in 1:00  LLR -0.04 (-2.94,2.94)  Elo 0.0 ± 0.3  ETA 4:00 (800 games to --max-games)",
                SprtProgress.line(pairs(0, 0, 100, 0, 0), 1000, 60 * SECOND));
        assertEquals("200 games in 0:03  LLR 1.99 (-2.94,2.94)  Elo 758.81 (95%: 622.49 to inf)  ETA 0:02 "
                + "(~98 games to H1)", SprtProgress.line(pairs(0, 0, 2, 1, 97), 100_000, 3 * SECOND));
        assertEquals("600 games in 1:01:01  LLR 6.04 (-2.94,2.94)  Elo 2031.67 (95%: 1414.26 to inf)  H1 accepted",
                SprtProgress.line(pairs(0, 0, 0, 0, 300), 100_000, 3661 * SECOND));
        assertEquals("200 games in 0:10  LLR -0.04 (-2.94,2.94)  Elo 0.0 ± 0.3  undecided",
                SprtProgress.line(pairs(0, 0, 100, 0, 0), 200, 10 * SECOND));
    }

    @Test
    void onATerminalTheLineIsRedrawnAndClearedForEachStatusLine() {
        StringWriter err = new StringWriter();
        SprtProgress progress = SprtProgress.to(new PrintWriter(err), true, 1000);
        progress.afterPair(pairs(0, 0, 0, 0, 1));
        String drawn = err.toString();
        assertTrue(drawn.startsWith("\r2 games in 0:00  LLR ") && !drawn.contains("\n"), drawn);
        progress.statusReport(pairs(0, 0, 0, 0, 1));
        assertTrue(err.toString().endsWith("\r" + " ".repeat(drawn.length() - 1) + "\r"),
                "wiped before standard output writes on the same terminal: " + err);
        progress.finish(pairs(0, 0, 0, 0, 300));
        progress.end();
        assertTrue(err.toString().endsWith("H1 accepted\n"), err.toString());

        StringWriter log = new StringWriter();
        SprtProgress lines = SprtProgress.to(new PrintWriter(log), false, 1000);
        lines.afterPair(pairs(0, 0, 0, 0, 1));
        assertEquals("", log.toString(), "in a log, only with the status lines");
        lines.statusReport(pairs(0, 0, 0, 0, 100));
        lines.finish(pairs(0, 0, 0, 0, 300));
        lines.end();
        assertEquals(2, log.toString().lines().filter(l -> l.startsWith("progress: ")).count(), log.toString());
    }
}
