package org.pyramidarena.arena.balance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * Plays cells of {@link SixtyFortyGame} with the referee and the study's listener, two seatings on
 * each deal as a balance study plays them, and makes their metrics as a study does.
 */
final class SixtyFortyCells {

    private SixtyFortyCells() {
    }

    /** Each game's features, the games played in deal groups of two. */
    static CellObserver play(GameSetup setup, int games, MasterSeed seed) {
        Rules<?, ?> rules = new SixtyFortyGame().rules(setup);
        String variant = setup.variantNotation();
        CellObserver observer = new CellObserver(games);
        for (int index = 0; index < games; index++) {
            int group = index / 2;
            MatchSpec spec = new MatchSpec(1, index, SixtyFortyGame.ID, variant, List.of("first", "first"), group,
                    MatchSpec.dealSeed(seed, group), MatchSpec.matchSeed(seed, index), false);
            MatchListener listener = observer.listener(spec, rules);
            List<Contestant> seats = List.of(new DirectContestant(FIRST_MOVE), new DirectContestant(FIRST_MOVE));
            MatchResult result = MatchRunner.run(rules, seats, new MatchSettings(spec.matchSeed(), spec.dealSeed(),
                    TimeControl.DEFAULT, MatchSettings.DEFAULT_ACTION_LIMIT), listener);
            List<SeatResult> seatResults = new ArrayList<>();
            for (int seat = 0; seat < 2; seat++) {
                seatResults.add(new SeatResult("first", result.outcome().rank(seat), result.outcome().score(seat),
                        result.seatTerminations().get(seat), 0));
            }
            observer.played(spec, listener, new MatchRecord("study", 1, index, SixtyFortyGame.ID, variant,
                    seatResults, result.termination(), result.moves(), spec.matchSeed()));
        }
        return observer;
    }

    /** A study's cell of a setup: its games played and bootstrapped in blocks of two, as a study does. */
    static StudyResult.Cell cell(Setup setup, int games, int samples, MasterSeed seed) {
        CellObserver observer = play(setup.gameSetup(), games, seed);
        Metrics.Result metrics = Metrics.compute(observer.features(), 2, observer.measures(), 2, samples,
                Metrics.seed(seed, 2));
        return new StudyResult.Cell(setup, "first", Path.of("unused"), null, observer.measures(), metrics);
    }

    /** Plays the first legal move. */
    static final Bot FIRST_MOVE = new Bot() {
        @Override
        public String name() {
            return "first";
        }

        @Override
        public boolean plays(Game game) {
            return true;
        }

        @Override
        public Player newPlayer(MatchContext context) {
            return (view, legal, clock) -> legal.get(0);
        }
    };
}
