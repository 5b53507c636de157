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
import org.pyramidarena.arena.players.Answer;
import org.pyramidarena.arena.players.BotText;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DecisionClock;
import org.pyramidarena.arena.players.MoveNote;
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
     * The seed of the generator that draws an opening's random plies ({@link Opening#randomPlies}):
     * keyed by the deal seed, ("opening"), so that the matches of a paired deal, which differ only in
     * their seats, open alike.
     */
    public static long openingSeed(long dealSeed) {
        return MasterSeed.derive(dealSeed, "opening");
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
        return new Match<>(rules, seats, settings, listener).play();
    }

    /**
     * One match being played: the seats, clocks and record. The loop ({@link #play}) and a seat's
     * decision ({@link #decide}) are kept apart from the start, the end and the faults, which run
     * once a match, so that the compiler spends its effort on the part that runs at every action.
     */
    private static final class Match<S extends State, M extends Move> {

        private final Rules<S, M> rules;
        private final List<? extends Contestant> seats;
        private final MatchSettings settings;
        private final MatchListener listener;
        private final int players;
        private final List<String> names;
        private final TimeControl tc;
        private final boolean cpuClock;
        /** Seats whose bot hears events; {@code anyHears} when there is one. */
        private final boolean[] hears;
        private final boolean anyHears;
        /** The view of a seat whose bot reads none (a random bot), made once; null where the bot reads the game's. */
        private final View[] seatViews;
        /** Made at the first chance outcome: many games have none, and the seed is a keyed hash. */
        private SplittableRandom chance;
        /** Made at the first fault: most matches have none, and the seed is a keyed hash. */
        private SplittableRandom fallback;
        private final long[] bank;
        private final boolean[] moved;
        private final Clock[] clocks;
        private final long[] wallLimits;
        private final MoveLookup lookup = new MoveLookup();
        private final DecisionClock decisions = new DecisionClock();
        private final long[] micros;
        private final long[] cpuMicros;
        private final boolean[] faulted;
        private final TerminationReason[] reasons;
        private final String[] faultDetails;
        private final List<Integer> faultOrder = new ArrayList<>(0);
        private final int[] lengthHint;
        private final ActionLog actions;
        /** The opening's line, the index of its next action, and the random plies still to draw. */
        private final List<String> openingLine;
        private int openingNext;
        private int randomPliesLeft;
        private final SplittableRandom openingRandom;
        private boolean inOpening;
        private TerminationReason termination = TerminationReason.NORMAL;
        private String faultDetail = "";
        private List<String> faultStderr = List.of();
        private int moves;
        /** What the last decision adds to the record: the seat's times and whether the fallback policy moved. */
        private long usedMicros;
        private long usedCpuMicros;
        private boolean fallbackMove;
        /** What the bot said beside the last decision; null for nearly every one. */
        private MoveNote usedNote;

        Match(Rules<S, M> rules, List<? extends Contestant> seats, MatchSettings settings, MatchListener listener) {
            this.rules = rules;
            this.seats = seats;
            this.settings = settings;
            this.listener = listener;
            this.players = seats.size();
            String[] seatNames = new String[players];
            for (int seat = 0; seat < players; seat++) {
                seatNames[seat] = seats.get(seat).name();
            }
            names = List.of(seatNames);
            tc = settings.timeControl();
            cpuClock = tc.cpu();
            hears = new boolean[players];
            seatViews = new View[players];
            boolean anyone = false;
            for (int seat = 0; seat < players; seat++) {
                seats.get(seat).startMatch(new MatchContext(rules, seat, names, botSeed(settings.matchSeed(), seat),
                        tc.moveMillis(), tc.bankMillis()));
                hears[seat] = seats.get(seat).hearsEvents();
                anyone |= hears[seat];
                seatViews[seat] = seats.get(seat).readsView() ? null : new SeatView(seat, seat);
            }
            anyHears = anyone;
            bank = new long[players];
            Arrays.fill(bank, tc.bankMillis());
            moved = new boolean[players];
            clocks = new Clock[players];
            wallLimits = new long[players];
            micros = new long[players];
            cpuMicros = new long[players];
            faulted = new boolean[players];
            reasons = new TerminationReason[players];
            Arrays.fill(reasons, TerminationReason.NORMAL);
            faultDetails = new String[players];
            Arrays.fill(faultDetails, "");
            lengthHint = LOG_LENGTHS.get(rules.getClass());
            actions = new ActionLog(lengthHint[0]);
            Opening opening = settings.opening();
            openingLine = opening.line();
            randomPliesLeft = opening.randomPlies();
            openingRandom = randomPliesLeft > 0 ? new SplittableRandom(openingSeed(settings.dealSeed())) : null;
            inOpening = !opening.isNone();
        }

        MatchResult play() {
            boolean listening = listener != MatchListener.NONE;
            boolean records = listening && listener.readsRecords();
            int actionLimit = settings.actionLimit();
            S state = rules.initialState();
            while (!state.isTerminal()) {
                if (actions.size() >= actionLimit) {
                    termination = TerminationReason.ACTION_LIMIT;
                    break;
                }
                M action;
                long timeMicros = 0;
                long cpuTimeMicros = 0;
                boolean byFallback = false;
                MoveNote note = null;
                int actor = state.actor();
                int offered = -1;
                boolean forced = false;
                if (inOpening && (action = opening(state, actor)) != null) {
                    forced = true;
                    moves += actor == State.CHANCE ? 0 : 1;
                } else if (actor == State.CHANCE) {
                    if (chance == null) {
                        chance = new SplittableRandom(chanceSeed(settings.dealSeed()));
                    }
                    action = Chance.sample(rules.chanceOutcomes(state), chance);
                } else {
                    List<M> legal = rules.legalMoves(state);
                    offered = legal.size();
                    moves++;
                    if (faulted[actor]) {
                        action = legal.get(fallback.nextInt(legal.size()));
                        byFallback = true;
                    } else {
                        action = decide(state, actor, legal);
                        if (action == null) {
                            // A fault in a two-player match: it is over.
                            break;
                        }
                        timeMicros = usedMicros;
                        cpuTimeMicros = usedCpuMicros;
                        byFallback = fallbackMove;
                        note = usedNote;
                    }
                }
                S next = rules.apply(state, action);
                if (anyHears) {
                    tell(state, action);
                }
                actions.add(actor, action, timeMicros, cpuTimeMicros, byFallback);
                if (forced) {
                    actions.openingThroughLast();
                }
                if (note != null) {
                    actions.note(note);
                }
                state = next;
                if (records) {
                    listener.action(actions.size() - 1, actions.get(actions.size() - 1), state);
                } else if (listening) {
                    listener.acted(actions.size() - 1, actor, byFallback, offered, state);
                }
            }
            return result(state);
        }

        /**
         * The action the opening forces here, or null where it forces none (chance after the line,
         * which is sampled as usual): the line's next action, then at a seat's turn a ply drawn
         * uniformly among the legal moves. The opening is over once both are spent.
         */
        private M opening(S state, int actor) {
            M move;
            if (openingNext < openingLine.size()) {
                move = lineAction(state, openingLine.get(openingNext++));
            } else if (actor == State.CHANCE) {
                return null;
            } else {
                List<M> legal = rules.legalMoves(state);
                move = legal.get(openingRandom.nextInt(legal.size()));
                randomPliesLeft--;
            }
            inOpening = openingNext < openingLine.size() || randomPliesLeft > 0;
            return move;
        }

        /**
         * An action of the opening's line, parsed and checked: a line is checked against the rules
         * when it is read (see the tournaments' openings), so one that is not legal here is a caller's
         * error, not a bot's.
         */
        private M lineAction(S state, String notation) {
            M move;
            try {
                move = rules.parseMove(notation);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the opening's action '" + notation + "' is not a move of "
                        + rules.game().id() + ": " + e.getMessage(), e);
            }
            boolean legal = state.actor() == State.CHANCE
                    ? rules.chanceOutcomes(state).stream().anyMatch(outcome -> outcome.move().equals(move))
                    : rules.check(state, move).isLegal();
            if (!legal) {
                throw new IllegalArgumentException("the opening's action '" + notation + "' is not legal at action "
                        + (actions.size() + 1) + " of " + rules.game().id());
            }
            return move;
        }

        /**
         * Asks a seat for its move, times it and checks it: the move to play (the bot's, or the
         * fallback policy's after a fault with more than two players), or null when a fault ends the
         * match. Leaves the move's times and whether the fallback moved in the fields the record reads.
         */
        private M decide(S state, int actor, List<M> legal) {
            // A clock is immutable: a seat is handed the same one again while its times stay the same,
            // and a new one after its first move (which has the first-move allowance) and after a move
            // its bank paid for.
            Clock clock = clocks[actor];
            if (clock == null) {
                clock = new Clock(tc.moveMillis() + (moved[actor] ? 0 : tc.firstMoveMillis()), bank[actor], cpuClock);
                clocks[actor] = clock;
                wallLimits[actor] = tc.wallLimitMillis(clock.totalMillis());
            }
            if (!moved[actor]) {
                moved[actor] = true;
                clocks[actor] = null;
            }
            View view = seatViews[actor] != null ? seatViews[actor] : rules.view(state, actor);
            Answer answer = seats.get(actor).chooseMove(view, legal, clock, wallLimits[actor], decisions);
            usedMicros = answer.nanos() / 1000;
            usedCpuMicros = answer.cpuNanos() < 0 ? -1 : answer.cpuNanos() / 1000;
            fallbackMove = false;
            usedNote = answer.note();
            micros[actor] += usedMicros;
            cpuMicros[actor] = cpuMicros[actor] < 0 || usedCpuMicros < 0 ? -1 : cpuMicros[actor] + usedCpuMicros;
            // The move is charged in the match's clock: CPU time where the clock is CPU and it was measured.
            long usedMillis = (cpuClock && answer.cpuNanos() >= 0 ? answer.cpuNanos() : answer.nanos()) / 1_000_000;
            long limitMillis = clock.totalMillis();
            String guarded = "";
            if (cpuClock && answer.guardNanos() >= 0 && answer.guardNanos() / 1_000_000 > wallLimits[actor]) {
                // A trusted bot's move past the wall guard, judged after it on the time it was idle
                // (see DirectContestant): it slept or blocked, which no bot is held up by.
                usedMillis = answer.guardNanos() / 1_000_000;
                limitMillis = wallLimits[actor];
                guarded = " neither running nor waiting for a CPU";
            } else if (cpuClock && answer.cpuNanos() < 0) {
                // A CPU clock that did not read this move's CPU time (a built-in bot's move after a
                // quick one: see DirectContestant) knows only that it was at most the real time, which
                // on a busy machine is mostly other programs' turns. The move is held to the bound
                // every bot has under a CPU clock, the wall guard, and charged no more than its move
                // time: the bank pays only for time known to be the bot's.
                limitMillis = wallLimits[actor];
                if (usedMillis <= limitMillis) {
                    usedMillis = Math.min(usedMillis, clock.moveMillis());
                }
            }
            if (answer.isFault()) {
                return fault(actor, legal, answer.fault(), answer.detail());
            }
            if (usedMillis > limitMillis) {
                return fault(actor, legal, TerminationReason.TIMEOUT, "answered after " + usedMillis + " ms" + guarded
                        + ", limit "
                        + limitMillis + " ms " + (limitMillis == clock.totalMillis() ? clock.kind()
                        : "wall (the guard of the CPU clock)") + " (" + clocks(answer.nanos(), answer.cpuNanos()) + ")");
            }
            // A move that is one of the very objects of the rules' own (immutable) legal list for this
            // state is legal by the contract, and so is a move of the game's own classes that the rules
            // found legal; anything else is parsed and checked.
            M chosen = lookup.listed(rules, state, legal, answer.move());
            if (chosen == null) {
                // A built-in bot's move is read for its notation only here (see Answer.direct).
                String notation;
                try {
                    notation = answer.notation();
                } catch (RuntimeException e) {
                    return fault(actor, legal, TerminationReason.MALFORMED_REPLY, "its move has no notation: " + e);
                }
                chosen = parsed(state, actor, legal, notation);
                if (chosen == null || fallbackMove) {
                    return chosen;
                }
            }
            if (usedMillis > clock.moveMillis()) {
                bank[actor] = Math.max(0, bank[actor] - (usedMillis - clock.moveMillis()));
                clocks[actor] = null;
            }
            return chosen;
        }

        /**
         * A move not found among the listed ones: parsed from its notation and checked by the rules; a
         * fault when it is not a move or not legal here.
         */
        private M parsed(S state, int actor, List<M> legal, String notation) {
            M chosen;
            try {
                chosen = rules.parseMove(notation);
            } catch (RuntimeException e) {
                return fault(actor, legal, TerminationReason.MALFORMED_REPLY,
                        "'" + BotText.move(notation) + "' is not a move: " + e.getMessage());
            }
            Legality legality = rules.check(state, chosen);
            if (!legality.isLegal()) {
                return fault(actor, legal, TerminationReason.ILLEGAL_MOVE, chosen.notation() + ": " + legality.message());
            }
            return chosen;
        }

        /**
         * Records a seat's fault: the match ends when it has two players (null is returned);
         * otherwise the seat ranks last and the seeded fallback policy moves for it from now on,
         * starting with this move (returned, with {@link #fallbackMove} set).
         */
        private M fault(int actor, List<M> legal, TerminationReason fault, String note) {
            // The detail may quote the bot (its move, its message): cleaned and capped here.
            String detail = BotText.detail(note);
            reasons[actor] = fault;
            faulted[actor] = true;
            faultDetails[actor] = detail;
            faultOrder.add(actor);
            if (termination == TerminationReason.NORMAL) {
                termination = fault;
                faultDetail = "seat " + actor + " (" + names.get(actor) + "): " + detail;
                if (usedNote != null) {
                    faultStderr = usedNote.stderr();
                }
            }
            listener.fault(actor, fault, detail);
            if (players == 2) {
                return null;
            }
            if (fallback == null) {
                fallback = new SplittableRandom(fallbackSeed(settings.matchSeed()));
            }
            fallbackMove = true;
            return legal.get(fallback.nextInt(legal.size()));
        }

        /** Tells the seats that hear events (and have not faulted) of an action. */
        private void tell(S state, M action) {
            for (int seat = 0; seat < players; seat++) {
                if (hears[seat] && !faulted[seat]) {
                    Event event = rules.eventFor(state, action, seat);
                    if (event != null) {
                        seats.get(seat).event(event);
                    }
                }
            }
        }

        /** The match's result from its last state: the outcome with the faulted seats last, told to the others. */
        private MatchResult result(S state) {
            // The next match's log is made with room for this one's length and a quarter more. The hint
            // is shared by every match thread: it is written only when it is short of this match or
            // more than twice what it needed, so that the threads do not take its cache line from
            // one another at every match.
            int wanted = Math.min(actions.size() + actions.size() / 4, MAX_LENGTH_HINT);
            int hint = lengthHint[0];
            if (wanted > hint || wanted < hint / 2) {
                lengthHint[0] = wanted;
            }
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
                if (!faulted[seat]) {
                    seats.get(seat).endMatch(outcome);
                }
            }
            Long[] seatMicros = new Long[players];
            Long[] seatCpuMicros = new Long[players];
            for (int seat = 0; seat < players; seat++) {
                seatMicros[seat] = micros[seat];
                seatCpuMicros[seat] = cpuMicros[seat];
            }
            // Lists of List.of, which the result keeps without copying them.
            return new MatchResult(actions, outcome, termination, List.of(reasons), faultDetail,
                    List.of(faultDetails), moves, List.of(seatMicros), List.of(seatCpuMicros), state, faultStderr);
        }
    }

    /** A move's time in both clocks, e.g. {@code cpu 212 ms, wall 230 ms}. */
    private static String clocks(long nanos, long cpuNanos) {
        return (cpuNanos >= 0 ? "cpu " + cpuNanos / 1_000_000 + " ms, " : "") + "wall " + nanos / 1_000_000 + " ms";
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
            // The last two pairs first: a game's decisions often alternate between two kinds of list.
            Way way;
            if (type == lastList && mover == lastMove) {
                way = lastWay;
            } else {
                way = type == otherList && mover == otherMove ? otherWay : way(type, mover);
                otherList = lastList;
                otherMove = lastMove;
                otherWay = lastWay;
                lastList = type;
                lastMove = mover;
                lastWay = way;
            }
            switch (way) {
                case CONTAINS:
                    // Equal to a move of the list and of the game's own (immutable) classes: the move itself.
                    return legal.contains(move) ? (M) move : null;
                case CHECK:
                    return checked(rules, state, legal, move);
                default:
                    return byIdentity(legal, move);
            }
        }

        /** A move of the game's classes in a list that only walks: legal when the rules say it is. */
        @SuppressWarnings("unchecked")
        private static <S extends State, M extends Move> M checked(Rules<S, M> rules, S state, List<M> legal, Move move) {
            if (!legal.isEmpty() && legal.get(0).getClass() == move.getClass()) {
                try {
                    return rules.check(state, (M) move).isLegal() ? (M) move : null;
                } catch (RuntimeException e) {
                    // Left to the notation's parse and check, which fault the bot as usual.
                    return null;
                }
            }
            return byIdentity(legal, move);
        }

        private Class<?> lastList;
        private Class<?> lastMove;
        private Way lastWay;
        private Class<?> otherList;
        private Class<?> otherMove;
        private Way otherWay;

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
