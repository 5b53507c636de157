package org.pyramidarena.arena.match;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.SeatView;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.bots.BotText;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The referee's match loop: asks each seat for its move, re-checks it against the rules, samples
 * chance with the match's seeded generator, keeps the clocks, and turns every failure of a bot into
 * a recorded fault. In a two-player game a fault loses the match; with more players the faulting
 * seat ranks last and a seeded random policy plays its seat to the end.
 */
public final class MatchRunner {

    private MatchRunner() {
    }

    /**
     * The seed a seat's bot is given in its {@link MatchContext}: HMAC-SHA-256 keyed by the match
     * seed of ("bot", seat) (see {@link MasterSeed#derive(long, String, long...)}). It is one-way: from
     * it a bot learns neither the match seed nor the deal seed, so neither the other seats' seeds nor
     * the chance outcomes to come.
     */
    public static long botSeed(long matchSeed, int seat) {
        return MasterSeed.derive(matchSeed, "bot", seat);
    }

    /**
     * The seed of the generator that samples a match's chance outcomes (deals, dice, draws):
     * HMAC-SHA-256 keyed by the deal seed of ("chance").
     */
    public static long chanceSeed(long dealSeed) {
        return MasterSeed.derive(dealSeed, "chance");
    }

    /** The seed of the random policy that plays the seat of a faulted bot: keyed by the match seed, ("fallback"). */
    public static long fallbackSeed(long matchSeed) {
        return MasterSeed.derive(matchSeed, "fallback");
    }

    /**
     * Plays a match.
     *
     * @param rules the rules
     * @param seats one contestant per seat, by seat; they are not closed here
     * @param settings seeds, clock and action cap
     * @param listener hears of each action; may be {@link MatchListener#NONE}
     */
    public static <S extends State, M extends Move> MatchResult run(Rules<S, M> rules, List<? extends Contestant> seats,
                                                                    MatchSettings settings, MatchListener listener) {
        int players = rules.setup().players();
        if (seats.size() != players) {
            throw new IllegalArgumentException(rules.game().id() + " with " + players + " players needs "
                    + players + " bots, not " + seats.size());
        }
        String[] seatNames = new String[players];
        for (int seat = 0; seat < players; seat++) {
            seatNames[seat] = seats.get(seat).name();
        }
        List<String> names = List.of(seatNames);
        TimeControl tc = settings.timeControl();
        boolean[] hears = new boolean[players];
        // The view of a seat whose bot reads none (a random bot), made once; null where the bot reads the game's.
        View[] seatViews = new View[players];
        for (int seat = 0; seat < players; seat++) {
            seats.get(seat).startMatch(new MatchContext(rules, seat, names, botSeed(settings.matchSeed(), seat),
                    tc.moveMillis(), tc.bankMillis()));
            hears[seat] = seats.get(seat).hearsEvents();
            seatViews[seat] = seats.get(seat).readsView() ? null : new SeatView(seat, seat);
        }

        SplittableRandom chance = new SplittableRandom(chanceSeed(settings.dealSeed()));
        // Made at the first fault: most matches have none, and the seed is a keyed hash.
        SplittableRandom fallback = null;
        long[] bank = new long[players];
        Arrays.fill(bank, tc.bankMillis());
        boolean[] moved = new boolean[players];
        Clock[] clocks = new Clock[players];
        long[] wallLimits = new long[players];
        MoveLookup lookup = new MoveLookup();
        DecisionClock decisions = new DecisionClock();
        long[] micros = new long[players];
        long[] cpuMicros = new long[players];
        TerminationReason[] reasons = new TerminationReason[players];
        String[] faultDetails = new String[players];
        Arrays.fill(faultDetails, "");
        Arrays.fill(reasons, TerminationReason.NORMAL);
        List<Integer> faultOrder = new ArrayList<>();
        int[] lengthHint = LOG_LENGTHS.get(rules.getClass());
        ActionLog actions = new ActionLog(lengthHint[0]);
        boolean listening = listener != MatchListener.NONE;
        boolean anyHears = false;
        for (boolean h : hears) {
            anyHears |= h;
        }
        TerminationReason termination = TerminationReason.NORMAL;
        String faultDetail = "";
        int moves = 0;
        int actionLimit = settings.actionLimit();
        boolean cpuClock = tc.cpu();
        boolean[] faulted = new boolean[players];
        S state = rules.initialState();

        while (!state.isTerminal()) {
            if (actions.size() >= actionLimit) {
                termination = TerminationReason.ACTION_LIMIT;
                break;
            }
            M action;
            boolean fallbackMove = false;
            long usedMicros = 0;
            long usedCpuMicros = 0;
            int actor = state.actor();
            if (actor == State.CHANCE) {
                action = Chance.sample(rules.chanceOutcomes(state), chance);
            } else {
                List<M> legal = rules.legalMoves(state);
                moves++;
                if (faulted[actor]) {
                    action = legal.get(fallback.nextInt(legal.size()));
                    fallbackMove = true;
                } else {
                    // A clock is immutable: a seat is handed the same one again while its times stay the
                    // same, and a new one after its first move (which has the first-move allowance) and
                    // after a move its bank paid for.
                    Clock clock = clocks[actor];
                    if (clock == null) {
                        clock = new Clock(tc.moveMillis() + (moved[actor] ? 0 : tc.firstMoveMillis()), bank[actor],
                                cpuClock);
                        clocks[actor] = clock;
                        wallLimits[actor] = tc.wallLimitMillis(clock.totalMillis());
                    }
                    if (!moved[actor]) {
                        moved[actor] = true;
                        clocks[actor] = null;
                    }
                    View view = seatViews[actor] != null ? seatViews[actor] : rules.view(state, actor);
                    Answer answer = seats.get(actor).chooseMove(view, legal, clock,
                            wallLimits[actor], decisions);
                    usedMicros = answer.nanos() / 1000;
                    usedCpuMicros = answer.cpuNanos() < 0 ? -1 : answer.cpuNanos() / 1000;
                    micros[actor] += usedMicros;
                    cpuMicros[actor] = cpuMicros[actor] < 0 || usedCpuMicros < 0 ? -1 : cpuMicros[actor] + usedCpuMicros;
                    // The move is charged in the match's clock: CPU time where the clock is CPU and it was measured.
                    long usedMillis = (cpuClock && answer.cpuNanos() >= 0 ? answer.cpuNanos() : answer.nanos()) / 1_000_000;
                    long limitMillis = clock.totalMillis();
                    if (cpuClock && answer.cpuNanos() < 0) {
                        // A CPU clock that did not read this move's CPU time (a built-in bot's move after a
                        // quick one: see DirectContestant) knows only that it was at most the real time, which
                        // on a busy machine is mostly other programs' turns. The move is held to the real-time
                        // bound every bot has under a CPU clock, the wall guard, and charged no more than its
                        // move time: the bank pays only for time known to be the bot's.
                        limitMillis = wallLimits[actor];
                        if (usedMillis <= limitMillis) {
                            usedMillis = Math.min(usedMillis, clock.moveMillis());
                        }
                    }
                    // The verdict on the answer: its fault (null for none) and the fault's detail. Kept in
                    // two variables, not a second Answer, so that a built-in bot's answer is never kept
                    // (the compiler can drop it).
                    TerminationReason fault = answer.fault();
                    String faultNote = answer.detail();
                    if (fault == null && usedMillis > limitMillis) {
                        fault = TerminationReason.TIMEOUT;
                        faultNote = "answered after " + usedMillis + " ms, limit " + limitMillis + " ms "
                                + (limitMillis == clock.totalMillis() ? clock.kind() : "wall (the guard of the CPU clock)")
                                + " (" + clocks(answer) + ")";
                    }
                    M chosen = null;
                    if (fault == null) {
                        chosen = lookup.listed(rules, state, legal, answer.move());
                    }
                    // A move that is one of the very objects of the rules' own (immutable) legal list for
                    // this state is legal by the contract, and so is a move of the game's own classes
                    // that the rules found legal; anything else is parsed and checked.
                    boolean listed = chosen != null;
                    if (fault == null && chosen == null) {
                        // A built-in bot's move is read for its notation only here (see Answer.direct).
                        String notation = null;
                        try {
                            notation = answer.notation();
                            chosen = rules.parseMove(notation);
                        } catch (RuntimeException e) {
                            fault = TerminationReason.MALFORMED_REPLY;
                            faultNote = notation == null ? "its move has no notation: " + e
                                    : "'" + BotText.move(notation) + "' is not a move: " + e.getMessage();
                        }
                    }
                    if (chosen != null && !listed) {
                        Legality legality = rules.check(state, chosen);
                        if (!legality.isLegal()) {
                            fault = TerminationReason.ILLEGAL_MOVE;
                            faultNote = chosen.notation() + ": " + legality.message();
                            chosen = null;
                        }
                    }
                    if (fault != null) {
                        // The detail may quote the bot (its move, its message): cleaned and capped here.
                        String detail = BotText.detail(faultNote);
                        reasons[actor] = fault;
                        faulted[actor] = true;
                        faultDetails[actor] = detail;
                        faultOrder.add(actor);
                        if (termination == TerminationReason.NORMAL) {
                            termination = fault;
                            faultDetail = "seat " + actor + " (" + names.get(actor) + "): " + detail;
                        }
                        listener.fault(actor, fault, detail);
                        if (players == 2) {
                            break;
                        }
                        if (fallback == null) {
                            fallback = new SplittableRandom(fallbackSeed(settings.matchSeed()));
                        }
                        action = legal.get(fallback.nextInt(legal.size()));
                        fallbackMove = true;
                    } else {
                        if (usedMillis > clock.moveMillis()) {
                            bank[actor] = Math.max(0, bank[actor] - (usedMillis - clock.moveMillis()));
                            clocks[actor] = null;
                        }
                        action = chosen;
                    }
                }
            }
            S next = rules.apply(state, action);
            for (int seat = 0; anyHears && seat < players; seat++) {
                if (hears[seat] && !faulted[seat]) {
                    Event event = rules.eventFor(state, action, seat);
                    if (event != null) {
                        seats.get(seat).event(event);
                    }
                }
            }
            actions.add(actor, action, usedMicros, usedCpuMicros, fallbackMove);
            state = next;
            if (listening) {
                listener.action(actions.size() - 1, actions.get(actions.size() - 1), state);
            }
        }

        // The next match's log is made with room for this one's length and a quarter more.
        lengthHint[0] = Math.min(actions.size() + actions.size() / 4, MAX_LENGTH_HINT);
        Outcome outcome;
        if (state.isTerminal()) {
            outcome = rules.outcome(state);
        } else {
            double[] scores = new double[players];
            int[] ranks = new int[players];
            Arrays.fill(ranks, 1);
            outcome = Outcome.of(ranks, scores);
        }
        for (int i = faultOrder.size() - 1; i >= 0; i--) {
            outcome = outcome.withLast(faultOrder.get(i));
        }
        for (int seat = 0; seat < players; seat++) {
            if (!reasons[seat].isFault()) {
                seats.get(seat).endMatch(outcome);
            }
        }
        Long[] seatMicros = new Long[players];
        Long[] seatCpuMicros = new Long[players];
        for (int seat = 0; seat < players; seat++) {
            seatMicros[seat] = micros[seat];
            seatCpuMicros[seat] = cpuMicros[seat];
        }
        return new MatchResult(actions, outcome, termination, Arrays.asList(reasons), faultDetail,
                Arrays.asList(faultDetails), moves,
                List.of(seatMicros), List.of(seatCpuMicros), state);
    }

    /** A move's time in both clocks, e.g. {@code cpu 212 ms, wall 230 ms}. */
    private static String clocks(Answer answer) {
        return (answer.cpuNanos() >= 0 ? "cpu " + answer.cpuNanos() / 1_000_000 + " ms, " : "")
                + "wall " + answer.nanos() / 1_000_000 + " ms";
    }

    /** Renders any state with its rules (the state must come from those rules). */
    @SuppressWarnings("unchecked")
    public static <S extends State> String render(Rules<S, ?> rules, State state) {
        return rules.render((S) state);
    }

    /** The public view of a state, for spectators. */
    @SuppressWarnings("unchecked")
    public static <S extends State> View publicView(Rules<S, ?> rules, State state) {
        return rules.view((S) state, View.OBSERVER);
    }

    /**
     * Finds the move a bot in the referee's JVM returned among the legal moves, for one match: it
     * remembers the classes it last saw, as a match's lists and moves are mostly of one class each.
     */
    private static final class MoveLookup {

        // How moves of a class were last looked up in lists of a class, for the last few pairs seen
        // (a game may hand out lists of several classes in turn, e.g. a shared list at one kind of
        // decision and a list made for the position at another).
        private final Class<?>[] listClasses = new Class<?>[4];
        private final Class<?>[] moveClasses = new Class<?>[4];
        private final Way[] ways = new Way[4];
        private int nextSlot;

        private Way way(Class<?> type, Class<?> mover) {
            for (int i = 0; i < ways.length; i++) {
                if (listClasses[i] == type && moveClasses[i] == mover) {
                    return ways[i];
                }
            }
            ListKind kind = LIST_KINDS.get(type);
            Way way = kind == ListKind.JDK || mover.getClassLoader() != type.getClassLoader() ? Way.IDENTITY
                    : kind == ListKind.LOOKS_UP ? Way.CONTAINS : Way.CHECK;
            listClasses[nextSlot] = type;
            moveClasses[nextSlot] = mover;
            ways[nextSlot] = way;
            nextSlot = (nextSlot + 1) % ways.length;
            return way;
        }

        /**
         * The move, when it is legal without parsing: one of the very objects of the legal list the
         * bot was given, or a move of the game's own classes that the list or the rules find legal;
         * otherwise null, and the referee parses the move's notation and checks it with the rules.
         *
         * <p>A move of a class of the list's own class loader (the game's, never a bot's: every method
         * called on it is the game's code) is looked up by the game: in a list that tells membership
         * itself (such as Pylon's, which reads it from the move's squares instead of stepping through
         * the list) by its {@code contains}, and the move itself (an immutable value of the game's,
         * equal to the listed one) is played; in any other list of the game's own, which may make
         * each move as it is read (so that a walk through it costs a move per element), by the rules'
         * one legality check. Any other move, and any move in a list of the JDK's (an array, where a
         * walk is cheap), is looked for by identity, which runs no code of the move at all.
         */
        @SuppressWarnings("unchecked")
        <S extends State, M extends Move> M listed(Rules<S, M> rules, S state, List<M> legal, Move move) {
            if (move == null) {
                return null;
            }
            Class<?> type = legal.getClass();
            Class<?> mover = move.getClass();
            Way way = type == lastList && mover == lastMove ? lastWay : way(type, mover);
            lastList = type;
            lastMove = mover;
            lastWay = way;
            switch (way) {
                case CONTAINS:
                    // Equal to a move of the list and of the game's own (immutable) classes: the move itself.
                    return legal.contains(move) ? (M) move : null;
                case CHECK:
                    if (!legal.isEmpty() && legal.get(0).getClass() == mover) {
                        try {
                            return rules.check(state, (M) move).isLegal() ? (M) move : null;
                        } catch (RuntimeException e) {
                            // Left to the notation's parse and check, which fault the bot as usual.
                            return null;
                        }
                    }
                    return byIdentity(legal, move);
                default:
                    return byIdentity(legal, move);
            }
        }

        private Class<?> lastList;
        private Class<?> lastMove;
        private Way lastWay;

        private static <M extends Move> M byIdentity(List<M> legal, Move move) {
            for (int i = 0, n = legal.size(); i < n; i++) {
                M candidate = legal.get(i);
                if (candidate == move) {
                    return candidate;
                }
            }
            return null;
        }
    }

    /**
     * A game's recent match length, by its rules' class: the room its next match's action log is
     * made with, so that a log seldom grows while a match is played. Read and written by every
     * thread that plays the game without a lock: it is only a size, and a stale one costs a copy.
     */
    private static final ClassValue<int[]> LOG_LENGTHS = new ClassValue<>() {
        @Override
        protected int[] computeValue(Class<?> type) {
            return new int[] {64};
        }
    };

    private static final int MAX_LENGTH_HINT = 4096;

    /** How {@link MoveLookup} looks for a move of a class in a legal list of a class. */
    private enum Way {
        /** Compares identities: any list of the JDK's, any move not of the list's class loader. */
        IDENTITY,
        /** The list's own {@code contains}, for a move of the game's classes. */
        CONTAINS,
        /** The rules' legality check, for a move of the game's classes in a list that only walks. */
        CHECK
    }

    /** How {@link MoveLookup} looks for a move in a legal list of a class. */
    private enum ListKind {
        /** A list of the JDK's: walked, comparing identities. */
        JDK,
        /** A list of a game's own with a {@code contains} of its own. */
        LOOKS_UP,
        /** A list of a game's own that finds moves only by walking (e.g. {@link java.util.AbstractList}'s). */
        GAME
    }

    private static final ClassValue<ListKind> LIST_KINDS = new ClassValue<>() {
        @Override
        protected ListKind computeValue(Class<?> type) {
            if (type.getClassLoader() == null) {
                return ListKind.JDK;
            }
            try {
                Class<?> declaring = type.getMethod("contains", Object.class).getDeclaringClass();
                return declaring.getClassLoader() != null ? ListKind.LOOKS_UP : ListKind.GAME;
            } catch (NoSuchMethodException e) {
                return ListKind.GAME;
            }
        }
    };
}
