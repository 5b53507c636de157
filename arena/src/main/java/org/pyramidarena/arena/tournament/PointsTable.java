package org.pyramidarena.arena.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * Points tables per game and overall, added up match by match (nothing kept per match).
 *
 * <p>A seat scores the share of the other bots' seats it finished ahead of, a tie counting half:
 * a two-player win is 1, a draw 0.5, a loss 0, and a 4-player match gives 1, 2/3, 1/3 and 0 by
 * rank. Seats held by copies of the same bot are not opponents of each other, and a match in which
 * one bot holds every seat scores nothing. A Swiss bye scores as winning every match a seated bot
 * plays that round. Ratings (Elo) are for the ratings module; this is the plain points table.
 */
public final class PointsTable {

    private final List<String> bots;
    private final Map<GameEntry, Map<String, Line>> byGame = new LinkedHashMap<>();
    private final Map<String, Line> overall = new LinkedHashMap<>();
    private final int byeMatches;
    /** The table of the last match's game, variant and player count. */
    private Map<String, Line> lastTable;
    private String lastGame;
    private String lastVariant;
    private int lastPlayers;

    /**
     * @param bots the entrants in seeding order, which breaks ties in the tables
     * @param games the tournament's games, giving the order of the per-game tables
     * @param byeMatches how many matches a bye stands for
     */
    public PointsTable(List<String> bots, List<GameEntry> games, int byeMatches) {
        this.bots = List.copyOf(bots);
        this.byeMatches = byeMatches;
        for (GameEntry game : games) {
            byGame.put(game, new LinkedHashMap<>());
        }
        for (String bot : bots) {
            overall.put(bot, new Line(bot));
        }
    }

    /** One bot's row. */
    private static final class Line {
        final String bot;
        int matches;
        double points;

        Line(String bot) {
            this.bot = bot;
        }
    }

    /** Adds one match's result. */
    public void add(MatchRecord record) {
        if (MatchSpec.isBye(record)) {
            Line line = overall.computeIfAbsent(record.seat(0).bot(), Line::new);
            line.matches += byeMatches;
            line.points += byeMatches;
            return;
        }
        Map<String, Line> table = lastTable;
        if (table == null || lastPlayers != record.players() || !lastGame.equals(record.game())
                || !lastVariant.equals(record.variant())) {
            // A tournament's matches come in runs of one game: its table is looked up once a run.
            table = byGame.computeIfAbsent(new GameEntry(record.game(), record.variant(), record.players()),
                    k -> new LinkedHashMap<>());
            lastTable = table;
            lastGame = record.game();
            lastVariant = record.variant();
            lastPlayers = record.players();
        }
        for (int i = 0; i < record.players(); i++) {
            SeatResult seat = record.seat(i);
            int opponents = 0;
            double beaten = 0;
            for (int j = 0; j < record.players(); j++) {
                SeatResult other = record.seat(j);
                if (other.bot().equals(seat.bot())) {
                    continue;
                }
                opponents++;
                beaten += seat.rank() < other.rank() ? 1 : seat.rank() == other.rank() ? 0.5 : 0;
            }
            if (opponents == 0) {
                continue;
            }
            Line inGame = table.get(seat.bot());
            if (inGame == null) {
                inGame = new Line(seat.bot());
                table.put(seat.bot(), inGame);
            }
            Line inAll = overall.get(seat.bot());
            if (inAll == null) {
                inAll = new Line(seat.bot());
                overall.put(seat.bot(), inAll);
            }
            inGame.matches++;
            inGame.points += beaten / opponents;
            inAll.matches++;
            inAll.points += beaten / opponents;
        }
    }

    /** A row's points per match; -1 for a bot that played none. */
    private static double share(Line line) {
        return line.matches == 0 ? -1 : line.points / line.matches;
    }

    /** The tables as text: one per game, then the overall one, each ranked by score (points per match). */
    public String render() {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<GameEntry, Map<String, Line>> game : byGame.entrySet()) {
            if (!game.getValue().isEmpty()) {
                text.append(table(GameChoices.label(game.getKey()), game.getValue().values()));
            }
        }
        text.append(table("overall", overall.values()));
        return text.toString();
    }

    private String table(String title, java.util.Collection<Line> lines) {
        // Ranked by score (points per match), so that a bot that played fewer matches (a gauntlet's
        // opponents, a bot sitting games out) is not ranked by its number of matches; a bot with none last.
        List<Line> sorted = new ArrayList<>(lines);
        sorted.sort(Comparator.comparingDouble((Line l) -> -share(l))
                .thenComparingInt(l -> bots.indexOf(l.bot) < 0 ? Integer.MAX_VALUE : bots.indexOf(l.bot)));
        int width = Math.max(3, sorted.stream().mapToInt(l -> l.bot.length()).max().orElse(3));
        StringBuilder text = new StringBuilder(title).append('\n');
        text.append(String.format(Locale.ROOT, "  %4s  %-" + width + "s  %7s  %8s  %6s%n", "rank", "bot", "matches",
                "points", "score"));
        int rank = 0;
        double previous = Double.NaN;
        for (int i = 0; i < sorted.size(); i++) {
            Line line = sorted.get(i);
            if (i == 0 || Math.abs(share(line) - previous) > 1e-9) {
                rank = i + 1;
                previous = share(line);
            }
            String share = line.matches == 0 ? "-"
                    : String.format(Locale.ROOT, "%.1f%%", 100 * line.points / line.matches);
            text.append(String.format(Locale.ROOT, "  %4d  %-" + width + "s  %7d  %8.2f  %6s%n", rank, line.bot,
                    line.matches, line.points, share));
        }
        return text.append('\n').toString().replace(System.lineSeparator(), "\n");
    }
}
