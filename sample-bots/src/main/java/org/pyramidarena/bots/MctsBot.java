package org.pyramidarena.bots;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.bots.search.InformationSetMcts;
import org.pyramidarena.games.pyrinoes.PyrinoesRules;
import org.pyramidarena.games.pyrinoes.PyrinoesState;

/**
 * Monte-Carlo tree search for every game: information-set MCTS over {@code determinize} for hidden
 * information, chance nodes sampled by their probabilities. Each game has a profile: iterations a
 * move, exploration, and where playouts stop to be judged by the game's evaluation (see
 * docs/bots.md), which its options override. It runs a fixed number of iterations a move, so its
 * play is reproducible from the match seed; it stops early (see {@link Deadlines}) only on a machine
 * too slow for that budget. With {@code think} it searches for a share of its move time instead, and
 * grows stronger with time (but no longer plays the same moves twice).
 */
public final class MctsBot implements Bot {

    /** How the search plays one game: its iterations a move and the search's settings. */
    record Profile(int iterations, InformationSetMcts.Settings settings) {
    }

    /** The profile of a game without a tuned one: plain random playouts to the end. */
    private static final Profile DEFAULT = new Profile(400, new InformationSetMcts.Settings(0.7, 1_000, null, 1, null));

    private static final Map<String, Profile> PROFILES = Map.of(
            "pylon", new Profile(400, new InformationSetMcts.Settings(0.7, 1_000, null, 1, null)),
            "pyraos", new Profile(400, new InformationSetMcts.Settings(0.7, 1_000, null, 1, null)),
            // A match runs over many rounds to 100 points: play out to the end of the round only.
            "pyrinoes", new Profile(400, new InformationSetMcts.Settings(0.7, 1_000, evaluator("pyrinoes"), 10,
                    start -> PyrinoesRules.roundOver((PyrinoesState) start))),
            // Random playouts mislead here: every leaf of the tree is judged by the evaluation instead.
            "euronimoes", new Profile(400, new InformationSetMcts.Settings(0.7, 0, evaluator("euronimoes"), 3, null)),
            // Moves are cheap and the dice decide much: more iterations, less exploration.
            "pyrametto", new Profile(1_500, new InformationSetMcts.Settings(0.3, 1_000, evaluator("pyrametto"), 3,
                    null)));

    static final BotOption ITERATIONS = BotOption.integer("iterations", null, 1, 100_000_000,
            "search iterations a move (default: the game's own, 400; 1500 in Pyrametto)");
    static final BotOption EXPLORATION = BotOption.decimal("exploration", null, 0, 10,
            "the UCB1 exploration constant; rewards are in [0, 1] (default: the game's own, 0.7; 0.3 in Pyrametto)");
    static final BotOption PLAYOUT_CAP = BotOption.integer("playout-cap", null, 0, 1_000_000,
            "the longest random playout in actions before the game's evaluation judges it, 0 to judge every new "
                    + "leaf at once (default: the game's own, 1000; 0 in Euronimoes)");
    static final BotOption THINK = Deadlines.THINK;

    private static final List<BotOption> OPTIONS = List.of(ITERATIONS, EXPLORATION, PLAYOUT_CAP, THINK);

    static Profile profile(String gameId) {
        return PROFILES.getOrDefault(gameId, DEFAULT);
    }

    /**
     * A game's profile with the options given: a {@code think} share without {@code iterations}
     * searches until its time is up.
     */
    static Profile profile(String gameId, Options options) {
        Profile base = profile(gameId);
        InformationSetMcts.Settings settings = base.settings();
        int iterations = options.has(ITERATIONS) ? options.integer(ITERATIONS)
                : options.decimal(THINK) > 0 ? Integer.MAX_VALUE : base.iterations();
        return new Profile(iterations, new InformationSetMcts.Settings(
                options.has(EXPLORATION) ? options.decimal(EXPLORATION) : settings.exploration(),
                options.has(PLAYOUT_CAP) ? options.integer(PLAYOUT_CAP) : settings.playoutCap(),
                settings.evaluator(), settings.evaluationScale(), settings.cut()));
    }

    private static Evaluator evaluator(String gameId) {
        return Evaluators.forGame(gameId).orElseThrow();
    }

    @Override
    public String name() {
        return "mcts";
    }

    @Override
    public boolean plays(Game game) {
        return true;
    }

    @Override
    public List<BotOption> options() {
        return OPTIONS;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        return searcher(context.rules(), profile(context.game().id(), context.options()),
                context.options().decimal(THINK), new SplittableRandom(context.seed()));
    }

    private static <S extends State, M extends Move> Player searcher(Rules<S, M> rules, Profile profile, double think,
                                                                      SplittableRandom rng) {
        InformationSetMcts<S, M> search = new InformationSetMcts<>(rules, rng, profile.settings());
        return new Player() {
            @Override
            @SuppressWarnings("unchecked")
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                return search.choose(view, (List<M>) legalMoves, profile.iterations(), clock::now,
                        Deadlines.deadline(clock, think));
            }
        };
    }
}
