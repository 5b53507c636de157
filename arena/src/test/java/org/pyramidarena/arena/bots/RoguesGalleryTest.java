package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;



import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.arena.match.TestBots;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * The rogues' gallery with bot processes outside any sandbox ({@code --sandbox none}), and the
 * rogues whose tests hold the match until a bot's unsolicited lines have arrived: a sandbox freezes
 * a bot between its turns, so those lines would arrive only once it is resumed.
 */
class RoguesGalleryTest extends RoguesGallery {

    @Override
    Sandbox sandbox() {
        return Sandbox.none();
    }

    @Override
    String sandboxOption() {
        return "none";
    }

    @Override
    String memoryOption() {
        return "32m";
    }

    /**
     * A trusted bot that, before each of its moves, waits (up to 10 s) until {@code ready} holds for
     * the move's number (from 0), then plays a move from the middle of the list: it holds the match
     * until what the other seat wrote on its own has arrived.
     */
    static Bot waitingBot(IntPredicate ready) {
        return trustedBot("waiting", move -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            try {
                while (!ready.test(move) && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /**
     * A trusted bot for every game that runs {@code beforeMove} with the move's number (from 0),
     * then plays a move from the middle of the list.
     */
    static Bot trustedBot(String name, IntConsumer beforeMove) {
        return TestBots.bot(name, context -> {
            int[] moves = {0};
            return (view, legalMoves, clock) -> {
                beforeMove.accept(moves[0]++);
                return legalMoves.get(legalMoves.size() / 2);
            };
        });
    }

    @Test
    void movesWrittenAheadOfTimeForfeitTheFirstTurnAndTheProcessIsNotReused() throws Exception {
        BotSource chatterbox = load(Rogues.Chatterbox.class, Isolation.PROCESS);
        ProcessContestant chattering = (ProcessContestant) chatterbox.seat("seat1");
        // The first mover waits for the chatter, which a line arriving after your_turn could not be told from.
        List<Contestant> seats = List.of(new DirectContestant(waitingBot(
                move -> chattering.process().pendingLines().size() == 4)), chattering);
        MatchResult result;
        try {
            result = MatchRunner.run(PYLON, seats, MatchSettings.of(MasterSeed.of(5), CLOCK), MatchListener.NONE);
        } finally {
            seats.forEach(Contestant::close);
        }
        assertEquals(TerminationReason.PROTOCOL_VIOLATION, result.termination(), result.faultDetail());
        assertEquals("seat 1 (chatterbox): wrote 4 lines when no answer was due: {\"type\":\"move\",\"move\":\"Sa1\"}",
                result.faultDetail());
        assertEquals(List.of(0), result.actions().stream().map(a -> a.actor()).toList());
        ProcessHandle first = ((ProcessBotSource) chatterbox).processes().get(0);
        assertTrue(first.onExit().get(5, TimeUnit.SECONDS) != null && !first.isAlive(), "the chatterbox is killed");
    }
}
