package org.pyramidarena.api;

import java.util.List;
import java.util.Objects;

/**
 * What a player is told when its match starts.
 *
 * @param rules the rules of the match, for simulation (with {@link Rules#determinize} where
 *     information is hidden)
 * @param seat this player's seat, {@code 0 .. players-1}
 * @param seatNames the bot names at every seat, by seat
 * @param seed this seat's own seed, derived one-way from the match seed (it tells nothing of the
 *     other seats' seeds or of the chance to come): a bot that wants randomness seeds it from here,
 *     never from the clock, so a match replays exactly
 * @param moveMillis the per-move time limit in milliseconds
 * @param bankMillis the time bank at the start of the match in milliseconds (0 for none)
 * @param options the values of the bot's {@link Bot#options() options} for this seat, checked by the
 *     referee: those given with the bot ({@code --bot "mcts?iterations=800"}) and the others' defaults
 */
public record MatchContext(Rules<?, ?> rules, int seat, List<String> seatNames, long seed,
                           long moveMillis, long bankMillis, Options options) {
    public MatchContext {
        Objects.requireNonNull(rules, "rules");
        seatNames = List.copyOf(seatNames);
        options = options == null ? Options.NONE : options;
    }

    /** A context with no option given: every option of the bot reads as its default. */
    public MatchContext(Rules<?, ?> rules, int seat, List<String> seatNames, long seed, long moveMillis,
                        long bankMillis) {
        this(rules, seat, seatNames, seed, moveMillis, bankMillis, Options.NONE);
    }

    /** This context with other option values. */
    public MatchContext withOptions(Options values) {
        if (values == options || values == null && options == Options.NONE) {
            return this;
        }
        return new MatchContext(rules, seat, seatNames, seed, moveMillis, bankMillis, values);
    }

    /** The game being played. */
    public Game game() {
        return rules.game();
    }

    /** The player count and variant. */
    public GameSetup setup() {
        return rules.setup();
    }
}
