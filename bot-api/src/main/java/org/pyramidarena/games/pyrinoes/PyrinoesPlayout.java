package org.pyramidarena.games.pyrinoes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Draft;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Phase;

/**
 * The scratch position of one {@link PyrinoesRules#randomPlayout}: a match as mutable fields, the
 * line in a buffer growing at both ends, each seat's built pyrinoes in a sorted buffer, so that an
 * action allocates nothing (a finished round makes its {@link PyrinoesRound}). The k-th legal move is
 * found in {@link PyrinoesRules#legalMoves}'s order without listing the others, and a chance outcome
 * is sampled from the pool's bit mask exactly as {@code Chance.sample} walks the listed outcomes (the
 * same cumulative sum of the same probabilities). A state is made only when asked for; it shares
 * the arrays of the previous one made while they have not changed.
 */
final class PyrinoesPlayout {

    private static final int HAND_SIZE = PyrinoesRules.HAND_SIZE;

    private final int target;

    private Phase phase;
    private int round;
    private int starter;
    private int mover;
    private int pick0;
    private int pick1;
    private int hand0;
    private int hand1;
    private int boneyard;
    private long pyramids;
    private int leftEnd;
    private int rightEnd;
    private boolean lastPassed;
    private int greens0;
    private int greens1;
    private int score0;
    private int score1;

    /** The line is {@code line[head..tail)}. */
    private int[] line = new int[128];
    private int head;
    private int tail;
    /** Each seat's built pyrinoes, sorted: {@code pyrinoes[seat][0..built[seat])}. */
    private final int[][] pyrinoes = {new int[16], new int[16]};
    private final int[] built = new int[2];
    private List<PyrinoesRound> rounds;
    /** The rounds finished in this playout, not yet in {@link #rounds}; null when none. */
    private List<PyrinoesRound> newRounds;

    /**
     * By seat, the supply its builds were last worked out for (-1: none) and what they were: the
     * forms of its first colour (9 bits), of its second, the green sizes (bit size) from bit 18 on.
     */
    private final long[] formsSupply = {-1, -1};
    private final int[] forms = new int[2];

    // The arrays of the last state made, kept while unchanged; null once changed.
    private int[] lineSnapshot;
    private final int[][] pyrinoesSnapshots = new int[2][];

    PyrinoesPlayout(int target) {
        this.target = target;
    }

    /** The playout of {@link PyrinoesRules#randomPlayout}'s contract from {@code start}. */
    PyrinoesState play(PyrinoesState start, RandomGenerator rng, int maxActions,
                       Predicate<? super PyrinoesState> stop) {
        load(start);
        PyrinoesState current = start;
        if (stop instanceof PyrinoesRules.RoundOver over) {
            // The same stop, read from the playout's own round instead of a position made per action.
            for (int actions = 0; phase != Phase.OVER && actions < maxActions; actions++) {
                if (round != over.round()) {
                    return current != null ? current : freeze();
                }
                current = null;
                step(rng);
            }
            return current != null ? current : freeze();
        }
        for (int actions = 0; phase != Phase.OVER && actions < maxActions; actions++) {
            if (stop != null) {
                if (current == null) {
                    current = freeze();
                }
                if (stop.test(current)) {
                    return current;
                }
            }
            current = null;
            step(rng);
        }
        return current != null ? current : freeze();
    }

    private void load(PyrinoesState s) {
        phase = s.phase;
        round = s.round;
        starter = s.starter;
        mover = s.mover;
        pick0 = s.pick0;
        pick1 = s.pick1;
        hand0 = s.hand0;
        hand1 = s.hand1;
        boneyard = s.boneyard;
        pyramids = s.pyramids;
        leftEnd = s.leftEnd;
        rightEnd = s.rightEnd;
        lastPassed = s.lastPassed;
        greens0 = s.greens0;
        greens1 = s.greens1;
        score0 = s.score0;
        score1 = s.score1;
        rounds = s.rounds;
        newRounds = null;
        int length = s.line.length;
        if (line.length < 2 * length + 64) {
            line = new int[2 * length + 64];
        }
        head = (line.length - length) / 2;
        tail = head + length;
        System.arraycopy(s.line, 0, line, head, length);
        lineSnapshot = s.line;
        for (int seat = 0; seat < 2; seat++) {
            int[] types = s.pyrinoes(seat);
            if (pyrinoes[seat].length < types.length) {
                pyrinoes[seat] = Arrays.copyOf(types, 2 * types.length);
            } else {
                System.arraycopy(types, 0, pyrinoes[seat], 0, types.length);
            }
            built[seat] = types.length;
            pyrinoesSnapshots[seat] = types;
        }
    }

    /** The state the scratch position is in. */
    private PyrinoesState freeze() {
        Draft d = new Draft();
        d.phase = phase;
        d.round = round;
        d.starter = starter;
        d.mover = mover;
        d.pick0 = pick0;
        d.pick1 = pick1;
        d.hand0 = hand0;
        d.hand1 = hand1;
        d.boneyard = boneyard;
        d.pyramids = pyramids;
        d.leftEnd = leftEnd;
        d.rightEnd = rightEnd;
        d.lastPassed = lastPassed;
        d.greens0 = greens0;
        d.greens1 = greens1;
        d.score0 = score0;
        d.score1 = score1;
        if (lineSnapshot == null) {
            lineSnapshot = head == tail ? PyrinoesState.EMPTY : Arrays.copyOfRange(line, head, tail);
        }
        d.line = lineSnapshot;
        for (int seat = 0; seat < 2; seat++) {
            if (pyrinoesSnapshots[seat] == null) {
                pyrinoesSnapshots[seat] = built[seat] == 0 ? PyrinoesState.EMPTY
                        : Arrays.copyOf(pyrinoes[seat], built[seat]);
            }
        }
        d.pyrinoes0 = pyrinoesSnapshots[0];
        d.pyrinoes1 = pyrinoesSnapshots[1];
        if (newRounds != null) {
            List<PyrinoesRound> all = new ArrayList<>(rounds.size() + newRounds.size());
            all.addAll(rounds);
            all.addAll(newRounds);
            rounds = List.copyOf(all);
            newRounds = null;
        }
        d.rounds = rounds;
        return d.freeze();
    }

    /** One action: a chance outcome sampled or a legal move drawn, and applied. */
    private void step(RandomGenerator rng) {
        switch (phase) {
            case WEIGHT_DRAW -> {
                boolean second = pick0 >= 0 && pick1 < 0;
                int domino = sample(second ? Pieces.ALL_DOMINOES & ~(1 << pick0) : Pieces.ALL_DOMINOES, rng);
                if (!second) {
                    pick0 = domino;
                    pick1 = -1;
                } else {
                    pick1 = domino;
                    int fire = Pieces.weight(pick0);
                    int ice = Pieces.weight(domino);
                    if (fire != ice) {
                        starter = fire > ice ? 0 : 1;
                        phase = Phase.DEAL;
                    }
                }
            }
            case DEAL -> {
                int domino = sample(boneyard, rng);
                int dealt = Integer.bitCount(hand0) + Integer.bitCount(hand1) + (tail - head);
                boneyard &= ~(1 << domino);
                if (dealt < HAND_SIZE) {
                    hand0 |= 1 << domino;
                } else if (dealt < 2 * HAND_SIZE) {
                    hand1 |= 1 << domino;
                } else {
                    line[tail++] = domino;
                    lineSnapshot = null;
                    leftEnd = Pieces.LOW[domino];
                    rightEnd = Pieces.HIGH[domino];
                    phase = Phase.PLAY;
                    mover = starter;
                }
            }
            case DRAW -> {
                int domino = sample(boneyard, rng);
                if (mover == 0) {
                    hand0 |= 1 << domino;
                } else {
                    hand1 |= 1 << domino;
                }
                boneyard &= ~(1 << domino);
                phase = Phase.PLAY;
                endTurn(mover, false);
            }
            case PLAY -> turn(rng);
            default -> throw new IllegalStateException("the match is over");
        }
    }

    /**
     * The cumulative sums {@code Chance.sample} forms over the outcomes of a pool of {@code size}
     * dominoes, each of probability {@code 1.0 / size}: entry {@code i} is the sum after {@code i + 1}
     * additions, made by the same additions in the same order, so the same doubles.
     */
    private static final double[][] CUMULATIVE = new double[Pieces.DOMINOES + 1][];

    static {
        for (int size = 1; size <= Pieces.DOMINOES; size++) {
            double probability = 1.0 / size;
            double cumulative = 0;
            CUMULATIVE[size] = new double[size];
            for (int i = 0; i < size; i++) {
                cumulative += probability;
                CUMULATIVE[size][i] = cumulative;
            }
        }
    }

    /**
     * The domino {@code Chance.sample} draws from the outcomes of a pool, in domino order: the first
     * whose cumulative sum exceeds the draw (the last when none does), found in the table of sums.
     */
    private static int sample(int pool, RandomGenerator rng) {
        double u = rng.nextDouble();
        int size = Integer.bitCount(pool);
        double[] sums = CUMULATIVE[size];
        // The sums never decrease: the first above u is found by its index's estimate, then stepped.
        int index = Math.min(size - 1, (int) (u * size));
        while (index > 0 && u < sums[index - 1]) {
            index--;
        }
        while (index < size - 1 && !(u < sums[index])) {
            index++;
        }
        return select(pool, index);
    }

    /** A seat's turn: the k-th legal move, in the order of the list, applied. */
    private void turn(RandomGenerator rng) {
        int seat = mover;
        int left = leftEnd;
        int right = rightEnd;
        int hand = seat == 0 ? hand0 : hand1;
        int onLeft = hand & Pieces.SHOWING[left];
        int onRight = hand & Pieces.SHOWING[right];
        int dominoPlays = Integer.bitCount(onLeft) + Integer.bitCount(onRight);
        int[] types = pyrinoes[seat];
        int count = built[seat];
        int pyrinoPlays = 0;
        for (int i = 0; i < count; i++) {
            int type = types[i];
            if (i > 0 && types[i - 1] == type) {
                continue;
            }
            pyrinoPlays += matches(type, left) + matches(type, right);
        }
        long supply = pyramids;
        if (formsSupply[seat] != supply) {
            int held = PyrinoesRules.formsHeld(supply, Pieces.SEAT_COLOURS[seat][0])
                    | PyrinoesRules.formsHeld(supply, Pieces.SEAT_COLOURS[seat][1]) << 9;
            for (int green = 1; green <= 3; green++) {
                if (Pieces.holds(supply, PyrinoesRules.GREEN_USE[green])) {
                    held |= 1 << (18 + green);
                }
            }
            formsSupply[seat] = supply;
            forms[seat] = held;
        }
        int first = forms[seat] & 0x1FF;
        int second = forms[seat] >>> 9 & 0x1FF;
        int greens = forms[seat] >>> 18;
        int firsts = Integer.bitCount(first);
        int seconds = Integer.bitCount(second);
        int builds = firsts * seconds + Integer.bitCount(greens) * (firsts + seconds);
        int total = dominoPlays + pyrinoPlays + builds;
        if (total == 0) {
            // Draw, or pass once the boneyard is empty: the one move of its list.
            rng.nextInt(1);
            if (boneyard != 0) {
                phase = Phase.DRAW;
            } else {
                endTurn(seat, true);
            }
            return;
        }
        int k = rng.nextInt(total);
        if (k < dominoPlays) {
            for (int rest = onLeft | onRight; ; rest &= rest - 1) {
                int domino = Integer.numberOfTrailingZeros(rest);
                if ((onLeft >>> domino & 1) != 0 && k-- == 0) {
                    play(seat, domino, Pieces.LOW[domino], Pieces.HIGH[domino], true);
                    return;
                }
                if ((onRight >>> domino & 1) != 0 && k-- == 0) {
                    play(seat, domino, Pieces.LOW[domino], Pieces.HIGH[domino], false);
                    return;
                }
            }
        }
        k -= dominoPlays;
        if (k < pyrinoPlays) {
            for (int i = 0; ; i++) {
                int type = types[i];
                if (i > 0 && types[i - 1] == type) {
                    continue;
                }
                if (matches(type, left) != 0 && k-- == 0) {
                    playPyrino(seat, type, i, true);
                    return;
                }
                if (matches(type, right) != 0 && k-- == 0) {
                    playPyrino(seat, type, i, false);
                    return;
                }
            }
        }
        // The builds in type order, as MoveList reads them.
        int j = k - pyrinoPlays;
        int base = seat * Pieces.TYPES_PER_SEAT;
        int type;
        if (j < firsts * seconds) {
            type = base + 9 * select(first, j / seconds) + select(second, j % seconds);
        } else {
            j -= firsts * seconds;
            int perGreen = firsts + seconds;
            int row = base + 81 + 18 * (select(greens, j / perGreen) - 1);
            int r = j % perGreen;
            type = r < firsts ? row + select(first, r) : row + 9 + select(second, r - firsts);
        }
        pyramids -= Pieces.USE[type];
        insert(seat, type);
        endTurn(seat, false);
    }

    /** 1 when a pyrino type has an end of {@code spots}, else 0. */
    private static int matches(int type, int spots) {
        return Pieces.END_A[type] == spots || Pieces.END_B[type] == spots ? 1 : 0;
    }

    /** The {@code n}th set bit of a mask, from 0. */
    private static int select(int mask, int n) {
        int rest = mask;
        for (int skip = 0; skip < n; skip++) {
            rest &= rest - 1;
        }
        return Integer.numberOfTrailingZeros(rest);
    }

    private void playPyrino(int seat, int type, int at, boolean toLeft) {
        int[] types = pyrinoes[seat];
        System.arraycopy(types, at + 1, types, at, built[seat] - at - 1);
        built[seat]--;
        pyrinoesSnapshots[seat] = null;
        if (seat == 0) {
            greens0 += Pieces.GREEN_PIPS[type];
        } else {
            greens1 += Pieces.GREEN_PIPS[type];
        }
        play(seat, Pieces.DOMINOES + type, Pieces.END_A[type], Pieces.END_B[type], toLeft);
    }

    /** Lays a piece with ends {@code a}, {@code b} at an open end and ends the turn. */
    private void play(int seat, int piece, int a, int b, boolean toLeft) {
        if (piece < Pieces.DOMINOES) {
            if (seat == 0) {
                hand0 &= ~(1 << piece);
            } else {
                hand1 &= ~(1 << piece);
            }
        }
        if (head == 0 || tail == line.length) {
            int length = tail - head;
            int[] wider = new int[2 * line.length];
            int at = (wider.length - length) / 2;
            System.arraycopy(line, head, wider, at, length);
            line = wider;
            head = at;
            tail = at + length;
        }
        if (toLeft) {
            boolean straight = b == leftEnd;
            line[--head] = straight ? piece : piece | PyrinoesState.FLIPPED;
            leftEnd = straight ? a : b;
        } else {
            boolean straight = a == rightEnd;
            line[tail++] = straight ? piece : piece | PyrinoesState.FLIPPED;
            rightEnd = straight ? b : a;
        }
        lineSnapshot = null;
        endTurn(seat, false);
    }

    private void insert(int seat, int type) {
        int[] types = pyrinoes[seat];
        int count = built[seat];
        if (count == types.length) {
            types = Arrays.copyOf(types, 2 * count);
            pyrinoes[seat] = types;
        }
        int at = count;
        while (at > 0 && types[at - 1] > type) {
            at--;
        }
        System.arraycopy(types, at, types, at + 1, count - at);
        types[at] = type;
        built[seat] = count + 1;
        pyrinoesSnapshots[seat] = null;
    }

    /** The end-of-round check after a seat's turn, as {@code PyrinoesRules.endTurn}. */
    private void endTurn(int seat, boolean passed) {
        int bonus = endBonus(seat, passed && lastPassed);
        if (bonus < 0) {
            lastPassed = passed;
            mover = 1 - seat;
            return;
        }
        endRound(seat, bonus);
    }

    /** {@code PyrinoesRules.endBonus} on the scratch position. */
    private int endBonus(int seat, boolean secondPass) {
        long own = pyramids & Pieces.SEAT_FIELDS[seat];
        boolean noDominoes = (seat == 0 ? hand0 : hand1) == 0;
        boolean noPyramids = own == 0 && built[seat] == 0;
        if (noDominoes && noPyramids) {
            return 10;
        }
        if (noPyramids) {
            return 5;
        }
        if (noDominoes) {
            int colours = 0;
            for (int colour : Pieces.SEAT_COLOURS[seat]) {
                if ((own >>> (9 * colour) & 0x1FF) != 0) {
                    colours |= 1 << colour;
                }
            }
            int[] types = pyrinoes[seat];
            for (int i = 0; i < built[seat]; i++) {
                colours |= Pieces.COLOURS[types[i]];
            }
            if (Integer.bitCount(colours) == 1) {
                return 5;
            }
        }
        return secondPass ? 0 : -1;
    }

    /** {@code PyrinoesRules.handTotal} on the scratch position. */
    private int handTotal(int seat) {
        int total = Pieces.pips(pyramids & Pieces.SEAT_FIELDS[seat]);
        for (int rest = seat == 0 ? hand0 : hand1; rest != 0; rest &= rest - 1) {
            total += Pieces.weight(Integer.numberOfTrailingZeros(rest));
        }
        int[] types = pyrinoes[seat];
        for (int i = 0; i < built[seat]; i++) {
            total += Pieces.PIPS[types[i]];
        }
        return total;
    }

    /** Scores the round, then starts the next one or ends the match, as {@code PyrinoesRules.endRound}. */
    private void endRound(int ender, int bonus) {
        int total0 = handTotal(0);
        int total1 = handTotal(1);
        int points0 = Math.max(0, total1 - total0) + greens0 + (ender == 0 ? bonus : 0);
        int points1 = Math.max(0, total0 - total1) + greens1 + (ender == 1 ? bonus : 0);
        score0 += points0;
        score1 += points1;
        if (newRounds == null) {
            newRounds = new ArrayList<>();
        }
        newRounds.add(new PyrinoesRound(round, List.of(total0, total1), ender, bonus, List.of(greens0, greens1),
                List.of(points0, points1)));
        boolean decided = Math.max(score0, score1) >= target && score0 != score1;
        if (decided || round >= PyrinoesRules.ROUND_CAP) {
            phase = Phase.OVER;
            mover = -1;
            return;
        }
        round++;
        starter = 1 - starter;
        phase = Phase.DEAL;
        mover = -1;
        hand0 = 0;
        hand1 = 0;
        boneyard = Pieces.ALL_DOMINOES;
        pyramids = Pieces.FULL_SUPPLY;
        built[0] = 0;
        built[1] = 0;
        pyrinoesSnapshots[0] = null;
        pyrinoesSnapshots[1] = null;
        head = line.length / 2;
        tail = head;
        lineSnapshot = null;
        leftEnd = -1;
        rightEnd = -1;
        lastPassed = false;
        greens0 = 0;
        greens1 = 0;
    }
}
