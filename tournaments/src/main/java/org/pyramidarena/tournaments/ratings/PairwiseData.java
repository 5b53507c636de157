package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

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
 * count, so the bootstrap can resample them as whole games.
 *
 * <p>Bots, cells and signatures are sorted, so the result does not depend on the records' order.
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
    record Signature(int count, int[] cells, double[] weights, double[] scores) {
    }

    private record SeatsAndRanks(int[] bots, int[] ranks) implements Comparable<SeatsAndRanks> {
        @Override
        public boolean equals(Object other) {
            return other instanceof SeatsAndRanks that && Arrays.equals(bots, that.bots) && Arrays.equals(ranks, that.ranks);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(bots) + Arrays.hashCode(ranks);
        }

        @Override
        public int compareTo(SeatsAndRanks that) {
            int byBots = Arrays.compare(bots, that.bots);
            return byBots != 0 ? byBots : Arrays.compare(ranks, that.ranks);
        }
    }

    private static final class Cell {
        double games;
        double score;
        double draws;
    }

    PairwiseData(List<MatchRecord> records, boolean seatAdvantage) {
        TreeSet<String> names = new TreeSet<>();
        for (MatchRecord record : records) {
            String firstBot = record.seat(0).bot();
            for (int s = 1; s < record.players(); s++) {
                if (!record.seat(s).bot().equals(firstBot)) {
                    record.seats().forEach(seat -> names.add(seat.bot()));
                    break;
                }
            }
        }
        this.bots = List.copyOf(names);
        int botCount = bots.size();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < botCount; i++) {
            index.put(bots.get(i), i);
        }
        games = new long[botCount];
        pairGames = new double[botCount];
        pairScore = new double[botCount];
        pairDraws = new double[botCount];

        Map<Long, Cell> twoPlayerCells = new HashMap<>();
        Map<SeatsAndRanks, int[]> multiPlayer = new HashMap<>();
        for (MatchRecord record : records) {
            int players = record.players();
            int[] seatBots = new int[players];
            int[] ranks = new int[players];
            boolean counted = false;
            for (int s = 0; s < players; s++) {
                Integer bot = index.get(record.seat(s).bot());
                seatBots[s] = bot == null ? -1 : bot;
                ranks[s] = record.seat(s).rank();
            }
            if (seatBots[0] < 0) {
                continue;
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
                    counted = true;
                    if (players == 2) {
                        long key = cellKey(seatBots[a], seatBots[b], seatAdvantage && a == 0, botCount);
                        Cell cell = twoPlayerCells.computeIfAbsent(key, k -> new Cell());
                        cell.games += 1;
                        cell.score += orientedScore(seatBots[a], seatBots[b], seatAdvantage && a == 0, score);
                        cell.draws += score == 0.5 ? 1 : 0;
                    }
                }
            }
            for (int s = 0; s < players; s++) {
                if (played[s]) {
                    games[seatBots[s]]++;
                }
            }
            if (counted && players > 2) {
                multiPlayer.computeIfAbsent(new SeatsAndRanks(seatBots, ranks), k -> new int[1])[0]++;
            }
        }

        TreeMap<SeatsAndRanks, Integer> sortedSignatures = new TreeMap<>();
        multiPlayer.forEach((key, count) -> sortedSignatures.put(key, count[0]));
        long[] keys = collectKeys(twoPlayerCells, sortedSignatures, seatAdvantage, botCount);
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
            Cell cell = twoPlayerCells.get(key);
            if (cell != null) {
                twoPlayerGames[c] = cell.games;
                twoPlayerScore[c] = cell.score;
                twoPlayerDraws[c] = cell.draws;
            }
        }
        List<Signature> signatureList = new ArrayList<>();
        for (Map.Entry<SeatsAndRanks, Integer> entry : sortedSignatures.entrySet()) {
            int count = entry.getValue();
            double weight = 1.0 / (entry.getKey().bots().length - 1);
            List<Integer> cells = new ArrayList<>();
            List<Double> scores = new ArrayList<>();
            forEachPair(entry.getKey(), seatAdvantage, botCount, (key, score) -> {
                cells.add(Arrays.binarySearch(keys, key));
                scores.add(score);
            });
            int[] cellArray = cells.stream().mapToInt(Integer::intValue).toArray();
            double[] scoreArray = scores.stream().mapToDouble(Double::doubleValue).toArray();
            double[] weights = new double[cellArray.length];
            Arrays.fill(weights, weight);
            for (int k = 0; k < cellArray.length; k++) {
                multiPlayerWeight[cellArray[k]] += count * weight;
                multiPlayerScore[cellArray[k]] += count * weight * scoreArray[k];
            }
            signatureList.add(new Signature(count, cellArray, weights, scoreArray));
        }
        this.signatures = List.copyOf(signatureList);
    }

    private static long[] collectKeys(Map<Long, Cell> twoPlayerCells, Map<SeatsAndRanks, Integer> signatures,
                                      boolean seatAdvantage, int botCount) {
        List<Long> keys = new ArrayList<>(twoPlayerCells.keySet());
        for (SeatsAndRanks signature : signatures.keySet()) {
            forEachPair(signature, seatAdvantage, botCount, (key, score) -> keys.add(key));
        }
        return keys.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
    }

    int cellCount() {
        return first.length;
    }

    private void addBotStats(int bot, double weight, double score) {
        pairGames[bot] += weight;
        pairScore[bot] += weight * score;
        pairDraws[bot] += score == 0.5 ? weight : 0;
    }

    private interface PairConsumer {
        void accept(long key, double orientedScore);
    }

    private static void forEachPair(SeatsAndRanks signature, boolean seatAdvantage, int botCount, PairConsumer consumer) {
        int[] seatBots = signature.bots();
        int[] ranks = signature.ranks();
        for (int a = 0; a < seatBots.length; a++) {
            for (int b = a + 1; b < seatBots.length; b++) {
                if (seatBots[a] < 0 || seatBots[b] < 0 || seatBots[a] == seatBots[b]) {
                    continue;
                }
                double score = ranks[a] < ranks[b] ? 1.0 : ranks[a] == ranks[b] ? 0.5 : 0.0;
                boolean advantaged = seatAdvantage && a == 0;
                consumer.accept(cellKey(seatBots[a], seatBots[b], advantaged, botCount),
                        orientedScore(seatBots[a], seatBots[b], advantaged, score));
            }
        }
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
