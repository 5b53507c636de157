package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotRegistry;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.BotSpec;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code arena bots}: the bots some JARs (or commands) offer and the games each plays. */
@Command(name = "bots", mixinStandardHelpOptions = true,
        description = "List the bots that JARs, commands or built-in names offer, the games each plays and the "
                + "options each takes (with none given, the built-in bots).")
final class BotsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Mixin
    BotOptions botOptions;

    @Mixin
    TrustOption trust;

    @Parameters(paramLabel = "BOT", arity = "0..*",
            description = "Bot JARs, 'cmd:' command lines or built-in bot names.")
    List<String> bots = new ArrayList<>();

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        List<String> specs = bots.isEmpty() ? BotRegistry.builtIn().stream().map(Bot::name).toList() : bots;
        // Listing a JAR runs its code (its static initialisers, its constructor): in a sandboxed
        // process by default, in the referee's JVM only on the user's word.
        trust.check(Isolation.parse(botOptions.isolation), specs);
        try (RunDirectory run = botOptions.runDirectory()) {
            BotLoader loader = botOptions.loader(run, botOptions.sandbox(spec.commandLine().getErr()));
            for (String value : specs) {
                BotSpec parsed = BotSpec.parse(value);
                try (BotSource bot = loader.load(parsed.bot())) {
                    bot.options(parsed.options());
                    List<String> games = Games.all().stream().filter(bot::plays).map(Game::id).toList();
                    out.printf("%-16s %s%n", bot.name(), bot.origin());
                    out.printf("%-16s games: %s%n", "", games.isEmpty() ? "none" : String.join(", ", games));
                    if (bot.options().isEmpty()) {
                        out.printf("%-16s options: none%n", "");
                    } else {
                        // The bot as the user named it (a JAR's path, a cmd: line): its own name is not a bot --bot finds.
                        out.printf("%-16s options (set with --bot \"%s?NAME=VALUE&NAME=VALUE\"):%n", "", parsed.bot());
                        for (BotOption option : bot.options()) {
                            out.printf("%-16s   %s%n", "", option.describe());
                        }
                    }
                }
            }
        }
        out.flush();
    }
}
