package org.pyramidarena.arena.balance;

import java.util.List;
import java.util.Map;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.Answer;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DecisionClock;
import org.pyramidarena.arena.tournament.ContestantFactory;

/**
 * The contestants of one match of a study: the runner's own, each passed through a seat that tells
 * the match's {@link DecisionCollector} how many legal moves the referee hands it, then asks the
 * real contestant. Everything else goes straight through.
 */
final class CountingContestants implements ContestantFactory {

    private final ContestantFactory contestants;
    private final DecisionCollector collector;

    CountingContestants(ContestantFactory contestants, DecisionCollector collector) {
        this.contestants = contestants;
        this.collector = collector;
    }

    @Override
    public boolean plays(String bot, Game game) {
        return contestants.plays(bot, game);
    }

    @Override
    public Contestant create(String bot, String label) {
        return seat(contestants.create(bot, label), collector);
    }

    /** A seat that tells a collector the legal moves it is handed, then asks the contestant. */
    static Contestant seat(Contestant contestant, DecisionCollector collector) {
        return new Seat(contestant, collector);
    }

    @Override
    public String name(String bot) {
        return contestants.name(bot);
    }

    @Override
    public Map<String, Object> options(String bot) {
        return contestants.options(bot);
    }

    @Override
    public String jarSha256(String bot) {
        return contestants.jarSha256(bot);
    }

    /** The runner's contestants are the runner's to close. */
    @Override
    public void close() {
    }

    private record Seat(Contestant contestant, DecisionCollector collector) implements Contestant {

        @Override
        public String name() {
            return contestant.name();
        }

        @Override
        public void startMatch(MatchContext context) {
            contestant.startMatch(context);
        }

        @Override
        public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis) {
            collector.offered(legalMoves.size());
            return contestant.chooseMove(view, legalMoves, clock, wallLimitMillis);
        }

        /** As the seat's own contestant: a built-in bot keeps its one clock read a decision. */
        @Override
        public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis,
                                 DecisionClock decisions) {
            collector.offered(legalMoves.size());
            return contestant.chooseMove(view, legalMoves, clock, wallLimitMillis, decisions);
        }

        /** As the seat's own contestant: a random bot is still handed no view. */
        @Override
        public boolean readsView() {
            return contestant.readsView();
        }

        @Override
        public void event(Event event) {
            contestant.event(event);
        }

        @Override
        public boolean hearsEvents() {
            return contestant.hearsEvents();
        }

        @Override
        public void endMatch(Outcome outcome) {
            contestant.endMatch(outcome);
        }

        @Override
        public void close() {
            contestant.close();
        }
    }
}
