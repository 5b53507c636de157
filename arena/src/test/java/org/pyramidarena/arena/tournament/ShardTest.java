package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/** The split of a run into shards: {@code K/N}, and every game and player count dealt evenly. */
class ShardTest {

    private static MatchSpec match(int index, String game, int players) {
        List<String> bots = new ArrayList<>();
        for (int seat = 0; seat < players; seat++) {
            bots.add("bot" + seat);
        }
        return new MatchSpec(1, index, game, "standard", bots, index, index, index, false);
    }

    /** A schedule of interleaved groups of awkward sizes: 7 Pylon, 5 Pyrametto for 3, 4 for 4. */
    private static List<MatchSpec> schedule() {
        List<MatchSpec> matches = new ArrayList<>();
        String[] games = {"pylon", "pyrametto", "pylon", "pyrametto", "pylon", "pylon", "pyrametto4"};
        int index = 0;
        for (int repeat = 0; repeat < 2; repeat++) {
            for (String game : games) {
                matches.add(game.equals("pyrametto4") ? match(index++, "pyrametto", 4)
                        : match(index++, game, game.equals("pylon") ? 2 : 3));
            }
        }
        return matches;
    }

    @Test
    void everyShardPlaysTheSameShareOfEveryGameAndPlayerCountToWithinOne() {
        List<MatchSpec> matches = schedule();
        for (int shards = 1; shards <= 6; shards++) {
            int[] dealt = Shard.deal(matches, shards);
            int[] total = new int[shards];
            Map<String, int[]> byGroup = new HashMap<>();
            for (int i = 0; i < dealt.length; i++) {
                assertTrue(dealt[i] >= 0 && dealt[i] < shards);
                total[dealt[i]]++;
                byGroup.computeIfAbsent(matches.get(i).game() + matches.get(i).players(), g -> new int[6])[dealt[i]]++;
            }
            assertTrue(spread(total, shards) <= 1, shards + " shards: " + java.util.Arrays.toString(total));
            for (int[] group : byGroup.values()) {
                assertTrue(spread(group, shards) <= 1, shards + " shards: " + java.util.Arrays.toString(group));
            }
            assertArrayEquals(dealt, Shard.deal(schedule(), shards), "the split depends on the schedule alone");
        }
    }

    private static int spread(int[] counts, int shards) {
        int low = Integer.MAX_VALUE;
        int high = 0;
        for (int k = 0; k < shards; k++) {
            low = Math.min(low, counts[k]);
            high = Math.max(high, counts[k]);
        }
        return high - low;
    }

    @Test
    void aShardIsWrittenKOfNFromZero() {
        assertEquals(new Shard(0, 4), Shard.parse("0/4"));
        assertEquals(new Shard(3, 4), Shard.parse(" 3/4 "));
        assertEquals("shard-3-of-4", Shard.parse("3/4").folderName());
        for (String bad : List.of("4/4", "1", "-1/4", "a/b", "1/0", "1/4/2")) {
            assertThrows(IllegalArgumentException.class, () -> Shard.parse(bad), bad);
        }
    }
}
