package org.pyramidarena.arena.server.contest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.tournaments.TerminationReason;
import org.pyramidarena.tournaments.pairing.GameEntry;

/**
 * The check a new version must pass before it plays anyone, as the ladder's runner plays it and as
 * {@code arena check} plays it on a bot author's machine: the bot is started from its file (a JAR,
 * or a program run by the contest's interpreter for its extension) and must say hello; the games
 * of the contest it plays are those its hello names (a JAR's {@code plays}), and a bot that plays
 * none of them is rejected; then one match against {@value #OPPONENT} in every game it plays, the
 * bot in the first seat; any fault of its seat rejects it, with the fault and its detail as the
 * reason. The bot is then paired only in the games it plays.
 */
public final class VersionCheck {

    /** The built-in bot every check match is played against, and which fills seats no team fills. */
    public static final String OPPONENT = "random";

    private VersionCheck() {
    }

    /**
     * How the referee starts an upload: a JAR by its path, a program by its interpreter.
     *
     * @param kind {@code jar} or a program's extension
     * @param file the upload, absolute
     * @param interpreters the command running each extension's programs
     */
    public static String command(String kind, Path file, Map<String, String> interpreters) {
        return kind.equals("jar") ? file.toString() : BotLoader.COMMAND_PREFIX + interpreters.get(kind) + " " + file;
    }

    /** The reason a version whose bot cannot be started, or says no hello, is rejected. */
    public static String didNotStart(String message) {
        return "the bot did not start: " + message;
    }

    /** The games of the contest a bot plays, as it said, in the contest's order. */
    public static List<GameEntry> playable(BotSource bot, List<GameEntry> games) {
        List<GameEntry> playable = new ArrayList<>();
        for (GameEntry game : games) {
            if (bot.plays(Games.byId(game.game()))) {
                playable.add(game);
            }
        }
        return playable;
    }

    /** The reason a bot that plays none of the contest's games is rejected: which they are, and which it plays. */
    public static String playsNone(BotSource bot, List<GameEntry> games) {
        List<String> its = Games.all().stream().filter(bot::plays).map(Game::id).toList();
        return "the bot plays none of this contest's games (" + String.join(", ", games.stream().map(GameEntry::game)
                .distinct().toList()) + "): " + (its.isEmpty() ? "it plays none of the arena's games"
                : "of the arena's games it plays only " + String.join(", ", its));
    }

    /** The seats of a check match: the bot in the first, {@value #OPPONENT} in every other. */
    public static List<String> seats(String bot, GameEntry game) {
        List<String> seats = new ArrayList<>(Collections.nCopies(game.players(), OPPONENT));
        seats.set(0, bot);
        return seats;
    }

    /**
     * The reason a check match's fault rejects its version; null when the bot's seat did not fault.
     *
     * @param match the match's number: its id on the server, its place among the checks elsewhere
     */
    public static String fault(long match, GameEntry game, MatchResult result) {
        TerminationReason reason = result.seatTerminations().get(0);
        return reason.isFault() ? where(match, game) + ": " + reason.label() + ": " + result.seatFaultDetails().get(0)
                : null;
    }

    /** The reason a check match the referee could not play rejects its version. */
    public static String refereeFailed(long match, GameEntry game, Exception e) {
        return where(match, game) + ": the referee failed: " + e;
    }

    /** A check match as its reasons name it: {@code check match 12 (pylon, 2 players)}. */
    public static String where(long match, GameEntry game) {
        return "check match " + match + " (" + game.game() + ", " + game.players() + " players)";
    }
}
