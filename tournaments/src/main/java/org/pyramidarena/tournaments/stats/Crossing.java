package org.pyramidarena.tournaments.stats;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Where a measured curve crosses zero: the value of a rule parameter (a komi, a handicap) at which
 * an advantage measured at a few values of it vanishes. A straight line is fitted by least squares
 * through the points, its root is the estimate, and the same fit on each bootstrap replicate of the
 * points gives the root's replicates, whose percentile interval ({@link PercentileBootstrap}) is the
 * interval. A replicate whose line is flat or slopes the other way has no crossing of the same kind:
 * it is counted, and when more such replicates than one tail of the interval holds there is no
 * interval (the measurements cannot place the crossing).
 *
 * @param value the estimate; NaN when the fitted line is flat
 * @param low the interval's low end; NaN when there is none
 * @param high the interval's high end; NaN when there is none
 * @param slope the fitted line's slope (advantage per unit of the parameter)
 * @param replicates each replicate's root in draw order, NaN where it has none
 * @param undefined how many replicates have no crossing of the estimate's kind
 */
public record Crossing(double value, double low, double high, double slope, double[] replicates, int undefined) {

    /**
     * Fits the line and finds its root.
     *
     * @param x the parameter values, at least two distinct
     * @param y the measured advantage at each value
     * @param replicates the bootstrap replicates of the advantage at each value ({@code replicates[i][r]}),
     *     drawn so that replicate r of every value resamples the same games where they are paired; may
     *     be empty arrays for no interval
     * @param confidence the interval's confidence, e.g. 0.95
     */
    public static Crossing fit(double[] x, double[] y, double[][] replicates, double confidence) {
        if (x.length != y.length || x.length != replicates.length
                || java.util.Arrays.stream(x).distinct().count() < 2) {
            throw new IllegalArgumentException("one advantage and its replicates for each of at least two values");
        }
        double[] line = line(x, y);
        double slope = line[1];
        double value = slope == 0 || !Double.isFinite(slope) ? Double.NaN : -line[0] / slope;
        int samples = replicates[0].length;
        double[] roots = new double[samples];
        int undefined = 0;
        double[] resampled = new double[x.length];
        for (int r = 0; r < samples; r++) {
            for (int i = 0; i < x.length; i++) {
                resampled[i] = replicates[i][r];
            }
            double[] fitted = line(x, resampled);
            boolean sameKind = Double.isFinite(fitted[1]) && fitted[1] != 0
                    && Math.signum(fitted[1]) == Math.signum(slope);
            roots[r] = sameKind ? -fitted[0] / fitted[1] : Double.NaN;
            undefined += sameKind ? 0 : 1;
        }
        double[] interval = {Double.NaN, Double.NaN};
        if (Double.isFinite(value) && samples > 0 && undefined <= samples * (1 - confidence) / 2) {
            interval = PercentileBootstrap.interval(roots, confidence);
        }
        return new Crossing(value, interval[0], interval[1], slope, roots, undefined);
    }

    /** The least-squares line {@code {intercept, slope}} (Commons Math's {@link SimpleRegression}). */
    private static double[] line(double[] x, double[] y) {
        SimpleRegression regression = new SimpleRegression();
        for (int i = 0; i < x.length; i++) {
            regression.addData(x[i], y[i]);
        }
        return new double[] {regression.getIntercept(), regression.getSlope()};
    }
}
