package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The parametric bootstrap of one fit (see {@link RatingTable}): per replicate, each pair's
 * two-player games simulated from the fitted expected score and the pair's observed draw rate, the
 * games of three or more seats resampled whole, then the ratings refitted from the fit.
 *
 * <p>The replicates' results are drawn one after another from the one generator, so the error bars
 * are the same whatever the cores. The rest of a replicate (the check for a finite maximum and the
 * refit) is a pure function of its draws and runs on a pool of one thread per core while the calling
 * thread draws the next replicates into free buffers: no core waits for the draws, nor for the
 * slowest fit of a batch. A small fit (fewer than {@link #PARALLEL_CELLS} cells) is refitted on the
 * calling thread instead, where handing each refit to the pool would cost more than the refit.
 */
final class Bootstrap {
    /** Pairs with more two-player games draw their total score from the normal approximation. */
    private static final int EXACT_SIMULATION_LIMIT = 64;

    private final PairwiseData data;
    private final BradleyTerry.Pairs pairs;
    private final double[] strengths;
    private final RatingOptions options;
    private final boolean regularized;
    private final double[] expected;
    /** Per cell, a uniform draw below this is a win of the first bot... */
    private final double[] win;
    /** ... and below this a win or a draw (else a loss). */
    private final double[] winOrDraw;
    /**
     * The two-player draws of a replicate in the generator's order: per game simulated one by one
     * its cell, and for a cell whose total is drawn at once, -1 - the cell. One flat loop over this
     * takes the same numbers from the generator as a loop over the cells and their games, without
     * a hard-to-predict end of a short inner loop on every cell.
     */
    private final int[] plan;

    /**
     * @param data the fitted data
     * @param pairs its cells, as the fit read them
     * @param strengths the fit, the replicates' start
     * @param options the bootstrap's options
     * @param regularized whether the fit needed the virtual draws (then every replicate gets them)
     */
    Bootstrap(PairwiseData data, BradleyTerry.Pairs pairs, double[] strengths, RatingOptions options,
              boolean regularized) {
        this.data = data;
        this.pairs = pairs;
        this.strengths = strengths;
        this.options = options;
        this.regularized = regularized;
        int bots = data.bots.size();
        int cells = data.cellCount();
        expected = new double[cells];
        win = new double[cells];
        winOrDraw = new double[cells];
        int draws = 0;
        for (int c = 0; c < cells; c++) {
            double d = strengths[data.first[c]] - strengths[data.second[c]] + (data.advantage[c] ? strengths[bots] : 0);
            expected[c] = 1 / (1 + Math.exp(-d));
            double games = data.twoPlayerGames[c];
            if (games > 0) {
                double draw = drawShare(expected[c], data.twoPlayerDraws[c] / games);
                win[c] = expected[c] - draw / 2;
                winOrDraw[c] = win[c] + draw;
                draws += games <= EXACT_SIMULATION_LIMIT ? (int) Math.ceil(games) : 1;
            }
        }
        plan = new int[draws];
        int k = 0;
        for (int c = 0; c < cells; c++) {
            double games = data.twoPlayerGames[c];
            if (games > EXACT_SIMULATION_LIMIT) {
                plan[k++] = -1 - c;
            } else {
                for (int g = 0; g < games; g++) {
                    plan[k++] = c;
                }
            }
        }
    }

    /**
     * Below this many cells a replicate's refit is shorter than handing it to another thread and
     * back: RatingsBenchmark with 200 replicates on two cores against one
     * ({@code -jvmArgsAppend -XX:ActiveProcessorCount=1}) takes 11.7 against 7.1 ms for 10 bots (45
     * cells), breaks even at 30 bots (435 cells) and takes 36 against 45 ms for 60 bots.
     */
    static final int PARALLEL_CELLS = 500;

    /**
     * The replicates' strengths in nats, [replicate][bot, then h], in the order drawn: fitted one
     * per core, or on the calling thread for a fit of fewer than {@link #PARALLEL_CELLS} cells.
     */
    double[][] replicates() {
        return replicates(threadsFor(data.cellCount(), Runtime.getRuntime().availableProcessors()));
    }

    /** The threads that fit the replicates of a fit of {@code cells} cells on {@code cores} cores. */
    static int threadsFor(int cells, int cores) {
        return cells < PARALLEL_CELLS ? 1 : cores;
    }

    /** The same replicates (to the bit, whatever the threads), fitted by up to {@code threads} threads. */
    double[][] replicates(int threads) {
        double[][] replicates = new double[options.bootstrapSamples()][];
        if (replicates.length == 0) {
            return replicates;
        }
        SplittableRandom random = new SplittableRandom(options.seed());
        threads = Math.max(1, Math.min(threads, replicates.length));
        if (threads == 1) {
            // No pool: the calling thread draws and fits each replicate in turn, in one buffer.
            Buffer buffer = new Buffer(data.cellCount());
            for (int r = 0; r < replicates.length; r++) {
                draw(random, buffer);
                prepare(buffer.games, buffer.score);
                replicates[r] = BradleyTerry.fit(pairs, buffer.games, buffer.score, options.firstSeatAdvantage(),
                        strengths);
            }
            return replicates;
        }
        // One buffer more than the threads, so the next replicate is drawn while every thread fits.
        BlockingQueue<Buffer> free = new ArrayBlockingQueue<>(threads + 1);
        for (int b = 0; b <= threads; b++) {
            free.add(new Buffer(data.cellCount()));
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "elo-bootstrap");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<?>> fits = new ArrayList<>(replicates.length);
            for (int r = 0; r < replicates.length; r++) {
                Buffer buffer = free.take();
                draw(random, buffer);
                int replicate = r;
                fits.add(pool.submit(() -> {
                    try {
                        prepare(buffer.games, buffer.score);
                        replicates[replicate] = BradleyTerry.fit(pairs, buffer.games, buffer.score,
                                options.firstSeatAdvantage(), strengths);
                    } finally {
                        free.add(buffer);
                    }
                }));
            }
            for (Future<?> fit : fits) {
                fit.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while computing the bootstrap replicates", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error cause) {
                throw cause;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return replicates;
    }

    /** One replicate's games and scores per cell, and its count of half points per cell. */
    private static final class Buffer {
        final double[] games;
        final double[] score;
        final int[] halfPoints;

        Buffer(int cells) {
            games = new double[cells];
            score = new double[cells];
            halfPoints = new int[cells];
        }
    }

    /**
     * Draws one replicate's games and scores per cell. A pair's simulated games are counted in half
     * points (2 a win, 1 a draw): the old sum of ones and halves, game by game, was exact, so the
     * count times a half is that sum to the bit.
     */
    private void draw(SplittableRandom random, Buffer buffer) {
        double[] games = buffer.games;
        double[] score = buffer.score;
        int[] halfPoints = buffer.halfPoints;
        System.arraycopy(data.twoPlayerGames, 0, games, 0, games.length);
        Arrays.fill(halfPoints, 0);
        for (int c : plan) {
            if (c >= 0) {
                double u = random.nextDouble();
                halfPoints[c] += below(u, win[c]) + below(u, winOrDraw[c]);
            } else {
                c = -1 - c;
                score[c] = normalScore(games[c], expected[c], data.twoPlayerDraws[c] / games[c], random);
            }
        }
        for (int c = 0; c < games.length; c++) {
            if (games[c] <= EXACT_SIMULATION_LIMIT) {
                score[c] = halfPoints[c] * 0.5;
            }
        }
        for (PairwiseData.Signature signature : data.signatures) {
            int times = poisson(signature.count(), random);
            for (int k = 0; k < signature.cells().length && times > 0; k++) {
                int c = signature.cells()[k];
                games[c] += times * signature.weight();
                score[c] += times * signature.weight() * signature.scores()[k];
            }
        }
    }

    /**
     * 1 when {@code u < limit}, else 0, without a branch: a win, a draw or a loss is a coin toss the
     * processor cannot predict. The difference of two doubles is negative exactly when the first is
     * the smaller (it is zero only when they are equal), so its sign bit is the comparison.
     */
    private static int below(double u, double limit) {
        return (int) (Double.doubleToRawLongBits(u - limit) >>> 63);
    }

    /** The share of draws among a pair's simulated games: the observed rate, if the expected score allows it. */
    private static double drawShare(double expected, double drawRate) {
        return Math.min(drawRate, 2 * Math.min(expected, 1 - expected));
    }

    /** The first bot's total score over {@code games} games, from the normal approximation. */
    private static double normalScore(double games, double expected, double drawRate, SplittableRandom random) {
        double draw = drawShare(expected, drawRate);
        double win = expected - draw / 2;
        double variance = win + draw / 4 - expected * expected;
        double total = games * expected + Math.sqrt(games * Math.max(variance, 0)) * random.nextGaussian();
        return Math.max(0, Math.min(games, total));
    }

    /** Completes a drawn replicate for its fit: the virtual draws when needed, and no empty cell. */
    private void prepare(double[] games, double[] score) {
        if (regularized) {
            RatingTable.addVirtualDraws(games, score, options);
        } else {
            RatingTable.regularizeIfUnbounded(data, games, score, options);
        }
        for (int c = 0; c < games.length; c++) {
            if (games[c] == 0) {
                // A cell no replicate game fell into carries no information; a tiny draw keeps the
                // Laplacian's diagonal positive without moving the fit.
                games[c] = 1e-9;
                score[c] = 0.5e-9;
            }
        }
    }

    /**
     * A Poisson variate: Knuth's product of uniforms for small means, the normal approximation above.
     * Hand-written because the bootstrap draws millions of them from one seeded generator.
     */
    private static int poisson(double mean, SplittableRandom random) {
        if (mean > 30) {
            return (int) Math.max(0, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
        }
        double limit = Math.exp(-mean);
        double product = random.nextDouble();
        int count = 0;
        while (product > limit) {
            product *= random.nextDouble();
            count++;
        }
        return count;
    }
}
