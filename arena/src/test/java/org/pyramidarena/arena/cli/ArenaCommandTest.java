package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ArenaCommandTest {

    @Test
    void gamesListsPylonWithPlayerCountsAndVariants() {
        CliRun run = CliRun.of("games");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("pylon"));
        assertTrue(run.out().contains("2 players"));
        assertTrue(run.out().contains("standard"));
    }

    @Test
    void perftOfPylonAtDepthTwoIs7830() {
        CliRun run = CliRun.of("perft", "--game", "pylon", "--depth", "2");
        assertEquals(0, run.status(), run.err());
        assertEquals("7830", run.out().strip());
    }

    @Test
    void perftStartsAfterGivenMovesAndDivides() {
        CliRun run = CliRun.of("perft", "--game", "pylon", "--depth", "2", "--moves", "Mc3", "--divide");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("Sa1: 84"), run.out());
        assertTrue(run.out().contains("moves: 87"), run.out());
        assertTrue(run.out().contains("total: 7308"), run.out());
    }

    @Test
    void theSameSeedPrintsTheSameMatchTwice() {
        CliRun first = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--seed", "7");
        CliRun second = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--seed", "7");
        assertEquals(0, first.status(), first.err());
        assertEquals(first.out(), second.out());
        assertTrue(first.out().contains("outcome:"));
        assertTrue(first.out().contains("1. seat 0: "));
        CliRun other = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--seed", "8");
        assertFalse(other.out().equals(first.out()), "another seed plays another match");
    }

    @Test
    void aPyrinoesMatchIsPlayedToOneHundredPrintingEachRoundsScoresAsItEnds() {
        CliRun run = CliRun.of("match", "--game", "pyrinoes", "--bot", "random", "--bot", "random", "--seed", "5");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        List<String> rounds = lines.stream().filter(l -> l.matches("\\s+round +\\d+: fire \\+\\d+, ice \\+\\d+ .*; match: .*"))
                .toList();
        assertTrue(rounds.size() >= 2, run.out());
        for (int i = 0; i < rounds.size(); i++) {
            assertTrue(rounds.get(i).strip().startsWith(String.format("round %2d:", i + 1)), rounds.get(i));
        }
        int lastRound = lines.indexOf(rounds.get(rounds.size() - 1));
        assertTrue(lastRound < lines.indexOf(lines.stream().filter(l -> l.startsWith("outcome:")).findFirst().orElseThrow()));
        Matcher finalScore = Pattern.compile("match: fire (\\d+), ice (\\d+)")
                .matcher(rounds.get(rounds.size() - 1));
        assertTrue(finalScore.find());
        assertTrue(Math.max(Integer.parseInt(finalScore.group(1)), Integer.parseInt(finalScore.group(2))) >= 100,
                "the match ends when a player has reached 100: " + rounds.get(rounds.size() - 1));
    }

    @Test
    void aSecretSeedIsShownOnlyAtTheEndAndItsDigitsPlayTheSameMatchAgain() {
        CliRun secret = CliRun.of("match", "--game", "pyrinoes", "--bot", "random", "--bot", "random", "--seed", "secret");
        assertEquals(0, secret.status(), secret.err());
        List<String> lines = secret.out().lines().toList();
        assertTrue(lines.get(0).endsWith(", seed secret"), lines.get(0));
        Matcher published = Pattern.compile("master seed: ([0-9a-f]{64}) \\(secret until now: publish it so anyone can "
                + "replay and verify the run with --seed ([0-9a-f]{64})\\)").matcher(lines.get(lines.size() - 1));
        assertTrue(published.matches(), lines.get(lines.size() - 1));
        String hex = published.group(1);
        assertEquals(hex, published.group(2));
        assertEquals(1, secret.out().split(hex, -1).length - 2, "the digits show on the last line only");

        CliRun again = CliRun.of("match", "--game", "pyrinoes", "--bot", "random", "--bot", "random", "--seed", hex);
        assertEquals(0, again.status(), again.err());
        assertEquals(secret.out(), again.out(), "the same moves, and the same first and last lines");
        CliRun another = CliRun.of("match", "--game", "pyrinoes", "--bot", "random", "--bot", "random", "--seed", "secret");
        assertFalse(another.out().equals(secret.out()), "every secret is new");
    }

    @Test
    void aNumericSeedIsShownInTheHeaderAndNotPublishedAgain() {
        CliRun run = CliRun.of("match", "--game", "pylon", "--bot", "random", "--bot", "random", "--seed", "7");
        assertTrue(run.out().lines().findFirst().orElseThrow().endsWith(", seed 7"), run.out());
        assertFalse(run.out().contains("master seed:"), run.out());
    }

    @Test
    void anSprtRunWithASecretSeedPrintsItAfterItsVerdict() {
        CliRun run = CliRun.of("sprt", "--game", "pylon", "--candidate", "greedy", "--baseline", "random",
                "--max-games", "2", "--concurrency", "1", "--seed", "secret");
        assertEquals(SprtCommand.UNDECIDED, run.status(), run.err());
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).endsWith(", seed secret"), lines.get(0));
        assertEquals("undecided", lines.get(lines.size() - 2));
        assertTrue(lines.get(lines.size() - 1).matches("master seed: [0-9a-f]{64} \\(secret until now: .*"),
                lines.get(lines.size() - 1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            unknown game           | match --game chess --bot random --bot random          | unknown game 'chess'
            unknown bot            | match --game pylon --bot random --bot nobody          | unknown bot 'nobody'
            too few bots           | match --game pylon --bot random                        | needs 2 --bot options
            malformed seed         | match --game pylon --bot random --bot random --seed x | '--seed'
            nonsense match seed    | match --game pylon --bot random --bot random --seed nonsense | 'nonsense' is not a seed
            63 hex digits          | match --game pylon --bot random --bot random --seed 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde | is not a seed
            nonsense tournament seed | tournament --games pylon --bot random,greedy --seed nonsense --quiet | 'nonsense' is not a seed
            nonsense balance seed  | balance --game pylon --bot random --seed nonsense --quiet | 'nonsense' is not a seed
            nonsense sprt seed     | sprt --game pylon --candidate greedy --baseline random --seed nonsense | 'nonsense' is not a seed
            secret ratings seed    | ratings results.csv --seed secret                      | 'secret' is not a seed
            unknown option         | match --game pylon --bot random --bot random --frobnicate | frobnicate
            bad time               | match --game pylon --bot random --bot random --time soon | not a duration
            wrong player count     | perft --game pylon --players 3 --depth 1               | 2 players, not 3
            unknown variant        | perft --game pylon --variant wild --depth 1            | unknown variant 'wild'
            malformed move         | perft --game pylon --depth 1 --moves Zz9               | not a Pylon move
            illegal move           | perft --game pylon --depth 1 --moves 'Sa1 Sa1'         | is illegal
            missing depth          | perft --game pylon                                      | --depth
            worker without database | serve worker --db ''                                  | a worker needs the contest's database
            worker on SQLite       | serve worker --db jdbc:sqlite:contest.db               | a worker reaches the contest through PostgreSQL
            no worker at all       | serve init no-worker-contest --name x --concurrency 0  | concurrency 0 leaves the matches to workers
            """)
    void badInputIsOneLineAndStatusTwo(String name, String args, String expected) {
        CliRun run = CliRun.of(split(args));
        assertEquals(2, run.status(), run.out() + run.err());
        assertEquals(1, run.err().strip().lines().count(), "one line: " + run.err());
        assertTrue(run.err().contains(expected), run.err());
        assertFalse(run.err().contains("Exception"), run.err());
    }

    @Test
    void everySubcommandHasHelp() {
        for (String command : new String[] {"games", "bots", "match", "perft"}) {
            CliRun run = CliRun.of(command, "--help");
            assertEquals(0, run.status());
            assertTrue(run.out().contains("Usage: arena " + command), run.out());
        }
    }

    /**
     * picocli prints each element of a description on a line of its own, and a command list shows only
     * the first: an element cut mid-sentence wraps mid-phrase in --help and is cut short in the list
     * ('init  Create a contest in a folder: contest.json (edit it before the first start, see').
     */
    @Test
    void everyCommandsDescriptionIsWholeSentencesAndItsListedLineEndsOne() {
        java.util.List<String> cut = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> commands = new java.util.ArrayDeque<>();
        commands.add(new picocli.CommandLine(new ArenaCommand()));
        while (!commands.isEmpty()) {
            picocli.CommandLine command = commands.poll();
            for (String element : command.getCommandSpec().usageMessage().description()) {
                if (!element.replace("%n", "").strip().matches("(?s).*[.:)]$")) {
                    cut.add(command.getCommandSpec().qualifiedName() + ": \"" + element + "\"");
                }
            }
            commands.addAll(command.getSubcommands().values());
        }
        assertEquals(java.util.List.of(), cut, "description lines that end mid-sentence");
        CliRun serve = CliRun.of("serve", "--help");
        assertTrue(serve.out().matches("(?s).*init +Create a contest in a folder.*"), serve.out());
        assertTrue(serve.out().matches("(?s).*worker +Play a contest's matches on this machine.*"), serve.out());
        assertFalse(serve.out().contains("see\n"), serve.out());
    }

    private static String[] split(String args) {
        java.util.List<String> parts = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']*)'|(\\S+)").matcher(args);
        while (m.find()) {
            parts.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return parts.toArray(String[]::new);
    }
}
