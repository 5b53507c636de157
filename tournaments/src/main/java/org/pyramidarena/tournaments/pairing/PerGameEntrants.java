package org.pyramidarena.tournaments.pairing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

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
        List<MatchSpec> schedule = new ArrayList<>();
        int groupOffset = 0;
        for (Map.Entry<List<String>, List<GameEntry>> group : groups.entrySet()) {
            List<MatchSpec> part = strategyFor.apply(group.getKey())
                    .schedule(new PairingSetup(group.getKey(), group.getValue(), setup.masterSeed()));
            int nextGroup = groupOffset;
            for (MatchSpec match : part) {
                int index = schedule.size();
                int dealGroup = groupOffset + match.group();
                schedule.add(new MatchSpec(match.round(), index, match.game(), match.variant(), match.bots(),
                        dealGroup, MatchSpec.dealSeed(setup.masterSeed(), dealGroup),
                        MatchSpec.matchSeed(setup.masterSeed(), index), match.bye()));
                nextGroup = Math.max(nextGroup, dealGroup + 1);
            }
            groupOffset = nextGroup;
        }
        return schedule;
    }
}
