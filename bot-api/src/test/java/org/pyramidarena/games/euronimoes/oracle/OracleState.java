package org.pyramidarena.games.euronimoes.oracle;

import java.util.Arrays;
import java.util.List;
import org.pyramidarena.api.State;

/**
 * A Euronimoes position, hidden information included: every hand and the bone pile.
 *
 * <p>OracleDominoes are counted by type (see {@link OracleDominoes}); with two sets a type may be held twice.
 * Market slots are numbered 0..4 and cost {@code slot - 1} chips. Each seat's chips in hand are
 * stored; its bank holds the rest of its four.
 */
public final class OracleState implements State {

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

    private final int players;
    private final Phase phase;
    private final int actor;
    private final int turnSeat;
    private final int start;
    private final int[] market;
    private final int[] pile;
    private final int pileSize;
    private final int[] hands;
    private final int[] handSizes;
    private final int[] known;
    private final int[] chips;
    private final OracleLayout[] layouts;
    private final int stopped;

    OracleState(int players, Phase phase, int actor, int turnSeat, int start, int[] market, int[] pile,
                    int[] hands, int[] known, int[] chips, OracleLayout[] layouts, int stopped) {
        this(players, phase, actor, turnSeat, start, market, pile, sum(pile), hands,
                handSizes(hands, players), known, chips, layouts, stopped);
    }

    private OracleState(int players, Phase phase, int actor, int turnSeat, int start, int[] market, int[] pile,
                            int pileSize, int[] hands, int[] handSizes, int[] known, int[] chips, OracleLayout[] layouts,
                            int stopped) {
        this.players = players;
        this.phase = phase;
        this.actor = actor;
        this.turnSeat = turnSeat;
        this.start = start;
        this.market = market;
        this.pile = pile;
        this.pileSize = pileSize;
        this.hands = hands;
        this.handSizes = handSizes;
        this.known = known;
        this.chips = chips;
        this.layouts = layouts;
        this.stopped = stopped;
    }

    private static int sum(int[] counts) {
        int total = 0;
        for (int count : counts) {
            total += count;
        }
        return total;
    }

    private static int[] handSizes(int[] hands, int players) {
        int[] sizes = new int[players];
        for (int seat = 0; seat < players; seat++) {
            for (int type = 0; type < OracleDominoes.TYPES; type++) {
                sizes[seat] += hands[seat * OracleDominoes.TYPES + type];
            }
        }
        return sizes;
    }

    /** The state before the deal: every domino in the bone pile, 2 chips in every hand. */
    static OracleState initial(int players) {
        int[] pile = new int[OracleDominoes.TYPES];
        Arrays.fill(pile, sets(players));
        int[] market = new int[SLOTS];
        Arrays.fill(market, -1);
        int[] chips = new int[players];
        Arrays.fill(chips, 2);
        OracleLayout[] layouts = new OracleLayout[players];
        Arrays.fill(layouts, OracleLayout.EMPTY);
        return new OracleState(players, Phase.DEAL_MARKET, CHANCE, 0, -1, market, pile,
                new int[players * OracleDominoes.TYPES], new int[players * OracleDominoes.TYPES], chips, layouts, 0);
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
        return market[slot];
    }

    /** The number of dominoes in the market. */
    public int marketSize() {
        int size = 0;
        for (int type : market) {
            if (type >= 0) {
                size++;
            }
        }
        return size;
    }

    /** The number of dominoes in the bone pile. */
    public int pileSize() {
        return pileSize;
    }

    /** How many dominoes of a type are in the bone pile. */
    public int inPile(int type) {
        return pile[type];
    }

    /** How many dominoes a seat holds. */
    public int handSize(int seat) {
        return handSizes[seat];
    }

    /** How many dominoes of a type a seat holds. */
    public int inHand(int seat, int type) {
        return hands[seat * OracleDominoes.TYPES + type];
    }

    /** How many of a seat's dominoes of a type everybody knows about (bought from the market, not yet played). */
    public int knownInHand(int seat, int type) {
        return known[seat * OracleDominoes.TYPES + type];
    }

    /** The chips a seat holds (0..4); its bank holds the rest of its four. */
    public int chips(int seat) {
        return chips[seat];
    }

    /** True when a seat has stopped with one domino kept. */
    public boolean hasStopped(int seat) {
        return (stopped >> seat & 1) != 0;
    }

    /** A seat's placements in the order they were made. */
    public List<OracleMove> placements(int seat) {
        return layouts[seat].placements();
    }

    OracleLayout layout(int seat) {
        return layouts[seat];
    }

    int[] marketCopy() {
        return market.clone();
    }

    int[] knownCopy() {
        return known.clone();
    }

    int[] chipsCopy() {
        return chips.clone();
    }

    /** The state a move leads to, built by changing a copy of this one; see {@link Successor}. */
    Successor successor() {
        return new Successor(this);
    }

    /**
     * The state a move leads to, under construction. It starts out sharing this state's arrays and
     * copies an array only when the move first changes it, so that a move pays for what it changes
     * while every state stays immutable: no array reachable from a finished state is ever written.
     */
    static final class Successor {
        private final OracleState from;
        private int[] market;
        private int[] pile;
        private int pileSize;
        private int[] hands;
        private int[] handSizes;
        private int[] known;
        private int[] chips;
        private OracleLayout[] layouts;
        private int stopped;

        private Successor(OracleState from) {
            this.from = from;
            market = from.market;
            pile = from.pile;
            pileSize = from.pileSize;
            hands = from.hands;
            handSizes = from.handSizes;
            known = from.known;
            chips = from.chips;
            layouts = from.layouts;
            stopped = from.stopped;
        }

        /** The market as the move has left it so far, to change. */
        int[] market() {
            if (market == from.market) {
                market = market.clone();
            }
            return market;
        }

        /** The domino type in a market slot, -1 when empty. */
        int market(int slot) {
            return market[slot];
        }

        /** Takes a domino of a type out of the bone pile. */
        void takeFromPile(int type) {
            if (pile == from.pile) {
                pile = pile.clone();
            }
            pile[type]--;
            pileSize--;
        }

        int pileSize() {
            return pileSize;
        }

        /** Adds {@code count} (negative to remove) dominoes of a type to a seat's hand. */
        void addToHand(int seat, int type, int count) {
            if (hands == from.hands) {
                hands = hands.clone();
                handSizes = handSizes.clone();
            }
            hands[seat * OracleDominoes.TYPES + type] += count;
            handSizes[seat] += count;
        }

        int handSize(int seat) {
            return handSizes[seat];
        }

        /** The hands, a count per seat and type ({@code seat * 28 + type}), to read only. */
        int[] hands() {
            return hands;
        }

        /** Adds {@code count} (negative to remove) to the publicly known dominoes of a type in a hand. */
        void addKnown(int seat, int type, int count) {
            if (known == from.known) {
                known = known.clone();
            }
            known[seat * OracleDominoes.TYPES + type] += count;
        }

        int known(int seat, int type) {
            return known[seat * OracleDominoes.TYPES + type];
        }

        /** Sets the chips a seat holds. */
        void chips(int seat, int count) {
            if (chips == from.chips) {
                chips = chips.clone();
            }
            chips[seat] = count;
        }

        int chips(int seat) {
            return chips[seat];
        }

        void layout(int seat, OracleLayout layout) {
            if (layouts == from.layouts) {
                layouts = layouts.clone();
            }
            layouts[seat] = layout;
        }

        void stop(int seat) {
            stopped |= 1 << seat;
        }

        int stoppedMask() {
            return stopped;
        }

        /** The finished state; the successor must not be used afterwards. */
        OracleState build(Phase phase, int actor, int turnSeat, int start) {
            return new OracleState(from.players, phase, actor, turnSeat, start, market, pile, pileSize, hands,
                    handSizes, known, chips, layouts, stopped);
        }
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
        return columnScore(seat) + levelScore(seat) - chips[seat];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OracleState s && players == s.players && phase == s.phase && actor == s.actor
                && turnSeat == s.turnSeat && start == s.start && stopped == s.stopped
                && Arrays.equals(market, s.market) && Arrays.equals(pile, s.pile) && Arrays.equals(hands, s.hands)
                && Arrays.equals(known, s.known) && Arrays.equals(chips, s.chips)
                && Arrays.equals(layouts, s.layouts);
    }

    @Override
    public int hashCode() {
        int h = Arrays.hashCode(market);
        h = h * 31 + Arrays.hashCode(pile);
        h = h * 31 + Arrays.hashCode(hands);
        h = h * 31 + Arrays.hashCode(known);
        h = h * 31 + Arrays.hashCode(chips);
        h = h * 31 + Arrays.hashCode(layouts);
        return h * 31 + ((phase.ordinal() * 7 + actor) * 7 + turnSeat) * 7 + start + stopped * 131;
    }

    @Override
    public String toString() {
        return "EuronimoesState[" + phase + ", actor " + actor + ", pile " + pileSize + ", market " + marketSize() + "]";
    }
}
