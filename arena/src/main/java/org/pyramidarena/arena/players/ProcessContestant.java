package org.pyramidarena.arena.players;

import java.util.List;
import java.util.function.BiConsumer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.View;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A bot in a process of its own, driven over the wire protocol. Every way the process can fail
 * becomes a fault: no answer in time (the process tree is killed at once), exit, a closed output,
 * output beyond the caps, a reply that is not the protocol's, an error the bot reports, the
 * sandbox's memory cap, a line written when no answer was due. A faulted process is never reused;
 * the next match starts a fresh one. A sandboxed process is resumed for its turn and paused again
 * as soon as it has answered. Whatever the bot wrote reaches a fault's detail only through
 * {@link BotText}.
 *
 * <p>An answer carries the move's {@link MoveNote}: the reply's {@code info} and the lines the bot
 * wrote on standard error since its previous move (or since the match started); a fault carries
 * the lines of the turn that faulted.
 */
public final class ProcessContestant implements Contestant {

    private static final ObjectMapper MAPPER = Protocol.mapper();
    private static final long EXIT_GRACE_MILLIS = 200;
    /** The most of a process's standard error kept for one match ({@link #standardError()}). */
    public static final int STANDARD_ERROR_BYTES = 16 * 1024;
    /** How long a killed process's last standard error is waited for at the end of a match. */
    private static final long LAST_WORDS_MILLIS = 500;
    /** How long a fault waits for the end of a dead process's standard error, for the turn's lines. */
    private static final long STDERR_GRACE_MILLIS = 100;

    private final BotProcess process;
    private final String name;
    private final Options options;
    private final BiConsumer<BotProcess, Boolean> release;
    private boolean helloPending;
    private TerminationReason fault;
    private boolean closed;
    private String standardError = "";

    /**
     * @param process the bot's process, idle (no match running)
     * @param name the bot's name
     * @param options the bot's options at this seat, sent in {@code new_match}
     * @param helloPending true when the process was just started and its hello reply is still to
     *     be read (its start-up then counts against the first move)
     * @param release called once on close with the process and whether it may serve another match
     */
    public ProcessContestant(BotProcess process, String name, Options options, boolean helloPending,
                             BiConsumer<BotProcess, Boolean> release) {
        this.process = process;
        this.name = name;
        this.options = options;
        this.helloPending = helloPending;
        this.release = release;
        process.beginCapture(STANDARD_ERROR_BYTES);
    }

    @Override
    public String name() {
        return name;
    }

    /** The bot's process. */
    public BotProcess process() {
        return process;
    }

    @Override
    public void startMatch(MatchContext context) {
        ObjectNode message = MAPPER.createObjectNode().put("type", Protocol.NEW_MATCH)
                .put("game", context.game().id()).put("variant", context.setup().variant())
                .put("players", context.setup().players()).put("seat", context.seat());
        if (!context.setup().parameters().isEmpty()) {
            ObjectNode parameters = message.putObject("parameters");
            context.setup().parameters().forEach(parameters::put);
        }
        ArrayNode seats = message.putArray("seats");
        context.seatNames().forEach(seats::add);
        message.put("seed", context.seed()).put("move_ms", context.moveMillis()).put("bank_ms", context.bankMillis());
        message.set("options", Protocol.optionValuesToJson(options));
        // What the bot wrote before (at its start, after its last match) is no move's of this match.
        process.clearStderr();
        process.send(message);
    }

    @Override
    public Answer chooseMove(View view, List<? extends Move> legalMoves, Clock clock, long wallLimitMillis) {
        if (fault != null) {
            return Answer.fault(fault, "the bot's process has already failed", 0);
        }
        // CPU time is read from the cage's cgroup when it keeps a count (cheap, so it is recorded under
        // either clock); from /proc only when the clock needs it. The waits for a CPU, which the wall
        // guard does not count, only for a move still running once its limit has passed.
        MoveTimer timer = new MoveTimer(clock, wallLimitMillis,
                clock.cpu() || process.countsCpu() ? process::cpuNanos : null, process::waits);
        try {
            if (helloPending) {
                Answer failed = awaitHello(timer);
                if (failed != null) {
                    return failed;
                }
            }
            // Anything queued now was written when no answer was due (after hello, after its last
            // answer, during the other seats' turns): never read as this turn's answer.
            List<String> unsolicited = process.pendingLines();
            if (!unsolicited.isEmpty()) {
                return faulted(TerminationReason.PROTOCOL_VIOLATION, "wrote " + (unsolicited.size() == 1 ? "a line"
                        : unsolicited.size() + " lines") + " when no answer was due: "
                        + BotText.excerpt(unsolicited.get(0)), timer);
            }
            ObjectNode message = MAPPER.createObjectNode().put("type", Protocol.YOUR_TURN);
            message.set("view", Protocol.viewToJson(view));
            message.put("view_class", view.getClass().getName());
            ArrayNode legal = message.putArray("legal");
            legalMoves.forEach(move -> legal.add(move.notation()));
            message.putObject("clock").put("move_ms", clock.moveMillis()).put("bank_ms", clock.bankMillis())
                    .put("kind", clock.kind());
            process.newTurn();
            process.resume();
            process.send(message);
            BotProcess.Line line = process.next(timer);
            long nanos = timer.wallNanos();
            long cpuNanos = timer.cpuNanos();
            // No thinking off the clock: the bot's processes are stopped until its next turn.
            process.pause();
            Answer failed = failure(line, timer, "no move");
            if (failed != null) {
                return failed;
            }
            return reply(line.text(), nanos, cpuNanos, timer);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return faulted(TerminationReason.DISCONNECTED, "the referee was interrupted", timer);
        }
    }

    private Answer awaitHello(MoveTimer timer) throws InterruptedException {
        BotProcess.Line line = process.next(timer);
        Answer failed = failure(line, timer, "no hello");
        if (failed != null) {
            return failed;
        }
        helloPending = false;
        JsonNode hello;
        try {
            hello = MAPPER.readTree(line.text());
        } catch (JsonProcessingException e) {
            return faulted(TerminationReason.MALFORMED_REPLY, "its hello is not JSON: " + BotText.excerpt(line.text())
                    + Protocol.STDOUT_HINT, timer);
        }
        if (Protocol.ERROR.equals(hello.path("type").asText())) {
            return faulted(TerminationReason.CRASH, "it failed to start: " + BotText.message(hello.path("message").asText()),
                    timer);
        }
        if (!Protocol.HELLO.equals(hello.path("type").asText())) {
            return faulted(TerminationReason.MALFORMED_REPLY, "expected its hello, got " + BotText.excerpt(line.text()), timer);
        }
        return null;
    }

    /** The fault a missing line stands for, or null when there is a line. */
    private Answer failure(BotProcess.Line line, MoveTimer timer, String missing) {
        if (line == null) {
            return faulted(TerminationReason.TIMEOUT, timer.overrun(missing), timer);
        }
        return switch (line.kind()) {
            case LINE -> null;
            case FLOOD -> faulted(TerminationReason.OUTPUT_FLOOD, line.text(), timer);
            case END -> {
                Integer status = process.exitStatus(EXIT_GRACE_MILLIS);
                if (process.memoryExceeded()) {
                    yield faulted(TerminationReason.MEMORY, "its processes went past the sandbox's memory cap "
                            + "and the kernel killed one", timer);
                }
                yield status != null
                        ? faulted(TerminationReason.CRASH, "its process exited with status " + status, timer)
                        : faulted(TerminationReason.DISCONNECTED, "it closed its standard output", timer);
            }
        };
    }

    private Answer reply(String text, long nanos, long cpuNanos, MoveTimer timer) {
        if (text.isBlank()) {
            return faulted(TerminationReason.MALFORMED_REPLY, "an empty reply", timer);
        }
        JsonNode reply;
        try {
            reply = MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            return faulted(TerminationReason.MALFORMED_REPLY, "a reply that is not JSON: " + BotText.excerpt(text)
                    + Protocol.STDOUT_HINT, timer);
        }
        String type = reply.path("type").asText();
        if (Protocol.ERROR.equals(type)) {
            return faulted(TerminationReason.EXCEPTION, BotText.message(reply.path("message").asText()), timer);
        }
        if (!Protocol.MOVE.equals(type)) {
            return faulted(TerminationReason.MALFORMED_REPLY, "expected a move, got " + BotText.excerpt(text), timer);
        }
        JsonNode move = reply.path("move");
        if (!move.isTextual() || move.asText().isBlank()) {
            return faulted(TerminationReason.MALFORMED_REPLY, "returned no move", timer);
        }
        // The info is only shown: whatever it holds, it is cleaned and cut, never a fault.
        return Answer.move(move.asText(), nanos, cpuNanos,
                MoveNote.of(MoveNote.infoFromJson(reply.get("info")), process.takeStderr(0)));
    }

    private Answer faulted(TerminationReason reason, String detail, MoveTimer timer) {
        fault = reason;
        long cpuNanos = timer.cpuNanos();
        // Read before the kill while the process lives; a process that has exited is read to its end.
        List<String> stderr = process.takeStderr(process.isAlive() ? 0 : STDERR_GRACE_MILLIS);
        process.kill();
        return Answer.fault(reason, detail, timer.wallNanos(), cpuNanos).withNote(MoveNote.of(null, stderr));
    }

    @Override
    public void event(Event event) {
        if (fault == null) {
            process.send(MAPPER.createObjectNode().put("type", Protocol.EVENT).put("actor", event.actor())
                    .put("move", event.notation()));
        }
    }

    @Override
    public void endMatch(Outcome outcome) {
        if (fault == null) {
            ObjectNode message = MAPPER.createObjectNode().put("type", Protocol.MATCH_OVER);
            ArrayNode ranks = message.putArray("ranks");
            ArrayNode scores = message.putArray("scores");
            for (int seat = 0; seat < outcome.players(); seat++) {
                ranks.add(outcome.rank(seat));
                scores.add(outcome.score(seat));
            }
            process.send(message);
        }
    }

    /**
     * What the bot's process wrote on its standard error during this match (at most {@value
     * #STANDARD_ERROR_BYTES} bytes), once the match is closed; empty before. A process killed at the
     * end (it faulted) is given a moment for its last words, a crash's stack trace say.
     */
    public String standardError() {
        return standardError;
    }

    /**
     * Returns the process to its bot: a healthy one serves the next match, one that faulted, whose
     * match ended without a result, or that wrote lines nobody asked for is killed.
     */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            boolean reusable = fault == null && process.isHealthy() && process.pendingLines().isEmpty();
            if (reusable) {
                // Ended before the process is handed on, so the next match's output is not this one's.
                standardError = process.endCapture();
                release.accept(process, true);
            } else {
                release.accept(process, false);
                process.awaitErrorsRead(LAST_WORDS_MILLIS);
                standardError = process.endCapture();
            }
        }
    }
}
