package org.pyramidarena.arena.cli;

import org.pyramidarena.arena.match.TimeControl;
import picocli.CommandLine.Option;

/** The time-control options: per-move limit, bank, first-move allowance, and the clock that counts. */
final class ClockOptions {

    static final String CLOCK_HELP = "Which time counts against the limits: cpu (the CPU time of the bot's "
            + "process tree, or of its thinking thread in the referee's JVM; a busy machine costs a bot nothing) "
            + "or wall (real time)";

    static final String WALL_GUARD_HELP = "Under the cpu clock, the real time a move may take at most, as a "
            + "multiple of its limit plus a margin, so that a bot that sleeps or blocks still forfeits "
            + "(default: 3x+1s).";

    @Option(names = "--time", paramLabel = "DURATION", defaultValue = "1s",
            description = "Time per move, e.g. 200ms, 2s (default: ${DEFAULT-VALUE}).")
    String time;

    @Option(names = "--bank", paramLabel = "DURATION", defaultValue = "0",
            description = "Each seat's time bank, drawn on when a move overruns (default: none).")
    String bank;

    @Option(names = "--first-move", paramLabel = "DURATION", defaultValue = "2s",
            description = "Extra time for each seat's first move, for start-up (default: ${DEFAULT-VALUE}).")
    String firstMove;

    @Option(names = "--clock", paramLabel = "KIND",
            description = CLOCK_HELP + " (default: wall for match, cpu for sprt).")
    String clock;

    @Option(names = "--wall-guard", paramLabel = "GUARD", description = WALL_GUARD_HELP)
    String wallGuard;

    /**
     * The time control the options give.
     *
     * @param defaultClock the command's clock when {@code --clock} is not given
     */
    TimeControl timeControl(TimeControl.ClockKind defaultClock) {
        try {
            return new TimeControl(TimeControl.parseMillis(time), TimeControl.parseMillis(bank),
                    TimeControl.parseMillis(firstMove),
                    clock == null ? defaultClock : TimeControl.ClockKind.parse(clock),
                    wallGuard == null ? TimeControl.WallGuard.DEFAULT : TimeControl.WallGuard.parse(wallGuard));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
