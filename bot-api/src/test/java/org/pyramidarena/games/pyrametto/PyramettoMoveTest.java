package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.games.pyrametto.PyramettoMove.Kind;

/** The move notation of docs/rules/pyrametto.md. */
class PyramettoMoveTest {

    @Test
    void notationNamesEveryChoice() {
        assertEquals("Tb", PyramettoMove.take(1).notation());
        assertEquals("R", PyramettoMove.roll().notation());
        assertEquals("SM/w", PyramettoMove.dice(3, 5).notation());
        assertEquals("L/k", PyramettoMove.dice(2, 4).notation());
        assertEquals("Mr:a", PyramettoMove.place(2, 0, PyramettoMove.INVENTORY, 0).notation());
        assertEquals("Lk@2:e", PyramettoMove.place(3, 4, 2, 4).notation());
        PyramettoMove stolen = PyramettoMove.parse("Sg@0:c");
        assertEquals(Kind.PLACE, stolen.kind());
        assertEquals(1, stolen.size());
        assertEquals(2, stolen.colour());
        assertEquals(0, stolen.from());
        assertEquals(2, stolen.stack());
    }

    @Test
    void everyMoveRoundTripsToTheSharedInstance() {
        int count = 0;
        for (int stack = 0; stack < 5; stack++) {
            assertSame(PyramettoMove.take(stack), PyramettoMove.parse(PyramettoMove.take(stack).notation()));
            count++;
            for (int size = 1; size <= 3; size++) {
                for (int colour = 0; colour < 5; colour++) {
                    for (int from = PyramettoMove.INVENTORY; from < 5; from++) {
                        PyramettoMove move = PyramettoMove.place(size, colour, from, stack);
                        assertSame(move, PyramettoMove.parse(move.notation()));
                        assertEquals(move.notation(), move.toString());
                        count++;
                    }
                }
            }
        }
        for (int face = 0; face < 36; face++) {
            PyramettoMove dice = PyramettoMove.dice(face / 6, face % 6);
            assertSame(dice, PyramettoMove.parse(dice.notation()));
            count++;
        }
        assertSame(PyramettoMove.roll(), PyramettoMove.parse("R"));
        assertEquals(5 + 5 * 3 * 5 * 6 + 36, count);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "T", "Tf", "TA", "r", "RR", "S/x", "SS/r", "LS/r", "M/", "Mr", "Mr:f", "Mw:a",
            "Xr:a", "Mr@5:a", "Mr@:a", "Mr#2:a", "Mr@2a", "Tb "})
    void malformedNotationIsRejectedWithAMessage(String text) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> PyramettoMove.parse(text));
        assertEquals(true, error.getMessage().contains("'" + text + "'"), error.getMessage());
    }
}
