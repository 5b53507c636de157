package org.pyramidarena.games.euronimoes;

import java.util.Arrays;
import java.util.List;
import org.pyramidarena.api.State;

/**
 * A Euronimoes position, hidden information included: every hand and the bone pile.
 *
 * <p>Dominoes are counted by type (see {@link Dominoes}); with two sets a type may be held twice.
 * Market slots are numbered 0..4 and cost {@code slot - 1} chips. Each seat's chips in hand are
 * stored; its bank holds the rest of its four.
 *
 * <p>Since no type occurs more than twice, a collection of dominoes (the bone pile, a hand, the
 * publicly bought part of a hand) is kept as a {@code long} of two 28-bit masks (see {@link Bag}):
 * a move changes a few bits instead of copying an array of counts, and a position is one object
 * besides its layouts and one small array of hands.
 */
public final class EuronimoesState implements State {

    /** Where the game is. */
    public enum Phase {
        /** Chance fills the market, slot 0 (cost -1) first. */
        DEAL_MARKET,
        /** Chance deals three dominoes to each hand, seat 0 first. */
        DEAL_HANDS,
        /** The seat to move obtains a domino: buys from the market or draws from the bone pile. */
        OBTAIN,
        /** Chance refills the market's slot costing 3 from the bone pile after a purchase. */
        REFILL,
        /** Chance shows the domino drawn from the bone pile to the drawing seat. */
        DRAW,
        /** The seat to move plays a domino (or, holding one in the end phase, stops). */
        PLAY,
        /** The game is over. */
        OVER
    }

    static final int SLOTS = 5;
    static final int CHIPS = 4;
    static final int HAND = 3;

    /** The bits of one market slot in {@link #market}: the type plus one, 0 when empty. */
    static final int SLOT_BITS = 5;
    static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    /** The bits of one seat's chips in {@link #chips}. */
    static final int CHIP_BITS = 3;

    private final int players;
    private final Phase phase;
    private final int actor;
    private final int turnSeat;
    private final int start;
    /** Slot {@code s} in bits {@code 5s..5s+4}: the type there plus one, 0 when empty. */
    private final int market;
    /** The bone pile as a {@link Bag}. */
    private final long pile;
    /**
     * Per seat its hand as a {@link Bag} at index {@code seat}, and the part of it everybody saw
     * bought at {@code players + seat}; never written once the state is made.
     */
    private final long[] held;
    /** Seat {@code s}'s chips in bits {@code 3s..3s+2}. */
    private final int chips;
    private final Layout[] layouts;
    private final int stopped;

    /** A state from counts (as tests and tools write positions); the arrays are not kept. */
    EuronimoesState(int players, Phase phase, int actor, int turnSeat, int start, int[] market, int[] pile,
                    int[] hands, int[] known, int[] chips, Layout[] layouts, int stopped) {
        this(players, phase, actor, turnSeat, start, packMarket(market), Bag.of(pile, 0), held(hands, known, players),
                packChips(chips, players), layouts.clone(), stopped);
    }

    EuronimoesState(int players, Phase phase, int actor, int turnSeat, int start, int market, long pile,
                    long[] held, int chips, Layout[] layouts, int stopped) {
        this.players = players;
        this.phase = phase;
        this.actor = actor;
        this.turnSeat = turnSeat;
        this.start = start;
        this.market = market;
        this.pile = pile;
        this.held = held;
        this.chips = chips;
        this.layouts = layouts;
        this.stopped = stopped;
    }

    static int packMarket(int[] slots) {
        int packed = 0;
        for (int slot = 0; slot < SLOTS; slot++) {
            packed |= (slots[slot] + 1) << SLOT_BITS * slot;
        }
        return packed;
    }

    private static long[] held(int[] hands, int[] known, int players) {
        long[] held = new long[2 * players];
        for (int seat = 0; seat < players; seat++) {
            held[seat] = Bag.of(hands, seat * Dominoes.TYPES);
            held[players + seat] = Bag.of(known, seat * Dominoes.TYPES);
        }
        return held;
    }

    static int packChips(int[] chips, int players) {
        int packed = 0;
        for (int seat = 0; seat < players; seat++) {
            if (chips[seat] < 0 || chips[seat] > CHIPS) {
                throw new IllegalArgumentException("a seat holds 0 to " + CHIPS + " chips, not " + chips[seat]);
            }
            packed |= chips[seat] << CHIP_BITS * seat;
        }
        return packed;
    }

    /**
     * A collection of dominoes in which no type occurs more than twice, as one {@code long}: bit
     * {@code t} is set when type {@code t} occurs at least once, bit {@code 32 + t} when twice.
     */
    static final class Bag {
        /** The bits of the types present at least once. */
        static final long ONCE = (1L << Dominoes.TYPES) - 1;

        private Bag() {
        }

        /** A bag of the counts {@code counts[offset + t]} (each 0..2). */
        static long of(int[] counts, int offset) {
            long bag = 0;
            for (int type = 0; type < Dominoes.TYPES; type++) {
                int count = counts[offset + type];
                if (count < 0 || count > 2) {
                    throw new IllegalArgumentException("a type occurs 0 to 2 times, not " + count);
                }
                bag |= (count > 0 ? 1L : 0) << type | (count > 1 ? 1L : 0) << 32 + type;
            }
            return bag;
        }

        static int count(long bag, int type) {
            return (int) (bag >>> type & 1) + (int) (bag >>> 32 + type & 1);
        }

        static int size(long bag) {
            return Long.bitCount(bag);
        }

        /** The types present, as bits. */
        static long types(long bag) {
            return bag & ONCE;
        }

        /** The bag with one more of a type (it holds at most one). */
        static long add(long bag, int type) {
            long once = 1L << type;
            return (bag & once) == 0 ? bag | once : bag | once << 32;
        }

        /** The bag with one fewer of a type (it holds at least one). */
        static long remove(long bag, int type) {
            long twice = 1L << 32 + type;
            return (bag & twice) != 0 ? bag & ~twice : bag & ~(1L << type);
        }
    }

    /** The state before the deal: every domino in the bone pile, 2 chips in every hand. */
    static EuronimoesState initial(int players) {
        long pile = sets(players) == 2 ? Bag.ONCE | Bag.ONCE << 32 : Bag.ONCE;
        int chips = 0;
        for (int seat = 0; seat < players; seat++) {
            chips |= 2 << CHIP_BITS * seat;
        }
        Layout[] layouts = new Layout[players];
        Arrays.fill(layouts, Layout.EMPTY);
        return new EuronimoesState(players, Phase.DEAL_MARKET, CHANCE, 0, -1, 0, pile, new long[2 * players], chips,
                layouts, 0);
    }

    /** The number of double-six sets in play: one for two players, two for three or four. */
    public static int sets(int players) {
        return players <= 2 ? 1 : 2;
    }

    @Override
    public int actor() {
        return actor;
    }

    @Override
    public int players() {
        return players;
    }

    /** Where the game is. */
    public Phase phase() {
        return phase;
    }

    /**
     * The seat whose turn it is (during a refill or a draw too, the seat who bought or drew); during
     * the deal the seat dealt to next; when the game is over the seat who moved last.
     */
    public int turnSeat() {
        return turnSeat;
    }

    /** The seat who took the first turn; -1 until the hands are dealt. */
    public int start() {
        return start;
    }

    /** The domino type in a market slot (0..4, costing -1..3), or -1 when the slot is empty. */
    public int market(int slot) {
        return (market >>> SLOT_BITS * slot & SLOT_MASK) - 1;
    }

    /** The number of dominoes in the market. */
    public int marketSize() {
        int size = 0;
        for (int rest = market; rest != 0; rest >>>= SLOT_BITS) {
            if ((rest & SLOT_MASK) != 0) {
                size++;
            }
        }
        return size;
    }

    /** The number of dominoes in the bone pile. */
    public int pileSize() {
        return Bag.size(pile);
    }

    /** How many dominoes of a type are in the bone pile. */
    public int inPile(int type) {
        return Bag.count(pile, type);
    }

    /** How many dominoes a seat holds. */
    public int handSize(int seat) {
        return Bag.size(held[seat]);
    }

    /** How many dominoes of a type a seat holds. */
    public int inHand(int seat, int type) {
        return Bag.count(held[seat], type);
    }

    /** How many of a seat's dominoes of a type everybody knows about (bought from the market, not yet played). */
    public int knownInHand(int seat, int type) {
        return Bag.count(held[players + seat], type);
    }

    /** The chips a seat holds (0..4); its bank holds the rest of its four. */
    public int chips(int seat) {
        return chips >>> CHIP_BITS * seat & 7;
    }

    /** True when a seat has stopped with one domino kept. */
    public boolean hasStopped(int seat) {
        return (stopped >> seat & 1) != 0;
    }

    /** A seat's placements in the order they were made. */
    public List<EuronimoesMove> placements(int seat) {
        return layouts[seat].placements();
    }

    Layout layout(int seat) {
        return layouts[seat];
    }

    /** The market packed as in the state: slot {@code s} in bits {@code 5s..5s+4}, the type plus one. */
    int packedMarket() {
        return market;
    }

    /** The bone pile as a {@link Bag}. */
    long pile() {
        return pile;
    }

    /** A seat's hand as a {@link Bag}. */
    long hand(int seat) {
        return held[seat];
    }

    /** The hands and publicly bought dominoes as the state keeps them; never to be written. */
    long[] held() {
        return held;
    }

    /** The chips packed as in the state: seat {@code s} in bits {@code 3s..3s+2}. */
    int packedChips() {
        return chips;
    }

    /** The layouts as the state keeps them; never to be written. */
    Layout[] layouts() {
        return layouts;
    }

    int stoppedMask() {
        return stopped;
    }

    int[] marketCopy() {
        int[] slots = new int[SLOTS];
        for (int slot = 0; slot < SLOTS; slot++) {
            slots[slot] = market(slot);
        }
        return slots;
    }

    /** A seat's column score: each ground run its smallest number, a bomb -3. */
    public int columnScore(int seat) {
        return layouts[seat].columnScore();
    }

    /** A seat's level score: -k for each domino on level k >= 2. */
    public int levelScore(int seat) {
        return layouts[seat].levelScore();
    }

    /** A seat's score as it stands: columns plus levels minus one per chip held. Lower is better. */
    public int score(int seat) {
        return columnScore(seat) + levelScore(seat) - chips(seat);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof EuronimoesState s && players == s.players && phase == s.phase && actor == s.actor
                && turnSeat == s.turnSeat && start == s.start && stopped == s.stopped && market == s.market
                && pile == s.pile && chips == s.chips && Arrays.equals(held, s.held)
                && Arrays.equals(layouts, s.layouts);
    }

    @Override
    public int hashCode() {
        int h = market;
        h = h * 31 + Long.hashCode(pile);
        h = h * 31 + Arrays.hashCode(held);
        h = h * 31 + chips;
        h = h * 31 + Arrays.hashCode(layouts);
        return h * 31 + ((phase.ordinal() * 7 + actor) * 7 + turnSeat) * 7 + start + stopped * 131;
    }

    @Override
    public String toString() {
        return "EuronimoesState[" + phase + ", actor " + actor + ", pile " + pileSize() + ", market " + marketSize()
                + "]";
    }
}
