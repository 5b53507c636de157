package org.pyramidarena.arena.cli;

import java.util.List;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.tournament.Openings;
import picocli.CommandLine.Option;

/** The openings of the matches of a run: books and random plies ({@code tournament}, {@code sprt}, {@code balance}). */
final class OpeningOptions {

    @Option(names = "--openings", split = ",", paramLabel = "BOOK",
            description = "Start every pair of matches (both seat orders, or every seat rotation, on one deal) from "
                    + "a line of an opening book: a book shipped with the arena (pylon-book, pyraos-book) or a "
                    + "file of lines 'GAME: ACTION ACTION ...' in the game's notation, checked against the rules "
                    + "before the run starts; pair N plays line N, in turn. See docs/openings.md.")
    List<String> books;

    @Option(names = "--random-opening", paramLabel = "N",
            description = "Then N plies drawn uniformly among the legal moves, from the pair's deal seed, so that "
                    + "both matches of a pair open alike (default: none).")
    Integer randomPlies;

    /** The books given, or null for none (as settings files hold them). */
    List<String> books() {
        return books == null || books.isEmpty() ? null : List.copyOf(books);
    }

    /**
     * The random plies given, or null for none.
     *
     * @throws UsageException when they are negative
     */
    Integer plies() {
        if (randomPlies != null && randomPlies < 0) {
            throw new UsageException("--random-opening takes a number of plies, at least 0, not " + randomPlies);
        }
        return randomPlies == null || randomPlies == 0 ? null : randomPlies;
    }

    /**
     * The openings given, loaded and checked against the rules of the setups a run plays.
     *
     * @throws UsageException or {@link org.pyramidarena.arena.common.BadLines} when they cannot be played
     */
    Openings load(List<? extends Rules<?, ?>> setups) {
        Integer plies = plies();
        return Openings.load(books() == null ? List.of() : books(), plies == null ? 0 : plies, setups);
    }

    /** A run header's line of openings, e.g. {@code openings: pylon-book (40 lines of pylon)}; null for none. */
    static String header(Openings openings) {
        return openings.isNone() ? null : "openings: " + openings.describe();
    }
}
