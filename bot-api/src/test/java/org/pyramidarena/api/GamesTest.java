package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry of games on the class path. */
class GamesTest {

    @Test
    void theRegistryListsTheFiveGamesByIdAndIsReadOnce() {
        List<Game> games = Games.all();

        assertEquals(List.of("euronimoes", "pylon", "pyrametto", "pyraos", "pyrinoes"),
                games.stream().map(Game::id).toList());
        assertSame(games, Games.all());
        assertSame(games.get(1), Games.byId("pylon"));
        assertSame(Games.byId("pylon"), Games.find("pylon").orElseThrow());
    }

    @Test
    void aClassLoaderIsScannedAfreshEachTime() {
        ClassLoader loader = Games.class.getClassLoader();

        List<Game> first = Games.all(loader);

        assertEquals(Games.all().stream().map(Game::id).toList(), first.stream().map(Game::id).toList());
        assertNotSame(first.get(0), Games.all(loader).get(0), "a fresh scan makes fresh games");
    }

    @Test
    void anUnknownIdNamesTheKnownGames() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Games.byId("chess"));

        assertEquals("unknown game 'chess' (games: euronimoes, pylon, pyrametto, pyraos, pyrinoes)", e.getMessage());
    }
}
