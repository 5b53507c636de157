package org.pyramidarena.arena.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.players.Protocol;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.ReplayVerifier;

/**
 * Replay viewer pages: for {@code replays/NAME.replay.json[.gz]} a self-contained
 * {@code replays/NAME.html} that draws the match step by step in a browser, offline.
 *
 * <p>A page cannot run the rules, so the match is replayed here and every step's views are embedded
 * as JSON: the observer's view (the views of {@link Protocol}, moves written in their notation) as
 * the first view plus, per step, the changes from the step before; and per seat, what its view adds
 * to the observer's at that step, written only when it changes. The page rebuilds any view of any
 * step from these; the whole state is the union of what every seat sees. What a bot said beside a
 * move (its info, its lines on standard error) is embedded as {@code thinking}, {@code [index,
 * info, [lines]]} per action that has any, and shown beside the move.
 */
public final class ReplayViewer {

    /** The replay file names this class reads. */

    /** View fields the page does not draw, left out to keep pages small, by game id. */
    private static final Map<String, Set<String>> UNDRAWN = Map.of("pyraos", Set.of("history"));

    private static final ObjectMapper VIEWS = Protocol.mapper().copy().registerModule(
            new SimpleModule("moves-as-notation").addSerializer(Move.class, new NotationSerializer()));

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplayViewer() {
    }

    /**
     * The viewer page of a replay file: the same folder, {@code .replay.json} or
     * {@code .replay.json.gz} replaced by {@code .html}.
     */
    public static Path pageFor(Path replayFile) {
        return replayFile.resolveSibling(Report.viewerPageName(replayFile.getFileName().toString()));
    }

    /**
     * Writes the viewer page of a replay next to it ({@link #pageFor}).
     *
     * @return the page written
     * @throws IllegalArgumentException with one line when the file is not a replay or does not verify
     * @throws IOException when the page cannot be written
     */
    public static Path write(Path replayFile) throws IOException {
        return write(replayFile, pageFor(replayFile));
    }

    /**
     * Writes the viewer page of a replay to a given file.
     *
     * @return the page written
     * @throws IllegalArgumentException with one line when the file is not a replay or does not verify
     * @throws IOException when the page cannot be written
     */
    public static Path write(Path replayFile, Path page) throws IOException {
        Replay replay = ReplayFiles.read(replayFile);
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(replay, null);
        if (!verdict.valid()) {
            throw new IllegalArgumentException(replayFile + ": rejected at " + verdict.divergence());
        }
        Files.writeString(page, page(replay), StandardCharsets.UTF_8);
        return page;
    }

    /**
     * The viewer page of a replay kept as bytes (a contest's database holds each match's replay once,
     * and its page is made when someone asks for it).
     *
     * @param name what the replay is called in messages
     * @throws IllegalArgumentException with one line when the bytes are not a replay or it does not verify
     */
    public static String page(String name, byte[] replayBytes) {
        Replay replay = ReplayFiles.read(name, replayBytes);
        ReplayVerifier.Verdict verdict = ReplayVerifier.verify(replay, null);
        if (!verdict.valid()) {
            throw new IllegalArgumentException(name + ": rejected at " + verdict.divergence());
        }
        return page(replay);
    }

    /**
     * Writes the viewer page of every replay in a tournament folder's {@code replays/}.
     *
     * @return the pages written, in file name order; empty when the folder has no replays
     * @throws IllegalArgumentException when a replay does not verify (the pages of the others are written)
     * @throws IOException when a page cannot be written
     */
    public static List<Path> writeAll(Path tournamentFolder) throws IOException {
        Path folder = tournamentFolder.resolve(RunFolder.REPLAYS);
        List<Path> pages = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return pages;
        }
        List<Path> replays;
        try (Stream<Path> files = Files.list(folder)) {
            replays = files.filter(p -> ReplayFiles.isReplayName(p.getFileName().toString())).sorted().toList();
        }
        IllegalArgumentException first = null;
        for (Path replay : replays) {
            try {
                pages.add(write(replay));
            } catch (IllegalArgumentException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
        return pages;
    }

    /** The page of a verified replay. */
    static String page(Replay replay) {
        String data;
        try {
            // "<" only occurs inside JSON strings, where its escape means the same; "</script>" cannot appear.
            data = JSON.writeValueAsString(data(replay)).replace("<", "\\u003c");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the viewer's data is always writable", e);
        }
        String title = ReportPage.escape(replay.game() + " " + replay.variant() + ": " + String.join(" vs ",
                replay.seats().stream().map(Replay.Seat::bot).toList()));
        return template().replace("{{TITLE}}", title).replace("{{DATA}}", data);
    }

    /** The data the page draws, see the class comment. */
    static ObjectNode data(Replay replay) {
        Rules<?, ?> rules = Games.byId(replay.game()).rules(GameSetup.parse(replay.players(), replay.variant()));
        return data(rules, replay);
    }

    private static <S extends State, M extends Move> ObjectNode data(Rules<S, M> rules, Replay replay) {
        int players = replay.players();
        Set<String> undrawn = UNDRAWN.getOrDefault(replay.game(), Set.of());
        ObjectNode data = JSON.createObjectNode();
        data.put("game", replay.game());
        data.put("variant", replay.variant());
        data.put("players", players);
        ArrayNode seats = data.putArray("seats");
        replay.seats().forEach(seat -> seats.add(seat.bot()));
        ArrayNode actions = data.putArray("actions");
        ArrayNode thinking = JSON.createArrayNode();
        for (Replay.Action action : replay.actions()) {
            ArrayNode a = actions.addArray().add(action.actor()).add(action.move());
            if (action.fallback()) {
                a.add(1);
            }
            if (action.info() != null || !action.stderr().isEmpty()) {
                ArrayNode note = thinking.addArray().add(actions.size() - 1).add(action.info());
                action.stderr().forEach(note.addArray()::add);
            }
        }
        // Only where a bot said something, so that the pages of other matches stay as they were.
        if (!thinking.isEmpty()) {
            data.set("thinking", thinking);
        }
        if (!replay.faultStderr().isEmpty()) {
            replay.faultStderr().forEach(data.putArray("faultStderr")::add);
        }
        if (replay.openingActions() > 0) {
            data.put("openingActions", replay.openingActions());
        }
        data.put("termination", replay.termination());
        data.put("faultDetail", replay.faultDetail());
        data.set("ranks", JSON.valueToTree(replay.outcome().ranks()));
        data.set("scores", JSON.valueToTree(replay.outcome().scores()));

        S state = rules.initialState();
        ObjectNode observer = observerView(rules, state, undrawn);
        data.set("first", observer);
        ArrayNode steps = data.putArray("steps");
        ArrayNode seatViews = data.putArray("seatViews");
        ArrayNode hidden = data.putArray("hiddenMoves");
        List<String> lastExtra = new ArrayList<>();
        boolean perfect = true;
        for (int seat = 0; seat < players; seat++) {
            seatViews.addArray();
            lastExtra.add(null);
        }
        for (int step = 0; ; step++) {
            for (int seat = 0; seat < players; seat++) {
                ObjectNode seen = view(rules, state, seat, undrawn);
                ArrayNode extra = JSON.createArrayNode();
                diff(observer, seen, JSON.createArrayNode(), extra);
                String text = extra.toString();
                if (!text.equals(lastExtra.get(seat))) {
                    ((ArrayNode) seatViews.get(seat)).addArray().add(step).add(extra);
                    lastExtra.set(seat, text);
                }
                perfect &= extra.size() == 1 && extra.get(0).get(0).get(0).asText().equals("seat");
            }
            if (step == replay.actions().size()) {
                break;
            }
            M move = rules.parseMove(replay.actions().get(step).move());
            hideMove(rules, state, move, step, hidden);
            state = rules.apply(state, move);
            ObjectNode next = observerView(rules, state, undrawn);
            ArrayNode ops = steps.addArray();
            diff(observer, next, JSON.createArrayNode(), ops);
            observer = next;
        }
        data.put("perfect", perfect);
        return data;
    }

    /**
     * Records what each viewpoint (the observer, then the seats) is told of a move when some are told
     * less than the notation: {@code [step, [observer's text, seat 0's, ...]]}, null for nothing.
     */
    private static <S extends State, M extends Move> void hideMove(Rules<S, M> rules, S before, M move, int step,
                                                                   ArrayNode hidden) {
        ArrayNode told = JSON.createArrayNode();
        boolean differs = false;
        for (int seat = View.OBSERVER; seat < before.players(); seat++) {
            Event event = rules.eventFor(before, move, seat);
            String text = event == null ? null : event.notation();
            told.add(text);
            differs |= !move.notation().equals(text);
        }
        if (differs) {
            hidden.addArray().add(step).add(told);
        }
    }

    /**
     * The observer's view, with the running score as {@code score} where the game keeps points of its
     * own ({@link Scoring.Kind#POINTS}); a proxy is no score to show, and a game that scores only at its
     * end has its outcome's scores shown at the end.
     */
    private static <S extends State> ObjectNode observerView(Rules<S, ?> rules, S state, Set<String> undrawn) {
        ObjectNode view = view(rules, state, View.OBSERVER, undrawn);
        if (rules.game().scoring().kind() == Scoring.Kind.POINTS) {
            ArrayNode scores = view.putArray("score");
            for (double score : rules.runningScore(state)) {
                // Whole points as integers, as the page shows them: 15, not 15.0.
                if (score == Math.rint(score) && Math.abs(score) <= Integer.MAX_VALUE) {
                    scores.add((int) score);
                } else {
                    scores.add(score);
                }
            }
        }
        return view;
    }

    private static <S extends State> ObjectNode view(Rules<S, ?> rules, S state, int seat, Set<String> undrawn) {
        ObjectNode view = VIEWS.valueToTree(rules.view(state, seat));
        view.remove(undrawn);
        return view;
    }

    /**
     * Appends to {@code ops} the operations that turn {@code before} into {@code after}: {@code [path, value]}
     * sets what the path names, {@code [path, start, deleteCount, items...]} splices the array it names.
     * A path is an array of field names and indices; an empty path names the whole value.
     */
    static void diff(JsonNode before, JsonNode after, ArrayNode path, ArrayNode ops) {
        if (before != null && before.equals(after)) {
            return;
        }
        ArrayNode own = JSON.createArrayNode();
        if (before instanceof ObjectNode b && after instanceof ObjectNode a) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = a.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                diff(b.get(field.getKey()), field.getValue(), path.deepCopy().add(field.getKey()), own);
            }
        } else if (before instanceof ArrayNode b && after instanceof ArrayNode a) {
            int prefix = 0;
            while (prefix < b.size() && prefix < a.size() && b.get(prefix).equals(a.get(prefix))) {
                prefix++;
            }
            int suffix = 0;
            while (suffix < b.size() - prefix && suffix < a.size() - prefix
                    && b.get(b.size() - 1 - suffix).equals(a.get(a.size() - 1 - suffix))) {
                suffix++;
            }
            int deleted = b.size() - prefix - suffix;
            int inserted = a.size() - prefix - suffix;
            if (deleted == inserted) {
                for (int i = prefix; i < prefix + deleted; i++) {
                    diff(b.get(i), a.get(i), path.deepCopy().add(i), own);
                }
            } else {
                ArrayNode splice = own.addArray().add(path).add(prefix).add(deleted);
                for (int i = prefix; i < prefix + inserted; i++) {
                    splice.add(a.get(i));
                }
            }
        }
        ArrayNode set = JSON.createArrayNode();
        set.addArray().add(path).add(after == null ? JsonNodeFactory.instance.nullNode() : after);
        ops.addAll(own.isEmpty() || own.toString().length() >= set.toString().length() ? set : own);
    }

    private static String template() {
        try (InputStream in = ReplayViewer.class.getResourceAsStream("viewer.html")) {
            if (in == null) {
                throw new IllegalStateException("viewer.html is missing from the arena's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a move as its notation, as replays and the wire protocol do. */
    private static final class NotationSerializer extends StdSerializer<Move> {

        NotationSerializer() {
            super(Move.class);
        }

        @Override
        public void serialize(Move move, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeString(move.notation());
        }
    }
}
