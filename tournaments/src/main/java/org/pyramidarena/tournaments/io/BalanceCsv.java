package org.pyramidarena.tournaments.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.stats.Balance;
import org.pyramidarena.tournaments.stats.BalanceGroup;
import org.pyramidarena.tournaments.stats.SeatBalance;

/**
 * Writes balance statistics: {@code balance.csv}, one tidy row per game, variant, player count and
 * seat (the per-game figures repeated on each seat's row, so a data frame needs no join), and the
 * plain-text tables for the terminal.
 *
 * <p>Columns: the keys {@code game, variant, players, seat}; the seat's {@code games, wins, draws,
 * losses, win_share} (0 to 1, ties split) {@code win_share_low, win_share_high} (Wilson 95%)
 * {@code mean_rank, mean_score}; then the per-game figures: {@code fairness_test} (binomial,
 * chi-square or none), {@code fairness_statistic, fairness_p_value}, {@code first_seat_elo} with
 * {@code first_seat_elo_low, first_seat_elo_high} (95%) and {@code first_seat_los}, {@code moves_mean,
 * moves_median, moves_p95}, and one {@code termination_<reason>} count per termination reason.
 * Missing figures are empty.
 */
public final class BalanceCsv {
    /** The columns, in file order. */
    public static final List<String> HEADER = header();

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").build();

    private BalanceCsv() {
    }

    private static List<String> header() {
        List<String> columns = new ArrayList<>(List.of("game", "variant", "players", "seat", "games", "wins", "draws",
                "losses", "win_share", "win_share_low", "win_share_high", "mean_rank", "mean_score", "fairness_test",
                "fairness_statistic", "fairness_p_value", "first_seat_elo", "first_seat_elo_low",
                "first_seat_elo_high", "first_seat_los", "moves_mean", "moves_median", "moves_p95"));
        for (TerminationReason reason : TerminationReason.values()) {
            columns.add("termination_" + reason.label());
        }
        return List.copyOf(columns);
    }

    /**
     * Writes the CSV text, header first.
     *
     * @param balance the statistics
     * @param out where to write; not closed
     * @throws IOException when writing fails
     */
    public static void write(Balance balance, Appendable out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, FORMAT);
        printer.printRecord(HEADER);
        for (BalanceGroup group : balance.groups()) {
            for (SeatBalance seat : group.seats()) {
                List<Object> row = new ArrayList<>(List.of(group.game(), group.variant(), group.players(), seat.seat(),
                        seat.games(), seat.wins(), seat.draws(), seat.losses(), Numbers.fixed(seat.winShare(), 6),
                        Numbers.fixed(seat.winShareLow(), 6), Numbers.fixed(seat.winShareHigh(), 6),
                        Numbers.fixed(seat.meanRank(), 4), Numbers.fixed(seat.meanScore(), 4),
                        group.fairness().method(), Numbers.fixed(group.fairness().statistic(), 4),
                        pValue(group.fairness().pValue()), Numbers.fixed(group.firstSeatAdvantage().elo(), 2),
                        Numbers.fixed(group.firstSeatAdvantage().low(), 2),
                        Numbers.fixed(group.firstSeatAdvantage().high(), 2),
                        Numbers.fixed(group.firstSeatAdvantage().los(), 4), Numbers.fixed(group.length().mean(), 2),
                        Numbers.fixed(group.length().median(), 2), Numbers.fixed(group.length().percentile95(), 2)));
                for (TerminationReason reason : TerminationReason.values()) {
                    row.add(group.terminations().getOrDefault(reason, 0L));
                }
                printer.printRecord(row);
            }
        }
        printer.flush();
    }

    /** Small p-values keep their significant digits. */
    private static String pValue(double p) {
        return Double.isNaN(p) ? "" : String.format(Locale.ROOT, "%.6g", p);
    }

    /**
     * Writes {@code balance.csv}, replacing the file.
     *
     * @param balance the statistics
     * @param file the file to write
     * @throws UncheckedIOException when writing fails
     */
    public static void write(Balance balance, Path file) {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(balance, writer);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The statistics for the terminal: per game, variant and player count a summary line, a seat
     * table and the termination counts that are not zero.
     *
     * @param balance the statistics
     * @return lines ending in a newline
     */
    public static String format(Balance balance) {
        StringBuilder text = new StringBuilder();
        for (BalanceGroup group : balance.groups()) {
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(String.format(Locale.ROOT, "%s / %s / %d players: %d games%n", group.game(), group.variant(),
                    group.players(), group.games()));
            text.append(String.format(Locale.ROOT, "Fair-share test (%s): p = %s%n", group.fairness().method(),
                    Double.isNaN(group.fairness().pValue()) ? "-" : pValue(group.fairness().pValue())));
            text.append(String.format(Locale.ROOT, "First-seat advantage: %s Elo [%s, %s]%n",
                    Numbers.shown(group.firstSeatAdvantage().elo(), 1), Numbers.shown(group.firstSeatAdvantage().low(), 1),
                    Numbers.shown(group.firstSeatAdvantage().high(), 1)));
            text.append(String.format(Locale.ROOT, "Moves: mean %s, median %s, 95th percentile %s%n",
                    Numbers.shown(group.length().mean(), 1), Numbers.shown(group.length().median(), 1),
                    Numbers.shown(group.length().percentile95(), 1)));
            TextTable seats = new TextTable(List.of("Seat", "Games", "Wins", "Draws", "Losses", "Win share",
                    "95% interval", "Mean rank", "Mean score"), true, true, true, true, true, true, true, true, true);
            for (SeatBalance seat : group.seats()) {
                seats.add(List.of(Integer.toString(seat.seat()), Long.toString(seat.games()), Long.toString(seat.wins()),
                        Long.toString(seat.draws()), Long.toString(seat.losses()),
                        Numbers.shown(100 * seat.winShare(), 1) + "%",
                        "[" + Numbers.shown(100 * seat.winShareLow(), 1) + "%, "
                                + Numbers.shown(100 * seat.winShareHigh(), 1) + "%]",
                        Numbers.shown(seat.meanRank(), 2), Numbers.shown(seat.meanScore(), 2)));
            }
            text.append(seats.render());
            StringBuilder endings = new StringBuilder();
            for (TerminationReason reason : TerminationReason.values()) {
                long count = group.terminations().getOrDefault(reason, 0L);
                if (count > 0) {
                    endings.append(endings.length() == 0 ? "" : ", ").append(reason.label()).append(' ').append(count);
                }
            }
            text.append("Terminations: ").append(endings).append('\n');
        }
        return text.toString();
    }
}
