package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.pyramidarena.tournaments.MatchRecord;

/**
 * Match records reduced to what the Bradley-Terry fit needs: one cell per pair of bots (and, when the
 * first-seat advantage is fitted, per which of them had seat 0), holding the weighted games and the
 * first bot's weighted score. A million results collapse to at most one cell per pair met.
 *
 * <p>A match of N seats gives one pairwise result per pair of seats held by different bots, weighted
 * 1/(N-1) so a seat's results in one match weigh one game; the better rank scores 1, a shared rank
 * 0.5. Two-player games are kept as per-cell counts (the bootstrap simulates them from the fit);
 * games of three or more are kept as distinct "signatures" (bots by seat and their ranks) with a
 * count, so the bootstrap can resample them as whole games, or (by a builder that pairs them, for a
 * {@link RatingPool}) as their pairwise results counted per cell, number of seats and score, which the
 * bootstrap resamples one by one.
 *
 * <p>Bots, cells and signatures are sorted, so the result does not depend on the records' order
 * (apart from the rounding of the per-bot sums of weights that are not exact, such as 1/3). The
 * records are added one at a time through a {@link Builder}, so they need not be held.
 */
final class PairwiseData {
    final List<String> bots;
    final int[] first;
    final int[] second;
    final boolean[] advantage;
    final double[] twoPlayerGames;
    final double[] twoPlayerScore;
    final double[] twoPlayerDraws;
    final double[] multiPlayerWeight;
    final double[] multiPlayerScore;
    final List<Signature> signatures;
    final long[] games;
    final double[] pairGames;
    final double[] pairScore;
    final double[] pairDraws;

    /** A distinct multiplayer result and how often it occurred. */
    record Signature(int count, double weight, int[] cells, double[] scores) {
    }

    /**
     * One pairwise result of a game of three or more seats, kept by a builder that pairs them: the
     * bots (provisional numbers) of the earlier and the later seat, whether the earlier is seat 0
     * with the advantage fitted, the game's seats and the earlier seat's score.
     */
    private record PairResult(int earlierBot, int laterBot, boolean advantaged, int players, double score) {
    }

    /** A paired result once the bots are renumbered: its cell's key, the game's seats, the cell's first bot's score. */
    private record PairedCell(long key, int players, double score) implements Comparable<PairedCell> {
        @Override
        public int compareTo(PairedCell that) {
            int byKey = Long.compare(key, that.key);
            if (byKey != 0) {
                return byKey;
            }
            int byPlayers = Integer.compare(players, that.players);
            return byPlayers != 0 ? byPlayers : Double.compare(score, that.score);
        }
    }

    /**
     * A multiplayer result: bots by seat and their ranks. Ordered by a 64-bit content hash first, so
     * sorting a million of them is cheap and still independent of the records' order.
     */
    private record SeatsAndRanks(int[] bots, int[] ranks, long hash) implements Comparable<SeatsAndRanks> {
        static SeatsAndRanks of(int[] bots, int[] ranks) {
            long hash = 0x9E3779B97F4A7C15L;
            for (int k = 0; k < bots.length; k++) {
                hash = mix(hash ^ (((long) bots[k] << 8) | ranks[k]));
            }
            return new SeatsAndRanks(bots, ranks, hash);
        }

        /** The SplitMix64 finalizer: spreads every input bit over the hash. */
        static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof SeatsAndRanks that && hash == that.hash && Arrays.equals(bots, that.bots)
                    && Arrays.equals(ranks, that.ranks);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(hash);
        }

        @Override
        public int compareTo(SeatsAndRanks that) {
            int byHash = Long.compare(hash, that.hash);
            if (byHash != 0) {
                return byHash;
            }
            int byBots = Arrays.compare(bots, that.bots);
            return byBots != 0 ? byBots : Arrays.compare(ranks, that.ranks);
        }
    }

    /**
     * The builder's two-player cells, in the order first met: their bots (provisional numbers; the
     * first is seat 0's when advantaged, else the lower numbered), flag and sums in flat arrays,
     * found by key through an open-addressing table of primitive keys. A map of boxed keys to cell
     * objects made an object or two per match and per cell, and a second such map when the bots were
     * renumbered; here a cell is a few array entries, and the data is built from the arrays.
     */
    private static final class TwoPlayerCells {
        int size;
        int[] low = new int[16];
        int[] high = new int[16];
        boolean[] advantaged = new boolean[16];
        double[] games = new double[16];
        double[] score = new double[16];
        double[] draws = new double[16];
        /** Per slot, a key (see {@link Builder#provisionalKey}) and its cell + 1, or 0 when free. */
        private long[] slotKey = new long[64];
        private int[] slotCell = new int[64];

        /** The cell of {@code low}, {@code high} and {@code advantaged}, added (empty) if new. */
        int cell(int low, int high, boolean advantaged) {
            long key = Builder.provisionalKey(low, high, advantaged);
            int mask = slotKey.length - 1;
            // The key is scrambled, so its low bits serve as the hash.
            int slot = (int) key & mask;
            while (slotCell[slot] != 0) {
                if (slotKey[slot] == key) {
                    return slotCell[slot] - 1;
                }
                slot = (slot + 1) & mask;
            }
            int cell = size++;
            if (cell == games.length) {
                int capacity = 2 * cell;
                this.low = Arrays.copyOf(this.low, capacity);
                this.high = Arrays.copyOf(this.high, capacity);
                this.advantaged = Arrays.copyOf(this.advantaged, capacity);
                games = Arrays.copyOf(games, capacity);
                score = Arrays.copyOf(score, capacity);
                draws = Arrays.copyOf(draws, capacity);
            }
            this.low[cell] = low;
            this.high[cell] = high;
            this.advantaged[cell] = advantaged;
            slotKey[slot] = key;
            slotCell[slot] = cell + 1;
            if (2 * size > slotKey.length) {
                rehash();
            }
            return cell;
        }

        /** Doubles the table, kept at most half full so the probe sequences stay short. */
        private void rehash() {
            long[] oldKeys = slotKey;
            int[] oldCells = slotCell;
            slotKey = new long[2 * oldKeys.length];
            slotCell = new int[2 * oldKeys.length];
            int mask = slotKey.length - 1;
            for (int s = 0; s < oldKeys.length; s++) {
                if (oldCells[s] != 0) {
                    int slot = (int) oldKeys[s] & mask;
                    while (slotCell[slot] != 0) {
                        slot = (slot + 1) & mask;
                    }
                    slotKey[slot] = oldKeys[s];
                    slotCell[slot] = oldCells[s];
                }
            }
        }
    }

    PairwiseData(List<MatchRecord> records, boolean seatAdvantage) {
        this(builder(records, seatAdvantage));
    }

    private static Builder builder(List<MatchRecord> records, boolean seatAdvantage) {
        Builder builder = new Builder(seatAdvantage);
        records.forEach(builder::add);
        return builder;
    }

    /**
     * Adds up records one at a time, so the end of a long tournament need not hold them: what a
     * record leaves behind is its pair cells, its bots' totals and, for three or more seats, one
     * more count of its signature. Bots are numbered as they come and renumbered in name order by
     * {@link PairwiseData#PairwiseData(Builder)}; every sum is added in the records' order, so the
     * data (floating-point rounding included) is what the list of the same records gives.
     */
    static final class Builder {
        private final boolean seatAdvantage;
        private final Map<String, Integer> index = new HashMap<>();
        private final List<String> names = new ArrayList<>();
        private long[] games = new long[16];
        private double[] pairGames = new double[16];
        private double[] pairScore = new double[16];
        private double[] pairDraws = new double[16];
        /** The score oriented to the lower provisional bot (or seat 0's). */
        private final TwoPlayerCells twoPlayerCells = new TwoPlayerCells();
        private final Map<SeatsAndRanks, int[]> multiPlayer = new HashMap<>();
        /** With {@link #pairedMultiPlayer}, the pairwise results of games of three or more seats, counted. */
        private final Map<PairResult, int[]> pairResults = new HashMap<>();
        private final boolean pairedMultiPlayer;

        Builder(boolean seatAdvantage) {
            this(seatAdvantage, false);
        }

        /**
         * @param pairedMultiPlayer whether a game of three or more seats is kept as its pairwise
         *     results, counted per cell, number of seats and score, instead of whole: what is kept then
         *     grows with the pairs of bots met, not with the games, and the bootstrap resamples the
         *     pairwise results one by one (see {@link RatingPool})
         */
        Builder(boolean seatAdvantage, boolean pairedMultiPlayer) {
            this.seatAdvantage = seatAdvantage;
            this.pairedMultiPlayer = pairedMultiPlayer;
        }

        /** Adds one match; a match whose seats all hold one bot rates nobody and adds nothing. */
        void add(MatchRecord record) {
            int players = record.players();
            String firstBot = record.seat(0).bot();
            boolean twoBots = false;
            for (int s = 1; s < players && !twoBots; s++) {
                twoBots = !record.seat(s).bot().equals(firstBot);
            }
            if (!twoBots) {
                return;
            }
            int[] seatBots = new int[players];
            int[] ranks = new int[players];
            for (int s = 0; s < players; s++) {
                seatBots[s] = bot(record.seat(s).bot());
                ranks[s] = record.seat(s).rank();
            }
            double weight = 1.0 / (players - 1);
            boolean[] played = new boolean[players];
            for (int a = 0; a < players; a++) {
                for (int b = a + 1; b < players; b++) {
                    if (seatBots[a] == seatBots[b]) {
                        continue;
                    }
                    double score = ranks[a] < ranks[b] ? 1.0 : ranks[a] == ranks[b] ? 0.5 : 0.0;
                    addBotStats(seatBots[a], weight, score);
                    addBotStats(seatBots[b], weight, 1 - score);
                    played[a] = true;
                    played[b] = true;
                    if (players == 2) {
                        boolean advantaged = seatAdvantage && a == 0;
                        int low = advantaged ? seatBots[a] : Math.min(seatBots[a], seatBots[b]);
                        int high = advantaged ? seatBots[b] : Math.max(seatBots[a], seatBots[b]);
                        int cell = twoPlayerCells.cell(low, high, advantaged);
                        twoPlayerCells.games[cell] += 1;
                        twoPlayerCells.score[cell] += orientedScore(seatBots[a], seatBots[b], advantaged, score);
                        twoPlayerCells.draws[cell] += score == 0.5 ? 1 : 0;
                    } else if (pairedMultiPlayer) {
                        pairResults.computeIfAbsent(new PairResult(seatBots[a], seatBots[b], seatAdvantage && a == 0,
                                players, score), k -> new int[1])[0]++;
                    }
                }
            }
            for (int s = 0; s < players; s++) {
                if (played[s]) {
                    games[seatBots[s]]++;
                }
            }
            if (players > 2 && !pairedMultiPlayer) {
                multiPlayer.computeIfAbsent(SeatsAndRanks.of(seatBots, ranks), k -> new int[1])[0]++;
            }
        }

        private int bot(String name) {
            Integer known = index.get(name);
            if (known != null) {
                return known;
            }
            int bot = names.size();
            index.put(name, bot);
            names.add(name);
            if (bot == games.length) {
                games = Arrays.copyOf(games, 2 * bot);
                pairGames = Arrays.copyOf(pairGames, 2 * bot);
                pairScore = Arrays.copyOf(pairScore, 2 * bot);
                pairDraws = Arrays.copyOf(pairDraws, 2 * bot);
            }
            return bot;
        }

        private void addBotStats(int bot, double weight, double score) {
            pairGames[bot] += weight;
            pairScore[bot] += weight * score;
            pairDraws[bot] += score == 0.5 ? weight : 0;
        }

        /**
         * A two-player cell's key while the bots' final numbers are unknown: its bots and flag,
         * scrambled by a bijection (so still distinct) because the low bits of the plain packing
         * (the table's hash) would put a thousand bots' half a million pairs into a few thousand slots.
         */
        private static long provisionalKey(int low, int high, boolean advantaged) {
            return SeatsAndRanks.mix(((long) low << 32) | ((long) high << 1) | (advantaged ? 1L : 0L));
        }
    }

    /** The data of the records added to {@code builder}, bots numbered in name order. */
    PairwiseData(Builder builder) {
        boolean seatAdvantage = builder.seatAdvantage;
        List<String> sorted = new ArrayList<>(builder.names);
        sorted.sort(null);
        this.bots = List.copyOf(sorted);
        int botCount = bots.size();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < botCount; i++) {
            index.put(bots.get(i), i);
        }
        int[] renumber = new int[botCount];
        games = new long[botCount];
        pairGames = new double[botCount];
        pairScore = new double[botCount];
        pairDraws = new double[botCount];
        for (int p = 0; p < botCount; p++) {
            int k = index.get(builder.names.get(p));
            renumber[p] = k;
            games[k] = builder.games[p];
            pairGames[k] = builder.pairGames[p];
            pairScore[k] = builder.pairScore[p];
            pairDraws[k] = builder.pairDraws[p];
        }
        // Renumbered, a cell without the advantage term may swap its bots; its score (a sum of
        // halves, exact) then becomes the other bot's, games - score.
        TwoPlayerCells pairCells = builder.twoPlayerCells;
        long[] twoPlayerKeys = new long[pairCells.size];
        for (int t = 0; t < pairCells.size; t++) {
            twoPlayerKeys[t] = cellKey(renumber[pairCells.low[t]], renumber[pairCells.high[t]], pairCells.advantaged[t],
                    botCount);
        }
        Map<SeatsAndRanks, int[]> multiPlayer = new HashMap<>();
        builder.multiPlayer.forEach((signature, count) -> {
            int[] seatBots = signature.bots().clone();
            for (int s = 0; s < seatBots.length; s++) {
                seatBots[s] = renumber[seatBots[s]];
            }
            multiPlayer.put(SeatsAndRanks.of(seatBots, signature.ranks()), count);
        });

        List<Map.Entry<SeatsAndRanks, int[]>> sortedSignatures = new ArrayList<>(multiPlayer.entrySet());
        sortedSignatures.sort(Map.Entry.comparingByKey());
        List<PairList> signaturePairs = new ArrayList<>(sortedSignatures.size());
        List<Integer> signatureCounts = new ArrayList<>(sortedSignatures.size());
        List<Double> signatureWeights = new ArrayList<>(sortedSignatures.size());
        for (Map.Entry<SeatsAndRanks, int[]> entry : sortedSignatures) {
            signaturePairs.add(pairs(entry.getKey(), seatAdvantage, botCount));
            signatureCounts.add(entry.getValue()[0]);
            signatureWeights.add(1.0 / (entry.getKey().bots().length - 1));
        }
        // Paired results: one signature of one cell per cell, number of seats and score, so the
        // bootstrap's Poisson count resamples a cell's pairwise results, not whole games.
        Map<PairedCell, Integer> paired = new TreeMap<>();
        builder.pairResults.forEach((result, count) -> {
            int earlier = renumber[result.earlierBot()];
            int later = renumber[result.laterBot()];
            paired.merge(new PairedCell(cellKey(earlier, later, result.advantaged(), botCount), result.players(),
                    orientedScore(earlier, later, result.advantaged(), result.score())), count[0], Integer::sum);
        });
        paired.forEach((cell, count) -> {
            PairList pairs = new PairList(1);
            pairs.keys[0] = cell.key();
            pairs.scores[0] = cell.score();
            pairs.size = 1;
            signaturePairs.add(pairs);
            signatureCounts.add(count);
            signatureWeights.add(1.0 / (cell.players() - 1));
        });
        long[] keys = collectKeys(twoPlayerKeys, signaturePairs);
        int cellCount = keys.length;
        first = new int[cellCount];
        second = new int[cellCount];
        advantage = new boolean[cellCount];
        twoPlayerGames = new double[cellCount];
        twoPlayerScore = new double[cellCount];
        twoPlayerDraws = new double[cellCount];
        multiPlayerWeight = new double[cellCount];
        multiPlayerScore = new double[cellCount];
        for (int c = 0; c < cellCount; c++) {
            long key = keys[c];
            advantage[c] = (key & 1) == 1;
            first[c] = (int) ((key >>> 1) / botCount);
            second[c] = (int) ((key >>> 1) % botCount);
        }
        for (int t = 0; t < pairCells.size; t++) {
            int c = Arrays.binarySearch(keys, twoPlayerKeys[t]);
            boolean swapped = !pairCells.advantaged[t] && renumber[pairCells.low[t]] > renumber[pairCells.high[t]];
            twoPlayerGames[c] = pairCells.games[t];
            twoPlayerScore[c] = swapped ? pairCells.games[t] - pairCells.score[t] : pairCells.score[t];
            twoPlayerDraws[c] = pairCells.draws[t];
        }
        List<Signature> signatureList = new ArrayList<>(signaturePairs.size());
        double[] multiPlayerDraws = new double[cellCount];
        for (int k = 0; k < signaturePairs.size(); k++) {
            int count = signatureCounts.get(k);
            double weight = signatureWeights.get(k);
            PairList pairs = signaturePairs.get(k);
            int[] cells = new int[pairs.size];
            for (int p = 0; p < pairs.size; p++) {
                cells[p] = Arrays.binarySearch(keys, pairs.keys[p]);
                multiPlayerWeight[cells[p]] += count * weight;
                multiPlayerScore[cells[p]] += count * weight * pairs.scores[p];
                multiPlayerDraws[cells[p]] += pairs.scores[p] == 0.5 ? count * weight : 0;
            }
            signatureList.add(new Signature(count, weight, cells, Arrays.copyOf(pairs.scores, pairs.size)));
        }
        this.signatures = List.copyOf(signatureList);
        if (builder.pairedMultiPlayer) {
            // The builder's per-bot sums were added in the records' order, whose rounding (of weights
            // such as 1/3) would make the same results, read in another order, differ in the last bit;
            // summed again here over the sorted cells, they depend on the results alone.
            Arrays.fill(pairGames, 0);
            Arrays.fill(pairScore, 0);
            Arrays.fill(pairDraws, 0);
            for (int c = 0; c < cellCount; c++) {
                double cellGames = twoPlayerGames[c] + multiPlayerWeight[c];
                double cellScore = twoPlayerScore[c] + multiPlayerScore[c];
                double cellDraws = twoPlayerDraws[c] + multiPlayerDraws[c];
                pairGames[first[c]] += cellGames;
                pairGames[second[c]] += cellGames;
                pairScore[first[c]] += cellScore;
                pairScore[second[c]] += cellGames - cellScore;
                pairDraws[first[c]] += cellDraws;
                pairDraws[second[c]] += cellDraws;
            }
        }
    }

    private static long[] collectKeys(long[] twoPlayerKeys, List<PairList> signaturePairs) {
        int total = twoPlayerKeys.length;
        for (PairList pairs : signaturePairs) {
            total += pairs.size;
        }
        long[] keys = Arrays.copyOf(twoPlayerKeys, total);
        int n = twoPlayerKeys.length;
        for (PairList pairs : signaturePairs) {
            System.arraycopy(pairs.keys, 0, keys, n, pairs.size);
            n += pairs.size;
        }
        Arrays.sort(keys);
        int distinct = 0;
        for (int k = 0; k < keys.length; k++) {
            if (k == 0 || keys[k] != keys[k - 1]) {
                keys[distinct++] = keys[k];
            }
        }
        return Arrays.copyOf(keys, distinct);
    }

    int cellCount() {
        return first.length;
    }

    /** The cell keys and oriented scores of one multiplayer result's pairs of different bots. */
    private static final class PairList {
        final long[] keys;
        final double[] scores;
        int size;

        PairList(int capacity) {
            keys = new long[capacity];
            scores = new double[capacity];
        }
    }

    private static PairList pairs(SeatsAndRanks signature, boolean seatAdvantage, int botCount) {
        int[] seatBots = signature.bots();
        int[] ranks = signature.ranks();
        PairList pairs = new PairList(seatBots.length * (seatBots.length - 1) / 2);
        for (int a = 0; a < seatBots.length; a++) {
            for (int b = a + 1; b < seatBots.length; b++) {
                if (seatBots[a] == seatBots[b]) {
                    continue;
                }
                double score = ranks[a] < ranks[b] ? 1.0 : ranks[a] == ranks[b] ? 0.5 : 0.0;
                boolean advantaged = seatAdvantage && a == 0;
                pairs.keys[pairs.size] = cellKey(seatBots[a], seatBots[b], advantaged, botCount);
                pairs.scores[pairs.size] = orientedScore(seatBots[a], seatBots[b], advantaged, score);
                pairs.size++;
            }
        }
        return pairs;
    }

    /** Cells without the advantage term are stored with the lower bot index first. */
    private static long cellKey(int botA, int botB, boolean advantaged, int botCount) {
        int low = advantaged ? botA : Math.min(botA, botB);
        int high = advantaged ? botB : Math.max(botA, botB);
        return (((long) low * botCount + high) << 1) | (advantaged ? 1L : 0L);
    }

    private static double orientedScore(int botA, int botB, boolean advantaged, double scoreOfA) {
        return advantaged || botA < botB ? scoreOfA : 1 - scoreOfA;
    }
}
