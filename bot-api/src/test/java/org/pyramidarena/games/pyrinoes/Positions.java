package org.pyramidarena.games.pyrinoes;

import java.util.List;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Draft;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Phase;

/** Hand-made Pyrinoes positions and explicit replays for the tests. */
final class Positions {

    private Positions() {
    }

    static PyrinoesRules rules() {
        return rules("standard");
    }

    static PyrinoesRules rules(String variant) {
        return (PyrinoesRules) new Pyrinoes().rules(new GameSetup(2, variant));
    }

    /** Applies actions, chance outcomes included, written in notation and separated by spaces. */
    static PyrinoesState replay(PyrinoesRules rules, PyrinoesState state, String actions) {
        for (String notation : actions.trim().split("\\s+")) {
            if (!notation.isEmpty()) {
                state = rules.apply(state, rules.parseMove(notation));
            }
        }
        return state;
    }

    /** The deal actions giving fire, then ice, nine dominoes each and then the start of the line. */
    static String deal(String fire, String ice, String start) {
        StringBuilder out = new StringBuilder();
        for (String domino : (fire + " " + ice + " " + start).trim().split("\\s+")) {
            out.append("deal:").append(domino).append(' ');
        }
        return out.toString();
    }

    static int dominoes(String names) {
        int mask = 0;
        for (String name : names.trim().split("\\s+")) {
            if (!name.isEmpty()) {
                mask |= 1 << Pieces.parseDomino(name);
            }
        }
        return mask;
    }

    static int type(String name) {
        int type = Pieces.parseType(name);
        if (type < 0) {
            throw new IllegalArgumentException(name);
        }
        return type;
    }

    /**
     * A position in the middle of a round, built piece by piece: by default round 1, fire started
     * and is to move, full supplies, empty hands, and every domino not in a hand or the line in the
     * boneyard.
     */
    static final class Position {
        private final Draft d = new Draft();
        private Integer boneyard;

        Position() {
            d.phase = Phase.PLAY;
            d.round = 1;
            d.starter = 0;
            d.mover = 0;
            d.pick0 = -1;
            d.pick1 = -1;
            d.rounds = List.of();
            d.resetRound();
        }

        Position mover(int seat) {
            d.mover = seat;
            return this;
        }

        Position starter(int seat) {
            d.starter = seat;
            return this;
        }

        Position round(int round) {
            d.round = round;
            return this;
        }

        Position hand(int seat, String dominoes) {
            d.setHand(seat, dominoes(dominoes));
            return this;
        }

        /** The line, left to right, pieces written as they lie (2-5 5-3 RS.YM). */
        Position line(String entries) {
            String[] names = entries.trim().split("\\s+");
            int[] line = new int[names.length];
            for (int i = 0; i < names.length; i++) {
                line[i] = PyrinoesView.parseEntry(names[i]);
            }
            d.line = line;
            d.leftEnd = PyrinoesState.leftOf(line[0]);
            d.rightEnd = PyrinoesState.rightOf(line[line.length - 1]);
            return this;
        }

        Position boneyard(String dominoes) {
            boneyard = dominoes(dominoes);
            return this;
        }

        /** Sets how many small, medium and large pyramids of a colour the supplies hold. */
        Position supply(int colour, int small, int medium, int large) {
            long pyramids = d.pyramids;
            int[] counts = {small, medium, large};
            for (int size = 1; size <= 3; size++) {
                int shift = 3 * Pieces.field(colour, size);
                pyramids = pyramids & ~(7L << shift) | (long) counts[size - 1] << shift;
            }
            d.pyramids = pyramids;
            return this;
        }

        /** Empties both of a seat's colours from the supply. */
        Position noSupply(int seat) {
            for (int colour : Pieces.SEAT_COLOURS[seat]) {
                supply(colour, 0, 0, 0);
            }
            return this;
        }

        /** Gives a seat built pyrinoes without taking their pyramids from the supply. */
        Position pyrinoes(int seat, String types) {
            d.setPyrinoes(seat, java.util.Arrays.stream(types.trim().split("\\s+")).filter(s -> !s.isEmpty())
                    .mapToInt(Positions::type).sorted().toArray());
            return this;
        }

        Position greensPlayed(int fire, int ice) {
            d.greens0 = fire;
            d.greens1 = ice;
            return this;
        }

        Position scores(int fire, int ice) {
            d.score0 = fire;
            d.score1 = ice;
            return this;
        }

        Position lastPassed() {
            d.lastPassed = true;
            return this;
        }

        PyrinoesState state() {
            int line = 0;
            for (int entry : d.line) {
                if ((entry & PyrinoesState.PIECE) < Pieces.DOMINOES) {
                    line |= 1 << (entry & PyrinoesState.PIECE);
                }
            }
            d.boneyard = boneyard != null ? boneyard : Pieces.ALL_DOMINOES & ~d.hand0 & ~d.hand1 & ~line;
            return d.freeze();
        }
    }
}
