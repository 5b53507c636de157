package org.pyramidarena.games.euronimoes;

import java.util.Arrays;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.State;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/**
 * Builds named Euronimoes positions for tests. Layouts are laid one placement at a time, each checked
 * legal by the rules as if its seat held that domino, so a test position is always a reachable
 * layout; whatever no hand, market slot or layout holds is in the bone pile.
 */
final class Position {

    private final int players;
    private final EuronimoesRules rules;
    private Phase phase = Phase.PLAY;
    private int actor = 0;
    private int start = 0;
    private final int[] market = {-1, -1, -1, -1, -1};
    private final int[] hands;
    private final int[] known;
    private final int[] chips;
    private final Layout[] layouts;
    private int stopped;

    Position(int players) {
        this.players = players;
        this.rules = rules(players);
        hands = new int[players * Dominoes.TYPES];
        known = new int[players * Dominoes.TYPES];
        chips = new int[players];
        Arrays.fill(chips, 2);
        layouts = new Layout[players];
        Arrays.fill(layouts, Layout.EMPTY);
    }

    static EuronimoesRules rules(int players) {
        return (EuronimoesRules) new Euronimoes().rules(new GameSetup(players, "standard"));
    }

    /**
     * The state after applying space-separated notations in order from the initial state, chance
     * reveals included (unlike {@code RandomPlay.after}, nothing is sampled).
     */
    static EuronimoesState after(EuronimoesRules rules, String moves) {
        EuronimoesState state = rules.initialState();
        for (String notation : moves.trim().isEmpty() ? new String[0] : moves.trim().split("\\s+")) {
            state = rules.apply(state, rules.parseMove(notation));
        }
        return state;
    }

    static int type(String name) {
        return EuronimoesMove.parse(name).type();
    }

    /** The market, slot by slot from the one costing -1; {@code "-"} for an empty slot. */
    Position market(String... slots) {
        for (int slot = 0; slot < slots.length; slot++) {
            market[slot] = slots[slot].equals("-") ? -1 : type(slots[slot]);
        }
        return this;
    }

    /** Adds dominoes (space-separated names such as {@code "2-5 6-6"}) to a seat's hidden hand. */
    Position hand(int seat, String dominoes) {
        for (String name : dominoes.trim().split("\\s+")) {
            if (!name.isEmpty()) {
                hands[seat * Dominoes.TYPES + type(name)]++;
            }
        }
        return this;
    }

    Position chips(int seat, int count) {
        chips[seat] = count;
        return this;
    }

    /** Lays placements (space-separated notations) in a seat's layout, each checked legal first. */
    Position layout(int seat, String placements) {
        for (String notation : placements.trim().split("\\s+")) {
            EuronimoesMove placement = EuronimoesMove.parse(notation);
            int[] onlyThis = new int[players * Dominoes.TYPES];
            onlyThis[seat * Dominoes.TYPES + placement.type()] = 1;
            EuronimoesState probe = new EuronimoesState(players, Phase.PLAY, seat, seat, 0, market.clone(),
                    new int[Dominoes.TYPES], onlyThis, new int[players * Dominoes.TYPES], chips.clone(),
                    layouts.clone(), 0);
            Legality verdict = rules.check(probe, placement);
            if (!verdict.isLegal()) {
                throw new AssertionError(notation + " is illegal: " + verdict.message());
            }
            layouts[seat] = layouts[seat].with(placement);
        }
        return this;
    }

    /** Whose decision it is and which one: the seat's obtain or play step, or the game is over. */
    Position turn(int seat, Phase phase) {
        this.actor = seat;
        this.phase = phase;
        return this;
    }

    Position start(int seat) {
        this.start = seat;
        return this;
    }

    Position stopped(int seat) {
        stopped |= 1 << seat;
        return this;
    }

    EuronimoesState build() {
        int[] pile = new int[Dominoes.TYPES];
        Arrays.fill(pile, EuronimoesState.sets(players));
        for (int type : market) {
            if (type >= 0) {
                pile[type]--;
            }
        }
        for (int seat = 0; seat < players; seat++) {
            for (int type = 0; type < Dominoes.TYPES; type++) {
                pile[type] -= hands[seat * Dominoes.TYPES + type];
            }
            for (EuronimoesMove placement : layouts[seat].placements()) {
                pile[placement.type()]--;
            }
        }
        for (int type = 0; type < Dominoes.TYPES; type++) {
            if (pile[type] < 0) {
                throw new AssertionError("more " + Dominoes.name(type) + " than the sets hold");
            }
        }
        boolean over = phase == Phase.OVER;
        return new EuronimoesState(players, phase, over ? State.NONE : actor, actor, start, market.clone(), pile,
                hands.clone(), known.clone(), chips.clone(), layouts.clone(), stopped);
    }
}
