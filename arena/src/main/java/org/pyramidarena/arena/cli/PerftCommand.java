package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.util.Map;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Perft;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.Chance;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code arena perft}: leaf counts of the game tree, to pin a move generator. */
@Command(name = "perft", mixinStandardHelpOptions = true,
        description = {"Count the leaf nodes of the game tree a number of player decisions deep (chess-engine perft).",
            "Chance nodes are resolved with the seeded generator, not expanded: the count is of player decisions."})
final class PerftCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions gameOptions;

    @Option(names = "--depth", required = true, paramLabel = "N", description = "Player decisions to look ahead.")
    int depth;

    @Option(names = "--moves", paramLabel = "\"M1 M2 ...\"", defaultValue = "",
            description = "Start from the position after these moves (space-separated notation).")
    String moves;

    @Option(names = "--divide", description = "Print the count under each root move.")
    boolean divide;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
            description = "Seed for resolving chance nodes (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public void run() {
        if (depth < 0) {
            throw new UsageException("--depth must be 0 or more, not " + depth);
        }
        if (divide && depth < 1) {
            throw new UsageException("--divide needs --depth of at least 1");
        }
        perft(gameOptions.rules());
    }

    private <S extends State, M extends Move> void perft(Rules<S, M> rules) {
        PrintWriter out = spec.commandLine().getOut();
        S state = start(rules);
        if (divide) {
            Map<M, Long> counts = Perft.divide(rules, state, depth, seed);
            long total = 0;
            for (Map.Entry<M, Long> entry : counts.entrySet()) {
                out.printf("%s: %d%n", entry.getKey().notation(), entry.getValue());
                total += entry.getValue();
            }
            out.printf("moves: %d%ntotal: %d%n", counts.size(), total);
        } else {
            out.println(Perft.count(rules, state, depth, seed));
        }
        out.flush();
    }

    private <S extends State, M extends Move> S start(Rules<S, M> rules) {
        SplittableRandom rng = new SplittableRandom(seed);
        S state = rules.initialState();
        String[] notations = moves.isBlank() ? new String[0] : moves.trim().split("\\s+");
        for (int i = 0; i < notations.length; i++) {
            while (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), rng));
            }
            M move;
            try {
                move = rules.parseMove(notations[i]);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--moves: move " + (i + 1) + ": " + e.getMessage());
            }
            var legality = rules.check(state, move);
            if (!legality.isLegal()) {
                throw new UsageException("--moves: move " + (i + 1) + " '" + notations[i] + "' is illegal: "
                        + legality.message());
            }
            state = rules.apply(state, move);
        }
        return state;
    }
}
