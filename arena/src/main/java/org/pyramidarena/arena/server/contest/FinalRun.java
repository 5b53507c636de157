package org.pyramidarena.arena.server.contest;

import io.javalin.http.ConflictResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.arena.report.ReplayViewer;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.io.StandingsCsv;
import org.pyramidarena.tournaments.ratings.Rating;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The contest's final: submissions frozen, each team's version on the ladder entered under the
 * team's name, and a round-robin or Swiss played on a secret master seed by the same {@link
 * TournamentRunner} as {@code arena tournament}, into {@code final/} of the contest folder (a
 * round-robin of as many cycles as the contest's precision needs, {@link FinalSize}): so its
 * {@code results.csv}, {@code standings.csv} and {@code report.html} are what the command line
 * writes. The seed is published when the final is over. A server that stops during the final
 * resumes it from its {@code settings.json} (which holds the seed) at the next start.
 */
public final class FinalRun implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FinalRun.class);
    private static final String STATE = "final_state";
    private static final String SEED = "final_seed";
    private static final String ERROR = "final_error";

    /** Where the final is; stored as its {@link #label()}. */
    public enum State {
        /** The final has not been started. */
        NONE("none"),
        /** The final is being played (or is resumed at the next start). */
        RUNNING("running"),
        /** The final is over; its seed is published. */
        DONE("done"),
        /** The final stopped on an error; the error says which. */
        FAILED("failed");

        private final String label;

        State(String label) {
            this.label = label;
        }

        /** The name stored in the database and shown in the API and the pages. */
        public String label() {
            return label;
        }

        static State stored(ContestDatabase db) {
            return ContestDatabase.fromLabel(values(), State::label, db.get(STATE).orElse(NONE.label), "final state");
        }
    }

    private final Path contest;
    private final ContestSettings settings;
    private final ContestDatabase db;
    private final ContestRunner runner;
    private Thread thread;

    public FinalRun(Path contest, ContestSettings settings, ContestDatabase db, ContestRunner runner) {
        this.contest = contest;
        this.settings = settings;
        this.db = db;
        this.runner = runner;
    }

    /** The final's folder. */
    public Path folder() {
        return contest.resolve("final");
    }

    /**
     * Where the final is.
     *
     * @param state its state
     * @param seed the master seed once the final is {@linkplain State#DONE done}, else null: it is kept secret till then
     * @param error why the final failed, or null
     */
    public record Status(State state, String seed, String error) {
    }

    /** Where the final is, read from the database. */
    public Status status() {
        State state = State.stored(db);
        return new Status(state, state == State.DONE ? db.get(SEED).orElse(null) : null, db.get(ERROR).orElse(null));
    }

    /**
     * Freezes submissions and starts the final.
     *
     * @throws ConflictResponse when it has started already or fewer than two teams are on the ladder
     */
    public synchronized void start() {
        State state = State.stored(db);
        if (state == State.RUNNING || state == State.DONE) {
            throw new ConflictResponse("the final is " + state.label() + " already");
        }
        runner.freeze();
        List<ContestDatabase.Version> active = db.activeVersions();
        if (active.size() < 2) {
            throw new ConflictResponse("the final needs at least two teams with a version on the ladder");
        }
        List<String> bots = new ArrayList<>();
        for (ContestDatabase.Version version : active) {
            Path file = contest.resolve(version.path()).toAbsolutePath().normalize();
            bots.add(version.team() + "=" + VersionCheck.command(version.kind(), file,
                    settings.interpretersOrDefault()));
        }
        boolean swiss = settings.finalFormatOrDefault().equals("swiss");
        TournamentSettings tournament = new TournamentSettings(TournamentSettings.VERSION, settings.name() + "-final",
                settings.finalFormatOrDefault(), settings.games() == null ? List.of("all") : settings.games(), bots,
                null, swiss ? null : settings.finalCyclesFor(active.size()), swiss ? settings.finalRounds() : null,
                MasterSeed.SECRET,
                settings.time(), settings.bank(), settings.firstMove(), Isolation.PROCESS.label(),
                settings.concurrencyOrDefault(), "all", runner.sandbox().label(), settings.clock(), null,
                runner.sandbox().cage());
        db.put(ERROR, "");
        db.put(STATE, State.RUNNING.label());
        launch(tournament);
    }

    /**
     * The final's size, once it has started: its format, teams, and for a round-robin its cycles, the
     * matches each team plays and the 95% half-width of a team's Elo that {@link FinalSize}'s rule
     * promises with them.
     *
     * @return the size, or empty before the final started
     */
    public Optional<Size> size() {
        Path file = folder().resolve(RunFolder.SETTINGS);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        TournamentSettings tournament = TournamentSettings.read(file);
        int teams = tournament.bots().size();
        if (tournament.cycles() == null) {
            return Optional.of(new Size(tournament.format(), teams, 0, 0, Double.NaN));
        }
        int matches = tournament.cycles() * FinalSize.matchesPerCycle(teams, settings.gameEntries());
        return Optional.of(new Size(tournament.format(), teams, tournament.cycles(), matches,
                FinalSize.precision(matches)));
    }

    /**
     * How big the final is.
     *
     * @param cycles a round-robin's cycles (0 for a Swiss)
     * @param matchesPerTeam the matches each team plays (0 for a Swiss)
     * @param precision the 95% half-width of a team's Elo by the size rule (NaN for a Swiss)
     */
    public record Size(String format, int teams, int cycles, int matchesPerTeam, double precision) {
    }

    /**
     * The final's standings as its {@code standings.csv} holds them, once it is over: each table by
     * its label ({@code all}, then each game).
     *
     * @return the tables, or none before the final is over
     */
    public Map<String, List<Rating>> standings() throws IOException {
        Path file = folder().resolve(RunFolder.STANDINGS);
        if (State.stored(db) != State.DONE || !Files.isRegularFile(file)) {
            return Map.of();
        }
        return StandingsCsv.read(file);
    }

    /** Goes on with a final that a stopped server left running. */
    public synchronized void resume() {
        if (State.stored(db) == State.RUNNING) {
            Path file = folder().resolve(RunFolder.SETTINGS);
            if (Files.exists(file)) {
                launch(TournamentSettings.read(file));
            } else {
                db.put(STATE, State.NONE.label());
            }
        }
    }

    private void launch(TournamentSettings tournamentSettings) {
        runner.pauseLadder(true);
        thread = new Thread(() -> play(tournamentSettings), "final");
        thread.setDaemon(true);
        thread.start();
    }

    private void play(TournamentSettings tournamentSettings) {
        Path out = folder();
        try (RunDirectory run = new RunDirectory(out.resolve("run"));
             BotSources contestants = new BotSources(new BotLoader(Isolation.PROCESS, runner.sandbox(), run,
                     BotLoader.DEFAULT_HELLO_MILLIS))) {
            Tournament tournament = Tournament.resolve(tournamentSettings, contestants);
            RatingOptions ratings = RatingOptions.defaults().withBootstrap(
                    RatingOptions.defaults().bootstrapSamples(), tournament.bootstrapSeed());
            new TournamentRunner(tournament, contestants, Progress.NONE, ratings).run(out, tournament.concurrency());
            Report.write(out);
            ReplayViewer.writeAll(out);
            db.put(SEED, tournament.seed().text());
            db.put(STATE, State.DONE.label());
            LOG.info("the final is over; its master seed was {}", tournament.seed().text());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            LOG.error("the final failed", e);
            db.put(ERROR, new ShownPaths(contest).of(String.valueOf(e.getMessage())));
            db.put(STATE, State.FAILED.label());
        } finally {
            runner.pauseLadder(false);
        }
    }

    @Override
    public synchronized void close() {
        if (thread != null) {
            thread.interrupt();
        }
    }
}
