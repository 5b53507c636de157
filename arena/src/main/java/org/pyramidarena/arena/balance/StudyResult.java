package org.pyramidarena.arena.balance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.pyramidarena.tournaments.stats.Balance;

/**
 * What a balance study found: one cell per setup and bot played (every setup with every bot, except
 * in a search for a fair value, where each bot plays the values its search visits), and the
 * comparisons of the setups' starter advantages for each bot.
 *
 * @param setups the setups, in the order given (or visited)
 * @param bots the bots, in the order given (the report takes it as the order of strength)
 * @param samples the bootstrap replicates
 * @param cells the cells, by setup then bot
 * @param comparisons the setups compared for each bot, by bot then setups in order, adjusted together
 */
public record StudyResult(List<Setup> setups, List<String> bots, int samples, List<Cell> cells,
                          List<Comparison> comparisons) {

    public StudyResult {
        setups = List.copyOf(setups);
        bots = List.copyOf(bots);
        cells = List.copyOf(cells);
        comparisons = List.copyOf(comparisons);
    }

    /**
     * One setup and bot.
     *
     * @param setup the setup
     * @param bot the bot, as given
     * @param folder where its results, balance and standings are
     * @param balance its seat balance
     * @param measures what was read from its states
     * @param metrics its design metrics
     */
    public record Cell(Setup setup, String bot, Path folder, Balance balance, GameMeasures measures,
                       Metrics.Result metrics) {

        /** The games the cell played. */
        public int games() {
            return metrics.lengths().length;
        }
    }

    /** The cell of a setup and bot, if it was played. */
    public Optional<Cell> find(Setup setup, String bot) {
        return cells.stream().filter(c -> c.setup().equals(setup) && c.bot().equals(bot)).findFirst();
    }

    /**
     * Puts cells together and, when asked, compares every two setups' starter advantages for each
     * bot: setups of one game only, unless {@code acrossGames}.
     *
     * @param cells the cells, by setup then bot
     * @param compare whether to compare setups at all (a sweep is read from its curve instead)
     * @param acrossGames whether setups of different games are compared too
     */
    public static StudyResult of(List<Setup> setups, List<String> bots, int samples, List<Cell> cells,
                                 boolean compare, boolean acrossGames) {
        List<Comparison> comparisons = new ArrayList<>();
        StudyResult unCompared = new StudyResult(setups, bots, samples, cells, List.of());
        for (String bot : compare ? bots : List.<String>of()) {
            for (int a = 0; a < setups.size(); a++) {
                for (int b = a + 1; b < setups.size(); b++) {
                    Setup one = setups.get(a);
                    Setup other = setups.get(b);
                    Optional<Cell> first = unCompared.find(one, bot);
                    Optional<Cell> second = unCompared.find(other, bot);
                    if (first.isEmpty() || second.isEmpty() || !acrossGames && !one.game().equals(other.game())) {
                        continue;
                    }
                    Metric metric = Metric.STARTER_ADVANTAGE;
                    comparisons.add(Comparison.of(bot, metric.label(), one, first.get().metrics().get(metric),
                            first.get().metrics().starterReplicates(), other, second.get().metrics().get(metric),
                            second.get().metrics().starterReplicates()));
                }
            }
        }
        return new StudyResult(setups, bots, samples, cells, Comparison.adjusted(comparisons));
    }
}
