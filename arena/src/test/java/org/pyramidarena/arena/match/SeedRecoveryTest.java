package org.pyramidarena.arena.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Seeds;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.InProcessContestant;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.RoundRobin;

/**
 * Issue 23: what a hostile bot computes from the one seed it is given. Under the old derivation
 * ({@link Seeds}, a SplitMix64 finalisation of each step) it ran the derivation backwards to the
 * match seed, and from there to the deal seed and the master seed: it knew the opponent's hidden
 * hand and every die to come. Under the new one (HMAC-SHA-256, {@link MasterSeed}) the same
 * inversion gives nothing related to any seed of the match. The attacker's tools are written out
 * here from the public algorithm, as a bot's author would.
 */
class SeedRecoveryTest {

    /** The old streams: a bot's seed, the chance seed, a tournament's match seeds. */
    private static final long OLD_BOT = 0x42;
    private static final long OLD_CHANCE = 0x43;
    private static final long OLD_MATCH = 2;

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long M1 = 0xBF58476D1CE4E5B9L;
    private static final long M2 = 0x94D049BB133111EBL;

    /** The largest master seed the brute-force searches try: small seeds are what people type. */
    private static final int SMALL = 1_000;

    private static final List<String> BOTS = List.of("a", "b", "c", "d");

    // The attacker's tools.

    /** SplitMix64's finalisation, as {@link Seeds} applies it to every step. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * M1;
        z = (z ^ (z >>> 27)) * M2;
        return z ^ (z >>> 31);
    }

    /** The inverse of {@link #mix}: each xor-shift and each multiplication by an odd constant is a bijection. */
    static long unmix(long z) {
        z = unshift(z, 31) * inverse(M2);
        z = unshift(z, 27) * inverse(M1);
        return unshift(z, 30);
    }

    /** The x with {@code x ^ (x >>> shift) == z}: the top bits are z's, each next bits follow from those above. */
    private static long unshift(long z, int shift) {
        long x = z;
        for (int known = shift; known < 64; known += shift) {
            x = z ^ (x >>> shift);
        }
        return x;
    }

    /** The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct bits each step). */
    private static long inverse(long odd) {
        long x = odd;
        for (int i = 0; i < 5; i++) {
            x *= 2 - odd * x;
        }
        return x;
    }

    /** The seed {@code Seeds.derive(seed, path)} came from: each step of the old derivation undone. */
    static long oldInverse(long derived, long... path) {
        long h = derived;
        for (int i = path.length - 1; i >= 0; i--) {
            h = unmix(h) ^ mix(path[i] + GOLDEN);
        }
        return unmix(h);
    }

    /** A seat's seed as the old referee gave it. */
    private static long oldBotSeed(long matchSeed, int seat) {
        return Seeds.derive(matchSeed, OLD_BOT, seat);
    }

    // The control: the attack works against the old derivation.

    @Test
    void theAttackersInversionUndoesTheOldDerivation() {
        SplittableRandom random = new SplittableRandom(23);
        for (int i = 0; i < 1000; i++) {
            long x = random.nextLong();
            assertEquals(x, unmix(mix(x)));
            long seat = random.nextInt(5);
            assertEquals(x, oldInverse(Seeds.derive(x, OLD_BOT, seat), OLD_BOT, seat));
        }
    }

    /**
     * The control on a real match: {@code arena match --seed 5} as the arena played it before the
     * change (the format 1 replay kept for the verifier's tests). There the match seed was the deal
     * seed was 5. Seat 1 inverts its own seed and predicts every chance outcome of the match: seat
     * 0's hand, the market, every draw.
     */
    @Test
    void underTheOldDerivationASeatsOwnSeedGaveAwayTheMatchSeedAndEveryDeal() throws URISyntaxException {
        Replay old = ReplayFiles.read(Path.of(getClass().getResource("/org/pyramidarena/arena/replay/"
                + "format1-euronimoes.replay.json").toURI()));
        assertEquals(5, old.matchSeed());
        long given = oldBotSeed(old.matchSeed(), 1);

        long recovered = oldInverse(given, OLD_BOT, 1);
        assertEquals(5, recovered, "the match seed, and here the deal seed too");
        List<Step> steps = old.actions().stream().map(a -> new Step(a.actor(), a.move())).toList();
        List<String> recorded = chanceMoves(steps);
        assertTrue(recorded.size() > 20, "deals, market and draws: " + recorded.size());
        assertEquals(recorded, predictedChance(Games.byId(old.game()).rules(new GameSetup(old.players(), old.variant())),
                steps, Seeds.derive(recovered, OLD_CHANCE)));
    }

    /** The control in a tournament: the old inversion leads from a bot's seed to the (small) master seed. */
    @Test
    void underTheOldDerivationATournamentBotFoundTheMasterSeedByInvertingTwice() {
        long master = 1;
        int index = 17;
        long given = oldBotSeed(Seeds.derive(master, OLD_MATCH, index), 0);
        List<Long> found = smallMastersByOldInversion(given, 0);
        assertEquals(List.of(master), found, "and so every deal seed, Seeds.derive(1, 1, group)");
        // Both seats of a match invert to the same match seed, and their seeds differ by a constant.
        long matchSeed = Seeds.derive(master, OLD_MATCH, index);
        assertEquals(oldInverse(oldBotSeed(matchSeed, 0), OLD_BOT, 0), oldInverse(oldBotSeed(matchSeed, 1), OLD_BOT, 1));
        long fixed = unmix(oldBotSeed(0, 0)) ^ unmix(oldBotSeed(0, 1));
        for (long m = 1; m < 100; m++) {
            assertEquals(fixed, unmix(oldBotSeed(m, 0)) ^ unmix(oldBotSeed(m, 1)));
        }
    }

    // The new derivation.

    /**
     * A real match of a tournament with master seed 1 (the default), Pyrinoes (hidden hands, dealt
     * by chance): the seeds the bots are given invert, by the old attack, to nothing of the match.
     */
    @Test
    void underTheNewDerivationABotsSeedUnmixesToNeitherTheMatchSeedNorTheDealSeed() {
        MatchSpec spec = schedule(MasterSeed.of(1)).get(5);
        Rules<?, ?> rules = Games.byId("pyrinoes").rules(new GameSetup(2, "standard"));
        Spy first = new Spy();
        Spy second = new Spy();
        List<Contestant> seats = List.of(new InProcessContestant(first, "a"), new InProcessContestant(second, "b"));
        MatchResult result = MatchRunner.run(rules, seats, new MatchSettings(spec.matchSeed(), spec.dealSeed(),
                TimeControl.DEFAULT, MatchSettings.DEFAULT_ACTION_LIMIT), MatchListener.NONE);
        seats.forEach(Contestant::close);
        long[] given = {first.seed, second.seed};
        Set<Long> secrets = Set.of(spec.matchSeed(), spec.dealSeed(), MatchRunner.chanceSeed(spec.dealSeed()));

        for (int seat = 0; seat < 2; seat++) {
            assertEquals(MatchRunner.botSeed(spec.matchSeed(), seat), given[seat], "what the bot was told");
            for (long candidate : attackersCandidates(given[seat], seat)) {
                assertFalse(secrets.contains(candidate), "seat " + seat + " inverts to a seed of the match");
            }
        }
        long candidate0 = oldInverse(given[0], OLD_BOT, 0);
        long candidate1 = oldInverse(given[1], OLD_BOT, 1);
        assertNotEquals(candidate0, candidate1, "the two seats no longer invert to one match seed");
        assertNotEquals(given[1], oldBotSeed(candidate0, 1), "nor does one seat's inversion give the other's seed");
        assertNotEquals(given[1], MatchRunner.botSeed(candidate0, 1));

        List<Step> steps = result.actions().stream().map(a -> new Step(a.actor(), a.notation())).toList();
        List<String> dealt = chanceMoves(steps);
        assertTrue(dealt.size() > 20, "the hands and the draws: " + dealt.size());
        for (long candidate : List.of(candidate0, unmix(given[0]))) {
            List<String> predicted = predictedChance(rules, steps, Seeds.derive(candidate, OLD_CHANCE));
            assertNotEquals(dealt.subList(0, 10), predicted.subList(0, 10), "the deal is not predicted");
            predicted = predictedChance(rules, steps, MatchRunner.chanceSeed(candidate));
            assertNotEquals(dealt.subList(0, 10), predicted.subList(0, 10), "not with the new chance derivation either");
        }
    }

    @Test
    void underTheNewDerivationTwoSeatsSeedsAndTheDealSeedShareNoFixedRelation() {
        Set<Long> xors = new HashSet<>();
        Set<Long> differences = new HashSet<>();
        Set<Long> toDeal = new HashSet<>();
        Set<Long> toMatch = new HashSet<>();
        List<MatchSpec> schedule = schedule(MasterSeed.of(1));
        for (MatchSpec spec : schedule) {
            long seat0 = unmix(MatchRunner.botSeed(spec.matchSeed(), 0));
            long seat1 = unmix(MatchRunner.botSeed(spec.matchSeed(), 1));
            xors.add(seat0 ^ seat1);
            differences.add(seat0 - seat1);
            toDeal.add(seat0 ^ spec.dealSeed());
            toMatch.add(oldInverse(MatchRunner.botSeed(spec.matchSeed(), 0), OLD_BOT, 0) ^ spec.matchSeed());
        }
        int n = schedule.size();
        assertTrue(n >= 100, "matches: " + n);
        assertEquals(n, xors.size(), "the seats' unmixed seeds differ by a new xor in every match");
        assertEquals(n, differences.size(), "and by a new difference");
        assertEquals(n, toDeal.size(), "a seat's unmixed seed and the deal seed: no fixed relation");
        assertEquals(n, toMatch.size(), "a seat's inverted seed and the match seed: no fixed relation");
    }

    /**
     * A tournament with master seed 1: every bot seed of its first 100 matches, pushed back through
     * the old inversion at every guessed place in the schedule, gives no small master seed; and no
     * small master seed's old derivation gives any of them.
     */
    @Test
    void bruteForcingSmallMasterSeedsThroughTheOldInversionFindsNothing() {
        List<MatchSpec> schedule = schedule(MasterSeed.of(1)).subList(0, 100);
        Set<Long> oldSeeds = new HashSet<>();
        for (long master = 0; master <= SMALL; master++) {
            for (int index = 0; index < 100; index++) {
                for (int seat = 0; seat < 2; seat++) {
                    oldSeeds.add(oldBotSeed(Seeds.derive(master, OLD_MATCH, index), seat));
                }
            }
        }
        for (MatchSpec spec : schedule) {
            for (int seat = 0; seat < 2; seat++) {
                long given = MatchRunner.botSeed(spec.matchSeed(), seat);
                assertEquals(List.of(), smallMastersByOldInversion(given, seat), "match " + spec.index());
                assertFalse(oldSeeds.contains(given), "match " + spec.index());
            }
        }
    }

    /**
     * What HMAC does not do: a master seed that can be guessed protects nothing. The derivation is
     * public, so a bot that tries the small master seeds forward finds a default run's; it finds
     * nothing when the run's seed is secret. Contests use {@code --seed secret}.
     */
    @Test
    void aGuessableMasterSeedProtectsNothingASecretOneDoes() {
        for (MasterSeed master : List.of(MasterSeed.of(1), MasterSeed.secret())) {
            long given = MatchRunner.botSeed(schedule(master).get(17).matchSeed(), 0);
            List<Long> found = new ArrayList<>();
            for (long guess = 0; guess <= SMALL; guess++) {
                MasterSeed guessed = MasterSeed.of(guess);
                for (int index = 0; index < 32; index++) {
                    if (MatchRunner.botSeed(MatchSpec.matchSeed(guessed, index), 0) == given) {
                        found.add(guess);
                    }
                }
            }
            assertEquals(master.isSecret() ? List.of() : List.of(1L), found, master.toString());
        }
    }

    // Helpers.

    /** What a seat's attacker would take for the match seed: its seed unmixed once, and run back through the old path. */
    private static List<Long> attackersCandidates(long given, int seat) {
        return List.of(unmix(given), oldInverse(given, OLD_BOT, seat), oldInverse(given, OLD_BOT),
                oldInverse(given, OLD_CHANCE));
    }

    /** The small master seeds the old inversion reaches from a bot's seed, trying every place in the first 256 matches. */
    private static List<Long> smallMastersByOldInversion(long given, int seat) {
        long matchSeed = oldInverse(given, OLD_BOT, seat);
        List<Long> found = new ArrayList<>();
        for (int index = 0; index < 256; index++) {
            long master = oldInverse(matchSeed, OLD_MATCH, index);
            if (master >= 0 && master <= SMALL) {
                found.add(master);
            }
        }
        return found;
    }

    /** A round-robin of four bots over two games, six cycles: 144 matches. */
    private static List<MatchSpec> schedule(MasterSeed master) {
        return new RoundRobin(6).schedule(new PairingSetup(BOTS, List.of(new GameEntry("pyrinoes", "standard", 2),
                new GameEntry("pylon", "standard", 2)), master));
    }

    /** One action of a match: the actor (or -1, chance) and the move's notation. */
    private record Step(int actor, String move) {
    }

    private static List<String> chanceMoves(List<Step> steps) {
        return steps.stream().filter(s -> s.actor() == State.CHANCE).map(Step::move).toList();
    }

    /**
     * The chance outcomes a generator seeded so would have drawn along the match's own moves: what
     * an attacker who knows the chance seed predicts.
     */
    private static <S extends State, M extends Move> List<String> predictedChance(Rules<S, M> rules, List<Step> steps,
                                                                                 long chanceSeed) {
        SplittableRandom chance = new SplittableRandom(chanceSeed);
        List<String> predicted = new ArrayList<>();
        S state = rules.initialState();
        for (Step step : steps) {
            if (step.actor() == State.CHANCE) {
                predicted.add(Chance.sample(rules.chanceOutcomes(state), chance).notation());
            }
            state = rules.apply(state, rules.parseMove(step.move()));
        }
        return predicted;
    }

    /** A random bot that keeps the seed it was given. */
    private static final class Spy implements Bot {
        private final Bot random = new RandomBot();
        private volatile long seed;

        @Override
        public String name() {
            return "spy";
        }

        @Override
        public boolean plays(Game game) {
            return true;
        }

        @Override
        public Player newPlayer(MatchContext context) {
            seed = context.seed();
            return random.newPlayer(context);
        }
    }
}
