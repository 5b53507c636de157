package org.pyramidarena.tournaments.pairing;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.Function;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * A fixed schedule whose games are not all played by every bot (a bot that plays only some games,
 * say): the games are grouped by the bots that play them, each group is scheduled by its own
 * strategy over those bots, and the groups follow one another in the order their first game was
 * listed. Match indices and deal groups run on across the groups, and every match's seeds are
 * derived again from the master seed and its place in the whole schedule, so a schedule whose games
 * all have the same bots is exactly the inner strategy's.
 */
public final class PerGameEntrants implements FixedSchedule {

    private final String name;
    private final Map<GameEntry, List<String>> botsByGame;
    private final Function<List<String>, FixedSchedule> strategyFor;

    /**
     * @param name the format's name, as the inner strategy's
     * @param botsByGame the bots that play each game of the setup, in seeding order, at least two each
     * @param strategyFor the schedule of a group of games, given the group's bots
     */
    public PerGameEntrants(String name, Map<GameEntry, List<String>> botsByGame,
                           Function<List<String>, FixedSchedule> strategyFor) {
        this.name = Objects.requireNonNull(name, "name");
        this.botsByGame = Map.copyOf(botsByGame);
        this.strategyFor = Objects.requireNonNull(strategyFor, "strategyFor");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<MatchSpec> schedule(PairingSetup setup) {
        Map<List<String>, List<GameEntry>> groups = new LinkedHashMap<>();
        for (GameEntry game : setup.games()) {
            List<String> bots = botsByGame.get(game);
            if (bots == null) {
                throw new IllegalArgumentException("no bots are given for " + game);
            }
            groups.computeIfAbsent(List.copyOf(bots), k -> new ArrayList<>()).add(game);
        }
        List<List<MatchSpec>> parts = new ArrayList<>();
        int[] groupOffsets = new int[groups.size()];
        int groupOffset = 0;
        for (Map.Entry<List<String>, List<GameEntry>> group : groups.entrySet()) {
            List<MatchSpec> part = strategyFor.apply(group.getKey())
                    .schedule(new PairingSetup(group.getKey(), group.getValue(), setup.masterSeed()));
            groupOffsets[parts.size()] = groupOffset;
            parts.add(part);
            int groupsInPart = 0;
            for (MatchSpec match : part) {
                groupsInPart = Math.max(groupsInPart, match.group() + 1);
            }
            groupOffset += groupsInPart;
        }
        return parts.size() == 1 ? parts.get(0) : new Joined(setup.masterSeed(), parts, groupOffsets);
    }

    /**
     * The parts one after another, made match by match when asked for (a long schedule is never
     * held whole): indices run on across the parts, groups are shifted past the earlier parts'
     * groups, and seeds are derived again from the master seed and the new index and group. A
     * single part needs no shift: its indices and groups start at 0 and its seeds are already these.
     */
    private static final class Joined extends AbstractList<MatchSpec> implements RandomAccess {
        private final MasterSeed masterSeed;
        private final List<List<MatchSpec>> parts;
        private final int[] starts;
        private final int[] groupOffsets;
        private final int size;

        Joined(MasterSeed masterSeed, List<List<MatchSpec>> parts, int[] groupOffsets) {
            this.masterSeed = masterSeed;
            this.parts = List.copyOf(parts);
            this.groupOffsets = groupOffsets;
            this.starts = new int[parts.size()];
            long total = 0;
            for (int p = 0; p < parts.size(); p++) {
                starts[p] = (int) total;
                total += parts.get(p).size();
            }
            if (total > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("a schedule of " + total + " matches is too long");
            }
            this.size = (int) total;
        }

        @Override
        public MatchSpec get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            int p = parts.size() - 1;
            while (starts[p] > index) {
                p--;
            }
            MatchSpec match = parts.get(p).get(index - starts[p]);
            int dealGroup = groupOffsets[p] + match.group();
            return new MatchSpec(match.round(), index, match.game(), match.variant(), match.bots(), dealGroup,
                    MatchSpec.dealSeed(masterSeed, dealGroup), MatchSpec.matchSeed(masterSeed, index), match.bye());
        }

        @Override
        public int size() {
            return size;
        }
    }
}
