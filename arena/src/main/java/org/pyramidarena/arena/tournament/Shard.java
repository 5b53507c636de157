package org.pyramidarena.arena.tournament;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * One part of a run cut into {@code count} shards that any scheduler may run anywhere: shard
 * {@code index} plays its share of the matches into a folder of its own, {@code shard-K-of-N}, and
 * {@code arena merge} joins the shards into the results one machine would have written.
 *
 * <p>The split: the matches of a schedule are grouped by game, player count and variant (the
 * groups in the order they first appear), and each group is dealt to the shards in turn, as cards
 * are dealt, each group starting where the deal of the groups before it stopped. Every shard then
 * plays the same number of matches of every game and player count to within one, and the same
 * number of matches in all to within one, whatever the schedule's order. A Swiss round is dealt the
 * same way, each round starting where the rounds before it stopped ({@code the index of its first
 * match} mod N). The split depends only on the schedule, never on the machine.
 *
 * @param index which shard, from 0 ({@code JOB_COMPLETION_INDEX} in a Kubernetes Indexed Job, a
 *     Slurm array task id from {@code --array=0-(N-1)})
 * @param count how many shards the run is cut into
 */
public record Shard(int index, int count) {

    private static final Pattern NOTATION = Pattern.compile("(\\d{1,6})/(\\d{1,6})");

    public Shard {
        if (count < 1 || index < 0 || index >= count) {
            throw new IllegalArgumentException("shard " + index + "/" + count + " does not exist: K/N takes K from 0 "
                    + "to N-1");
        }
    }

    /**
     * Reads {@code K/N}.
     *
     * @throws IllegalArgumentException with one line for anything else
     */
    public static Shard parse(String text) {
        Matcher matcher = NOTATION.matcher(text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a shard: K/N, shard K (from 0) of N, e.g. 0/4");
        }
        return new Shard(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    /** The shard's folder name in the run's folder: {@code shard-K-of-N}. */
    public String folderName() {
        return RunFolder.shardFolder(index, count);
    }

    /** {@code K/N}. */
    @Override
    public String toString() {
        return index + "/" + count;
    }

    /**
     * Which shard plays each match of a list (a whole schedule, or one Swiss round), by position.
     *
     * @param matches the matches, in schedule order
     * @param shards how many shards
     * @return the shard of each match, by position in {@code matches}
     */
    public static int[] deal(List<MatchSpec> matches, int shards) {
        Map<String, int[]> groups = new LinkedHashMap<>();
        for (MatchSpec match : matches) {
            groups.computeIfAbsent(group(match), key -> new int[2])[0]++;
        }
        int start = matches.isEmpty() ? 0 : Math.floorMod(matches.get(0).index(), shards);
        for (int[] group : groups.values()) {
            group[1] = start;
            start = (int) ((start + (long) group[0]) % shards);
        }
        int[] dealt = new int[matches.size()];
        for (int i = 0; i < dealt.length; i++) {
            int[] group = groups.get(group(matches.get(i)));
            dealt[i] = group[1];
            group[1] = group[1] + 1 == shards ? 0 : group[1] + 1;
        }
        return dealt;
    }

    private static String group(MatchSpec match) {
        return match.game() + ":" + match.players() + "/" + match.variant();
    }
}
