package org.pyramidarena.tournaments.ratings;

import java.util.Arrays;

/**
 * The joint maximum-likelihood Bradley-Terry fit over aggregated pair cells, by Newton's method.
 *
 * <p>Strengths are in nats ({@code x = elo / Elo.PER_NAT}); the first bot of a cell scores with
 * probability {@code σ(x_first - x_second + h)}, h being the first-seat advantage on advantaged cells.
 * The Hessian of the negative log-likelihood is a weighted graph Laplacian (plus the advantage row),
 * so each Newton step is solved by Jacobi-preconditioned conjugate gradients with one pass over the
 * cells per product: the cost is linear in the number of pairs that met, never cubic in the bots.
 * The Laplacian's null space (adding a constant to every rating) is the gauge, fixed afterwards.
 */
final class BradleyTerry {
    private static final int MAX_NEWTON_STEPS = 200;
    private static final double STEP_TOLERANCE = 1e-9;
    /** Below this gradient per weighted game the sums are rounding noise, not information. */
    private static final double GRADIENT_NOISE = 1e-12;
    /** Caps one Newton step (in nats, about 520 Elo) so a poor start cannot overshoot. */
    private static final double MAX_STEP = 3.0;
    private static final int MAX_CG_STEPS = 2000;
    private static final double CG_RELATIVE_TOLERANCE = 1e-10;

    private BradleyTerry() {
    }

    /**
     * Fits strengths.
     *
     * @param bots the number of bots
     * @param first per cell, the first bot
     * @param second per cell, the second bot (never the first)
     * @param advantaged per cell, whether the first bot had seat 0 and the advantage applies
     * @param games per cell, the weighted games (positive)
     * @param score per cell, the first bot's weighted score
     * @param fitAdvantage whether to fit h; if not, h stays 0
     * @param start initial strengths, length bots + 1 (the last is h); not modified
     * @return strengths in nats with mean 0 over the bots, and h last
     */
    static double[] fit(int bots, int[] first, int[] second, boolean[] advantaged, double[] games, double[] score,
                        boolean fitAdvantage, double[] start) {
        return fit(new Pairs(bots, first, second, advantaged), games, score, fitAdvantage, start);
    }

    /**
     * The cells as every fit over them reads them, worked out once for the fit and its bootstrap
     * replicates (which share the cells and differ only in games and scores); read only, so the
     * replicates' fits may share it across threads.
     *
     * <p>The cells come as runs of one first bot ({@link PairwiseData} sorts them so), and the
     * passes over the cells keep the run's bot's sums in local variables instead of reading and
     * writing its array entry once per cell: the additions are the same and in the same order, so
     * the sums are bit for bit those of the plain loop, without a chain of stores and reloads of one
     * memory location through the run.
     */
    static final class Pairs {
        final int bots;
        final int[] first;
        final int[] second;
        final boolean[] advantaged;
        /** Run r covers cells runStart[r] until runStart[r + 1], all with first bot runBot[r]. */
        final int[] runStart;
        final int[] runBot;
        final int[] group;
        final int[] groupSize;

        Pairs(int bots, int[] first, int[] second, boolean[] advantaged) {
            this.bots = bots;
            this.first = first;
            this.second = second;
            this.advantaged = advantaged;
            int runs = 0;
            for (int c = 0; c < first.length; c++) {
                if (first[c] == second[c]) {
                    throw new IllegalArgumentException("cell " + c + " pairs bot " + first[c] + " with itself");
                }
                runs += c == 0 || first[c] != first[c - 1] ? 1 : 0;
            }
            runStart = new int[runs + 1];
            runBot = new int[runs];
            int r = 0;
            for (int c = 0; c < first.length; c++) {
                if (c == 0 || first[c] != first[c - 1]) {
                    runStart[r] = c;
                    runBot[r++] = first[c];
                }
            }
            runStart[runs] = first.length;
            group = connectedGroups(bots, first, second);
            int groups = Arrays.stream(group).max().orElse(-1) + 1;
            groupSize = new int[groups];
            for (int g : group) {
                groupSize[g]++;
            }
        }

        int cells() {
            return first.length;
        }
    }

    /** Fits strengths over {@code pairs}; the other parameters as for the other {@code fit}. */
    static double[] fit(Pairs pairs, double[] games, double[] score, boolean fitAdvantage, double[] start) {
        int bots = pairs.bots;
        int h = bots;
        double[] x = start.clone();
        if (!fitAdvantage) {
            x[h] = 0;
        }
        double totalGames = Arrays.stream(games).sum();
        Solver solver = new Solver(pairs, fitAdvantage);
        for (int step = 0; step < MAX_NEWTON_STEPS; step++) {
            solver.linearize(x, games, score);
            double[] gradient = solver.gradient;
            if (!fitAdvantage || solver.diagonal[h] == 0) {
                gradient[h] = 0;
            }
            project(gradient, pairs);
            if (Math.sqrt(dot(gradient, gradient)) < GRADIENT_NOISE * Math.max(totalGames, 1)) {
                break;
            }
            double[] delta = solver.conjugateGradient();
            double largest = 0;
            for (double v : delta) {
                largest = Math.max(largest, Math.abs(v));
            }
            double scale = largest > MAX_STEP ? MAX_STEP / largest : 1;
            for (int k = 0; k <= bots; k++) {
                x[k] += scale * delta[k];
            }
            center(x, bots);
            if (largest < STEP_TOLERANCE) {
                break;
            }
        }
        return x;
    }

    private static void center(double[] x, int bots) {
        double mean = 0;
        for (int k = 0; k < bots; k++) {
            mean += x[k];
        }
        mean /= bots;
        for (int k = 0; k < bots; k++) {
            x[k] -= mean;
        }
    }

    /**
     * One fit's working arrays, allocated once per fit rather than once per Newton or CG step: the
     * cells' Hessian weights, and the gradient, Jacobi diagonal and CG vectors over the bots and h.
     * Without the advantage term the flags are not read at all: h is then 0, adds nothing to any
     * cell, and its gradient is zeroed and its diagonal entry unused, so the sums are those of the
     * loops that read them.
     */
    private static final class Solver {
        private final Pairs pairs;
        private final boolean withAdvantage;
        private final double[] weight;
        final double[] gradient;
        final double[] diagonal;
        private final double[] solution;
        private final double[] residual;
        private final double[] preconditioned;
        private final double[] direction;
        private final double[] product;

        Solver(Pairs pairs, boolean fitAdvantage) {
            this.pairs = pairs;
            this.withAdvantage = fitAdvantage;
            int n = pairs.bots + 1;
            weight = new double[pairs.cells()];
            gradient = new double[n];
            diagonal = new double[n];
            solution = new double[n];
            residual = new double[n];
            preconditioned = new double[n];
            direction = new double[n];
            product = new double[n];
        }

        /**
         * At strengths {@code x}: each cell's probability (one exp per cell), the gradient of the
         * log-likelihood, and the cells' Hessian weights with their sums per bot (the diagonal).
         */
        void linearize(double[] x, double[] games, double[] score) {
            int[] second = pairs.second;
            boolean[] advantaged = pairs.advantaged;
            int h = pairs.bots;
            Arrays.fill(gradient, 0);
            Arrays.fill(diagonal, 0);
            double xh = x[h];
            double gradientH = 0;
            double diagonalH = 0;
            for (int r = 0; r < pairs.runBot.length; r++) {
                int i = pairs.runBot[r];
                double xi = x[i];
                double gradientI = gradient[i];
                double diagonalI = diagonal[i];
                for (int c = pairs.runStart[r], end = pairs.runStart[r + 1]; c < end; c++) {
                    int j = second[c];
                    boolean a = withAdvantage && advantaged[c];
                    double d = withAdvantage ? xi - x[j] + (a ? xh : 0) : xi - x[j];
                    double p = 1 / (1 + Math.exp(-d));
                    double g = score[c] - games[c] * p;
                    double w = games[c] * p * (1 - p);
                    weight[c] = w;
                    gradientI += g;
                    gradient[j] -= g;
                    diagonalI += w;
                    diagonal[j] += w;
                    if (a) {
                        gradientH += g;
                        diagonalH += w;
                    }
                }
                gradient[i] = gradientI;
                diagonal[i] = diagonalI;
            }
            gradient[h] = gradientH;
            diagonal[h] = diagonalH;
        }

        /**
         * Solves H delta = gradient. The gradient sums to zero over each connected group of bots, so the
         * system is consistent; the preconditioned residual is projected onto that subspace too (the
         * preconditioner P D^-1 P stays symmetric), or rounding noise along the null space would grow.
         *
         * @return the step, valid until the next call
         */
        double[] conjugateGradient() {
            int n = gradient.length;
            Arrays.fill(solution, 0);
            System.arraycopy(gradient, 0, residual, 0, n);
            applyJacobi(diagonal, residual, preconditioned);
            project(preconditioned, pairs);
            System.arraycopy(preconditioned, 0, direction, 0, n);
            double rz = dot(residual, preconditioned);
            double threshold = CG_RELATIVE_TOLERANCE * Math.max(Math.sqrt(dot(gradient, gradient)), 1e-300);
            for (int iteration = 0; iteration < MAX_CG_STEPS && Math.sqrt(dot(residual, residual)) > threshold;
                    iteration++) {
                multiply(direction, product);
                double curvature = dot(direction, product);
                if (!(curvature > 0)) {
                    break;
                }
                double alpha = rz / curvature;
                for (int k = 0; k < n; k++) {
                    solution[k] += alpha * direction[k];
                    residual[k] -= alpha * product[k];
                }
                applyJacobi(diagonal, residual, preconditioned);
                project(preconditioned, pairs);
                double next = dot(residual, preconditioned);
                double beta = next / rz;
                rz = next;
                for (int k = 0; k < n; k++) {
                    direction[k] = preconditioned[k] + beta * direction[k];
                }
            }
            return solution;
        }

        /** out = H v: per cell, its weight times the difference it sees in v, to both its bots (and h). */
        private void multiply(double[] v, double[] out) {
            int[] second = pairs.second;
            boolean[] advantaged = pairs.advantaged;
            int h = pairs.bots;
            Arrays.fill(out, 0);
            double vh = v[h];
            double outH = 0;
            for (int r = 0; r < pairs.runBot.length; r++) {
                int i = pairs.runBot[r];
                double vi = v[i];
                double outI = out[i];
                for (int c = pairs.runStart[r], end = pairs.runStart[r + 1]; c < end; c++) {
                    int j = second[c];
                    boolean a = withAdvantage && advantaged[c];
                    double t = weight[c] * (withAdvantage ? vi - v[j] + (a ? vh : 0) : vi - v[j]);
                    outI += t;
                    out[j] -= t;
                    if (a) {
                        outH += t;
                    }
                }
                out[i] = outI;
            }
            out[h] = outH;
        }
    }

    /** Removes each connected group's mean from the bots' entries (the last entry, h, is left alone). */
    private static void project(double[] v, Pairs pairs) {
        int[] group = pairs.group;
        double[] sum = new double[pairs.groupSize.length];
        for (int k = 0; k < group.length; k++) {
            sum[group[k]] += v[k];
        }
        for (int k = 0; k < group.length; k++) {
            v[k] -= sum[group[k]] / pairs.groupSize[group[k]];
        }
    }

    /** Labels each bot with its connected group (bots linked by any cell), 0, 1, 2, ... */
    private static int[] connectedGroups(int bots, int[] first, int[] second) {
        int[] parent = new int[bots];
        for (int k = 0; k < bots; k++) {
            parent[k] = k;
        }
        for (int c = 0; c < first.length; c++) {
            int a = root(parent, first[c]);
            int b = root(parent, second[c]);
            if (a != b) {
                parent[Math.max(a, b)] = Math.min(a, b);
            }
        }
        int[] group = new int[bots];
        int[] label = new int[bots];
        Arrays.fill(label, -1);
        int groups = 0;
        for (int k = 0; k < bots; k++) {
            int r = root(parent, k);
            if (label[r] < 0) {
                label[r] = groups++;
            }
            group[k] = label[r];
        }
        return group;
    }

    private static int root(int[] parent, int k) {
        while (parent[k] != k) {
            parent[k] = parent[parent[k]];
            k = parent[k];
        }
        return k;
    }

    private static void applyJacobi(double[] diagonal, double[] residual, double[] out) {
        for (int k = 0; k < residual.length; k++) {
            out[k] = diagonal[k] > 0 ? residual[k] / diagonal[k] : 0;
        }
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int k = 0; k < a.length; k++) {
            sum += a[k] * b[k];
        }
        return sum;
    }

    /**
     * Whether finite maximum-likelihood strengths exist: within every connected group of bots, each
     * bot must be reachable from every other along "scored something against" edges. Otherwise a
     * bot or group that won (or lost) everything against the rest would run off to infinity.
     */
    static boolean hasFiniteMaximum(int bots, int[] first, int[] second, double[] games, double[] score) {
        // Every cell with games links its two bots whatever the score, so the groups are those of
        // the cells with games; within each, the group's first bot must reach every member along the
        // edges and be reached from every member (reach along the reversed edges).
        int[] parent = new int[bots];
        for (int k = 0; k < bots; k++) {
            parent[k] = k;
        }
        for (int c = 0; c < first.length; c++) {
            if (games[c] > 0) {
                int a = root(parent, first[c]);
                int b = root(parent, second[c]);
                if (a != b) {
                    parent[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        // A cell where both bots scored links them both ways. When those cells alone join every
        // group into one piece, every group is strongly connected and the full search is not needed.
        int[] mutual = new int[bots];
        for (int k = 0; k < bots; k++) {
            mutual[k] = k;
        }
        for (int c = 0; c < first.length; c++) {
            if (games[c] > 0 && score[c] > 0 && score[c] < games[c]) {
                int a = root(mutual, first[c]);
                int b = root(mutual, second[c]);
                if (a != b) {
                    mutual[Math.max(a, b)] = Math.min(a, b);
                }
            }
        }
        boolean joined = true;
        for (int k = 0; k < bots && joined; k++) {
            joined = root(mutual, k) == root(parent, k);
        }
        if (joined) {
            return true;
        }
        Edges forward = new Edges(bots, first, second, games, score, true);
        Edges backward = new Edges(bots, first, second, games, score, false);
        int[] ahead = new int[bots];
        int[] behind = new int[bots];
        int[] queue = new int[bots];
        for (int k = 0; k < bots; k++) {
            int r = root(parent, k);
            if (r == k) {
                forward.reach(k, ahead, queue);
                backward.reach(k, behind, queue);
            }
        }
        for (int k = 0; k < bots; k++) {
            int r = root(parent, k);
            // reach() marks what it reached with its start + 1.
            if (ahead[k] != r + 1 || behind[k] != r + 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * The "scored against" edges in compressed rows: a -> b when a scored against b (forward), or
     * b scored against a (backward, the reverse graph).
     */
    private static final class Edges {
        private final int[] start;
        private final int[] target;

        Edges(int bots, int[] first, int[] second, double[] games, double[] score, boolean forward) {
            start = new int[bots + 1];
            for (int c = 0; c < first.length; c++) {
                if (games[c] <= 0) {
                    continue;
                }
                if (score[c] > 0) {
                    start[(forward ? first[c] : second[c]) + 1]++;
                }
                if (score[c] < games[c]) {
                    start[(forward ? second[c] : first[c]) + 1]++;
                }
            }
            for (int k = 0; k < bots; k++) {
                start[k + 1] += start[k];
            }
            target = new int[start[bots]];
            int[] next = java.util.Arrays.copyOf(start, bots);
            for (int c = 0; c < first.length; c++) {
                if (games[c] <= 0) {
                    continue;
                }
                if (score[c] > 0) {
                    target[next[forward ? first[c] : second[c]]++] = forward ? second[c] : first[c];
                }
                if (score[c] < games[c]) {
                    target[next[forward ? second[c] : first[c]]++] = forward ? first[c] : second[c];
                }
            }
        }

        /** Marks every bot reachable from {@code root} (root included) with root + 1 in {@code mark}. */
        void reach(int root, int[] mark, int[] queue) {
            int head = 0;
            int tail = 0;
            mark[root] = root + 1;
            queue[tail++] = root;
            while (head < tail) {
                int bot = queue[head++];
                for (int e = start[bot]; e < start[bot + 1]; e++) {
                    int next = target[e];
                    if (mark[next] != root + 1) {
                        mark[next] = root + 1;
                        queue[tail++] = next;
                    }
                }
            }
        }
    }
}
