package org.pyramidarena.games.pyrinoes.oracle;

import org.pyramidarena.api.Move;

/**
 * A OracleGame action: a player's play, build, draw or pass, or a chance outcome (a weight-draw pick
 * or a domino dealt).
 *
 * <p>Notation (see {@code docs/rules/pyrinoes.md}):
 * <ul>
 *   <li>a domino is {@code low-high}, e.g. {@code 3-5}; a pyrino is its two ends joined by a dot,
 *       each end a colour letter ({@code R Y G B K}) and its sizes bottom first ({@code S M L}):
 *       {@code RLS.YM} is a large red under a small red next to a medium yellow (a 4-2 pyrino);
 *       a green pyrino puts the green end first, {@code GM.BL};
 *   <li>play to the left or right open end: {@code 3-5@L}, {@code RLS.YM@R};
 *   <li>build a pyrino into hand: {@code +RLS.YM}, {@code +GS.KMM};
 *   <li>{@code draw} (take a domino from the boneyard) and {@code pass};
 *   <li>chance: {@code pick:3-5} (a weight-draw pick), {@code deal:3-5} (a domino dealt to a hand,
 *       to the line, or drawn from the boneyard).
 * </ul>
 *
 * @param kind what the action does
 * @param piece for a play, the domino (0..27) or 28 + the pyrino type; for a build, the pyrino
 *     type (0..269); for a pick or deal, the domino; 0 otherwise
 * @param side for a play, {@link #LEFT} or {@link #RIGHT}; 0 otherwise
 */
public record OracleMove(Kind kind, int piece, int side) implements Move {

    /** What an action does. */
    public enum Kind {
        /** Play a domino or pyrino from hand to an open end. */
        PLAY,
        /** Build a pyrino from supply (and greens) into hand. */
        BUILD,
        /** Draw a domino from the boneyard (dealt by the chance action that follows). */
        DRAW,
        /** Pass: only when nothing can be played or built and the boneyard is empty. */
        PASS,
        /** Chance: one player's pick in the weight draw that decides who starts round 1. */
        PICK,
        /** Chance: one domino dealt to a hand or the line, or drawn from the boneyard. */
        DEAL
    }

    /** The left open end. */
    public static final int LEFT = 0;
    /** The right open end. */
    public static final int RIGHT = 1;

    static final int PIECES = OraclePieces.DOMINOES + OraclePieces.TYPES;
    /** The shared draw move. */
    public static final OracleMove DRAW = new OracleMove(Kind.DRAW, 0, 0);
    /** The shared pass move. */
    public static final OracleMove PASS = new OracleMove(Kind.PASS, 0, 0);
    private static final OracleMove[] PLAYS = new OracleMove[PIECES * 2];
    private static final OracleMove[] BUILDS = new OracleMove[OraclePieces.TYPES];
    private static final OracleMove[] PICKS = new OracleMove[OraclePieces.DOMINOES];
    private static final OracleMove[] DEALS = new OracleMove[OraclePieces.DOMINOES];

    static {
        for (int piece = 0; piece < PIECES; piece++) {
            PLAYS[piece * 2] = new OracleMove(Kind.PLAY, piece, LEFT);
            PLAYS[piece * 2 + 1] = new OracleMove(Kind.PLAY, piece, RIGHT);
        }
        for (int type = 0; type < OraclePieces.TYPES; type++) {
            BUILDS[type] = new OracleMove(Kind.BUILD, type, 0);
        }
        for (int domino = 0; domino < OraclePieces.DOMINOES; domino++) {
            PICKS[domino] = new OracleMove(Kind.PICK, domino, 0);
            DEALS[domino] = new OracleMove(Kind.DEAL, domino, 0);
        }
    }

    public OracleMove {
        java.util.Objects.requireNonNull(kind, "kind");
        int limit = switch (kind) {
            case PLAY -> PIECES;
            case BUILD -> OraclePieces.TYPES;
            case PICK, DEAL -> OraclePieces.DOMINOES;
            case DRAW, PASS -> 1;
        };
        if (piece < 0 || piece >= limit || side < 0 || side > (kind == Kind.PLAY ? 1 : 0)) {
            throw new IllegalArgumentException("no " + kind + " move with piece " + piece + " and side " + side);
        }
    }

    /** Playing a domino (0..27) to an open end; a shared instance. */
    public static OracleMove playDomino(int domino, int side) {
        return PLAYS[domino * 2 + side];
    }

    /** Playing a built pyrino of a type (0..269) to an open end; a shared instance. */
    public static OracleMove playPyrino(int type, int side) {
        return PLAYS[(OraclePieces.DOMINOES + type) * 2 + side];
    }

    /** Building a pyrino of a type (0..269); a shared instance. */
    public static OracleMove build(int type) {
        return BUILDS[type];
    }

    /** A weight-draw pick of a domino; a shared instance. */
    public static OracleMove pick(int domino) {
        return PICKS[domino];
    }

    /** Dealing a domino; a shared instance. */
    public static OracleMove deal(int domino) {
        return DEALS[domino];
    }

    /** For a play: true when the piece is a pyrino. */
    public boolean isPyrinoPlay() {
        return kind == Kind.PLAY && piece >= OraclePieces.DOMINOES;
    }

    /** True for the actions of chance (picks and deals). */
    public boolean isChance() {
        return kind == Kind.PICK || kind == Kind.DEAL;
    }

    /** The name of a piece of a play: a domino {@code 3-5} or a pyrino type {@code RLS.YM}. */
    static String pieceName(int piece) {
        return piece < OraclePieces.DOMINOES ? OraclePieces.DOMINO_NAMES[piece] : OraclePieces.TYPE_NAMES[piece - OraclePieces.DOMINOES];
    }

    @Override
    public String notation() {
        return switch (kind) {
            case PLAY -> PLAY_NOTATIONS[piece * 2 + side];
            case BUILD -> BUILD_NOTATIONS[piece];
            case DRAW -> "draw";
            case PASS -> "pass";
            case PICK -> PICK_NOTATIONS[piece];
            case DEAL -> DEAL_NOTATIONS[piece];
        };
    }

    // Every move's notation, written once: the referee, the replays and the events ask for it often.
    private static final String[] PLAY_NOTATIONS = new String[PLAYS.length];
    private static final String[] BUILD_NOTATIONS = new String[BUILDS.length];
    private static final String[] PICK_NOTATIONS = new String[PICKS.length];
    private static final String[] DEAL_NOTATIONS = new String[DEALS.length];

    static {
        for (int i = 0; i < PLAYS.length; i++) {
            PLAY_NOTATIONS[i] = PLAYS[i].describe();
        }
        for (int i = 0; i < BUILDS.length; i++) {
            BUILD_NOTATIONS[i] = BUILDS[i].describe();
        }
        for (int i = 0; i < PICKS.length; i++) {
            PICK_NOTATIONS[i] = PICKS[i].describe();
            DEAL_NOTATIONS[i] = DEALS[i].describe();
        }
    }

    private String describe() {
        return switch (kind) {
            case PLAY -> pieceName(piece) + (side == LEFT ? "@L" : "@R");
            case BUILD -> "+" + OraclePieces.TYPE_NAMES[piece];
            case DRAW -> "draw";
            case PASS -> "pass";
            case PICK -> "pick:" + OraclePieces.DOMINO_NAMES[piece];
            case DEAL -> "deal:" + OraclePieces.DOMINO_NAMES[piece];
        };
    }

    @Override
    public String toString() {
        return notation();
    }

    /**
     * Parses the notation of any OracleGame action; dominoes may be written either way round.
     *
     * @throws IllegalArgumentException when the text is no OracleGame action
     */
    public static OracleMove parse(String text) {
        if (text.equals("draw")) {
            return DRAW;
        }
        if (text.equals("pass")) {
            return PASS;
        }
        if (text.startsWith("pick:") || text.startsWith("deal:")) {
            int domino = OraclePieces.parseDomino(text.substring(5));
            if (domino < 0) {
                throw new IllegalArgumentException("'" + text + "': a domino is two spot counts 0-6 joined by '-', e.g. 3-5");
            }
            return text.charAt(1) == 'i' ? pick(domino) : deal(domino);
        }
        if (text.startsWith("+")) {
            int type = OraclePieces.parseType(text.substring(1));
            if (type < 0) {
                throw new IllegalArgumentException("'" + text + "' builds no pyrino (expected e.g. +RLS.YM or +GM.BL)");
            }
            return build(type);
        }
        int at = text.indexOf('@');
        if (at > 0 && text.length() == at + 2 && (text.charAt(at + 1) == 'L' || text.charAt(at + 1) == 'R')) {
            int side = text.charAt(at + 1) == 'L' ? LEFT : RIGHT;
            String piece = text.substring(0, at);
            int domino = OraclePieces.parseDomino(piece);
            if (domino >= 0) {
                return playDomino(domino, side);
            }
            int type = OraclePieces.parseType(piece);
            if (type >= 0) {
                return playPyrino(type, side);
            }
            throw new IllegalArgumentException("'" + text + "' plays neither a domino (3-5) nor a pyrino (RLS.YM)");
        }
        throw new IllegalArgumentException("'" + text + "' is not a OracleGame action (expected e.g. 3-5@L, RLS.YM@R,"
                + " +RLS.YM, draw, pass, pick:3-5 or deal:3-5)");
    }
}
