package org.pyramidarena.arena.cli;

import org.pyramidarena.arena.match.TimeControl;
import picocli.CommandLine.Option;

/** The time-control options: per-move limit, bank and first-move allowance. */
final class ClockOptions {

    @Option(names = "--time", paramLabel = "DURATION", defaultValue = "1s",
            description = "Time per move, e.g. 200ms, 2s (default: ${DEFAULT-VALUE}).")
    String time;

    @Option(names = "--bank", paramLabel = "DURATION", defaultValue = "0",
            description = "Each seat's time bank, drawn on when a move overruns (default: none).")
    String bank;

    @Option(names = "--first-move", paramLabel = "DURATION", defaultValue = "2s",
            description = "Extra time for each seat's first move, for start-up (default: ${DEFAULT-VALUE}).")
    String firstMove;

    TimeControl timeControl() {
        try {
            return new TimeControl(TimeControl.parseMillis(time), TimeControl.parseMillis(bank),
                    TimeControl.parseMillis(firstMove));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
