package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code arena games}: the registered games with their player counts, who starts, their variants
 * and their design parameters.
 */
@Command(name = "games", mixinStandardHelpOptions = true,
        description = {"List the games with their player counts, who starts, their variants and their design "
                + "parameters.", "A parameter is given after the variant: pylon?komi=2.5, pyraos/pylos?handicap=-1."})
final class GamesCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        for (Game game : Games.all()) {
            String players = game.minPlayers() == game.maxPlayers() ? Integer.toString(game.minPlayers())
                    : game.minPlayers() + "-" + game.maxPlayers();
            out.printf("%-12s %-12s %s players%n", game.id(), game.displayName(), players);
            for (Variant variant : game.variants()) {
                out.printf("    %-14s %s%s%n", variant.name(), variant.description(),
                        variant.name().equals(game.defaultVariant()) ? " (default)" : "");
            }
            out.printf("    starts: %s%n", game.starterRule());
            for (Parameter parameter : game.parameters()) {
                out.printf("    ?%s=%s..%s  %s (default %s, step %s%s)%n", parameter.name(),
                        Parameter.format(parameter.minimum()), Parameter.format(parameter.maximum()),
                        parameter.description(), Parameter.format(parameter.defaultValue()),
                        Parameter.format(parameter.step()), parameter.whole() ? ", whole numbers" : "");
            }
        }
        out.flush();
    }
}
