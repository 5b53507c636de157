package org.pyramidarena.games.euronimoes.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.euronimoes.oracle.OracleMove.Kind;
import org.pyramidarena.games.euronimoes.oracle.OracleState.Phase;

/** The rules of Euronimoes, as euronimoes.txt with DECISIONS.md; see {@code docs/rules/euronimoes.md}. */
public final class OracleRules implements Rules<OracleState, OracleMove> {

    /** What another seat (or a spectator) is told of a domino dealt or drawn into a hand. */
    public static final String HIDDEN_DEAL = "deal";

    private static final int TYPES = OracleDominoes.TYPES;

    /**
     * The obtain step's move lists, built once and shared since there are only 64: list {@code i}
     * buys from each market slot {@code s} whose bit {@code s} is set, then draws if bit 5 is set.
     */
    private static final List<List<OracleMove>> OBTAIN_MOVES = obtainMoves();

    private final Game game;
    private final GameSetup setup;
    private final OracleState initial;

    OracleRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.initial = OracleState.initial(setup.players());
    }

    @Override
    public Game game() {
        return game;
    }

    @Override
    public GameSetup setup() {
        return setup;
    }

    /** Before the deal: chance fills the market, then deals the hands. */
    @Override
    public int starter(OracleState state) {
        return state.start() < 0 ? State.CHANCE : state.start();
    }

    @Override
    public OracleState initialState() {
        return initial;
    }

    /**
     * Obtaining: {@code buy-1 .. buy3} for the affordable non-empty slots, then {@code draw} while the
     * bone pile has dominoes. Playing: placements on upper levels (by row, then column, the
     * horizontal before the vertical), then ground placements (horizontal by row and column, then
     * vertical by row and column, each by domino type and with the low number first before the high
     * number first), then {@code stop} when allowed. Every placement that makes a different layout is
     * listed once: two copies of a domino give one move.
     */
    @Override
    public List<OracleMove> legalMoves(OracleState state) {
        if (state.actor() < 0) {
            return List.of();
        }
        int seat = state.actor();
        if (state.phase() == Phase.OBTAIN) {
            int available = state.pileSize() > 0 ? 1 << OracleState.SLOTS : 0;
            for (int slot = 0; slot < OracleState.SLOTS; slot++) {
                if (state.market(slot) >= 0 && slot - 1 <= state.chips(seat)) {
                    available |= 1 << slot;
                }
            }
            return OBTAIN_MOVES.get(available);
        }
        List<OracleMove> moves = new ArrayList<>(64);
        OraclePlacements.add(state, seat, moves);
        if (mayStop(state, seat)) {
            moves.add(OracleMove.STOP);
        }
        return Collections.unmodifiableList(moves);
    }

    private static List<List<OracleMove>> obtainMoves() {
        List<List<OracleMove>> lists = new ArrayList<>();
        for (int available = 0; available < 1 << OracleState.SLOTS + 1; available++) {
            List<OracleMove> moves = new ArrayList<>();
            for (int slot = 0; slot < OracleState.SLOTS; slot++) {
                if ((available >> slot & 1) != 0) {
                    moves.add(OracleMove.buy(slot - 1));
                }
            }
            if ((available >> OracleState.SLOTS & 1) != 0) {
                moves.add(OracleMove.DRAW);
            }
            lists.add(List.copyOf(moves));
        }
        return List.copyOf(lists);
    }

    private static boolean mayStop(OracleState state, int seat) {
        return state.marketSize() == 0 && state.handSize(seat) == 1;
    }

    /** One outcome per domino type left in the bone pile, by type, weighted by its copies there. */
    @Override
    public List<ChanceOutcome<OracleMove>> chanceOutcomes(OracleState state) {
        if (state.actor() != State.CHANCE) {
            return List.of();
        }
        List<ChanceOutcome<OracleMove>> outcomes = new ArrayList<>(TYPES);
        int total = state.pileSize();
        for (int type = 0; type < TYPES; type++) {
            if (state.inPile(type) > 0) {
                outcomes.add(Reveals.of(type, state.inPile(type), total));
            }
        }
        return Collections.unmodifiableList(outcomes);
    }

    /**
     * The chance outcomes a reveal can have, made once and shared, since a chance node is visited at
     * every third action: one per domino type, copies in the pile (1 or 2) and pile size (1..56).
     */
    private static final class Reveals {
        private static final int MAX_COPIES = OracleState.sets(4);
        private static final int MAX_PILE = MAX_COPIES * TYPES;
        private static final ChanceOutcome<?>[] ALL = new ChanceOutcome<?>[MAX_PILE * MAX_COPIES * TYPES];

        static {
            for (int total = 1; total <= MAX_PILE; total++) {
                for (int copies = 1; copies <= Math.min(MAX_COPIES, total); copies++) {
                    for (int type = 0; type < TYPES; type++) {
                        ALL[index(type, copies, total)] =
                                new ChanceOutcome<>(OracleMove.reveal(type), copies / (double) total);
                    }
                }
            }
        }

        private static int index(int type, int copies, int total) {
            return ((total - 1) * MAX_COPIES + copies - 1) * TYPES + type;
        }

        /** Revealing a type with {@code copies} of it among the {@code total} dominoes in the pile. */
        @SuppressWarnings("unchecked")
        static ChanceOutcome<OracleMove> of(int type, int copies, int total) {
            return (ChanceOutcome<OracleMove>) ALL[index(type, copies, total)];
        }
    }

    @Override
    public Legality check(OracleState state, OracleMove move) {
        if (state.isTerminal()) {
            return new Legality(Legality.Reason.GAME_OVER, "the game is over");
        }
        if (state.actor() == State.CHANCE) {
            if (move.kind() != Kind.REVEAL) {
                return new Legality(Legality.Reason.NOT_YOUR_TURN, "it is chance's turn to reveal a domino");
            }
            if (state.inPile(move.type()) == 0) {
                return Legality.violation("no " + move.notation() + " is left in the bone pile");
            }
            return Legality.LEGAL;
        }
        if (move.kind() == Kind.REVEAL) {
            return new Legality(Legality.Reason.NOT_YOUR_TURN, "only chance reveals dominoes; it is seat "
                    + state.actor() + "'s turn");
        }
        int seat = state.actor();
        if (state.phase() == Phase.OBTAIN) {
            return switch (move.kind()) {
                case BUY -> checkBuy(state, seat, move.first());
                case DRAW -> state.pileSize() > 0 ? Legality.LEGAL : Legality.violation("the bone pile is empty");
                default -> Legality.violation("a turn starts by obtaining a domino: buy from the market or draw from"
                        + " the bone pile");
            };
        }
        return switch (move.kind()) {
            case BUY, DRAW -> Legality.violation(state.marketSize() == 0
                    ? "nothing is left to obtain: the bone pile and the market are empty"
                    : "this turn's domino is already obtained; now play one");
            case STOP -> mayStop(state, seat) ? Legality.LEGAL : Legality.violation(state.marketSize() > 0
                    ? "a player may stop only once nothing can be obtained"
                    : "a player may stop only when holding exactly one domino; with two or more she must play");
            default -> checkPlacement(state, seat, move);
        };
    }

    private static Legality checkBuy(OracleState state, int seat, int cost) {
        if (state.market(cost + 1) < 0) {
            return Legality.violation("the market slot costing " + cost + " is empty");
        }
        if (cost > state.chips(seat)) {
            return Legality.violation("the domino costing " + cost + " needs " + cost + " chips; seat " + seat
                    + " holds " + state.chips(seat));
        }
        return Legality.LEGAL;
    }

    private static Legality checkPlacement(OracleState state, int seat, OracleMove move) {
        if (state.inHand(seat, move.type()) == 0) {
            return Legality.violation("seat " + seat + " holds no " + OracleDominoes.name(move.type()));
        }
        OracleLayout layout = state.layout(seat);
        int x1 = move.x();
        int y1 = move.y();
        int x2 = move.secondX();
        int y2 = move.secondY();
        if (move.level() >= 2) {
            int below = move.level() - 1;
            int a = layout.at(x1, y1);
            int b = layout.at(x2, y2);
            if (OracleLayout.level(a) != below || OracleLayout.level(b) != below) {
                return Legality.violation("a domino on level " + move.level() + " rests on two cells whose top is on"
                        + " level " + below);
            }
            if (OracleLayout.number(a) != move.first() || OracleLayout.number(b) != move.second()) {
                return Legality.violation("the numbers on both ends must match the numbers beneath them");
            }
            if (OracleLayout.top(a) == OracleLayout.top(b)) {
                return Legality.violation("the two halves must rest on two different dominoes, never directly on one");
            }
            return Legality.LEGAL;
        }
        if (layout.isEmpty()) {
            if (x1 != 0 || y1 != 0) {
                return Legality.violation("the first domino is placed with its first number on 0,0: coordinates"
                        + " are relative to it");
            }
        } else {
            if (layout.at(x1, y1) != 0 || layout.at(x2, y2) != 0) {
                return Legality.violation("a ground-level domino goes on two empty cells");
            }
            if (!layout.touches(x1, y1) && !layout.touches(x2, y2)) {
                return Legality.violation("a domino must share an edge with one already played (a corner does not"
                        + " count)");
            }
        }
        if (move.vertical()) {
            if (Math.abs(move.first() - move.second()) != 1) {
                return Legality.violation("only the consecutive dominoes 0-1, 1-2, 2-3, 3-4, 4-5 and 5-6 can be played"
                        + " vertically");
            }
            if (!layout.verticalFits(x1, y1, move.first(), move.second())) {
                return columnViolation(layout, x1, y1, move.first(), x2, y2, move.second());
            }
            return Legality.LEGAL;
        }
        if ((layout.allowedNumbers(x1, y1) >> move.first() & 1) == 0
                || (layout.allowedNumbers(x2, y2) >> move.second() & 1) == 0) {
            return columnViolation(layout, x1, y1, move.first(), x2, y2, move.second());
        }
        return Legality.LEGAL;
    }

    /** Says which column rule a ground placement breaks. */
    private static Legality columnViolation(OracleLayout layout, int x1, int y1, int v1, int x2, int y2, int v2) {
        int[][] cells = {{x1, y1, v1}, {x2, y2, v2}};
        for (int[] cell : cells) {
            for (int dy = -1; dy <= 1; dy += 2) {
                int neighbour = layout.at(cell[0], cell[1] + dy);
                if (neighbour == 0) {
                    continue;
                }
                int n = OracleLayout.number(neighbour);
                if (Math.min(n, cell[2]) == 0 && Math.max(n, cell[2]) == 6) {
                    return Legality.violation("0 and 6 never touch vertically: runs do not wrap around");
                }
                if (Math.abs(n - cell[2]) != 1) {
                    return Legality.violation("numbers next to each other in a column must differ by exactly 1");
                }
            }
        }
        return Legality.violation("a run in a column never reverses direction");
    }

    @Override
    public OracleState apply(OracleState state, OracleMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        int players = state.players();
        int seat = state.turnSeat();
        int start = state.start();
        OracleState.Successor next = state.successor();
        if (move.kind() == Kind.REVEAL) {
            int type = move.type();
            next.takeFromPile(type);
            switch (state.phase()) {
                case DEAL_MARKET -> {
                    int[] market = next.market();
                    int slot = 0;
                    while (market[slot] >= 0) {
                        slot++;
                    }
                    market[slot] = type;
                    Phase phase = slot == OracleState.SLOTS - 1 ? Phase.DEAL_HANDS : Phase.DEAL_MARKET;
                    return next.build(phase, State.CHANCE, 0, start);
                }
                case DEAL_HANDS -> {
                    next.addToHand(seat, type, 1);
                    int target = next.handSize(seat) == OracleState.HAND ? seat + 1 : seat;
                    if (target < players) {
                        return next.build(Phase.DEAL_HANDS, State.CHANCE, target, start);
                    }
                    int first = firstPlayer(next.hands(), players);
                    return next.build(Phase.OBTAIN, first, first, first);
                }
                case REFILL -> next.market()[OracleState.SLOTS - 1] = type;
                default -> next.addToHand(seat, type, 1);
            }
            return next.build(Phase.PLAY, seat, seat, start);
        }
        switch (move.kind()) {
            case BUY -> {
                int cost = move.first();
                int slot = cost + 1;
                int[] market = next.market();
                int type = market[slot];
                next.addToHand(seat, type, 1);
                next.addKnown(seat, type, 1);
                if (cost > 0) {
                    next.chips(seat, state.chips(seat) - cost);
                } else if (cost < 0 && state.chips(seat) < OracleState.CHIPS) {
                    next.chips(seat, state.chips(seat) + 1);
                }
                System.arraycopy(market, slot + 1, market, slot, OracleState.SLOTS - 1 - slot);
                market[OracleState.SLOTS - 1] = -1;
                boolean refill = next.pileSize() > 0;
                return next.build(refill ? Phase.REFILL : Phase.PLAY, refill ? State.CHANCE : seat, seat, start);
            }
            case DRAW -> {
                if (state.chips(seat) < OracleState.CHIPS) {
                    next.chips(seat, state.chips(seat) + 1);
                }
                int[] market = next.market();
                int cheapest = market[0];
                System.arraycopy(market, 1, market, 0, OracleState.SLOTS - 1);
                market[OracleState.SLOTS - 1] = cheapest;
                return next.build(Phase.DRAW, State.CHANCE, seat, start);
            }
            case PLACE -> {
                int type = move.type();
                next.addToHand(seat, type, -1);
                if (next.known(seat, type) > 0) {
                    next.addKnown(seat, type, -1);
                }
                next.layout(seat, state.layout(seat).with(move));
            }
            default -> next.stop(seat);
        }
        boolean obtainable = next.market(0) >= 0;
        int stopped = next.stoppedMask();
        for (int k = 1; k <= players; k++) {
            int following = (seat + k) % players;
            if (obtainable) {
                return next.build(Phase.OBTAIN, following, following, start);
            }
            if ((stopped >> following & 1) == 0 && next.handSize(following) > 0) {
                return next.build(Phase.PLAY, following, following, start);
            }
        }
        return next.build(Phase.OVER, State.NONE, seat, start);
    }

    private static int handSize(int[] hands, int seat) {
        int size = 0;
        for (int type = 0; type < TYPES; type++) {
            size += hands[seat * TYPES + type];
        }
        return size;
    }

    /** The seat holding the domino with the highest pip total; the lowest such seat on a tie. */
    static int firstPlayer(int[] hands, int players) {
        int best = -1;
        int first = 0;
        for (int seat = 0; seat < players; seat++) {
            for (int type = 0; type < TYPES; type++) {
                if (hands[seat * TYPES + type] > 0 && OracleDominoes.pips(type) > best) {
                    best = OracleDominoes.pips(type);
                    first = seat;
                }
            }
        }
        return first;
    }

    /**
     * Lowest score first; equal scores are broken in favour of the seat later in turn order counted
     * from the starting player, so every rank is distinct.
     */
    @Override
    public Outcome outcome(OracleState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        int players = state.players();
        double[] scores = new double[players];
        for (int seat = 0; seat < players; seat++) {
            scores[seat] = state.score(seat);
        }
        int[] ranks = new int[players];
        for (int seat = 0; seat < players; seat++) {
            int order = Math.floorMod(seat - state.start(), players);
            int better = 0;
            for (int other = 0; other < players; other++) {
                int otherOrder = Math.floorMod(other - state.start(), players);
                if (scores[other] < scores[seat] || scores[other] == scores[seat] && otherOrder > order) {
                    better++;
                }
            }
            ranks[seat] = better + 1;
        }
        return Outcome.of(ranks, scores);
    }

    @Override
    public OracleView view(OracleState state, int seat) {
        return OracleView.of(state, seat);
    }

    /**
     * Keeps everything the view shows and deals what it hides, uniformly from the dominoes the seat
     * has not seen: each other hand gets its publicly bought dominoes plus random ones up to its
     * size, and the rest is the bone pile.
     */
    @Override
    public OracleState determinize(View view, RandomGenerator rng) {
        OracleView v = (OracleView) view;
        int players = v.players();
        int[] unseen = new int[TYPES];
        Arrays.fill(unseen, OracleState.sets(players));
        for (int type : v.market()) {
            if (type >= 0) {
                unseen[type]--;
            }
        }
        OracleLayout[] layouts = new OracleLayout[players];
        for (int seat = 0; seat < players; seat++) {
            layouts[seat] = OracleLayout.of(v.layouts().get(seat));
            for (OracleMove placement : v.layouts().get(seat)) {
                unseen[placement.type()]--;
            }
        }
        int[] hands = new int[players * TYPES];
        for (int seat = 0; seat < players; seat++) {
            for (int type = 0; type < TYPES; type++) {
                int held = seat == v.seat() ? v.hand().get(type) : v.known().get(seat * TYPES + type);
                hands[seat * TYPES + type] = held;
                unseen[type] -= held;
            }
        }
        int left = 0;
        for (int count : unseen) {
            left += count;
        }
        for (int seat = 0; seat < players; seat++) {
            for (int missing = v.handSizes().get(seat) - handSize(hands, seat); missing > 0; missing--) {
                int pick = rng.nextInt(left--);
                int type = 0;
                while (pick >= unseen[type]) {
                    pick -= unseen[type++];
                }
                unseen[type]--;
                hands[seat * TYPES + type]++;
            }
        }
        int stopped = 0;
        for (int seat = 0; seat < players; seat++) {
            stopped |= v.stopped().get(seat) ? 1 << seat : 0;
        }
        return new OracleState(players, v.phase(), v.actor(), v.turnSeat(), v.start(), ints(v.market()), unseen,
                hands, ints(v.known()), ints(v.chips()), layouts, stopped);
    }

    @Override
    public OracleMove parseMove(String notation) {
        return OracleMove.parse(notation);
    }

    /**
     * A domino revealed into a hand (the deal and bone-pile draws) is told only to that hand's seat;
     * every other seat and spectators learn {@value #HIDDEN_DEAL}. Everything else is public.
     */
    @Override
    public Event eventFor(OracleState before, OracleMove move, int seat) {
        boolean intoHand = before.phase() == Phase.DEAL_HANDS || before.phase() == Phase.DRAW;
        if (before.actor() == State.CHANCE && intoHand && seat != before.turnSeat()) {
            return new Event(State.CHANCE, HIDDEN_DEAL);
        }
        return new Event(before.actor(), move.notation());
    }

    @Override
    public String render(OracleState state) {
        int players = state.players();
        String[] hands = new String[players];
        OracleLayout[] layouts = new OracleLayout[players];
        boolean[] stopped = new boolean[players];
        int[] chips = new int[players];
        for (int seat = 0; seat < players; seat++) {
            int[] hand = new int[TYPES];
            for (int type = 0; type < TYPES; type++) {
                hand[type] = state.inHand(seat, type);
            }
            hands[seat] = dominoList(hand, 0);
            layouts[seat] = state.layout(seat);
            stopped[seat] = state.hasStopped(seat);
            chips[seat] = state.chips(seat);
        }
        return OracleText.picture(state.phase(), state.actor(), state.turnSeat(), state.start(),
                state.marketCopy(), state.pileSize(), chips, hands, stopped, layouts);
    }

    @Override
    public String render(View view) {
        OracleView v = (OracleView) view;
        int players = v.players();
        String[] hands = new String[players];
        OracleLayout[] layouts = new OracleLayout[players];
        for (int seat = 0; seat < players; seat++) {
            if (seat == v.seat()) {
                hands[seat] = dominoList(ints(v.hand()), 0);
            } else {
                String bought = dominoList(ints(v.known()), seat * TYPES);
                hands[seat] = v.handSizes().get(seat) + " hidden" + (bought.equals("-") ? "" : ", bought " + bought);
            }
            layouts[seat] = OracleLayout.of(v.layouts().get(seat));
        }
        return (v.seat() == View.OBSERVER ? "spectator's view\n" : "seat " + v.seat() + "'s view\n")
                + OracleText.picture(v.phase(), v.actor(), v.turnSeat(), v.start(), ints(v.market()), v.pileSize(),
                ints(v.chips()), hands, flags(v.stopped()), layouts);
    }

    /** A view's list of numbers as an array, for the state and the picture. */
    private static int[] ints(List<Integer> values) {
        int[] array = new int[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return array;
    }

    private static boolean[] flags(List<Boolean> values) {
        boolean[] array = new boolean[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return array;
    }

    private static String dominoList(int[] counts, int offset) {
        StringBuilder out = new StringBuilder();
        for (int type = 0; type < TYPES; type++) {
            for (int copy = 0; copy < counts[offset + type]; copy++) {
                out.append(out.length() == 0 ? "" : " ").append(OracleDominoes.name(type));
            }
        }
        return out.length() == 0 ? "-" : out.toString();
    }
}
