package org.pyramidarena.arena.tournament;

import org.pyramidarena.api.Game;
import org.pyramidarena.arena.match.Contestant;

/**
 * Makes the contestants of a tournament's matches: the one place that knows how a bot is started
 * (in this JVM, or in a process of its own).
 */
public interface ContestantFactory {

    /**
     * Checks that a bot exists and plays a game, before any match starts.
     *
     * @throws IllegalArgumentException with a one-line message when it does not
     */
    void check(String bot, Game game);

    /**
     * A fresh contestant for one seat of one match; the caller closes it when the match is over.
     *
     * @param bot the bot's name
     * @param label names the seat in thread names and logs, e.g. {@code "random@m12s0"}
     */
    Contestant create(String bot, String label);

    /**
     * True when a bot can play only one match at a time (a bot process started once and reused):
     * the runner then never schedules two matches of one entrant at once.
     */
    boolean exclusive();
}
