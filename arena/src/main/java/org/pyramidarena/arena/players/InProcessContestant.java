package org.pyramidarena.arena.players;

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
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.View;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A bot running in the referee's JVM. Every call into the bot's code runs on one thread of its
 * own, so a bot that hangs is abandoned at its time limit without stopping the referee; calls are
 * queued on that thread in game order. The bot is handed copies, never the referee's live objects:
 * each view copied through its JSON ({@link Protocol#copy}), since the rules' views read the
 * referee's position and a bot reflecting into one could rewrite that position; immutable move
 * lists; rules of its own in its {@link MatchContext}. Events, clocks and outcomes are immutable
 * values already. A bot from a JAR lives in its own class loader (see
 * {@link org.pyramidarena.arena.bots.BotClassLoader}). None of this makes the bot's code safe to
 * run: it can still reach and change whatever the referee's JVM holds by other paths (static
 * tables, the registry), call {@code System.exit}, exhaust the heap or spin threads. It is for
 * trusted bots; {@code process} isolation is for the others.
 */
public final class InProcessContestant implements Contestant {

    private final Bot bot;
    private final Options options;
    private final String name;
    private final ExecutorService thread;
    private volatile Thread worker;
    /** The bot thread's scheduler counts, opened on that thread: how long it waited for a CPU. */
    private volatile ThreadSchedule schedule;
    private final AtomicReference<Throwable> eventFailure = new AtomicReference<>();
    private volatile Player player;
    private volatile boolean abandoned;
    /** Whether the player says what it was thinking ({@link Player#moveInfo}); read and written on the bot's thread. */
    private boolean informs;
    /**
     * What the player said of its last move, written on the bot's thread before the move is handed
     * over and read after it ({@link Future#get} orders the two).
     */
    private String info;

    /** A bot with every option at its default, on a thread labelled {@code label}. */
    public InProcessContestant(Bot bot, String label) {
        this(bot, label, Options.NONE);
    }

    /**
     * @param bot the bot
     * @param label a label for the bot's thread, e.g. {@code "random@seat0"}
     * @param options its options at this seat, handed to it in its {@link MatchContext}
     */
    public InProcessContestant(Bot bot, String label, Options options) {
        this.bot = bot;
        this.options = options;
        this.name = bot.name();
        this.thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, "bot-" + label);
            t.setDaemon(true);
            worker = t;
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
        // The referee's rules object holds live state a bot could change by reflection (the initial
        // position, the variant's settings); the bot simulates with equal rules of its own.
        MatchContext own = new MatchContext(context.game().rules(context.setup()), context.seat(),
                context.seatNames(), context.seed(), context.moveMillis(), context.bankMillis(), options);
        thread.execute(() -> {
            if (schedule == null) {
                schedule = ThreadSchedule.current();
            }
            try {
                player = bot.newPlayer(own);
                informs = MoveNote.informs(player);
            } catch (Throwable t) {
                eventFailure.compareAndSet(null, t);
            }
        });
    }

    @Override
    public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis) {
        if (abandoned) {
            return Answer.fault(TerminationReason.TIMEOUT, "the bot's thread was abandoned", 0);
        }
        // The copies are the referee's work, made before the bot's time starts.
        View copy = Protocol.copy(view);
        List<Move> moves = List.copyOf(legalMoves);
        // The bot's thread exists from startMatch on (it made the player); its CPU time is the move's.
        Thread bot = worker;
        ThreadSchedule waits = schedule;
        MoveTimer timer = new MoveTimer(clock, wallLimitMillis, bot == null ? null : () -> ThreadCpu.nanos(bot),
                waits == null ? null : waits::waits);
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
                Move chosen = player.chooseMove(copy, moves, clock);
                // On the move's time, on the bot's thread.
                info = informs && chosen != null ? MoveNote.askInfo(player) : null;
                return chosen;
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return Answer.fault(TerminationReason.DISCONNECTED, "the bot's thread is gone", 0);
        }
        try {
            Move move = await(future, timer);
            long nanos = timer.wallNanos();
            long cpuNanos = timer.cpuNanos();
            if (move == null) {
                return Answer.fault(TerminationReason.MALFORMED_REPLY, "returned no move", nanos, cpuNanos);
            }
            String notation;
            try {
                notation = move.notation();
            } catch (RuntimeException e) {
                return Answer.fault(TerminationReason.MALFORMED_REPLY, "its move has no notation: "
                        + BotText.message(String.valueOf(e)), nanos, cpuNanos);
            }
            if (notation == null) {
                return Answer.fault(TerminationReason.MALFORMED_REPLY, "returned a move without notation", nanos, cpuNanos);
            }
            String said = info;
            return Answer.move(move, notation, nanos, cpuNanos, said == null ? null : new MoveNote(said, List.of()));
        } catch (TimeoutException e) {
            String detail = timer.overrun("no move");
            long nanos = timer.wallNanos();
            long cpuNanos = timer.cpuNanos();
            future.cancel(true);
            abandon();
            return Answer.fault(TerminationReason.TIMEOUT, detail, nanos, cpuNanos);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() instanceof BotFailure f ? f.getCause() : e.getCause();
            return Answer.fault(TerminationReason.EXCEPTION, BotText.message(String.valueOf(cause)),
                    timer.wallNanos(), timer.cpuNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.fault(TerminationReason.DISCONNECTED, "the referee was interrupted", timer.wallNanos());
        }
    }

    /** The bot's move, waiting while the timer allows. */
    private static Move await(Future<Move> future, MoveTimer timer)
            throws InterruptedException, ExecutionException, TimeoutException {
        for (long wait = timer.waitNanos(); wait > 0; wait = timer.waitNanos()) {
            try {
                return future.get(wait, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // Look at the clocks again.
            }
        }
        if (future.isDone()) {
            return future.get();
        }
        throw new TimeoutException();
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
