package org.pyramidarena.arena.server.uploads;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.contest.VersionCheck;
import org.pyramidarena.arena.tournament.ContestantFactory;
import org.pyramidarena.arena.tournament.GameChoices;
import org.pyramidarena.arena.tournament.Matches;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * A contest's upload check on one machine, without a server ({@code arena check}): the file is
 * checked as an upload is ({@link UploadCheck}), the bot started as the ladder starts it and checked
 * as the ladder checks it ({@link VersionCheck}: hello, the games it plays, one match against
 * {@value VersionCheck#OPPONENT} in each), with the contest's clock and sandbox, so a bot is
 * rejected here for what the server would reject it for, in the same words.
 */
public final class LocalCheck {

    private static final String BOT = "upload";

    private LocalCheck() {
    }

    /**
     * What the check found.
     *
     * @param reason why the server would reject the bot, in its words; null when it would take it
     */
    public record Verdict(String reason) {

        /** Whether the server would take the bot. */
        public boolean accepted() {
            return reason == null;
        }
    }

    /**
     * Checks a bot file as the contest's server would. Its check matches are numbered from 1 where
     * the server's reasons name a match by its id.
     *
     * @param file a bot JAR or a program for one of the contest's interpreters
     * @param settings the contest's settings: its games, clock, upload cap and interpreters
     * @param sandbox what the bot runs in
     * @param seed the check matches' master seed (the server's is its secret ladder seed)
     * @param run where the bot's working directory and log go
     * @param progress hears a line for each step passed
     * @throws IOException when the file cannot be read
     */
    public static Verdict check(Path file, ContestSettings settings, Sandbox sandbox, MasterSeed seed,
                                RunDirectory run, Consumer<String> progress) throws IOException {
        Path bot = file.toAbsolutePath().normalize();
        byte[] bytes;
        UploadCheck.Accepted accepted;
        try {
            try (InputStream in = Files.newInputStream(bot)) {
                bytes = UploadCheck.readCapped(in, settings.maxUploadBytesOrDefault());
            }
            accepted = UploadCheck.check(bot.getFileName().toString(), bytes, settings.maxUploadBytesOrDefault(),
                    settings.interpretersOrDefault());
            if (accepted.kind().equals("jar")) {
                UploadCheck.inspectJar(bot, accepted.fileName());
            }
        } catch (IllegalArgumentException e) {
            return new Verdict(e.getMessage());
        }
        progress.accept(accepted.fileName() + ": " + bytes.length + " bytes, taken as an upload ("
                + (accepted.kind().equals("jar") ? "a bot JAR" : "a ." + accepted.kind() + " program, run by "
                + settings.interpretersOrDefault().get(accepted.kind())) + ")");
        List<GameEntry> games = settings.gameEntries();
        BotLoader loader = new BotLoader(Isolation.PROCESS, sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS);
        BotLoader builtIn = new BotLoader(Isolation.IN_PROCESS, sandbox, run, BotLoader.DEFAULT_HELLO_MILLIS);
        try (CheckBots bots = new CheckBots()) {
            BotSource upload;
            try {
                upload = loader.load(VersionCheck.command(accepted.kind(), bot, settings.interpretersOrDefault()));
            } catch (IllegalArgumentException e) {
                return new Verdict(VersionCheck.didNotStart(e.getMessage()));
            }
            bots.sources.put(BOT, upload);
            bots.sources.put(VersionCheck.OPPONENT, builtIn.load(VersionCheck.OPPONENT));
            List<GameEntry> playable = VersionCheck.playable(upload, games);
            if (playable.isEmpty()) {
                return new Verdict(VersionCheck.playsNone(upload, games));
            }
            progress.accept("hello from '" + upload.name() + "', which plays " + String.join(", ", playable.stream()
                    .map(GameChoices::label).toList()) + " of this contest's " + String.join(", ", games.stream()
                    .map(GameChoices::label).toList()));
            long id = 0;
            for (GameEntry game : playable) {
                id++;
                Rules<?, ?> rules = Games.byId(game.game()).rules(GameSetup.parse(game.players(), game.variant()));
                MatchSettings match = new MatchSettings(seed.derive(MatchSpec.MATCH_STREAM, id),
                        seed.derive(MatchSpec.DEAL_STREAM, id), settings.timeControl(),
                        MatchSettings.DEFAULT_ACTION_LIMIT);
                List<String> seats = VersionCheck.seats(BOT, game);
                List<String> labels = new ArrayList<>();
                for (int seat = 0; seat < seats.size(); seat++) {
                    labels.add((seat == 0 ? upload.name() : seats.get(seat)) + "@m" + id + "s" + seat);
                }
                MatchResult result;
                try {
                    result = Matches.play(rules, seats, labels, bots, match);
                } catch (RuntimeException e) {
                    return new Verdict(VersionCheck.refereeFailed(id, game, e));
                }
                String fault = VersionCheck.fault(id, game, result);
                if (fault != null) {
                    return new Verdict(fault);
                }
                progress.accept(VersionCheck.where(id, game) + " against " + VersionCheck.OPPONENT + ": "
                        + result.termination().label() + " after " + result.moves() + " moves, rank "
                        + result.outcome().rank(0) + " of " + game.players());
            }
            return new Verdict(null);
        }
    }

    /** The check's two bots, the upload and the built-in opponent, by key. */
    private static final class CheckBots implements ContestantFactory {

        final Map<String, BotSource> sources = new LinkedHashMap<>();

        @Override
        public boolean plays(String bot, Game game) {
            return sources.get(bot).plays(game);
        }

        @Override
        public Contestant create(String bot, String label) {
            return sources.get(bot).seat(label);
        }

        @Override
        public String jarSha256(String bot) {
            return sources.get(bot).jarSha256();
        }

        @Override
        public void close() {
            sources.values().forEach(BotSource::close);
        }
    }
}
