package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.common.BadLines;
import org.pyramidarena.arena.match.Opening;

/**
 * Where a run's openings come from: opening books, each line checked against the rules of every
 * setup of the run that plays its game when the books are loaded, and a number of random plies
 * played after a book's line (or from the start without a book). Every workflow plays the matches of
 * one paired deal (the seat-swapped pair, the seat rotations of one table) from the same opening:
 * paired-deal group {@code g} plays line {@code g} modulo the number of lines of its game, in the
 * books' order, and the random plies are drawn from the group's deal seed (see {@link Opening}).
 *
 * <p>A book is a text file in UTF-8, one line per opening: the game's id, a colon, and the actions
 * in the game's notation separated by spaces, e.g. {@code pylon: Le4 Ld4 Sa1 Lf3}; chance outcomes are
 * written too (a line names one position: its deal, its dice), as a replay holds them. Blank lines
 * and lines starting with {@code #} are left out. The books shipped with the arena are named
 * {@link #SHIPPED}; any other name is a file's path.
 */
public final class Openings {

    /** No opening: every match plays from the start. */
    public static final Openings NONE = new Openings(List.of(), Map.of(), 0);

    /** The books shipped with the arena, by name: a line of four plies per opening. */
    public static final List<String> SHIPPED = List.of("pylon-book", "pyraos-book");

    /** Where the shipped books are, as resources: {@code NAME.txt}. */
    private static final String SHIPPED_FOLDER = "/org/pyramidarena/arena/openings/";

    private final List<String> books;
    private final Map<String, List<List<String>>> lines;
    private final int randomPlies;

    private Openings(List<String> books, Map<String, List<List<String>>> lines, int randomPlies) {
        this.books = List.copyOf(books);
        this.lines = lines;
        this.randomPlies = randomPlies;
    }

    /**
     * Loads and checks the openings of a run: every line of every book must be legal, action by
     * action, in every setup of the run that plays its game, and leave the game going; every game of
     * the run must have a line when books are given.
     *
     * @param books the books: a shipped book's name ({@link #SHIPPED}) or a file's path, as given;
     *     empty for none
     * @param randomPlies the random plies after each line, at least 0
     * @param setups the rules of each setup (game, player count, variant) the run plays
     * @throws BadLines with one line per bad line of a book (file, line number, setup, action and why)
     * @throws IllegalArgumentException with one line when a book cannot be read, or the plies are negative
     */
    public static Openings load(List<String> books, int randomPlies, List<? extends Rules<?, ?>> setups) {
        if (randomPlies < 0) {
            throw new IllegalArgumentException("the random opening's plies are never negative, not " + randomPlies);
        }
        if (books.isEmpty()) {
            return randomPlies == 0 ? NONE : new Openings(List.of(), Map.of(), randomPlies);
        }
        Map<String, List<List<String>>> lines = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (String book : books) {
            List<String> text = read(book);
            for (int number = 1; number <= text.size(); number++) {
                String entry = text.get(number - 1).strip();
                if (entry.isEmpty() || entry.startsWith("#")) {
                    continue;
                }
                String where = book + " line " + number + ": ";
                int colon = entry.indexOf(':');
                String game = colon < 0 ? "" : entry.substring(0, colon).strip();
                List<String> actions = colon < 0 ? List.of() : List.of(entry.substring(colon + 1).strip().split("\\s+"));
                if (game.isEmpty() || actions.get(0).isEmpty()) {
                    problems.add(where + "not 'GAME: ACTION ACTION ...'");
                    continue;
                }
                int before = problems.size();
                boolean played = false;
                for (Rules<?, ?> rules : setups) {
                    if (rules.game().id().equals(game)) {
                        played = true;
                        check(rules, actions).ifPresent(problem -> problems.add(where + setupLabel(rules) + ": "
                                + problem));
                    }
                }
                if (!played) {
                    // A line of a game the run does not play is left out: one book may serve several runs.
                    continue;
                }
                if (problems.size() == before) {
                    lines.computeIfAbsent(game, g -> new ArrayList<>()).add(actions);
                }
            }
        }
        if (problems.isEmpty()) {
            for (Rules<?, ?> rules : setups) {
                if (!lines.containsKey(rules.game().id())) {
                    problems.add(String.join(", ", books) + ": no opening of " + rules.game().id()
                            + ", a game of this run (give a book with lines for it, or leave it out of the run)");
                    lines.put(rules.game().id(), List.of());
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new BadLines(problems);
        }
        Map<String, List<List<String>>> kept = new LinkedHashMap<>();
        lines.forEach((game, gameLines) -> kept.put(game, List.copyOf(gameLines)));
        return new Openings(books, kept, randomPlies);
    }

    /** A book's lines: a shipped book's, or a file's. */
    private static List<String> read(String book) {
        if (SHIPPED.contains(book)) {
            try (InputStream in = Openings.class.getResourceAsStream(SHIPPED_FOLDER + book + ".txt")) {
                Objects.requireNonNull(in, "the arena ships " + book);
                return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            } catch (IOException e) {
                throw new IllegalStateException("cannot read the shipped book " + book, e);
            }
        }
        Path file = Path.of(book);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no opening book " + book + " (a file, or one of the books shipped: "
                    + String.join(", ", SHIPPED) + ")");
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the opening book " + book + ": " + e.getMessage());
        }
    }

    /** A setup as a line names it: {@code pyraos/pylos with 2 players}. */
    private static String setupLabel(Rules<?, ?> rules) {
        return rules.game().id() + "/" + rules.setup().variantNotation() + " with " + rules.setup().players()
                + " players";
    }

    /** What is wrong with a line in a setup, if anything. */
    private static <S extends State, M extends Move> Optional<String> check(Rules<S, M> rules, List<String> actions) {
        S state = rules.initialState();
        for (int i = 0; i < actions.size(); i++) {
            String notation = actions.get(i);
            String where = "action " + (i + 1) + " '" + notation + "'";
            if (state.isTerminal()) {
                return Optional.of(where + ": the game is already over");
            }
            M move;
            try {
                move = rules.parseMove(notation);
            } catch (RuntimeException e) {
                return Optional.of(where + " is not a move: " + e.getMessage());
            }
            if (state.actor() == State.CHANCE) {
                boolean listed = false;
                for (ChanceOutcome<M> outcome : rules.chanceOutcomes(state)) {
                    listed |= outcome.move().equals(move) && outcome.probability() > 0;
                }
                if (!listed) {
                    return Optional.of(where + ": not an outcome of this chance node");
                }
            } else {
                Legality legality = rules.check(state, move);
                if (!legality.isLegal()) {
                    return Optional.of(where + " is illegal for seat " + state.actor() + ": "
                            + legality.message());
                }
            }
            state = rules.apply(state, move);
        }
        if (state.isTerminal()) {
            return Optional.of("the game is over after its last action; an opening leaves it going");
        }
        return Optional.empty();
    }

    /**
     * The opening of the matches of a paired-deal group: line {@code group} modulo the game's lines
     * (none without books), then the random plies.
     *
     * @param game the game's id, one of the setups' the openings were loaded for
     * @param group the paired-deal group (a tournament's {@code MatchSpec.group()}, an SPRT's pair)
     */
    public Opening forGroup(String game, long group) {
        if (isNone()) {
            return Opening.NONE;
        }
        List<List<String>> gameLines = lines.getOrDefault(game, List.of());
        List<String> line = gameLines.isEmpty() ? List.of() : gameLines.get((int) Math.floorMod(group,
                (long) gameLines.size()));
        return new Opening(line, randomPlies);
    }

    /** True when no match has an opening. */
    public boolean isNone() {
        return lines.isEmpty() && randomPlies == 0;
    }

    /** The books as given; empty for none. */
    public List<String> books() {
        return books;
    }

    /** The random plies after each line. */
    public int randomPlies() {
        return randomPlies;
    }

    /** The number of lines of a game. */
    public int lines(String game) {
        return lines.getOrDefault(game, List.of()).size();
    }

    /**
     * The openings in words, for a run's header: {@code pylon-book (40 lines of pylon), then 4 random
     * plies}; {@code none}.
     */
    public String describe() {
        if (isNone()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        if (!books.isEmpty()) {
            List<String> counts = new ArrayList<>();
            lines.forEach((game, gameLines) -> counts.add(gameLines.size() + " lines of " + game));
            parts.add(String.join(", ", books) + " (" + String.join(", ", counts) + ")");
        }
        if (randomPlies > 0) {
            parts.add((books.isEmpty() ? "" : "then ") + randomPlies + " random " + (randomPlies == 1 ? "ply" : "plies"));
        }
        return String.join(", ", parts);
    }
}
