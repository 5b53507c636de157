package org.pyramidarena.arena.balance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.tournaments.stats.Crossing;
import org.pyramidarena.tournaments.stats.Holm;
import org.pyramidarena.tournaments.stats.PercentileBootstrap;

/**
 * The value of a design parameter that makes a game fair for each bot: where the starter's measured
 * advantage ({@link Metric#STARTER_ADVANTAGE}) crosses zero along the parameter.
 *
 * <p>A search ({@link #search}) plays the range's two ends, then bisects on the parameter's grid,
 * playing the middle value and keeping the half whose ends' advantages have opposite signs, down to
 * two neighbouring values; a sweep ({@link #scan}) has played every value and takes the first sign
 * change. Either way the crossing is placed by a straight line fitted through the neighbours that
 * bracket it and one value beyond each (four points where the range allows; {@link Crossing}), and
 * its interval comes from fitting the same line on each bootstrap replicate: the values of one setup
 * and bot are played on the same deals and resampled with the same blocks, so replicate r of every
 * value is one resample of the study. Whether the fair value is the same for every bot is answered by
 * the differences of two bots' replicated values ({@link Stability}), Holm-adjusted over the pairs.
 */
public final class FairSearch {

    private FairSearch() {
    }

    /** Plays (or finds) the cell of a setup and bot. */
    @FunctionalInterface
    public interface Evaluation {
        /** The cell of this setup and bot, played if it was not. */
        StudyResult.Cell cell(Setup setup, String bot) throws IOException, InterruptedException;
    }

    /**
     * The fair value for one bot.
     *
     * @param base the setup the parameter varies in
     * @param parameter the parameter's name
     * @param bot the bot
     * @param value the parameter's value where the starter's advantage is 0; NaN when the advantage
     *     does not change sign in the range, or the fitted line is flat
     * @param low the interval's low end; NaN when there is none
     * @param high the interval's high end; NaN when there is none
     * @param games the games played at each value
     * @param evaluated the values played for this bot, ascending
     * @param fitted the values the line was fitted through
     * @param replicates the crossing's bootstrap replicates (NaN where a replicate has none); empty when none
     * @param note what the reader should know: no crossing in the range, an interval reaching past
     *     the values played, replicates without a crossing
     */
    public record Answer(Setup base, String parameter, String bot, double value, double low, double high, long games,
                         List<Double> evaluated, List<Double> fitted, double[] replicates, String note) {
    }

    /**
     * Whether two bots' fair values differ.
     *
     * @param first the first bot (weaker, in the order given)
     * @param second the second bot
     * @param difference the first's fair value minus the second's
     * @param low the interval's low end; NaN when there is none
     * @param high the interval's high end; NaN when there is none
     * @param pValue the two-sided p-value of "the same fair value"; NaN when there is none
     * @param pHolm the p-value adjusted by Holm's method over the pairs of bots
     */
    public record Stability(String first, String second, double difference, double low, double high, double pValue,
                            double pHolm) {
    }

    /**
     * The answers for every bot and the verdict on their agreement.
     *
     * @param answers one per bot, in the order given
     * @param differences one per pair of bots with a fair value each
     */
    public record Result(List<Answer> answers, List<Stability> differences) {
    }

    /**
     * Searches each bot's fair value by bisection on the values of {@code range}.
     *
     * @param base the setup the parameter varies in; it must not give the parameter
     * @param values the grid of the parameter's values, ascending
     */
    public static Result search(Setup base, String parameter, List<Double> values, List<String> bots,
                                Evaluation evaluation) throws IOException, InterruptedException {
        List<Answer> answers = new ArrayList<>();
        for (String bot : bots) {
            TreeMap<Integer, StudyResult.Cell> played = new TreeMap<>();
            int low = 0;
            int high = values.size() - 1;
            double atLow = advantage(play(base, parameter, values, low, bot, evaluation, played));
            double atHigh = advantage(play(base, parameter, values, high, bot, evaluation, played));
            if (atLow * atHigh <= 0 && !(atLow == 0 && atHigh == 0)) {
                while (high - low > 1) {
                    int middle = (low + high) >>> 1;
                    double atMiddle = advantage(play(base, parameter, values, middle, bot, evaluation, played));
                    if (atLow * atMiddle <= 0) {
                        high = middle;
                    } else {
                        low = middle;
                        atLow = atMiddle;
                    }
                }
            }
            answers.add(answer(base, parameter, values, bot, low, high, evaluation, played));
        }
        return new Result(answers, stability(answers));
    }

    /**
     * Finds each bot's fair value on a sweep that has played every value: the first sign change of
     * the starter's advantage along the values.
     */
    public static Result scan(Setup base, String parameter, List<Double> values, List<String> bots,
                              Evaluation evaluation) throws IOException, InterruptedException {
        List<Answer> answers = new ArrayList<>();
        for (String bot : bots) {
            TreeMap<Integer, StudyResult.Cell> played = new TreeMap<>();
            int low = 0;
            int high = values.size() - 1;
            double previous = advantage(play(base, parameter, values, 0, bot, evaluation, played));
            for (int k = 1; k < values.size(); k++) {
                double next = advantage(play(base, parameter, values, k, bot, evaluation, played));
                if (previous * next <= 0 && !(previous == 0 && next == 0)) {
                    low = k - 1;
                    high = k;
                    break;
                }
                previous = next;
            }
            answers.add(answer(base, parameter, values, bot, low, high, evaluation, played));
        }
        return new Result(answers, stability(answers));
    }

    private static Answer answer(Setup base, String parameter, List<Double> values, String bot, int low, int high,
                                 Evaluation evaluation, TreeMap<Integer, StudyResult.Cell> played)
            throws IOException, InterruptedException {
        StudyResult.Cell lowCell = play(base, parameter, values, low, bot, evaluation, played);
        StudyResult.Cell highCell = play(base, parameter, values, high, bot, evaluation, played);
        long games = lowCell.games();
        double atLow = advantage(lowCell);
        double atHigh = advantage(highCell);
        if (high - low != 1 || atLow * atHigh > 0 || atLow == 0 && atHigh == 0) {
            return new Answer(base, parameter, bot, Double.NaN, Double.NaN, Double.NaN, games, evaluated(values, played),
                    List.of(), new double[0], String.format(Locale.ROOT, "no fair value from %s to %s: the starter's "
                            + "advantage is %s at %s and %s at %s", Parameter.format(values.get(0)),
                    Parameter.format(values.get(values.size() - 1)), Metrics.points(advantage(played.firstEntry()
                            .getValue()), "-"), Parameter.format(values.get(played.firstKey())),
                    Metrics.points(advantage(played.lastEntry().getValue()), "-"),
                    Parameter.format(values.get(played.lastKey()))));
        }
        List<Integer> points = new ArrayList<>();
        for (int k = Math.max(0, low - 1); k <= Math.min(values.size() - 1, high + 1); k++) {
            points.add(k);
        }
        double[] x = new double[points.size()];
        double[] y = new double[points.size()];
        double[][] replicates = new double[points.size()][];
        List<Double> fitted = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            StudyResult.Cell cell = play(base, parameter, values, points.get(i), bot, evaluation, played);
            x[i] = values.get(points.get(i));
            y[i] = advantage(cell);
            replicates[i] = cell.metrics().starterReplicates();
            fitted.add(x[i]);
        }
        Crossing crossing = Crossing.fit(x, y, replicates, Metrics.CONFIDENCE);
        List<String> notes = new ArrayList<>();
        if (games < Metrics.MINIMUM_GAMES) {
            notes.add("no interval: " + games + " " + Metrics.TOO_FEW + " " + Metrics.MINIMUM_GAMES + " a value");
        } else if (replicates[0].length > 0 && Double.isNaN(crossing.low())) {
            notes.add("no interval: " + crossing.undefined() + " of " + replicates[0].length + " replicates find no "
                    + "crossing (the advantage barely changes here: play more games)");
        } else if (crossing.undefined() > 0) {
            notes.add(crossing.undefined() + " of " + replicates[0].length + " replicates find no crossing and are "
                    + "left out");
        }
        boolean withInterval = games >= Metrics.MINIMUM_GAMES && Double.isFinite(crossing.low());
        if (withInterval && (crossing.low() < x[0] || crossing.high() > x[x.length - 1])) {
            notes.add("the interval reaches past the values fitted");
        }
        return new Answer(base, parameter, bot, crossing.value(), withInterval ? crossing.low() : Double.NaN,
                withInterval ? crossing.high() : Double.NaN, games, evaluated(values, played), fitted,
                withInterval ? crossing.replicates() : new double[0], String.join("; ", notes));
    }

    private static List<Stability> stability(List<Answer> answers) {
        List<Answer> found = answers.stream().filter(a -> Double.isFinite(a.value()) && a.replicates().length > 0)
                .toList();
        List<double[]> raw = new ArrayList<>();
        List<String[]> pairs = new ArrayList<>();
        for (int a = 0; a < found.size(); a++) {
            for (int b = a + 1; b < found.size(); b++) {
                double[] first = found.get(a).replicates();
                double[] second = found.get(b).replicates();
                double[] differences = new double[Math.min(first.length, second.length)];
                for (int r = 0; r < differences.length; r++) {
                    differences[r] = first[r] - second[r];
                }
                double[] interval = PercentileBootstrap.interval(differences, Metrics.CONFIDENCE);
                raw.add(new double[] {found.get(a).value() - found.get(b).value(), interval[0], interval[1],
                    PercentileBootstrap.pValue(differences, 0)});
                pairs.add(new String[] {found.get(a).bot(), found.get(b).bot()});
            }
        }
        double[] holm = Holm.adjust(raw.stream().mapToDouble(r -> r[3]).toArray());
        List<Stability> differences = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            differences.add(new Stability(pairs.get(i)[0], pairs.get(i)[1], raw.get(i)[0], raw.get(i)[1], raw.get(i)[2],
                    raw.get(i)[3], holm[i]));
        }
        return differences;
    }

    private static StudyResult.Cell play(Setup base, String parameter, List<Double> values, int k, String bot,
                                         Evaluation evaluation, TreeMap<Integer, StudyResult.Cell> played)
            throws IOException, InterruptedException {
        StudyResult.Cell cell = played.get(k);
        if (cell == null) {
            cell = evaluation.cell(base.withParameter(parameter, values.get(k)), bot);
            played.put(k, cell);
        }
        return cell;
    }

    private static List<Double> evaluated(List<Double> values, TreeMap<Integer, StudyResult.Cell> played) {
        return played.keySet().stream().map(values::get).toList();
    }

    private static double advantage(StudyResult.Cell cell) {
        return cell.metrics().get(Metric.STARTER_ADVANTAGE).value();
    }

    /** A parameter's value to three decimals, for lines people read. */
    static double round(double value) {
        return Math.round(value * 1000) / 1000.0;
    }
}
