package org.pyramidarena.arena.balance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.tournaments.stats.Balance;

/**
 * What a balance study found: one cell per setup and bot, and the comparisons of the setups'
 * first-seat advantages for each bot.
 *
 * @param setups the setups, in the order given
 * @param bots the bots, in the order given (the report takes it as the order of strength)
 * @param games the games of every cell
 * @param block the games of one bootstrap block
 * @param samples the bootstrap replicates
 * @param cells the cells, by setup then bot
 * @param comparisons every pair of setups for every bot, by bot then setups in order
 */
public record StudyResult(List<Setup> setups, List<String> bots, int games, int block, int samples, List<Cell> cells,
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
    }

    /** The cell of a setup and bot. */
    public Cell cell(Setup setup, String bot) {
        return cells.stream().filter(c -> c.setup().equals(setup) && c.bot().equals(bot)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no cell " + setup.label() + " / " + bot));
    }

    /**
     * Puts cells together and compares every two setups' advantages for each bot.
     *
     * @param cells the cells, by setup then bot, every setup with every bot
     */
    public static StudyResult of(List<Setup> setups, List<String> bots, int games, int block, int samples,
                                 List<Cell> cells) {
        List<Comparison> comparisons = new ArrayList<>();
        for (String bot : bots) {
            for (int a = 0; a < setups.size(); a++) {
                for (int b = a + 1; b < setups.size(); b++) {
                    Cell first = find(cells, setups.get(a), bot);
                    Cell second = find(cells, setups.get(b), bot);
                    comparisons.add(Comparison.of(bot, first.setup(),
                            first.metrics().get(Metric.FIRST_SEAT_ADVANTAGE).value(),
                            first.metrics().advantageReplicates(), second.setup(),
                            second.metrics().get(Metric.FIRST_SEAT_ADVANTAGE).value(),
                            second.metrics().advantageReplicates()));
                }
            }
        }
        return new StudyResult(setups, bots, games, block, samples, cells, comparisons);
    }

    private static Cell find(List<Cell> cells, Setup setup, String bot) {
        return cells.stream().filter(c -> c.setup().equals(setup) && c.bot().equals(bot)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no cell " + setup.label() + " / " + bot));
    }
}
