package org.pyramidarena.tournaments.ratings;

import java.util.Arrays;

/**
 * The Bradley-Terry fit as it was before {@link BradleyTerry.Pairs} (one plain pass over the cells
 * per gradient and per Hessian product, the flags always read): kept as the oracle the fit is
 * checked against, bit for bit.
 */
final class ReferenceBradleyTerry {
    private static final int MAX_NEWTON_STEPS = 200;
    private static final double STEP_TOLERANCE = 1e-9;
    private static final double GRADIENT_NOISE = 1e-12;
    private static final double MAX_STEP = 3.0;
    private static final int MAX_CG_STEPS = 2000;
    private static final double CG_RELATIVE_TOLERANCE = 1e-10;

    private ReferenceBradleyTerry() {
    }

    static double[] fit(int bots, int[] first, int[] second, boolean[] advantaged, double[] games, double[] score,
                        boolean fitAdvantage, double[] start) {
        int h = bots;
        double[] x = start.clone();
        if (!fitAdvantage) {
            x[h] = 0;
        }
        int[] group = connectedGroups(bots, first, second);
        int groups = Arrays.stream(group).max().orElse(-1) + 1;
        double totalGames = Arrays.stream(games).sum();
        double[] weight = new double[games.length];
        double[] gradient = new double[bots + 1];
        double[] diagonal = new double[bots + 1];
        for (int step = 0; step < MAX_NEWTON_STEPS; step++) {
            Arrays.fill(gradient, 0);
            Arrays.fill(diagonal, 0);
            for (int c = 0; c < games.length; c++) {
                int i = first[c];
                int j = second[c];
                double d = x[i] - x[j] + (advantaged[c] ? x[h] : 0);
                double p = 1 / (1 + Math.exp(-d));
                double g = score[c] - games[c] * p;
                double w = games[c] * p * (1 - p);
                weight[c] = w;
                gradient[i] += g;
                gradient[j] -= g;
                diagonal[i] += w;
                diagonal[j] += w;
                if (advantaged[c]) {
                    gradient[h] += g;
                    diagonal[h] += w;
                }
            }
            if (!fitAdvantage || diagonal[h] == 0) {
                gradient[h] = 0;
            }
            project(gradient, group, groups);
            if (Math.sqrt(dot(gradient, gradient)) < GRADIENT_NOISE * Math.max(totalGames, 1)) {
                break;
            }
            double[] delta = conjugateGradient(first, second, advantaged, weight, diagonal, gradient, fitAdvantage,
                    group, groups);
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
     * Solves H delta = gradient. The gradient sums to zero over each connected group of bots, so the
     * system is consistent; the preconditioned residual is projected onto that subspace too (the
     * preconditioner P D^-1 P stays symmetric), or rounding noise along the null space would grow.
     */
    private static double[] conjugateGradient(int[] first, int[] second, boolean[] advantaged, double[] weight,
                                              double[] diagonal, double[] gradient, boolean fitAdvantage,
                                              int[] group, int groups) {
        int n = gradient.length;
        double[] solution = new double[n];
        double[] residual = gradient.clone();
        double[] preconditioned = new double[n];
        applyJacobi(diagonal, residual, preconditioned);
        project(preconditioned, group, groups);
        double[] direction = preconditioned.clone();
        double[] product = new double[n];
        double rz = dot(residual, preconditioned);
        double threshold = CG_RELATIVE_TOLERANCE * Math.max(Math.sqrt(dot(gradient, gradient)), 1e-300);
        for (int iteration = 0; iteration < MAX_CG_STEPS && Math.sqrt(dot(residual, residual)) > threshold; iteration++) {
            multiply(first, second, advantaged, weight, direction, product, fitAdvantage);
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
            project(preconditioned, group, groups);
            double next = dot(residual, preconditioned);
            double beta = next / rz;
            rz = next;
            for (int k = 0; k < n; k++) {
                direction[k] = preconditioned[k] + beta * direction[k];
            }
        }
        return solution;
    }

    /** Removes each connected group's mean from the bots' entries (the last entry, h, is left alone). */
    private static void project(double[] v, int[] group, int groups) {
        double[] sum = new double[groups];
        int[] size = new int[groups];
        for (int k = 0; k < group.length; k++) {
            sum[group[k]] += v[k];
            size[group[k]]++;
        }
        for (int k = 0; k < group.length; k++) {
            v[k] -= sum[group[k]] / size[group[k]];
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

    private static void multiply(int[] first, int[] second, boolean[] advantaged, double[] weight, double[] v,
                                 double[] out, boolean fitAdvantage) {
        int h = v.length - 1;
        Arrays.fill(out, 0);
        if (!fitAdvantage) {
            // Without the advantage term the cells' flags add nothing; the loop skips reading them.
            for (int c = 0; c < weight.length; c++) {
                int i = first[c];
                int j = second[c];
                double t = weight[c] * (v[i] - v[j]);
                out[i] += t;
                out[j] -= t;
            }
            return;
        }
        double vh = v[h];
        for (int c = 0; c < weight.length; c++) {
            int i = first[c];
            int j = second[c];
            double t = weight[c] * (v[i] - v[j] + (advantaged[c] ? vh : 0));
            out[i] += t;
            out[j] -= t;
            if (advantaged[c]) {
                out[h] += t;
            }
        }
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0;
        for (int k = 0; k < a.length; k++) {
            sum += a[k] * b[k];
        }
        return sum;
    }
}
