package org.pyramidarena.arena.balance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * Everything that decides what a balance study plays and writes, as given on the command line: the
 * {@code plan} of its {@code study.json} ({@link StudyManifest}), from which {@code balance --config}
 * plays it again. Concurrency is kept too, although it changes no result, because each cell's
 * {@code settings.json} records it.
 *
 * @param setups the setups as written ({@code --game})
 * @param players the player count of setups naming none, or null
 * @param variant the variant of setups naming none, or null
 * @param bots the bots as written, options included ({@code mcts?iterations=800})
 * @param games the games asked for each setup and bot, before rounding up to whole seat rotations
 * @param bootstrap the bootstrap replicates
 * @param seed the master seed's text
 * @param time the time per move
 * @param clock the clock kind, or null for the default
 * @param wallGuard the wall guard, or null for the default
 * @param isolation how bots run
 * @param sandbox what bot processes run in, as asked ({@code auto}, {@code bwrap}, {@code none})
 * @param botMemory each bot process's memory cap
 * @param concurrency games at once
 * @param sweep the sweep ({@link ParameterRange#notation()}), or null
 * @param fair the parameter whose fair value is searched ({@link ParameterRange#notation()}), or null
 * @param power the advantage, in percentage points, that the power line sizes a study for
 * @param compareGames whether setups of different games are compared too
 * @param openings the opening books every game's line is taken from, as given (see the tournaments'
 *     {@code Openings}), or null for none
 * @param randomOpening the random plies of every game's opening, or null for none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"setups", "players", "variant", "bots", "games", "bootstrap", "seed", "time", "clock", "wallGuard",
    "isolation", "sandbox", "botMemory", "concurrency", "sweep", "fair", "power", "compareGames", "openings",
    "randomOpening"})
public record StudyPlan(List<String> setups, Integer players, String variant, List<String> bots, int games,
                        int bootstrap, String seed, String time, String clock, String wallGuard, String isolation,
                        String sandbox, String botMemory, Integer concurrency, String sweep, String fair, double power,
                        boolean compareGames, List<String> openings, Integer randomOpening) {

    public StudyPlan {
        Objects.requireNonNull(setups, "setups");
        Objects.requireNonNull(bots, "bots");
        Objects.requireNonNull(seed, "seed");
        setups = List.copyOf(setups);
        bots = List.copyOf(bots);
        if (setups.isEmpty() || bots.isEmpty()) {
            throw new IllegalArgumentException("a study needs a setup and a bot");
        }
        if (sweep != null && fair != null) {
            throw new IllegalArgumentException("--sweep and --fair cannot be asked together: a search for a fair "
                    + "value chooses the values it plays");
        }
    }

    /** A study without openings. */
    public StudyPlan(List<String> setups, Integer players, String variant, List<String> bots, int games, int bootstrap,
                     String seed, String time, String clock, String wallGuard, String isolation, String sandbox,
                     String botMemory, Integer concurrency, String sweep, String fair, double power,
                     boolean compareGames) {
        this(setups, players, variant, bots, games, bootstrap, seed, time, clock, wallGuard, isolation, sandbox,
                botMemory, concurrency, sweep, fair, power, compareGames, null, null);
    }

    /** This study with openings: the books (null for none) and the random plies (null for none). */
    public StudyPlan withOpenings(List<String> books, Integer plies) {
        return new StudyPlan(setups, players, variant, bots, games, bootstrap, seed, time, clock, wallGuard, isolation,
                sandbox, botMemory, concurrency, sweep, fair, power, compareGames, books, plies);
    }

    /** The setups given, parsed, each once in the order given: a sweep's or a search's base setups. */
    public List<Setup> baseSetups() {
        return Setup.parse(setups, players, variant);
    }

    /** The bots, each once in the order given. */
    public List<String> distinctBots() {
        return List.copyOf(new LinkedHashSet<>(bots));
    }

    /** The sweep's range, or null. */
    public ParameterRange sweepRange() {
        return sweep == null ? null : ParameterRange.parse(sweep, true);
    }

    /** The searched parameter's range, or null. */
    public ParameterRange fairRange() {
        return fair == null ? null : ParameterRange.parse(fair, false);
    }
}
