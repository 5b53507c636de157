package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bot options: what a bot declares, what the referee checks, what the bot reads. */
class OptionsTest {

    private static final BotOption ITERATIONS = BotOption.integer("iterations", 400, 1, 100_000, "iterations a move");
    private static final BotOption EXPLORATION = BotOption.decimal("exploration", 0.7, 0, 10, "UCB1 constant");
    private static final BotOption REUSE = BotOption.flag("reuse", false, "keep the tree between moves");
    private static final BotOption POLICY = BotOption.choice("policy", "uct", List.of("uct", "puct"), "selection");
    private static final BotOption DEPTH = BotOption.integer("depth", null, 1, 64, "default: the game's own");
    private static final List<BotOption> DECLARED = List.of(ITERATIONS, EXPLORATION, REUSE, POLICY, DEPTH);

    private static Map<String, String> given(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @Test
    void givenValuesAreReadTypedAndTheOthersAreTheirDefaults() {
        Options options = Options.resolve("mcts", DECLARED, given("exploration", "0.50", "policy", "puct",
                "iterations", "0800"));
        assertEquals(800, options.integer(ITERATIONS));
        assertEquals(0.5, options.decimal(EXPLORATION));
        assertEquals("puct", options.choice(POLICY));
        assertFalse(options.flag(REUSE));
        assertFalse(options.has(DEPTH), "an option without a default and not given has no value");
        assertTrue(options.has(ITERATIONS));
        assertEquals(Map.of("iterations", 800, "exploration", 0.5, "policy", "puct"), options.given());
        assertEquals("iterations=800&exploration=0.5&policy=puct", options.notation(),
                "canonical values, in the order the bot declares its options");
    }

    @Test
    void aContextWithoutOptionsReadsEveryDefault() {
        assertEquals(400, Options.NONE.integer(ITERATIONS));
        assertEquals(0.7, Options.NONE.decimal(EXPLORATION));
        assertEquals("uct", Options.NONE.choice(POLICY));
        assertEquals("", Options.NONE.notation());
        assertThrows(IllegalStateException.class, () -> Options.NONE.integer(DEPTH));
        assertThrows(IllegalArgumentException.class, () -> Options.NONE.decimal(ITERATIONS),
                "an integer option is not read as a decimal");
    }

    @Test
    void anUnknownOptionIsRefusedNamingTheBotsOptions() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> Options.resolve("mcts", DECLARED, given("iteration", "5")));
        assertEquals("mcts has no option 'iteration' (its options: iterations, exploration, reuse, policy, depth)",
                unknown.getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> Options.resolve("random", List.of(), given("depth", "5")));
        assertEquals("random has no options, so 'depth' cannot be set", none.getMessage());
    }

    @Test
    void aValueOutsideTheOptionsTypeOrRangeIsRefusedSayingWhatItTakes() {
        assertEquals("mcts: iterations takes a whole number from 1 to 100000, not '0'", assertThrows(
                IllegalArgumentException.class, () -> Options.resolve("mcts", DECLARED, given("iterations", "0")))
                .getMessage());
        assertEquals("mcts: iterations takes a whole number from 1 to 100000, not '1.5'", assertThrows(
                IllegalArgumentException.class, () -> Options.resolve("mcts", DECLARED, given("iterations", "1.5")))
                .getMessage());
        assertEquals("mcts: exploration takes a decimal number from 0 to 10, not 'NaN'", assertThrows(
                IllegalArgumentException.class, () -> Options.resolve("mcts", DECLARED, given("exploration", "NaN")))
                .getMessage());
        assertEquals("mcts: reuse takes true or false, not 'yes'", assertThrows(
                IllegalArgumentException.class, () -> Options.resolve("mcts", DECLARED, given("reuse", "yes")))
                .getMessage());
        assertEquals("mcts: policy takes one of uct, puct, not 'ucb'", assertThrows(
                IllegalArgumentException.class, () -> Options.resolve("mcts", DECLARED, given("policy", "ucb")))
                .getMessage());
    }

    @Test
    void aDeclarationThatCannotHoldIsRefusedWhenItIsMade() {
        assertThrows(IllegalArgumentException.class, () -> BotOption.integer("Iterations", 1, 1, 2, ""),
                "upper-case name");
        assertThrows(IllegalArgumentException.class, () -> BotOption.integer("iterations", 0, 1, 2, ""),
                "default out of range");
        assertThrows(IllegalArgumentException.class, () -> BotOption.integer("iterations", 1, 5, 2, ""),
                "empty range");
        assertThrows(IllegalArgumentException.class, () -> BotOption.choice("policy", "x", List.of("uct"), ""),
                "default not a choice");
        assertThrows(IllegalArgumentException.class, () -> BotOption.choice("policy", "uct", List.of(), ""),
                "no choices");
        assertThrows(IllegalArgumentException.class, () -> new BotOption("reuse", BotOption.Type.BOOLEAN, "true",
                0.0, 1.0, List.of(), ""), "a bound on a flag");
    }

    @Test
    void aMatchContextCarriesTheOptionsAndDefaultsToNone() {
        Rules<?, ?> rules = Games.byId("pylon").rules(Games.byId("pylon").defaultSetup());
        MatchContext plain = new MatchContext(rules, 0, List.of("a", "b"), 1, 1000, 0);
        assertEquals(Options.NONE, plain.options());
        Options options = Options.resolve("mcts", DECLARED, given("iterations", "9"));
        assertEquals(9, plain.withOptions(options).options().integer(ITERATIONS));
    }

    @Test
    void anOptionDescribesItselfInOneLine() {
        assertEquals("iterations=400  a whole number from 1 to 100000: iterations a move", ITERATIONS.describe());
        assertEquals("depth  a whole number from 1 to 64: default: the game's own", DEPTH.describe());
        assertEquals("policy=uct  one of uct, puct: selection", POLICY.describe());
    }
}
