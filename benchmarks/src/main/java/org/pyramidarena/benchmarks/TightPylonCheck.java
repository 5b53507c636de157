package org.pyramidarena.benchmarks;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.games.pylon.PylonState;

/**
 * Checks that {@link TightPylon} plays the real game: game {@code n} (seed {@code n}) played by the
 * tight playout and by the rules ({@link RandomGames#play}) must have the same length, the same
 * scores and outcome, and the same final position square by square; the lengths, outcomes and
 * seat statistics of both are tallied apart and printed side by side.
 *
 * <p>Run by hand over a million games (a minute or two):
 * {@code java -cp benchmarks/target/benchmarks.jar org.pyramidarena.benchmarks.TightPylonCheck 1000000};
 * exit status 1 when a game differs. {@code TightPylonTest} runs 20,000 games in the unit tests.
 */
public final class TightPylonCheck {

    private TightPylonCheck() {
    }

    /** The tallies of one side's games. */
    static final class Tally {
        final long[] lengths = new long[64];
        long seat0Wins;
        long seat1Wins;
        long draws;
        long seat0Score;
        long seat1Score;

        void add(int actions, int score0, int score1) {
            lengths[actions]++;
            seat0Score += score0;
            seat1Score += score1;
            if (score0 > score1) {
                seat0Wins++;
            } else if (score1 > score0) {
                seat1Wins++;
            } else {
                draws++;
            }
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Tally t && Arrays.equals(lengths, t.lengths) && seat0Wins == t.seat0Wins
                    && seat1Wins == t.seat1Wins && draws == t.draws && seat0Score == t.seat0Score
                    && seat1Score == t.seat1Score;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(lengths);
        }
    }

    /** Both sides' tallies, and the games that differed. */
    record Result(Tally rules, Tally tight, long games, long differing, String firstDifference) {
    }

    /** Plays games {@code 0 .. games - 1} both ways and compares them. */
    static Result check(long games) {
        @SuppressWarnings("unchecked")
        Rules<PylonState, ?> rules = (Rules<PylonState, ?>) RandomGames.rules("pylon");
        TightPylon tight = new TightPylon();
        Tally byRules = new Tally();
        Tally byTight = new Tally();
        long differing = 0;
        String first = null;
        for (long seed = 0; seed < games; seed++) {
            RandomGames.Played played = RandomGames.play(rules, seed);
            Outcome outcome = played.outcome();
            byRules.add(played.actions(), (int) outcome.score(0), (int) outcome.score(1));
            SplittableRandom[] generators = RandomGames.generators(seed, 2);
            int score0 = tight.play(generators[0], generators[1]);
            byTight.add(tight.actions(), score0, 30 - score0);
            String difference = difference(played, (PylonState) played.last(), tight, score0);
            if (difference != null) {
                differing++;
                if (first == null) {
                    first = "seed " + seed + ": " + difference;
                }
            }
        }
        return new Result(byRules, byTight, games, differing, first);
    }

    private static String difference(RandomGames.Played played, PylonState last, TightPylon tight, int score0) {
        if (played.actions() != tight.actions()) {
            return "length " + played.actions() + " by the rules, " + tight.actions() + " by the tight playout";
        }
        Outcome expected = Outcome.byHigherScore(score0, 30 - score0);
        if (!played.outcome().equals(expected)) {
            return "outcome " + played.outcome() + " by the rules, " + expected + " by the tight playout";
        }
        for (int square = 0; square < TightPylon.SQUARES; square++) {
            if (last.height(square) != tight.height(square) || last.topOwner(square) != tight.topOwner(square)
                    || last.topSize(square) != tight.topSize(square) || last.bottomSize(square) != tight.bottomSize(square)) {
                return "square " + square + " differs in the final position";
            }
        }
        return null;
    }

    public static void main(String[] args) {
        long games = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        long start = System.nanoTime();
        Result result = check(games);
        System.out.printf("%,d Pylon games, seeds 0 to %,d, played by the rules and by TightPylon (%.1f s)%n", games, games - 1,
                (System.nanoTime() - start) / 1e9);
        System.out.printf("%-24s %14s %14s%n", "", "rules", "tight");
        Tally r = result.rules();
        Tally t = result.tight();
        System.out.printf("%-24s %,14d %,14d%n", "seat 0 wins", r.seat0Wins, t.seat0Wins);
        System.out.printf("%-24s %,14d %,14d%n", "seat 1 wins", r.seat1Wins, t.seat1Wins);
        System.out.printf("%-24s %,14d %,14d%n", "draws", r.draws, t.draws);
        System.out.printf("%-24s %14.4f %14.4f%n", "seat 0 mean score", r.seat0Score / (double) games, t.seat0Score / (double) games);
        System.out.printf("%-24s %14.4f %14.4f%n", "seat 1 mean score", r.seat1Score / (double) games, t.seat1Score / (double) games);
        long rulesActions = 0;
        long tightActions = 0;
        for (int length = 0; length < r.lengths.length; length++) {
            rulesActions += length * r.lengths[length];
            tightActions += length * t.lengths[length];
        }
        System.out.printf("%-24s %14.4f %14.4f%n", "mean length", rulesActions / (double) games, tightActions / (double) games);
        for (int length = 0; length < r.lengths.length; length++) {
            if (r.lengths[length] + t.lengths[length] > 0) {
                System.out.printf("%-24s %,14d %,14d%n", "length " + length, r.lengths[length], t.lengths[length]);
            }
        }
        boolean same = result.differing() == 0 && r.equals(t);
        System.out.println(same ? "every game the same, move for move: same lengths, outcomes, scores and final positions"
                : result.differing() + " games differ; first: " + result.firstDifference());
        System.exit(same ? 0 : 1);
    }
}
