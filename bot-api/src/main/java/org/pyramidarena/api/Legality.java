package org.pyramidarena.api;

import java.util.Objects;

/**
 * The verdict of {@link Rules#check}: a legal move, or the reason it is illegal with a message
 * naming the rule.
 *
 * @param reason {@link Reason#LEGAL} or why the move is illegal
 * @param message empty when legal; otherwise one sentence for people, e.g. "a stack may not be
 *     moved onto a smaller pyramid"
 */
public record Legality(Reason reason, String message) {

    /** Why a move is or is not legal. */
    public enum Reason {
        /** The move is legal. */
        LEGAL,
        /** The game is over: no move is legal. */
        GAME_OVER,
        /** It is another actor's decision (another seat's, or chance's). */
        NOT_YOUR_TURN,
        /** The move is well formed but a rule forbids it in this state. */
        RULE_VIOLATION
    }

    /** The single verdict for a legal move. */
    public static final Legality LEGAL = new Legality(Reason.LEGAL, "");

    public Legality {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }

    /** An illegal verdict for a move a rule forbids. */
    public static Legality violation(String message) {
        return new Legality(Reason.RULE_VIOLATION, message);
    }

    /** True when the move is legal. */
    public boolean isLegal() {
        return reason == Reason.LEGAL;
    }
}
