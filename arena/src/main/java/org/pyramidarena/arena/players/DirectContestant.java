package org.pyramidarena.arena.players;

import java.util.List;
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
 * A trusted bot called on the referee's own thread: the arena's built-in sample bots, for the
 * statistics runs where millions of matches are played. Nothing can stop a trusted bot that
 * hangs, so its clock is checked after each move (an overrun still forfeits on time), and its
 * exceptions are faults as usual. Untrusted bots never run this way.
 *
 * <p>Under a CPU clock its move is charged the referee thread's CPU time during the call. Reading a
 * thread's CPU clock is a system call (1.4 µs on the build machine, more than a random bot's whole
 * move), so a move is read only when the seat's previous move took at least {@link
 * #MEASURED_FROM_NANOS} of real time; any other move, the seat's first among them (which has the
 * first-move allowance), is returned without its CPU time, and the seat's CPU total is not
 * recorded. The referee holds such a move to the CPU clock's wall guard and charges it its real time
 * up to its move time (see {@code MatchRunner}): its CPU time is known only to be at most its real
 * time, which on a busy machine is mostly other programs' turns. Such a move that takes longer than
 * the guard in real time is judged on its thread's counts ({@link ThreadSchedule}: one read at the
 * start of every such move, about a microsecond, and one at its end): its CPU time against its limit,
 * and against the guard only the time it was neither running nor waiting for a CPU, so that a bot
 * held up by the machine is never forfeited by the guard. Under a wall clock the CPU time is not read
 * at all.
 *
 * <p>A player that says its moves take no time ({@link Player#instant}, the random bot) is not
 * timed at all: it is trusted code whose move is one draw from a generator, and the clock read
 * would cost the referee more than a fifth of the cheapest games' rules. Its moves are recorded
 * with no real time and no CPU time. Only here is the claim taken: a bot from a JAR is timed
 * whatever it says.
 */
public final class DirectContestant implements Contestant {

    /** A move at least this long in real time has the next one timed in CPU time too. */
    static final long MEASURED_FROM_NANOS = 200_000;

    private final Bot bot;
    private final Options options;
    private boolean measureNext;
    private Player player;
    /** The player says its moves take no time ({@link Player#instant}): they are not timed. */
    private boolean instant;
    /** The player says what it was thinking ({@link Player#moveInfo}): it is asked after each move. */
    private boolean informs;
    private Throwable startFailure;

    /** A bot with every option at its default. */
    public DirectContestant(Bot bot) {
        this(bot, Options.NONE);
    }

    /**
     * @param bot the bot
     * @param options its options at this seat, handed to it in its {@link MatchContext}
     */
    public DirectContestant(Bot bot, Options options) {
        this.bot = bot;
        this.options = options;
    }

    @Override
    public String name() {
        return bot.name();
    }

    @Override
    public void startMatch(MatchContext context) {
        try {
            player = bot.newPlayer(context.withOptions(options));
        } catch (RuntimeException | Error e) {
            startFailure = e;
        }
        try {
            instant = player != null && player.instant();
        } catch (RuntimeException e) {
            // A player that cannot say is timed.
            instant = false;
        }
        informs = MoveNote.informs(player);
    }

    @Override
    public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis) {
        return chooseMove(view, legalMoves, clock, wallLimitMillis, new DecisionClock());
    }

    /**
     * Times the move from the decision clock's mark (see {@link DecisionClock}), and marks its end;
     * the move of a player that says it takes no time ({@link Player#instant}) is not timed, and the
     * mark is forgotten.
     */
    @Override
    public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis,
                             DecisionClock decisions) {
        if (instant) {
            return untimed(view, legalMoves, clock, decisions);
        }
        long startCpu = clock.cpu() && measureNext ? ThreadCpu.current() : -1;
        ThreadSchedule schedule = clock.cpu() && !measureNext ? ThreadSchedule.current() : null;
        long[] startTimes = schedule == null ? null : schedule.runAndWait();
        long start = decisions.start();
        if (startFailure != null || player == null) {
            decisions.forget();
            return failedStart();
        }
        Move move;
        try {
            move = player.chooseMove(view, legalMoves, clock);
        } catch (RuntimeException | StackOverflowError e) {
            return Answer.fault(TerminationReason.EXCEPTION, String.valueOf(e), decisions.end() - start,
                    cpuSince(startCpu));
        }
        // On the move's time, as a bot on a thread or in a process of its own is asked.
        MoveNote note = informs ? note(move) : null;
        long nanos = decisions.end() - start;
        long cpuNanos = cpuSince(startCpu);
        long guardNanos = -1;
        if (startTimes != null && nanos > wallLimitMillis * 1_000_000) {
            // Past the guard in real time: judged on the thread's counts, its CPU time (exact to a
            // tick, which is nothing against a move this long) and the time it was idle.
            long[] endTimes = schedule.runAndWait();
            if (endTimes != null) {
                cpuNanos = endTimes[0] - startTimes[0];
                guardNanos = Math.max(0, nanos - cpuNanos - (endTimes[1] - startTimes[1]));
            }
        }
        measureNext = nanos >= MEASURED_FROM_NANOS;
        if (move == null) {
            return Answer.fault(TerminationReason.MALFORMED_REPLY, "returned no move", nanos, cpuNanos);
        }
        return Answer.direct(move, nanos, cpuNanos, guardNanos, note);
    }

    /** An instant player's move, with no time (0 real time, CPU time not measured). */
    private Answer untimed(View view, List<? extends Move> legalMoves, Clock clock, DecisionClock decisions) {
        decisions.forget();
        if (startFailure != null) {
            return failedStart();
        }
        Move move;
        try {
            move = player.chooseMove(view, legalMoves, clock);
        } catch (RuntimeException | StackOverflowError e) {
            return Answer.fault(TerminationReason.EXCEPTION, String.valueOf(e), 0);
        }
        if (move == null) {
            return Answer.fault(TerminationReason.MALFORMED_REPLY, "returned no move", 0);
        }
        return Answer.direct(move, 0, -1, -1, informs ? note(move) : null);
    }

    /**
     * What a player that says what it was thinking said of the move it returned; null for nothing,
     * and for no move. Kept out of {@link #chooseMove}, which must stay small enough for the compiler
     * to inline into the referee's loop (325 bytes of bytecode): inlined, its answer is never made
     * on the heap, and a statistics run makes one less object a move.
     */
    private MoveNote note(Move move) {
        String info = move == null ? null : MoveNote.askInfo(player);
        return info == null ? null : new MoveNote(info, List.of());
    }

    private Answer failedStart() {
        return Answer.fault(TerminationReason.EXCEPTION, "newPlayer failed: " + startFailure, 0);
    }

    private static long cpuSince(long startCpu) {
        long now = startCpu < 0 ? -1 : ThreadCpu.current();
        return now < 0 ? -1 : now - startCpu;
    }

    /** True when the player's class has an {@code onEvent} of its own (the default does nothing). */
    private static final ClassValue<Boolean> LISTENS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("onEvent", Event.class).getDeclaringClass() != Player.class;
            } catch (NoSuchMethodException e) {
                return true;
            }
        }
    };

    @Override
    public boolean hearsEvents() {
        return player == null || LISTENS.get(player.getClass());
    }

    @Override
    public boolean readsView() {
        if (player == null) {
            return true;
        }
        try {
            return player.readsView();
        } catch (RuntimeException e) {
            return true;
        }
    }

    @Override
    public void event(Event event) {
        if (player != null) {
            try {
                player.onEvent(event);
            } catch (RuntimeException e) {
                startFailure = e;
            }
        }
    }

    @Override
    public void endMatch(Outcome outcome) {
        if (player != null) {
            try {
                player.onMatchEnd(outcome);
            } catch (RuntimeException ignored) {
                // The match is decided; a bot failing to hear the result changes nothing.
            }
        }
    }

    @Override
    public void close() {
        player = null;
    }
}
