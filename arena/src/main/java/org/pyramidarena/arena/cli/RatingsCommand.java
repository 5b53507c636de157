package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.io.ResultsCsv;
import org.pyramidarena.tournaments.io.StandingsCsv;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.pyramidarena.tournaments.ratings.RatingTable;
import org.pyramidarena.tournaments.ratings.Standings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena ratings}: Elo standings recomputed from any results file. */
@Command(name = "ratings", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Elo standings from a results.csv: a joint Bradley-Terry fit on the Elo scale with "
                + "bootstrap error bars, per game and overall.")
final class RatingsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RESULTS", description = "A results.csv written by a tournament.")
    Path results;

    @Option(names = "--game", paramLabel = "ID", description = "Only this game's matches.")
    String game;

    @Option(names = "--anchor", paramLabel = "BOT", description = "Fix this bot's Elo (see --anchor-elo) instead "
            + "of centring the pool average at 0.")
    String anchor;

    @Option(names = "--anchor-elo", defaultValue = "0", paramLabel = "ELO",
            description = "The anchor bot's Elo (default: ${DEFAULT-VALUE}).")
    double anchorElo;

    @Option(names = "--bootstrap", defaultValue = "200", paramLabel = "N",
            description = "Bootstrap replicates for the error bars; 0 for none (default: ${DEFAULT-VALUE}).")
    int bootstrap;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED", converter = SeedOption.KnownConverter.class,
            description = "The master seed of the run the results come from (a whole number or 64 hex digits): the "
                    + "bootstrap's seed derives from it as the run's did, so a tournament's own standings come out "
                    + "again (default: ${DEFAULT-VALUE}).")
    MasterSeed seed;

    @Option(names = "--confidence", defaultValue = "0.95", paramLabel = "P",
            description = "The error bars' confidence level (default: ${DEFAULT-VALUE}).")
    double confidence;

    @Option(names = "--seat-advantage", description = "Also fit a first-seat advantage (two-player games).")
    boolean seatAdvantage;

    @Option(names = "--los", description = "Also print the likelihood-of-superiority matrix of each table.")
    boolean los;

    @Option(names = "--out", paramLabel = "FILE", description = "Also write the standings as CSV to FILE.")
    Path out;

    @Override
    public void run() {
        PrintWriter stdout = spec.commandLine().getOut();
        List<MatchRecord> records = ResultsCsv.read(results);
        if (game != null) {
            records = records.stream().filter(r -> r.game().equals(game)).toList();
        }
        if (records.stream().noneMatch(r -> r.players() > 1)) {
            throw new UsageException(results + ": no matches" + (game == null ? "" : " of " + game) + " to rate");
        }
        RatingOptions options;
        try {
            options = RatingOptions.defaults().withConfidence(confidence)
                    .withBootstrap(bootstrap, Tournament.bootstrapSeed(seed)).withFirstSeatAdvantage(seatAdvantage);
            if (anchor != null) {
                options = options.withAnchor(anchor, anchorElo);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Standings standings = Standings.compute(records, options);
        for (RatingTable table : game == null ? standings.tables() : List.of(standings.byGame().get(game))) {
            stdout.print(StandingsCsv.format(table));
            if (los) {
                stdout.println();
                stdout.print(StandingsCsv.formatLikelihoodOfSuperiority(table, 20));
            }
            stdout.println();
        }
        if (out != null) {
            StandingsCsv.write(standings, out);
            stdout.println("standings: " + out);
        }
        stdout.flush();
    }
}
