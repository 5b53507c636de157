package org.pyramidarena.arena.match;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.View;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A bot running in the referee's JVM. Every call into the bot's code runs on one thread of its
 * own, so a bot that hangs is abandoned at its time limit without stopping the referee; calls are
 * queued on that thread in game order. The bot is handed views and immutable move lists, never the
 * referee's state; a bot from a JAR lives in its own class loader (see
 * {@link org.pyramidarena.arena.bots.BotClassLoader}). What this mode cannot contain (a bot calling
 * {@code System.exit}, exhausting the heap, or spinning threads) is what {@code process} isolation
 * is for.
 */
public final class InProcessContestant implements Contestant {

    private final Bot bot;
    private final String name;
    private final ExecutorService thread;
    private final AtomicReference<Throwable> eventFailure = new AtomicReference<>();
    private volatile Player player;
    private volatile boolean abandoned;

    /**
     * @param bot the bot
     * @param label a label for the bot's thread, e.g. {@code "random@seat0"}
     */
    public InProcessContestant(Bot bot, String label) {
        this.bot = bot;
        this.name = bot.name();
        this.thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, "bot-" + label);
            t.setDaemon(true);
            // A bot loaded from a JAR finds its own resources and services through its own loader.
            t.setContextClassLoader(bot.getClass().getClassLoader());
            return t;
        });
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void startMatch(MatchContext context) {
        thread.execute(() -> {
            try {
                player = bot.newPlayer(context);
            } catch (Throwable t) {
                eventFailure.compareAndSet(null, t);
            }
        });
    }

    @Override
    public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
        long start = System.nanoTime();
        if (abandoned) {
            return Answer.fault(TerminationReason.TIMEOUT, "the bot's thread was abandoned", 0);
        }
        Future<Move> future;
        try {
            future = thread.submit(() -> {
                Throwable failure = eventFailure.get();
                if (failure != null) {
                    throw new BotFailure(failure);
                }
                if (player == null) {
                    throw new BotFailure(new NullPointerException("newPlayer returned null"));
                }
                return player.chooseMove(view, List.copyOf(legalMoves), clock);
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return Answer.fault(TerminationReason.DISCONNECTED, "the bot's thread is gone", 0);
        }
        try {
            Move move = future.get(clock.totalMillis(), TimeUnit.MILLISECONDS);
            long nanos = System.nanoTime() - start;
            if (move == null) {
                return Answer.fault(TerminationReason.MALFORMED_REPLY, "returned no move", nanos);
            }
            String notation;
            try {
                notation = move.notation();
            } catch (RuntimeException e) {
                return Answer.fault(TerminationReason.MALFORMED_REPLY, "its move has no notation: " + e, nanos);
            }
            return notation == null
                    ? Answer.fault(TerminationReason.MALFORMED_REPLY, "returned a move without notation", nanos)
                    : Answer.move(move, notation, nanos);
        } catch (TimeoutException e) {
            future.cancel(true);
            abandon();
            return Answer.fault(TerminationReason.TIMEOUT, "no move within " + clock.totalMillis() + " ms",
                    System.nanoTime() - start);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof BotFailure f ? f.getCause() : e.getCause();
            return Answer.fault(TerminationReason.EXCEPTION, String.valueOf(cause), System.nanoTime() - start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.fault(TerminationReason.DISCONNECTED, "the referee was interrupted", System.nanoTime() - start);
        }
    }

    @Override
    public void event(Event event) {
        if (abandoned) {
            return;
        }
        try {
            thread.execute(() -> {
                Player p = player;
                if (p != null && eventFailure.get() == null) {
                    try {
                        p.onEvent(event);
                    } catch (Throwable t) {
                        eventFailure.compareAndSet(null, t);
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException ignored) {
            // The thread was shut down after a fault; the bot no longer hears of the match.
        }
    }

    @Override
    public void endMatch(Outcome outcome) {
        if (abandoned) {
            return;
        }
        try {
            thread.execute(() -> {
                Player p = player;
                if (p != null) {
                    try {
                        p.onMatchEnd(outcome);
                    } catch (Throwable ignored) {
                        // The match is decided; a bot failing to hear the result changes nothing.
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException ignored) {
            // Already closed.
        }
    }

    private void abandon() {
        abandoned = true;
        thread.shutdownNow();
    }

    @Override
    public void close() {
        thread.shutdown();
    }

    /** Carries a failure of the bot's own code across the executor. */
    private static final class BotFailure extends Exception {
        BotFailure(Throwable cause) {
            super(cause);
        }
    }
}
