package org.pyramidarena.arena.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.io.ResultsCsv;

/** The statistics commands: ratings, export --pgn, balance and sprt. */
class StatisticsCommandsTest {

    @TempDir
    static Path temp;

    private static Path results;

    @BeforeAll
    static void playATournament() {
        Path out = temp.resolve("t");
        CliRun run = CliRun.of("tournament", "--games", "pylon,pyrametto:3", "--bot", "random,greedy,mcts",
                "--cycles", "2", "--replays", "none", "--seed", "4", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        results = out.resolve("results.csv");
    }

    @Test
    void ratingsRecomputesTheStandingsTheTournamentWrote() throws IOException {
        Path standings = temp.resolve("standings.csv");
        CliRun run = CliRun.of("ratings", results.toString(), "--seed", "4", "--los", "--out", standings.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("Standings: all"), run.out());
        assertTrue(run.out().contains("Standings: pyrametto"), run.out());
        assertTrue(run.out().contains("LOS%"), run.out());
        assertEquals(Files.readString(results.resolveSibling("standings.csv")), Files.readString(standings),
                "the same results and bootstrap seed give the tournament's own standings");
    }

    @Test
    void ratingsWithAnAnchorFixesThatBotsElo() {
        CliRun run = CliRun.of("ratings", results.toString(), "--game", "pylon", "--anchor", "random",
                "--anchor-elo", "1000", "--bootstrap", "0");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.matches("\\s*\\d+\\s+random\\s+1000\\.0\\s.*")), run.out());
        assertFalse(run.out().contains("Standings: all"), "only the game asked for: " + run.out());
    }

    @Test
    void exportedPgnHoldsEveryTwoPlayerGameWithItsResult() throws IOException {
        Path pgn = temp.resolve("games.pgn");
        CliRun run = CliRun.of("export", "--pgn", results.toString(), "--out", pgn.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().contains("games of more players skipped"), run.err());
        Map<String, Integer> fromCsv = new HashMap<>();
        for (MatchRecord record : ResultsCsv.read(results)) {
            if (record.players() == 2) {
                int white = record.seat(0).rank();
                int black = record.seat(1).rank();
                fromCsv.merge(record.seat(0).bot() + " " + record.seat(1).bot() + " "
                        + (white < black ? "1-0" : white > black ? "0-1" : "1/2-1/2"), 1, Integer::sum);
            }
        }
        Map<String, Integer> fromPgn = new HashMap<>();
        Matcher game = Pattern.compile("\\[White \"([^\"]+)\"]\\n\\[Black \"([^\"]+)\"]\\n\\[Result \"([^\"]+)\"]"
                + "[^\\n]*\\n(?:\\[[^\\n]*\\n)*\\n(\\S+)\\n").matcher(Files.readString(pgn));
        while (game.find()) {
            assertEquals(game.group(3), game.group(4), "the movetext ends in the tag's result");
            fromPgn.merge(game.group(1) + " " + game.group(2) + " " + game.group(3), 1, Integer::sum);
        }
        assertFalse(fromCsv.isEmpty());
        assertEquals(fromCsv, fromPgn);
    }

    @Test
    void balanceSeatsCopiesOfOneBotInEverySeatAndPrintsTheTable() throws IOException {
        Path out = temp.resolve("balance");
        CliRun run = CliRun.of("balance", "--game", "pyrametto", "--players", "3", "--bot", "random", "--games",
                "60", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("Fair-share test (chi-square)"), run.out());
        List<MatchRecord> records = ResultsCsv.read(out.resolve("results.csv"));
        assertTrue(records.size() >= 60, "at least the games asked for: " + records.size());
        assertTrue(records.stream().allMatch(r -> r.players() == 3));
        assertTrue(Files.readString(out.resolve("balance.csv")).startsWith("game,"));
    }

    @Test
    void aBalanceRunWithASecretSeedKeepsItInItsSettingsPrintsItAtTheEndAndItsDigitsPlayItAgain() {
        Path out = temp.resolve("balance-secret");
        CliRun run = CliRun.of("balance", "--game", "pyrinoes", "--bot", "random", "--games", "4", "--seed", "secret",
                "--concurrency", "2", "--out", out.toString(), "--quiet");
        assertEquals(0, run.status(), run.err());
        String hex = TournamentSettings.read(out.resolve("settings.json")).seed();
        assertTrue(hex.matches("[0-9a-f]{64}"), hex);
        List<String> lines = run.out().lines().toList();
        assertTrue(lines.get(0).endsWith(", seed secret"), lines.get(0));
        assertTrue(lines.get(lines.size() - 1).startsWith("master seed: " + hex + " (secret until now"),
                lines.get(lines.size() - 1));

        Path again = temp.resolve("balance-published");
        CliRun replayed = CliRun.of("balance", "--game", "pyrinoes", "--bot", "random", "--games", "4", "--seed", hex,
                "--concurrency", "1", "--out", again.toString(), "--quiet");
        assertEquals(0, replayed.status(), replayed.err());
        assertEquals(withoutTimes(ResultsCsv.read(out.resolve("results.csv"))),
                withoutTimes(ResultsCsv.read(again.resolve("results.csv"))));
    }

    /** Each match's seed, seats, ranks, scores, terminations and moves: everything but the measured times. */
    private static List<String> withoutTimes(List<MatchRecord> records) {
        return records.stream().map(r -> r.match() + " " + r.seed() + " " + r.moves() + " " + r.termination() + " "
                + r.seats().stream().map(s -> s.bot() + ":" + s.rank() + ":" + s.score() + ":" + s.termination())
                        .toList()).toList();
    }

    @Test
    void sprtOfTheRandomBotAgainstItselfNeverAcceptsH1() {
        CliRun run = CliRun.of("sprt", "--game", "pylon", "--candidate", "random", "--baseline", "random",
                "--seed", "11", "--max-games", "3000");
        assertNotEquals(SprtCommand.H1, run.status(), run.out() + run.err());
        assertTrue(run.status() == SprtCommand.H0 || run.status() == SprtCommand.UNDECIDED, run.err());
        assertTrue(run.out().contains("LLR: "), run.out());
    }

    @Test
    void sprtOfGreedyAgainstRandomAcceptsH1AndTheSameSeedGivesTheSameLineAtAnyConcurrency() {
        List<String> args = List.of("sprt", "--game", "pyraos", "--candidate", "greedy", "--baseline", "random",
                "--elo0", "0", "--elo1", "20", "--seed", "2");
        CliRun one = CliRun.of(concat(args, "--concurrency", "1"));
        CliRun two = CliRun.of(concat(args, "--concurrency", "2"));
        assertEquals(SprtCommand.H1, one.status(), one.out() + one.err());
        assertTrue(one.out().contains("H1 accepted"), one.out());
        assertEquals(one.out(), two.out());
    }

    /**
     * Issue 24's test of bot options on both sides: one bot at two settings. It plays about 300 games
     * each way, most of a minute and a half on two cores; the weaker side losing nearly every pair
     * once failed the statistic's fit.
     */
    @Test
    void sprtOfMctsAtSixteenHundredIterationsAgainstOneHundredAcceptsH1AndTheReverseH0() {
        CliRun stronger = CliRun.of("sprt", "--game", "pylon", "--candidate", "mcts?iterations=1600",
                "--baseline", "mcts?iterations=100");
        assertEquals(SprtCommand.H1, stronger.status(), stronger.out() + stronger.err());
        assertTrue(stronger.out().startsWith("SPRT pylon: mcts?iterations=1600 against mcts?iterations=100"),
                stronger.out());
        CliRun weaker = CliRun.of("sprt", "--game", "pylon", "--candidate", "mcts?iterations=100",
                "--baseline", "mcts?iterations=1600");
        assertEquals(SprtCommand.H0, weaker.status(), weaker.out() + weaker.err());
        assertTrue(weaker.out().contains("H0 accepted"), weaker.out());
    }

    @Test
    void sprtFromCountsReproducesThePublishedReferenceValues() {
        CliRun trinomial = CliRun.of("sprt", "--wdl", "1600,5100,1500", "--elo0", "0", "--elo1", "2");
        assertEquals(SprtCommand.UNDECIDED, trinomial.status());
        assertTrue(trinomial.out().startsWith("LLR: 0.80 (-2.94,2.94) <0.00,2.00>  Elo: 4.24 ± 4.62 (95%)  LOS: 96.4%"),
                trinomial.out());
        CliRun pentanomial = CliRun.of("sprt", "--pentanomial", "120,900,2000,1000,100", "--elo0", "0", "--elo1", "2",
                "--model", "logistic");
        assertTrue(pentanomial.out().startsWith("LLR: 0.62 (-2.94,2.94) <0.00,2.00>  Elo: 2.53 ± 4.36 (95%)  LOS: 87.2%"),
                pentanomial.out());
        CliRun decided = CliRun.of("sprt", "--wdl", "3000,1000,1000", "--elo0", "0", "--elo1", "5");
        assertEquals(SprtCommand.H1, decided.status(), decided.out());
        CliRun rejected = CliRun.of("sprt", "--wdl", "1000,1000,3000", "--elo0", "0", "--elo1", "5");
        assertEquals(SprtCommand.H0, rejected.status(), rejected.out());
    }

    @Test
    void badStatisticsInputGetsOneLineAndStatusTwo() throws IOException {
        Path notResults = Files.writeString(temp.resolve("not.csv"), "a,b\n1,2\n");
        List<String[]> bad = List.of(
                new String[] {"ratings", temp.resolve("missing.csv").toString()},
                new String[] {"ratings", notResults.toString()},
                new String[] {"export", "--pgn", notResults.toString()},
                new String[] {"sprt", "--wdl", "1,2"},
                new String[] {"sprt", "--game", "pylon", "--candidate", "random"},
                new String[] {"sprt", "--game", "pyrametto", "--candidate", "random", "--baseline", "greedy"},
                new String[] {"sprt", "--game", "pylon", "--candidate", "random", "--baseline", "random", "--model", "x"},
                new String[] {"balance", "--game", "chess", "--bot", "random"},
                new String[] {"balance", "--game", "pylon", "--bot", "nosuch"});
        for (String[] args : bad) {
            CliRun run = CliRun.of(args);
            assertEquals(2, run.status(), String.join(" ", args) + ": " + run.err());
            assertEquals(1, run.err().strip().lines().count(), String.join(" ", args) + ": " + run.err());
        }
    }

    private static String[] concat(List<String> args, String... more) {
        return java.util.stream.Stream.concat(args.stream(), java.util.Arrays.stream(more)).toArray(String[]::new);
    }
}
