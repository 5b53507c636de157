package org.pyramidarena.bots.search;

import org.pyramidarena.api.Outcome;

/** Turns an outcome into rewards in [0, 1] for search. */
final class Rewards {

    private Rewards() {
    }

    /**
     * Each seat's share of the seats it beat, ties counting half: 1 for a sole winner, 0 for a sole
     * loser, 0.5 for each side of a two-player draw.
     */
    static double[] of(Outcome outcome) {
        return of(outcome, new double[outcome.players()]);
    }

    /** The same rewards written into {@code rewards}, one per seat; returns it. */
    static double[] of(Outcome outcome, double[] rewards) {
        int n = outcome.players();
        if (n == 1) {
            rewards[0] = 1;
            return rewards;
        }
        for (int seat = 0; seat < n; seat++) {
            int a = outcome.rank(seat);
            double beaten = 0;
            for (int other = 0; other < n; other++) {
                if (other != seat) {
                    int b = outcome.rank(other);
                    beaten += a < b ? 1 : a == b ? 0.5 : 0;
                }
            }
            rewards[seat] = beaten / (n - 1);
        }
        return rewards;
    }
}
