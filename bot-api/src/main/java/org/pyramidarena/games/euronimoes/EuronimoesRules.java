package org.pyramidarena.games.euronimoes;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.RandomAccess;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.euronimoes.EuronimoesMove.Kind;
import org.pyramidarena.games.euronimoes.EuronimoesState.Bag;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/** The rules of Euronimoes, as euronimoes.txt with DECISIONS.md; see {@code docs/rules/euronimoes.md}. */
public final class EuronimoesRules implements Rules<EuronimoesState, EuronimoesMove> {

    /** What another seat (or a spectator) is told of a domino dealt or drawn into a hand. */
    public static final String HIDDEN_DEAL = "deal";

    private static final int TYPES = Dominoes.TYPES;

    /**
     * The obtain step's move lists, built once and shared since there are only 64: list {@code i}
     * buys from each market slot {@code s} whose bit {@code s} is set, then draws if bit 5 is set.
     */
    private static final List<List<EuronimoesMove>> OBTAIN_MOVES = obtainMoves();

    private final Game game;
    private final GameSetup setup;
    private final EuronimoesState initial;
    /** Points added to the starter's score at the end; 0 when the setup gives no komi. */
    private final double komi;

    EuronimoesRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.initial = EuronimoesState.initial(setup.players());
        this.komi = setup.parameter(Euronimoes.KOMI, 0);
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
    public EuronimoesState initialState() {
        return initial;
    }

    /** The seat holding the highest domino once the hands are dealt; {@link State#CHANCE} before. */
    @Override
    public int starter(EuronimoesState state) {
        return state.start() < 0 ? State.CHANCE : state.start();
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
    public List<EuronimoesMove> legalMoves(EuronimoesState state) {
        if (state.actor() < 0) {
            return List.of();
        }
        int seat = state.actor();
        if (state.phase() == Phase.OBTAIN) {
            return obtainMoves(state, seat);
        }
        Placements.Groups placements = new Placements.Groups(Placements.capacity(state.layout(seat)));
        Placements.find(state, seat, placements);
        return new Placements.Listed(placements, mayStop(state, seat));
    }

    /** The moves of the obtain step, a shared list. */
    private static List<EuronimoesMove> obtainMoves(EuronimoesState state, int seat) {
        int available = state.pile() != 0 ? 1 << EuronimoesState.SLOTS : 0;
        int market = state.packedMarket();
        int chips = state.chips(seat);
        for (int slot = 0; slot < EuronimoesState.SLOTS; slot++) {
            if ((market >>> EuronimoesState.SLOT_BITS * slot & EuronimoesState.SLOT_MASK) != 0 && slot - 1 <= chips) {
                available |= 1 << slot;
            }
        }
        return OBTAIN_MOVES.get(available);
    }

    /**
     * The loop of {@link Rules#randomPlayout}'s contract, draw for draw, without what a playout does
     * not need: no legal list is made (the placements are found into one buffer for the whole
     * playout and only the one drawn is made as a move), no chance list (the revealed type is read
     * from the pile's bits with the sums {@link Chance#sample} adds up), and no legality check of
     * moves that come from the generator.
     */
    @Override
    public EuronimoesState randomPlayout(EuronimoesState state, RandomGenerator rng, int maxActions,
                                         Predicate<? super EuronimoesState> stop) {
        Placements.Groups placements = null;
        for (int actions = 0; !state.isTerminal() && actions < maxActions
                && (stop == null || !stop.test(state)); actions++) {
            int seat = state.actor();
            EuronimoesMove move;
            if (seat == State.CHANCE) {
                move = EuronimoesMove.reveal(Reveals.sample(state.pile(), rng.nextDouble()));
            } else if (state.phase() == Phase.OBTAIN) {
                List<EuronimoesMove> moves = obtainMoves(state, seat);
                move = moves.get(rng.nextInt(moves.size()));
            } else {
                if (placements == null) {
                    placements = new Placements.Groups(64);
                }
                Placements.find(state, seat, placements);
                int count = placements.total();
                int pick = rng.nextInt(mayStop(state, seat) ? count + 1 : count);
                move = pick < count ? placements.get(pick) : EuronimoesMove.STOP;
            }
            state = play(state, move);
        }
        return state;
    }

    private static List<List<EuronimoesMove>> obtainMoves() {
        List<List<EuronimoesMove>> lists = new ArrayList<>();
        for (int available = 0; available < 1 << EuronimoesState.SLOTS + 1; available++) {
            List<EuronimoesMove> moves = new ArrayList<>();
            for (int slot = 0; slot < EuronimoesState.SLOTS; slot++) {
                if ((available >> slot & 1) != 0) {
                    moves.add(EuronimoesMove.buy(slot - 1));
                }
            }
            if ((available >> EuronimoesState.SLOTS & 1) != 0) {
                moves.add(EuronimoesMove.DRAW);
            }
            lists.add(List.copyOf(moves));
        }
        return List.copyOf(lists);
    }

    private static boolean mayStop(EuronimoesState state, int seat) {
        return state.packedMarket() == 0 && state.handSize(seat) == 1;
    }

    /** One outcome per domino type left in the bone pile, by type, weighted by its copies there. */
    @Override
    public List<ChanceOutcome<EuronimoesMove>> chanceOutcomes(EuronimoesState state) {
        if (state.actor() != State.CHANCE) {
            return List.of();
        }
        return new Reveals(state.pile());
    }

    /**
     * The chance outcomes of a reveal from a bone pile: an immutable list read from the pile's bits
     * as it is asked for. The outcomes themselves are made once and shared, since a chance node is
     * visited at every third action: one per domino type, copies in the pile (1 or 2) and pile size
     * (1..56).
     */
    private static final class Reveals extends AbstractList<ChanceOutcome<EuronimoesMove>> implements RandomAccess {
        private static final int MAX_COPIES = EuronimoesState.sets(4);
        private static final int MAX_PILE = MAX_COPIES * TYPES;
        private static final ChanceOutcome<?>[] ALL = new ChanceOutcome<?>[MAX_PILE * MAX_COPIES * TYPES];

        static {
            for (int total = 1; total <= MAX_PILE; total++) {
                for (int copies = 1; copies <= Math.min(MAX_COPIES, total); copies++) {
                    for (int type = 0; type < TYPES; type++) {
                        ALL[index(type, copies, total)] =
                                new ChanceOutcome<>(EuronimoesMove.reveal(type), copies / (double) total);
                    }
                }
            }
        }

        /** The bone pile, a {@link Bag}, and its number of types and of dominoes. */
        private final long pile;
        private final int size;
        private final int total;

        /** The outcomes of revealing a domino from this (non-empty) bone pile, by type. */
        Reveals(long pile) {
            this.pile = pile;
            this.size = Long.bitCount(Bag.types(pile));
            this.total = Bag.size(pile);
        }

        @Override
        public ChanceOutcome<EuronimoesMove> get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException("index " + index + " of " + size + " outcomes");
            }
            long types = Bag.types(pile);
            for (int skip = index; skip > 0; skip--) {
                types &= types - 1;
            }
            return outcome(Long.numberOfTrailingZeros(types));
        }

        private ChanceOutcome<EuronimoesMove> outcome(int type) {
            return of(type, Bag.count(pile, type), total);
        }

        @Override
        public int size() {
            return size;
        }

        /** Walks the types in the pile without counting from the first at each step. */
        @Override
        public Iterator<ChanceOutcome<EuronimoesMove>> iterator() {
            return new Iterator<>() {
                private long types = Bag.types(pile);

                @Override
                public boolean hasNext() {
                    return types != 0;
                }

                @Override
                public ChanceOutcome<EuronimoesMove> next() {
                    if (types == 0) {
                        throw new NoSuchElementException();
                    }
                    int type = Long.numberOfTrailingZeros(types);
                    types &= types - 1;
                    return outcome(type);
                }
            };
        }

        /**
         * The type revealed from a (non-empty) bone pile by a draw {@code u} in [0, 1), as {@link
         * Chance#sample} picks it from the pile's list of outcomes: the same sums in the same order.
         */
        static int sample(long pile, double u) {
            int total = Bag.size(pile);
            double cumulative = 0;
            int type = -1;
            for (long types = Bag.types(pile); types != 0; types &= types - 1) {
                type = Long.numberOfTrailingZeros(types);
                cumulative += Bag.count(pile, type) / (double) total;
                if (u < cumulative) {
                    return type;
                }
            }
            return type;
        }

        private static int index(int type, int copies, int total) {
            return ((total - 1) * MAX_COPIES + copies - 1) * TYPES + type;
        }

        /** Revealing a type with {@code copies} of it among the {@code total} dominoes in the pile. */
        @SuppressWarnings("unchecked")
        static ChanceOutcome<EuronimoesMove> of(int type, int copies, int total) {
            return (ChanceOutcome<EuronimoesMove>) ALL[index(type, copies, total)];
        }
    }

    @Override
    public Legality check(EuronimoesState state, EuronimoesMove move) {
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

    private static Legality checkBuy(EuronimoesState state, int seat, int cost) {
        if (state.market(cost + 1) < 0) {
            return Legality.violation("the market slot costing " + cost + " is empty");
        }
        if (cost > state.chips(seat)) {
            return Legality.violation("the domino costing " + cost + " needs " + cost + " chips; seat " + seat
                    + " holds " + state.chips(seat));
        }
        return Legality.LEGAL;
    }

    private static Legality checkPlacement(EuronimoesState state, int seat, EuronimoesMove move) {
        if (state.inHand(seat, move.type()) == 0) {
            return Legality.violation("seat " + seat + " holds no " + Dominoes.name(move.type()));
        }
        Layout layout = state.layout(seat);
        int x1 = move.x();
        int y1 = move.y();
        int x2 = move.secondX();
        int y2 = move.secondY();
        if (move.level() >= 2) {
            int below = move.level() - 1;
            int a = layout.at(x1, y1);
            int b = layout.at(x2, y2);
            if (Layout.level(a) != below || Layout.level(b) != below) {
                return Legality.violation("a domino on level " + move.level() + " rests on two cells whose top is on"
                        + " level " + below);
            }
            if (Layout.number(a) != move.first() || Layout.number(b) != move.second()) {
                return Legality.violation("the numbers on both ends must match the numbers beneath them");
            }
            if (Layout.top(a) == Layout.top(b)) {
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
    private static Legality columnViolation(Layout layout, int x1, int y1, int v1, int x2, int y2, int v2) {
        int[][] cells = {{x1, y1, v1}, {x2, y2, v2}};
        for (int[] cell : cells) {
            for (int dy = -1; dy <= 1; dy += 2) {
                int neighbour = layout.at(cell[0], cell[1] + dy);
                if (neighbour == 0) {
                    continue;
                }
                int n = Layout.number(neighbour);
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
    public EuronimoesState apply(EuronimoesState state, EuronimoesMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        return play(state, move);
    }

    /**
     * The state after a legal move (not checked): only the parts the move changes are made anew,
     * the rest (the layouts, the hands' array) is shared with {@code state}.
     */
    static EuronimoesState play(EuronimoesState state, EuronimoesMove move) {
        int players = state.players();
        int seat = state.turnSeat();
        int start = state.start();
        int market = state.packedMarket();
        long pile = state.pile();
        long[] held = state.held();
        int chips = state.packedChips();
        Layout[] layouts = state.layouts();
        int stopped = state.stoppedMask();
        if (move.kind() == Kind.REVEAL) {
            int type = move.type();
            pile = Bag.remove(pile, type);
            switch (state.phase()) {
                case DEAL_MARKET -> {
                    int slot = 0;
                    while ((market >>> EuronimoesState.SLOT_BITS * slot & EuronimoesState.SLOT_MASK) != 0) {
                        slot++;
                    }
                    market |= type + 1 << EuronimoesState.SLOT_BITS * slot;
                    Phase phase = slot == EuronimoesState.SLOTS - 1 ? Phase.DEAL_HANDS : Phase.DEAL_MARKET;
                    return new EuronimoesState(players, phase, State.CHANCE, 0, start, market, pile, held, chips,
                            layouts, stopped);
                }
                case DEAL_HANDS -> {
                    held = held.clone();
                    held[seat] = Bag.add(held[seat], type);
                    int target = Bag.size(held[seat]) == EuronimoesState.HAND ? seat + 1 : seat;
                    if (target < players) {
                        return new EuronimoesState(players, Phase.DEAL_HANDS, State.CHANCE, target, start, market,
                                pile, held, chips, layouts, stopped);
                    }
                    int first = firstPlayer(held, players);
                    return new EuronimoesState(players, Phase.OBTAIN, first, first, first, market, pile, held, chips,
                            layouts, stopped);
                }
                case REFILL -> market |= type + 1 << EuronimoesState.SLOT_BITS * (EuronimoesState.SLOTS - 1);
                default -> {
                    held = held.clone();
                    held[seat] = Bag.add(held[seat], type);
                }
            }
            return new EuronimoesState(players, Phase.PLAY, seat, seat, start, market, pile, held, chips, layouts,
                    stopped);
        }
        int chipsHeld = chips >>> EuronimoesState.CHIP_BITS * seat & 7;
        switch (move.kind()) {
            case BUY -> {
                int cost = move.first();
                int slot = cost + 1;
                int type = (market >>> EuronimoesState.SLOT_BITS * slot & EuronimoesState.SLOT_MASK) - 1;
                held = held.clone();
                held[seat] = Bag.add(held[seat], type);
                held[players + seat] = Bag.add(held[players + seat], type);
                if (cost > 0) {
                    chips = withChips(chips, seat, chipsHeld - cost);
                } else if (cost < 0 && chipsHeld < EuronimoesState.CHIPS) {
                    chips = withChips(chips, seat, chipsHeld + 1);
                }
                int cheaper = EuronimoesState.SLOT_BITS * slot;
                market = market & (1 << cheaper) - 1 | market >>> cheaper + EuronimoesState.SLOT_BITS << cheaper;
                boolean refill = pile != 0;
                return new EuronimoesState(players, refill ? Phase.REFILL : Phase.PLAY, refill ? State.CHANCE : seat,
                        seat, start, market, pile, held, chips, layouts, stopped);
            }
            case DRAW -> {
                if (chipsHeld < EuronimoesState.CHIPS) {
                    chips = withChips(chips, seat, chipsHeld + 1);
                }
                int cheapest = market & EuronimoesState.SLOT_MASK;
                market = market >>> EuronimoesState.SLOT_BITS
                        | cheapest << EuronimoesState.SLOT_BITS * (EuronimoesState.SLOTS - 1);
                return new EuronimoesState(players, Phase.DRAW, State.CHANCE, seat, start, market, pile, held, chips,
                        layouts, stopped);
            }
            case PLACE -> {
                int type = move.type();
                held = held.clone();
                held[seat] = Bag.remove(held[seat], type);
                if (Bag.count(held[players + seat], type) > 0) {
                    held[players + seat] = Bag.remove(held[players + seat], type);
                }
                layouts = layouts.clone();
                layouts[seat] = layouts[seat].with(move);
            }
            default -> stopped |= 1 << seat;
        }
        boolean obtainable = (market & EuronimoesState.SLOT_MASK) != 0;
        for (int k = 1; k <= players; k++) {
            int following = (seat + k) % players;
            if (obtainable) {
                return new EuronimoesState(players, Phase.OBTAIN, following, following, start, market, pile, held,
                        chips, layouts, stopped);
            }
            if ((stopped >> following & 1) == 0 && held[following] != 0) {
                return new EuronimoesState(players, Phase.PLAY, following, following, start, market, pile, held,
                        chips, layouts, stopped);
            }
        }
        return new EuronimoesState(players, Phase.OVER, State.NONE, seat, start, market, pile, held, chips, layouts,
                stopped);
    }

    private static int withChips(int chips, int seat, int count) {
        int shift = EuronimoesState.CHIP_BITS * seat;
        return chips & ~(7 << shift) | count << shift;
    }

    private static int handSize(int[] hands, int seat) {
        int size = 0;
        for (int type = 0; type < TYPES; type++) {
            size += hands[seat * TYPES + type];
        }
        return size;
    }

    /** The seat holding the domino with the highest pip total; the lowest such seat on a tie. */
    static int firstPlayer(long[] hands, int players) {
        int best = -1;
        int first = 0;
        for (int seat = 0; seat < players; seat++) {
            for (long types = Bag.types(hands[seat]); types != 0; types &= types - 1) {
                int pips = Dominoes.pips(Long.numberOfTrailingZeros(types));
                if (pips > best) {
                    best = pips;
                    first = seat;
                }
            }
        }
        return first;
    }

    /**
     * Lowest score first, a komi added to the starting player's score first; equal scores are
     * broken in favour of the seat later in turn order counted from the starting player, so every
     * rank is distinct.
     */
    @Override
    public Outcome outcome(EuronimoesState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        int players = state.players();
        double[] scores = new double[players];
        for (int seat = 0; seat < players; seat++) {
            scores[seat] = state.score(seat);
        }
        scores[state.start()] += komi;
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

    /**
     * Each seat's score as it stands ({@link EuronimoesState#score}: columns, levels and chips; the
     * lower leads), the komi added to the starter's once the deal has decided the starter: the
     * outcome's scores at the end.
     */
    @Override
    public double[] runningScore(EuronimoesState state) {
        double[] scores = new double[state.players()];
        for (int seat = 0; seat < scores.length; seat++) {
            scores[seat] = state.score(seat);
        }
        if (state.start() >= 0) {
            scores[state.start()] += komi;
        }
        return scores;
    }

    @Override
    public EuronimoesView view(EuronimoesState state, int seat) {
        return EuronimoesView.of(state, seat);
    }

    /**
     * Keeps everything the view shows and deals what it hides, uniformly from the dominoes the seat
     * has not seen: each other hand gets its publicly bought dominoes plus random ones up to its
     * size, and the rest is the bone pile.
     */
    @Override
    public EuronimoesState determinize(View view, RandomGenerator rng) {
        EuronimoesView v = (EuronimoesView) view;
        // A search determinizes one view many times: what the view says is read once and kept.
        Known known = lastKnown;
        if (known == null || known.view != v) {
            known = Known.of(v);
            lastKnown = known;
        }
        int players = known.players;
        int[] unseen = known.unseen.clone();
        int[] hands = known.hands.clone();
        long[] held = known.held.clone();
        int left = known.left;
        for (int seat = 0; seat < players; seat++) {
            for (int missing = known.handSizes[seat] - handSize(hands, seat); missing > 0; missing--) {
                int pick = rng.nextInt(left--);
                int type = 0;
                while (pick >= unseen[type]) {
                    pick -= unseen[type++];
                }
                unseen[type]--;
                hands[seat * TYPES + type]++;
            }
            held[seat] = Bag.of(hands, seat * TYPES);
        }
        return new EuronimoesState(players, v.phase(), v.actor(), v.turnSeat(), v.start(), known.market,
                Bag.of(unseen, 0), held, known.chips, known.layouts.clone(), known.stopped);
    }

    /** The view {@link #determinize} read last and what it read; made whole before it is published. */
    private volatile Known lastKnown;

    /**
     * What a view tells of its state, the hidden hands aside: the dominoes no seat has seen, the
     * hands as far as they are known (the viewer's own whole, the others' bought dominoes), the
     * market, layouts, chips and stopped seats. Never changed once made.
     */
    private static final class Known {
        final EuronimoesView view;
        final int players;
        final int[] unseen;
        final int[] hands;
        final long[] held;
        final int left;
        final int[] handSizes;
        final int market;
        final Layout[] layouts;
        final int chips;
        final int stopped;

        private Known(EuronimoesView view, int players, int[] unseen, int[] hands, long[] held, int left,
                      int[] handSizes, int market, Layout[] layouts, int chips, int stopped) {
            this.view = view;
            this.players = players;
            this.unseen = unseen;
            this.hands = hands;
            this.held = held;
            this.left = left;
            this.handSizes = handSizes;
            this.market = market;
            this.layouts = layouts;
            this.chips = chips;
            this.stopped = stopped;
        }

        static Known of(EuronimoesView v) {
            int players = v.players();
            int[] unseen = new int[TYPES];
            Arrays.fill(unseen, EuronimoesState.sets(players));
            List<Integer> slots = v.market();
            int market = 0;
            for (int slot = 0; slot < EuronimoesState.SLOTS; slot++) {
                int type = slots.get(slot);
                if (type >= 0) {
                    unseen[type]--;
                }
                market |= type + 1 << EuronimoesState.SLOT_BITS * slot;
            }
            Layout[] layouts = new Layout[players];
            for (int seat = 0; seat < players; seat++) {
                List<EuronimoesMove> placements = v.layouts().get(seat);
                layouts[seat] = Layout.of(placements);
                for (int i = 0, size = placements.size(); i < size; i++) {
                    unseen[placements.get(i).type()]--;
                }
            }
            int[] hands = new int[players * TYPES];
            long[] held = new long[2 * players];
            List<Integer> hand = v.hand();
            List<Integer> known = v.known();
            for (int seat = 0; seat < players; seat++) {
                boolean own = seat == v.seat();
                long bought = 0;
                for (int type = 0; type < TYPES; type++) {
                    int count = known.get(seat * TYPES + type);
                    if (count > 0) {
                        bought = count == 1 ? Bag.add(bought, type) : Bag.add(Bag.add(bought, type), type);
                    }
                    int kept = own ? hand.get(type) : count;
                    hands[seat * TYPES + type] = kept;
                    unseen[type] -= kept;
                }
                held[players + seat] = bought;
            }
            int left = 0;
            for (int count : unseen) {
                left += count;
            }
            int[] handSizes = new int[players];
            int stopped = 0;
            int chips = 0;
            for (int seat = 0; seat < players; seat++) {
                handSizes[seat] = v.handSizes().get(seat);
                stopped |= v.stopped().get(seat) ? 1 << seat : 0;
                chips |= v.chips().get(seat) << EuronimoesState.CHIP_BITS * seat;
            }
            return new Known(v, players, unseen, hands, held, left, handSizes, market, layouts, chips, stopped);
        }
    }

    @Override
    public EuronimoesMove parseMove(String notation) {
        return EuronimoesMove.parse(notation);
    }

    /**
     * A domino revealed into a hand (the deal and bone-pile draws) is told only to that hand's seat;
     * every other seat and spectators learn {@value #HIDDEN_DEAL}. Everything else is public.
     */
    @Override
    public Event eventFor(EuronimoesState before, EuronimoesMove move, int seat) {
        boolean intoHand = before.phase() == Phase.DEAL_HANDS || before.phase() == Phase.DRAW;
        if (before.actor() == State.CHANCE && intoHand && seat != before.turnSeat()) {
            return new Event(State.CHANCE, HIDDEN_DEAL);
        }
        return new Event(before.actor(), move.notation());
    }

    @Override
    public String render(EuronimoesState state) {
        int players = state.players();
        String[] hands = new String[players];
        Layout[] layouts = new Layout[players];
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
        return EuronimoesText.picture(state.phase(), state.actor(), state.turnSeat(), state.start(),
                state.marketCopy(), state.pileSize(), chips, hands, stopped, layouts);
    }

    @Override
    public String render(View view) {
        EuronimoesView v = (EuronimoesView) view;
        int players = v.players();
        String[] hands = new String[players];
        Layout[] layouts = new Layout[players];
        for (int seat = 0; seat < players; seat++) {
            if (seat == v.seat()) {
                hands[seat] = dominoList(ints(v.hand()), 0);
            } else {
                String bought = dominoList(ints(v.known()), seat * TYPES);
                hands[seat] = v.handSizes().get(seat) + " hidden" + (bought.equals("-") ? "" : ", bought " + bought);
            }
            layouts[seat] = Layout.of(v.layouts().get(seat));
        }
        return (v.seat() == View.OBSERVER ? "spectator's view\n" : "seat " + v.seat() + "'s view\n")
                + EuronimoesText.picture(v.phase(), v.actor(), v.turnSeat(), v.start(), ints(v.market()), v.pileSize(),
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
                out.append(out.length() == 0 ? "" : " ").append(Dominoes.name(type));
            }
        }
        return out.length() == 0 ? "-" : out.toString();
    }
}
