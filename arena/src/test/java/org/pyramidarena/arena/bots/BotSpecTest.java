package org.pyramidarena.arena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code BOT?NAME=VALUE&NAME=VALUE} notation of a {@code --bot} value. */
class BotSpecTest {

    @TempDir
    Path dir;

    @Test
    void optionsFollowTheLastQuestionMarkOfABuiltInAJarOrACommandLine() {
        assertEquals(new BotSpec("mcts", Map.of("iterations", "800", "exploration", "0.5")),
                BotSpec.parse("mcts?iterations=800&exploration=0.5"));
        assertEquals(new BotSpec("bots/my-bot.jar", Map.of("depth", "4")), BotSpec.parse("bots/my-bot.jar?depth=4"));
        assertEquals(new BotSpec("cmd:python3 bot.py --fast", Map.of("depth", "4")),
                BotSpec.parse("cmd:python3 bot.py --fast?depth=4"));
        assertEquals(new BotSpec("random", Map.of()), BotSpec.parse(" random "));
        assertEquals("mcts?iterations=800&exploration=0.5",
                BotSpec.parse("mcts?iterations=800&exploration=0.5").notation(), "the notation reads back");
    }

    @Test
    void aFileWhoseNameHoldsAQuestionMarkIsTakenWhole() throws IOException {
        Path odd = Files.createFile(dir.resolve("what?.jar"));
        assertEquals(new BotSpec(odd.toString(), Map.of()), BotSpec.parse(odd.toString()));
    }

    @Test
    void optionsThatAreNotNameValuePairsOrGivenTwiceAreRefused() {
        assertEquals("'iterations' in 'mcts?iterations' is not an option: BOT?NAME=VALUE&NAME=VALUE, a name of "
                + "lower-case letters, digits and '-'", assertThrows(IllegalArgumentException.class,
                        () -> BotSpec.parse("mcts?iterations")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts?iterations="));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts?Iterations=5"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("mcts?iterations=5&"));
        assertThrows(IllegalArgumentException.class, () -> BotSpec.parse("?iterations=5"));
        assertEquals("option 'iterations' is given twice in 'mcts?iterations=5&iterations=6'",
                assertThrows(IllegalArgumentException.class,
                        () -> BotSpec.parse("mcts?iterations=5&iterations=6")).getMessage());
    }
}
