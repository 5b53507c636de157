package org.pyramidarena.arena.server.uploads;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The upload rules: JAR entry names that stay inside. */
class UploadCheckTest {

    @Test
    void jarEntryNamesThatLeaveTheJarAreUnsafe() {
        for (String name : new String[] {"../x", "a/../../x", "/etc/passwd", "a\\..\\x", "C:/x", "a\u0000b", ""}) {
            assertFalse(UploadCheck.safeEntryName(name), name);
        }
        for (String name : new String[] {"org/example/Bot.class", "META-INF/services/org.pyramidarena.api.Bot",
            "a/..b/c", "dir/"}) {
            assertTrue(UploadCheck.safeEntryName(name), name);
        }
    }
}
