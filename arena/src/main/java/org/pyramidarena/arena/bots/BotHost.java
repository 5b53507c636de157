package org.pyramidarena.arena.bots;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.players.MoveNote;
import org.pyramidarena.arena.players.Protocol;

/**
 * The host that runs a Java bot JAR in a process of its own: it speaks the wire protocol on its
 * standard input and output and calls the bot through the bot API, so a Java bot never sees the
 * protocol. Started by the referee as {@code java -cp <arena> org.pyramidarena.arena.bots.BotHost
 * <bot.jar>}.
 *
 * <p>The bot's own writes to {@code System.out} go to standard error (the bot's log), so they
 * cannot corrupt the protocol. Every call into the bot runs on the main thread; the host never
 * times the bot out: the referee kills the process. On {@code quit} or when the referee closes its
 * input the host halts the JVM, threads the bot left running included.
 */
public final class BotHost {

    private final ObjectMapper mapper = Protocol.mapper();
    private final PrintStream protocol;
    private final BotJar jar;
    private final BotClassLoader loader;
    private Bot bot;
    private List<BotOption> declared = List.of();
    private Player player;
    /** Whether the match's player says what it was thinking ({@link Player#moveInfo}). */
    private boolean informs;
    private Rules<?, ?> rules;
    private Throwable pendingFailure;

    private BotHost(BotJar jar, PrintStream protocol) {
        this.jar = jar;
        this.protocol = protocol;
        this.loader = BotClassLoader.of(jar);
    }

    public static void main(String[] args) throws IOException {
        // Buffered, so that a reply and its line break leave in one write when flushed: unbuffered,
        // the referee's reader woke once for the text and again for the line break.
        PrintStream protocol = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out),
                1 << 16), false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        int status;
        if (args.length != 1) {
            System.err.println("usage: BotHost <bot.jar>");
            status = 2;
        } else {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            status = run(Path.of(args[0]), in, protocol);
        }
        protocol.flush();
        Runtime.getRuntime().halt(status);
    }

    static int run(Path jarPath, BufferedReader in, PrintStream protocol) throws IOException {
        BotHost host;
        try {
            host = new BotHost(BotJar.inspect(jarPath), protocol);
        } catch (IllegalArgumentException e) {
            reply(protocol, Protocol.mapper().createObjectNode().put("type", Protocol.ERROR).put("message", e.getMessage()));
            return 1;
        }
        Thread.currentThread().setContextClassLoader(host.loader);
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode message = Protocol.mapper().readTree(line);
            if (!host.handle(message)) {
                return 0;
            }
        }
        return 0;
    }

    /** Handles one message; false on quit. */
    private boolean handle(JsonNode message) {
        switch (message.path("type").asText()) {
            case Protocol.HELLO -> hello();
            case Protocol.NEW_MATCH -> newMatch(message);
            case Protocol.YOUR_TURN -> yourTurn(message);
            case Protocol.EVENT -> event(message);
            case Protocol.MATCH_OVER -> matchOver(message);
            case Protocol.QUIT -> {
                return false;
            }
            default -> System.err.println("bot host: ignoring unknown message " + message.path("type"));
        }
        return true;
    }

    private void hello() {
        ObjectNode reply = mapper.createObjectNode().put("type", Protocol.HELLO).put("protocol", Protocol.VERSION);
        try {
            bot = loader.newBot(jar);
            reply.put("name", bot.name());
            ArrayNode games = reply.putArray("games");
            for (Game game : Games.all()) {
                if (bot.plays(game)) {
                    games.add(game.id());
                }
            }
            declared = List.copyOf(bot.options());
            if (!declared.isEmpty()) {
                reply.set("options", Protocol.optionsToJson(declared));
            }
        } catch (Throwable t) {
            reply = mapper.createObjectNode().put("type", Protocol.ERROR).put("message", "cannot start the bot: " + t);
        }
        reply(protocol, reply);
    }

    private void newMatch(JsonNode message) {
        player = null;
        pendingFailure = null;
        try {
            Map<String, Double> parameters = new TreeMap<>();
            message.path("parameters").fields().forEachRemaining(p -> parameters.put(p.getKey(), p.getValue().asDouble()));
            rules = Games.byId(message.path("game").asText()).rules(new GameSetup(message.path("players").asInt(),
                    message.path("variant").asText(), parameters));
            List<String> seats = new ArrayList<>();
            message.path("seats").forEach(name -> seats.add(name.asText()));
            Options options = Options.resolve(bot.name(), declared,
                    Protocol.optionValuesFromJson(message.path("options")));
            MatchContext context = new MatchContext(rules, message.path("seat").asInt(), seats,
                    message.path("seed").asLong(), message.path("move_ms").asLong(), message.path("bank_ms").asLong(),
                    options);
            player = bot.newPlayer(context);
            informs = MoveNote.informs(player);
            if (player == null) {
                pendingFailure = new NullPointerException("newPlayer returned null");
            }
        } catch (Throwable t) {
            pendingFailure = t;
        }
    }

    private void yourTurn(JsonNode message) {
        if (pendingFailure != null || player == null) {
            fail(pendingFailure == null ? new IllegalStateException("no match was started") : pendingFailure);
            return;
        }
        View view;
        List<Move> legal = new ArrayList<>();
        try {
            Class<? extends View> viewClass = Class.forName(message.path("view_class").asText(), false,
                    Games.class.getClassLoader()).asSubclass(View.class);
            view = Protocol.viewFromJson(message.path("view"), viewClass);
            message.path("legal").forEach(notation -> legal.add(rules.parseMove(notation.asText())));
        } catch (Exception e) {
            // A referee the host cannot understand: say so, the referee records it as the bot's error.
            fail(new IllegalStateException("bot host cannot read the turn: " + e));
            return;
        }
        JsonNode clock = message.path("clock");
        Move move;
        try {
            move = player.chooseMove(view, List.copyOf(legal),
                    new Clock(clock.path("move_ms").asLong(), clock.path("bank_ms").asLong(),
                            "cpu".equals(clock.path("kind").asText())));
        } catch (Throwable t) {
            fail(t);
            return;
        }
        ObjectNode reply = mapper.createObjectNode().put("type", Protocol.MOVE);
        String notation = null;
        try {
            notation = move == null ? null : move.notation();
        } catch (Throwable t) {
            fail(t);
            return;
        }
        reply.put("move", notation);
        if (informs && notation != null) {
            // Cleaned and cut here already, so that a long text never makes the reply a line too long.
            String info;
            try {
                info = MoveNote.askInfo(player);
            } catch (Throwable t) {
                // What askInfo does not take as the note (an error of the JVM's) fails as chooseMove's would.
                fail(t);
                return;
            }
            if (info != null) {
                reply.put("info", info);
            }
        }
        reply(protocol, reply);
    }

    private void event(JsonNode message) {
        if (player != null && pendingFailure == null) {
            try {
                player.onEvent(new Event(message.path("actor").asInt(), message.path("move").asText()));
            } catch (Throwable t) {
                pendingFailure = t;
            }
        }
    }

    private void matchOver(JsonNode message) {
        if (player != null && pendingFailure == null) {
            int players = message.path("ranks").size();
            int[] ranks = new int[players];
            double[] scores = new double[players];
            for (int seat = 0; seat < players; seat++) {
                ranks[seat] = message.path("ranks").path(seat).asInt();
                scores[seat] = message.path("scores").path(seat).asDouble();
            }
            try {
                player.onMatchEnd(Outcome.of(ranks, scores));
            } catch (Throwable t) {
                // The match is decided; a bot failing to hear the result changes nothing.
                t.printStackTrace();
            }
        }
        player = null;
        rules = null;
    }

    private void fail(Throwable failure) {
        failure.printStackTrace();
        reply(protocol, mapper.createObjectNode().put("type", Protocol.ERROR).put("message", String.valueOf(failure)));
    }

    private static void reply(PrintStream protocol, ObjectNode message) {
        protocol.println(message.toString());
        protocol.flush();
    }
}
