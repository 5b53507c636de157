package org.pyramidarena.arena.players;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import com.fasterxml.jackson.databind.JsonNode;
import org.pyramidarena.arena.sandbox.Cage;
import org.pyramidarena.arena.sandbox.ParentThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One bot process as the referee sees it: lines written to its standard input by a writer thread
 * (so a bot that stops reading never blocks the referee), lines read from its standard output by a
 * reader thread that enforces the output caps, and its standard error copied to a log capped in
 * size. Killing it kills its whole process tree. A sandboxed process comes with its {@link Cage}:
 * {@link #pause()} stops its whole tree between turns and {@link #resume()} lets it run again.
 *
 * <p>The lines of standard error are also kept for the bot's moves ({@link #takeStderr}): the
 * referee reads whatever is still in the pipe when it takes them, so every line written before the
 * bot's answer is the turn's. For that the copy does not block on the pipe while the process runs
 * (a blocked read holds the stream's lock, which the referee's look at the pipe would wait on): it
 * reads what the pipe holds, at once again while the bot writes on, and when it finds the pipe
 * empty looks again after a millisecond, then two, up to ten while the bot writes nothing. A bot
 * that fills the pipe (64 KiB on Linux) in one burst may wait that long to write more.
 *
 * <p>Every bot process is started from the {@link ParentThread}, whatever thread asks, so that its
 * life is tied to the referee's and never to the asking thread's. The referee kills every bot
 * process still alive when it shuts down (Ctrl-C, {@code SIGTERM}, the end of a command), and starts
 * none after that.
 */
public final class BotProcess {

    private static final Logger LOG = LoggerFactory.getLogger(BotProcess.class);
    private static final String STOP = new String("stop");

    /** Every bot process started and not yet killed, for the shutdown hook. */
    private static final Set<BotProcess> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean shuttingDown;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(BotProcess::killAll, "bot-processes-shutdown"));
    }

    /** What the reader saw: a line, the end of the output, or output beyond the caps. */
    public record Line(Kind kind, String text) {
        /** The kinds of things the reader reports. */
        public enum Kind { LINE, END, FLOOD }
    }

    private final Process process;
    private final Cage cage;
    private final boolean pauses;
    private final String label;
    private final BlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private final BlockingQueue<String> outgoing = new LinkedBlockingQueue<>();
    private final AtomicLong outputSinceTurn = new AtomicLong();
    private volatile boolean writeFailed;
    private volatile boolean readerStopped;
    private final Errors errors;

    private BotProcess(Process process, Cage cage, boolean pauses, String label, Path log, AtomicLong logBudget) {
        this.process = process;
        this.cage = cage;
        this.pauses = pauses;
        this.label = label;
        this.errors = new Errors(process.getErrorStream(), logBudget);
        cage.attach(process.toHandle());
        daemon("bot-out-" + label, this::readOutput);
        daemon("bot-in-" + label, this::writeInput);
        // The log is opened now, not when the copy's thread first runs: a run folder removed soon after a
        // short-lived bot (a listing, a refused start) would otherwise be named in a warning, gone.
        OutputStream logOut = openLog(log, label);
        errors.open(logOut);
        daemon("bot-err-" + label, () -> copyErrors(logOut));
    }

    private static OutputStream openLog(Path log, String label) {
        try {
            return Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            LOG.warn("bot {}: its standard error is not logged: {}", label, e.getMessage());
            return OutputStream.nullOutputStream();
        }
    }

    /**
     * Starts a bot process.
     *
     * @param command the command line
     * @param workDir its working directory
     * @param log the file its standard error is appended to
     * @param logBudget bytes the log may still grow by, shared by the bot's processes
     * @throws IllegalArgumentException when the command cannot be started
     */
    public static BotProcess start(List<String> command, Path workDir, Path log, AtomicLong logBudget, String label) {
        return start(command, null, Cage.NONE, false, workDir, log, logBudget, label);
    }

    /**
     * Starts a bot process in a cage.
     *
     * @param environment the process's whole environment, or null for the referee's
     * @param cage the cage the command puts itself in ({@link Cage#NONE} outside a sandbox)
     * @param pauses true to stop the process between turns ({@link #pause()} does nothing otherwise)
     * @throws IllegalArgumentException when the command cannot be started
     * @throws IllegalStateException when the referee is shutting down
     */
    public static BotProcess start(List<String> command, Map<String, String> environment, Cage cage, boolean pauses,
                                   Path workDir, Path log, AtomicLong logBudget, String label) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile());
        if (environment != null) {
            builder.environment().clear();
            builder.environment().putAll(environment);
        }
        if (shuttingDown) {
            cage.release();
            throw new IllegalStateException("the referee is shutting down: bot '" + label + "' is not started");
        }
        try {
            BotProcess started = new BotProcess(ParentThread.start(builder), cage, pauses, label, log, logBudget);
            LIVE.add(started);
            if (shuttingDown) {
                // Started while the shutdown hook was killing the others.
                started.kill();
                throw new IllegalStateException("the referee is shutting down: bot '" + label + "' is killed");
            }
            return started;
        } catch (IOException e) {
            cage.release();
            throw new IllegalArgumentException("cannot start bot '" + label + "' (" + String.join(" ", command) + "): "
                    + e.getMessage());
        }
    }

    /** Stops the bot's whole process tree until {@link #resume()}, when it is sandboxed and not pondering. */
    public void pause() {
        if (pauses) {
            cage.freeze();
        }
    }

    /** Lets a paused bot run again: before its turn, and before it is asked to quit. */
    public void resume() {
        if (pauses) {
            cage.thaw();
        }
    }

    /**
     * The CPU time the bot's whole process tree has used so far, in nanoseconds: the cage's count
     * where it keeps one (a cgroup's, ended processes included), otherwise read from {@code /proc}
     * ({@link ProcessCpu}); -1 when neither can be read.
     */
    public long cpuNanos() {
        long counted = cage.cpuNanos();
        return counted >= 0 ? counted : ProcessCpu.treeNanos(process.pid());
    }

    /**
     * How long the threads of the bot's process tree have waited for a CPU while they could run, and
     * whether one can run now: the threads its cage lists, or those found in {@code /proc}.
     */
    Waits waits() {
        long[] threads = cage.threads();
        return threads != null ? ProcessCpu.waits(threads) : ProcessCpu.treeWaits(process.pid());
    }

    /** True when the bot's CPU time comes cheaply from its cage (one read of a cgroup file). */
    public boolean countsCpu() {
        return cage.countsCpu();
    }

    /** True when the kernel killed a process of the bot for going past its memory cap. */
    public boolean memoryExceeded() {
        return cage.memoryExceeded();
    }

    /** The process, for its id and to see it end. */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    /** True while the process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Queues one message; never blocks. */
    public void send(JsonNode message) {
        outgoing.add(message.toString());
    }

    /** Starts a turn: the bot's output allowance begins again. */
    public void newTurn() {
        outputSinceTurn.set(0);
    }

    /**
     * The next thing the bot wrote, waiting until a deadline.
     *
     * @param deadlineNanos a {@link System#nanoTime()} instant
     * @return the line, end or flood; null at the deadline
     */
    public Line next(long deadlineNanos) throws InterruptedException {
        return lines.poll(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /**
     * The next thing the bot wrote, waiting while the move's timer allows.
     *
     * @return the line, end or flood; null when the move's time is up
     */
    Line next(MoveTimer timer) throws InterruptedException {
        for (long wait = timer.waitNanos(); wait > 0; wait = timer.waitNanos()) {
            Line line = lines.poll(wait, TimeUnit.NANOSECONDS);
            if (line != null) {
                return line;
            }
        }
        return lines.poll();
    }

    /**
     * The lines the bot wrote that are not read yet, oldest first; they stay queued. Between turns
     * there should be none: a bot writes only when an answer is due.
     */
    public List<String> pendingLines() {
        return lines.stream().filter(line -> line.kind() == Line.Kind.LINE).map(Line::text).toList();
    }

    /**
     * The lines the bot wrote on standard error since the last take (or {@link #clearStderr}), for
     * its move: oldest first, each cleaned and cut by {@link BotText}, at most {@link
     * BotText#STDERR_LINES_MAX} of them, preceded by one line saying how many earlier ones were left
     * out. Only lines ended by a line break are taken; the rest of a line waits for its end. What is
     * in the pipe now is read first, so that a line written before the bot's answer is never left
     * for the next move. An empty list (and no object made) when the bot wrote none.
     *
     * @param graceMillis how long to wait for the copy to reach the end of a stream whose process has
     *     exited (0 for a bot that answered, whose pipe is read at once)
     */
    public List<String> takeStderr(long graceMillis) {
        return errors.take(graceMillis);
    }

    /** Forgets the lines of standard error not taken yet: a new match starts, and they belong to none of its moves. */
    public void clearStderr() {
        errors.take(0);
    }

    /**
     * Starts keeping what the process writes on its standard error from now on, besides its log and
     * the turns' lines: a match's own share of a process that serves match after match.
     *
     * @param capBytes the most kept; what comes after is left out, with a note
     */
    public void beginCapture(int capBytes) {
        errors.beginCapture(capBytes);
    }

    /**
     * Ends the capture begun by {@link #beginCapture}, having read what the pipe holds now: a line the
     * bot wrote before its last answer is the match's.
     *
     * @return what the process wrote on its standard error meanwhile, as UTF-8 text, with a note
     *     where the cap cut it; empty without a capture
     */
    public String endCapture() {
        return errors.endCapture();
    }

    /**
     * Waits until the process's standard error has been read to its end, which it reaches once the
     * process has ended, so that a killed or crashed bot's last words are in the capture.
     */
    public void awaitErrorsRead(long millis) {
        errors.awaitEnd(millis);
    }

    /**
     * Waits until what the process wrote on standard error is in its log, at most {@code
     * graceMillis} after it has exited (the copy reads to the end of the stream then): for the
     * referee to quote the log of a bot that died.
     */
    public void awaitStderr(long graceMillis) {
        errors.settle(graceMillis);
    }

    /** The exit status when the process ended within a short grace, otherwise null. */
    public Integer exitStatus(long graceMillis) {
        try {
            return process.waitFor(graceMillis, TimeUnit.MILLISECONDS) ? process.exitValue() : null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * True while the process may serve another match: it runs, its input is open, and its output is
     * still read (it has not closed it nor flooded it).
     */
    public boolean isHealthy() {
        return process.isAlive() && !writeFailed && !readerStopped;
    }

    /** Kills the process and everything it started, at once, frozen or not. */
    public void kill() {
        cage.kill();
        ProcessHandle handle = process.toHandle();
        handle.descendants().forEach(ProcessHandle::destroyForcibly);
        handle.destroyForcibly();
        cage.release();
        outgoing.add(STOP);
        LIVE.remove(this);
    }

    /** Kills every bot process of this JVM, and lets none start after: the referee is shutting down. */
    private static void killAll() {
        shuttingDown = true;
        for (BotProcess process : List.copyOf(LIVE)) {
            process.kill();
        }
    }

    /** Asks the bot to quit, waits a little, then kills what is left. */
    public void quit(JsonNode quitMessage, long graceMillis) {
        if (process.isAlive()) {
            resume();
            send(quitMessage);
            outgoing.add(STOP);
            exitStatus(graceMillis);
        }
        kill();
    }

    private void readOutput() {
        try {
            readLines();
        } finally {
            readerStopped = true;
        }
    }

    private void readLines() {
        try (InputStream in = process.getInputStream()) {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (outputSinceTurn.addAndGet(n) > Protocol.MAX_OUTPUT_PER_TURN) {
                    lines.add(new Line(Line.Kind.FLOOD, "more than " + Protocol.MAX_OUTPUT_PER_TURN
                            + " bytes on standard output in one turn"));
                    return;
                }
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
                    if (b == '\n') {
                        String text = line.toString(StandardCharsets.UTF_8);
                        lines.add(new Line(Line.Kind.LINE, text.endsWith("\r") ? text.substring(0, text.length() - 1) : text));
                        line.reset();
                    } else {
                        line.write(b);
                        if (line.size() > Protocol.MAX_LINE) {
                            lines.add(new Line(Line.Kind.FLOOD, "a line longer than " + Protocol.MAX_LINE + " bytes"));
                            return;
                        }
                    }
                }
            }
            lines.add(new Line(Line.Kind.END, "standard output closed"));
        } catch (IOException e) {
            lines.add(new Line(Line.Kind.END, "standard output failed: " + e.getMessage()));
        }
    }

    private void writeInput() {
        try (Writer out = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
            while (true) {
                String message = outgoing.take();
                if (message == STOP) {
                    return;
                }
                out.write(message);
                out.write('\n');
                if (outgoing.isEmpty()) {
                    out.flush();
                }
            }
        } catch (IOException e) {
            writeFailed = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Copies standard error to the log and to the lines kept for the moves: without blocking while
     * the process runs (see the class comment), then, once it has exited, to the end of the stream.
     */
    private void copyErrors(OutputStream log) {
        try (InputStream in = process.getErrorStream(); OutputStream out = log) {
            long pause = Errors.FIRST_PAUSE_NANOS;
            while (process.isAlive()) {
                if (errors.drain()) {
                    // The bot writes on: read again at once, as a blocked read would have.
                    pause = Errors.FIRST_PAUSE_NANOS;
                } else {
                    LockSupport.parkNanos(pause);
                    pause = Math.min(pause * 2, Errors.LONGEST_PAUSE_NANOS);
                }
            }
            errors.toEnd(in);
        } catch (IOException e) {
            LOG.warn("bot {}: standard error copy stopped: {}", label, e.getMessage());
        } finally {
            errors.ended();
        }
    }

    /**
     * A bot's standard error as the copy and the referee share it: the stream, the log and its
     * budget, and the lines of the turn. One lock orders the copy's reads and the referee's.
     */
    private static final class Errors {

        static final long FIRST_PAUSE_NANOS = 1_000_000;
        static final long LONGEST_PAUSE_NANOS = 10_000_000;
        /** The most bytes of one line kept before it is cleaned: enough for its cap in any UTF-8. */
        private static final int LINE_BYTES_MAX = BotText.STDERR_LINE_MAX * 4;

        private final InputStream in;
        private final AtomicLong budget;
        private final byte[] buffer = new byte[8192];
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private final ArrayDeque<String> lines = new ArrayDeque<>();
        private OutputStream log;
        private boolean lineCut;
        private boolean truncated;
        private int leftOut;
        /** The copy reads to the end, blocking: the referee no longer looks at the pipe itself. */
        private boolean toEnd;
        private volatile boolean ended;
        /** A match's share of the stream ({@link BotProcess#beginCapture}); -1 left when none runs. */
        private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        private int captureLeft = -1;
        private boolean captureCut;

        Errors(InputStream in, AtomicLong budget) {
            this.in = in;
            this.budget = budget;
        }

        synchronized void open(OutputStream out) {
            log = out;
        }

        /** Reads what the pipe holds now, without blocking; true when there was anything. */
        synchronized boolean drain() throws IOException {
            if (toEnd || log == null) {
                return false;
            }
            int pending = in.available();
            // No more than is there now: a bot that writes on and on holds nobody up.
            for (int left = pending; left > 0; ) {
                int n = in.read(buffer, 0, Math.min(left, buffer.length));
                if (n < 0) {
                    break;
                }
                consume(n);
                left -= n;
            }
            return pending > 0;
        }

        /** Reads to the end of the stream, blocking, once the process has exited. */
        void toEnd(InputStream stream) throws IOException {
            synchronized (this) {
                toEnd = true;
            }
            byte[] chunk = new byte[8192];
            for (int n = stream.read(chunk); n >= 0; n = stream.read(chunk)) {
                synchronized (this) {
                    System.arraycopy(chunk, 0, buffer, 0, n);
                    consume(n);
                }
            }
        }

        void ended() {
            ended = true;
        }

        synchronized void beginCapture(int capBytes) {
            captured.reset();
            captureLeft = capBytes;
            captureCut = false;
        }

        synchronized String endCapture() {
            try {
                drain();
            } catch (IOException e) {
                // The copy meets the same failure and reports it; what was read so far is the match's.
            }
            String text = captured.toString(StandardCharsets.UTF_8);
            if (captureCut) {
                text += "\n[arena: cut at " + captured.size() + " bytes]\n";
            }
            captured.reset();
            captureLeft = -1;
            return text;
        }

        /** Waits, at most {@code millis}, until the copy has read the stream to its end. */
        void awaitEnd(long millis) {
            long deadline = System.nanoTime() + millis * 1_000_000;
            while (!ended && System.nanoTime() < deadline) {
                LockSupport.parkNanos(1_000_000);
            }
        }

        /** The first {@code n} bytes of the buffer: to the log while its budget lasts, and into lines. */
        private void consume(int n) throws IOException {
            long left = budget.getAndAdd(-n);
            if (left > 0) {
                log.write(buffer, 0, (int) Math.min(n, left));
                log.flush();
            } else if (!truncated) {
                truncated = true;
                log.write(("\n[arena: log cap reached, the rest of this bot's standard error is discarded]\n")
                        .getBytes(StandardCharsets.UTF_8));
                log.flush();
            }
            // Past the cap the stream is still read, so the bot never blocks on a full pipe.
            if (captureLeft >= 0) {
                int kept = Math.min(n, captureLeft);
                captured.write(buffer, 0, kept);
                captureLeft -= kept;
                captureCut |= kept < n;
            }
            for (int i = 0; i < n; i++) {
                byte b = buffer[i];
                if (b == '\n') {
                    endLine();
                } else if (line.size() < LINE_BYTES_MAX) {
                    line.write(b);
                } else {
                    lineCut = true;
                }
            }
        }

        private void endLine() {
            String text = line.toString(StandardCharsets.UTF_8);
            if (text.endsWith("\r")) {
                text = text.substring(0, text.length() - 1);
            }
            lines.addLast(BotText.clean(lineCut ? text + "..." : text, BotText.STDERR_LINE_MAX));
            if (lines.size() > BotText.STDERR_LINES_MAX) {
                lines.removeFirst();
                leftOut++;
            }
            line.reset();
            lineCut = false;
        }

        /**
         * Reads what the pipe holds now; or, once the copy reads to the end of the stream (the
         * process has exited), or while it has not opened the log yet, waits at most {@code
         * graceMillis} for it.
         */
        void settle(long graceMillis) {
            long deadline = System.nanoTime() + graceMillis * 1_000_000;
            while (!ended) {
                synchronized (this) {
                    if (!toEnd && log != null) {
                        try {
                            drain();
                        } catch (IOException e) {
                            // The copy meets the same failure and reports it; what was read so far stands.
                        }
                        return;
                    }
                }
                if (System.nanoTime() >= deadline) {
                    return;
                }
                LockSupport.parkNanos(1_000_000);
            }
        }

        List<String> take(long graceMillis) {
            settle(graceMillis);
            synchronized (this) {
                if (lines.isEmpty() && leftOut == 0) {
                    return List.of();
                }
                List<String> taken = new ArrayList<>(lines.size() + 1);
                if (leftOut > 0) {
                    taken.add("(" + leftOut + (leftOut == 1 ? " earlier line" : " earlier lines") + " of this turn left out)");
                }
                taken.addAll(lines);
                lines.clear();
                leftOut = 0;
                return taken;
            }
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }
}
