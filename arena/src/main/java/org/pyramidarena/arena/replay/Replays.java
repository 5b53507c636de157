package org.pyramidarena.arena.replay;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.ArenaVersion;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.Opening;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/** Builds replays from played matches. */
public final class Replays {

    private Replays() {
    }

    /**
     * The replay of a played match.
     *
     * @param rules the rules it was played under
     * @param bots the bot names by seat
     * @param jarSha256 the SHA-256 of each seat's bot JAR, by seat (entries may be null)
     * @param masterSeed the master seed the match's seeds derive from
     * @param settings the match's seeds and clock
     * @param result what the match produced
     * @param sandbox what bot processes ran in: {@code bwrap} or {@code none}
     * @param cage what backed the sandbox's limits ({@code Sandbox#cage}); null without a sandbox
     */
    public static Replay of(Rules<?, ?> rules, List<String> bots, List<String> jarSha256, MasterSeed masterSeed,
                            MatchSettings settings, MatchResult result, String sandbox, String cage) {
        return of(rules, bots, jarSha256, Collections.nCopies(bots.size(), Map.of()), masterSeed, settings, result,
                sandbox, cage);
    }

    /**
     * The replay of a played match whose bots were given options.
     *
     * @param options the options each seat's bot was given, by seat (empty maps for none)
     * @see #of(Rules, List, List, MasterSeed, MatchSettings, MatchResult, String, String)
     */
    public static Replay of(Rules<?, ?> rules, List<String> bots, List<String> jarSha256,
                            List<Map<String, Object>> options, MasterSeed masterSeed, MatchSettings settings,
                            MatchResult result, String sandbox, String cage) {
        List<Replay.Seat> seats = new ArrayList<>();
        for (int seat = 0; seat < bots.size(); seat++) {
            Map<String, Object> given = options.get(seat);
            seats.add(new Replay.Seat(seat, bots.get(seat), jarSha256.get(seat), given.isEmpty() ? null : given));
        }
        List<Replay.Action> actions = new ArrayList<>(result.actions().size());
        int openingActions = 0;
        for (ActionRecord action : result.actions()) {
            actions.add(new Replay.Action(action.actor(), action.notation(), action.micros(),
                    action.cpuMicros() < 0 ? null : action.cpuMicros(), action.fallback(), action.info(),
                    action.stderr()));
            openingActions += action.opening() ? 1 : 0;
        }
        Opening opening = settings.opening();
        return new Replay(Replay.FORMAT, ArenaVersion.version(), rules.game().id(), rules.setup().variantNotation(),
                rules.setup().players(), seats, masterSeed.text(), settings.matchSeed(), settings.dealSeed(),
                settings.timeControl(), sandbox, cage, actions, result.termination().label(), result.faultDetail(),
                result.seatTerminations().stream().map(TerminationReason::label).toList(),
                new Replay.Result(result.outcome().ranks(), result.outcome().scores()),
                opening.isNone() ? null : new Replay.Opening(opening.line(), opening.randomPlies(), openingActions),
                result.faultStderr());
    }
}
