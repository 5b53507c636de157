package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A setup's parameters as results, replays and settings write them after the variant's name. */
class GameSetupTest {

    @Test
    void aVariantWithoutParametersIsWrittenAsItsNameAlone() {
        GameSetup setup = GameSetup.parse(2, "standard");
        assertEquals(new GameSetup(2, "standard"), setup);
        assertTrue(setup.parameters().isEmpty());
        assertEquals("standard", setup.variantNotation());
    }

    @Test
    void parametersFollowAQuestionMarkByNameAndRoundTrip() {
        GameSetup setup = GameSetup.parse(4, "standard?komi=2.50&handicap=-1");
        assertEquals("standard", setup.variant());
        assertEquals(Map.of("komi", 2.5, "handicap", -1.0), setup.parameters());
        assertEquals("standard?handicap=-1&komi=2.5", setup.variantNotation(), "by name, the shortest decimals");
        assertEquals(setup, GameSetup.parse(4, setup.variantNotation()));
        assertEquals(2.5, setup.parameter("komi", 0));
        assertEquals(7, setup.parameter("target", 7));
        assertEquals("pylos?komi=0", new GameSetup(2, "pylos").withParameter("komi", -0.0).variantNotation());
    }

    @Test
    void aParameterWithoutAValueOrANumberOrGivenTwiceIsRefusedInOneLine() {
        for (String bad : new String[] {"standard?komi", "standard?=2", "standard?komi=two", "standard?komi=1e3",
            "standard?komi=1&komi=2", "standard?komi=NaN"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GameSetup.parse(2, bad), bad);
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    @Test
    void aParameterIsCheckedAgainstItsRangeAndWholeness() {
        Parameter handicap = new Parameter("handicap", "spheres", -5, 5, 0, true, 1);
        handicap.check(-5);
        handicap.check(5);
        assertThrows(IllegalArgumentException.class, () -> handicap.check(5.5));
        assertThrows(IllegalArgumentException.class, () -> handicap.check(0.5));
        assertThrows(IllegalArgumentException.class, () -> handicap.check(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new Parameter("Komi", "", 0, 1, 0, false, 1));
        assertThrows(IllegalArgumentException.class, () -> new Parameter("komi", "", 0, 1, 2, false, 1));
        assertThrows(IllegalArgumentException.class, () -> new Parameter("komi", "", 0, 1, 0, false, 0));
    }
}
