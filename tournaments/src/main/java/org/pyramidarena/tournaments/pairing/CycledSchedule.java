package org.pyramidarena.tournaments.pairing;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * A schedule that repeats one cycle of matches {@code cycles} times, each repetition on new deals,
 * without holding more than the first cycle: match {@code i} is made when asked for, from its place
 * in the cycle, and equals the match a builder adding every cycle in turn would have made (rounds,
 * indices and paired-deal groups run on from cycle to cycle; seeds come from the master seed and the
 * match's index and group). A million-match round-robin so costs the memory of one cycle.
 */
final class CycledSchedule extends AbstractList<MatchSpec> implements RandomAccess {

    private final MasterSeed masterSeed;
    private final List<MatchSpec> cycle;
    private final int cycles;
    private final int roundsPerCycle;
    private final int groupsPerCycle;
    /**
     * The deal seed last derived, with its group: a group's matches (its seat orders) come one after
     * another, so the next match asked for usually shares it, and each derivation is a keyed hash.
     */
    private volatile GroupSeed lastDeal;

    private record GroupSeed(int group, long seed) {
    }

    /**
     * @param masterSeed the master seed the cycle's seeds were derived from
     * @param cycle the first cycle, indices and groups from 0, rounds from 1
     * @param cycles the number of cycles, at least 1
     * @param roundsPerCycle the rounds one cycle takes
     */
    CycledSchedule(MasterSeed masterSeed, List<MatchSpec> cycle, int cycles, int roundsPerCycle) {
        this.masterSeed = masterSeed;
        this.cycle = List.copyOf(cycle);
        this.cycles = cycles;
        this.roundsPerCycle = roundsPerCycle;
        int groups = 0;
        for (MatchSpec match : this.cycle) {
            groups = Math.max(groups, match.group() + 1);
        }
        this.groupsPerCycle = groups;
        if ((long) this.cycle.size() * cycles > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a schedule of " + this.cycle.size() + " matches times " + cycles
                    + " cycles has too many matches");
        }
    }

    @Override
    public MatchSpec get(int index) {
        if (index < 0 || index >= size()) {
            throw new IndexOutOfBoundsException(index);
        }
        int repetition = index / cycle.size();
        MatchSpec template = cycle.get(index % cycle.size());
        if (repetition == 0) {
            return template;
        }
        int group = template.group() + repetition * groupsPerCycle;
        GroupSeed deal = lastDeal;
        if (deal == null || deal.group() != group) {
            deal = new GroupSeed(group, MatchSpec.dealSeed(masterSeed, group));
            lastDeal = deal;
        }
        return new MatchSpec(template.round() + repetition * roundsPerCycle, index, template.game(),
                template.variant(), template.bots(), group, deal.seed(), MatchSpec.matchSeed(masterSeed, index),
                template.bye());
    }

    @Override
    public int size() {
        return cycle.size() * cycles;
    }
}
