package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * Hands out indices and groups in schedule order, so a match's seeds follow from where it stands
 * in the schedule and nothing else.
 */
final class ScheduleBuilder {

    private final MasterSeed masterSeed;
    private final List<MatchSpec> matches = new ArrayList<>();
    private int nextIndex;
    private int nextGroup;

    ScheduleBuilder(MasterSeed masterSeed, int firstIndex, int firstGroup) {
        this.masterSeed = masterSeed;
        this.nextIndex = firstIndex;
        this.nextGroup = firstGroup;
    }

    /** Adds one paired-deal group: a match for each rotation of the table, all on one deal. */
    void table(int round, GameEntry game, List<String> table) {
        int group = nextGroup++;
        for (List<String> seating : Tables.rotations(table)) {
            matches.add(MatchSpec.match(masterSeed, round, nextIndex++, group, game, seating));
        }
    }

    /** Adds a bye, which takes a place and a group of its own. */
    void bye(int round, String bot) {
        matches.add(MatchSpec.bye(masterSeed, round, nextIndex++, nextGroup++, bot));
    }

    List<MatchSpec> matches() {
        return List.copyOf(matches);
    }
}
