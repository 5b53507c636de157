package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The move notation of docs/rules/euronimoes.md. */
class EuronimoesNotationTest {

    @ParameterizedTest
    @ValueSource(strings = {"draw", "stop", "buy-1", "buy0", "buy3", "0-0", "2-5", "6-6", "3-2h0,-1L1", "4-3v2,2L2",
            "0-1v-12,7L3", "6-6h0,0L1"})
    void notationRoundTrips(String notation) {
        EuronimoesMove move = EuronimoesMove.parse(notation);
        assertEquals(notation, move.notation());
        assertEquals(notation, move.toString());
        assertEquals(move, Position.rules(2).parseMove(notation));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "buy4", "buy-2", "5-2", "7-1", "3-2x0,0L1", "3-2h0,0", "3-2h0,0L0", "3-2h0L1",
            "3-2 h0,0L1", "Draw", "3-2h1000,0L1"})
    void malformedMovesDoNotParse(String notation) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> EuronimoesMove.parse(notation));
        assertTrue(error.getMessage().contains(notation.isEmpty() ? "''" : notation), error.getMessage());
    }

    @Test
    void placementCoordinatesNameBothCells() {
        EuronimoesMove across = EuronimoesMove.parse("3-2h0,-1L1");
        assertEquals(3, across.first());
        assertEquals(2, across.second());
        assertEquals(1, across.secondX());
        assertEquals(-1, across.secondY());
        EuronimoesMove up = EuronimoesMove.parse("4-3v2,2L2");
        assertEquals(2, up.secondX());
        assertEquals(3, up.secondY());
        assertEquals(2, up.level());
        assertEquals(Dominoes.type(3, 4), up.type());
    }

    @Test
    void revealsAndMarketMovesAreSharedInstances() {
        assertSame(EuronimoesMove.parse("2-5"), EuronimoesMove.reveal(Dominoes.type(2, 5)));
        assertSame(EuronimoesMove.parse("buy2"), EuronimoesMove.buy(2));
        assertSame(EuronimoesMove.parse("draw"), EuronimoesMove.DRAW);
    }
}
