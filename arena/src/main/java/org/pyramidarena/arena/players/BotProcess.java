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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
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
    private final Thread errorCopier;
    /** What the process writes on its standard error while a capture runs ({@link #beginCapture}); guarded by itself. */
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private int captureLeft = -1;
    /** Whether the standard error's copier is in a read, and how many reads it has copied: see {@link #awaitErrorsCaughtUp}. */
    private volatile boolean copierWaiting;
    private volatile long chunksCopied;
    private static final long CATCH_UP_MILLIS = 250;
    private boolean captureCut;

    private BotProcess(Process process, Cage cage, boolean pauses, String label, Path log, AtomicLong logBudget) {
        this.process = process;
        this.cage = cage;
        this.pauses = pauses;
        this.label = label;
        cage.attach(process.toHandle());
        daemon("bot-out-" + label, this::readOutput);
        daemon("bot-in-" + label, this::writeInput);
        errorCopier = daemon("bot-err-" + label, () -> copyErrors(log, logBudget));
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
     * Starts keeping what the process writes on its standard error from now on, besides its log: a
     * match's own share of a process that serves match after match.
     *
     * @param capBytes the most kept; what comes after is left out, with a note
     */
    public void beginCapture(int capBytes) {
        synchronized (captured) {
            captured.reset();
            captureLeft = capBytes;
            captureCut = false;
        }
    }

    /**
     * Ends the capture begun by {@link #beginCapture}.
     *
     * @return what the process wrote on its standard error meanwhile (and the copier had read), as
     *     UTF-8 text, with a note where the cap cut it; empty without a capture
     */
    public String endCapture() {
        awaitErrorsCaughtUp();
        synchronized (captured) {
            String text = captured.toString(StandardCharsets.UTF_8);
            if (captureCut) {
                text += "\n[arena: cut at " + captured.size() + " bytes]\n";
            }
            captured.reset();
            captureLeft = -1;
            return text;
        }
    }

    /**
     * Waits until the process's standard error has been read to its end, which it reaches once the
     * process has ended, so that a killed or crashed bot's last words are in the capture.
     */
    public void awaitErrorsRead(long millis) {
        try {
            errorCopier.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits, briefly, until the copier has taken what the pipe held: a bot that wrote on its standard
     * error before its last answer has its bytes in the pipe by the time the answer is read, but the
     * copier, a thread of its own, may not have run since. It is caught up when it has been waiting
     * for more, with nothing new copied, over three milliseconds.
     */
    private void awaitErrorsCaughtUp() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CATCH_UP_MILLIS);
        long seen = chunksCopied;
        int quiet = 0;
        while (errorCopier.isAlive() && System.nanoTime() < deadline && quiet < 3) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = chunksCopied;
            quiet = copierWaiting && now == seen ? quiet + 1 : 0;
            seen = now;
        }
    }

    private void capture(byte[] buffer, int length) {
        synchronized (captured) {
            if (captureLeft < 0) {
                return;
            }
            int kept = Math.min(length, captureLeft);
            captured.write(buffer, 0, kept);
            captureLeft -= kept;
            captureCut |= kept < length;
        }
    }

    private void copyErrors(Path log, AtomicLong budget) {
        try (InputStream in = process.getErrorStream();
             OutputStream out = Files.newOutputStream(log, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            byte[] buffer = new byte[8192];
            boolean truncated = false;
            for (int n = waitForErrors(in, buffer); n >= 0; n = waitForErrors(in, buffer)) {
                capture(buffer, n);
                chunksCopied++;
                long left = budget.getAndAdd(-n);
                if (left > 0) {
                    out.write(buffer, 0, (int) Math.min(n, left));
                    out.flush();
                } else if (!truncated) {
                    truncated = true;
                    out.write(("\n[arena: log cap reached, the rest of this bot's standard error is discarded]\n")
                            .getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
                // Past the cap the stream is still drained, so the bot never blocks on a full pipe.
            }
        } catch (IOException e) {
            LOG.warn("bot {}: standard error copy stopped: {}", label, e.getMessage());
        }
    }

    private int waitForErrors(InputStream in, byte[] buffer) throws IOException {
        copierWaiting = true;
        try {
            return in.read(buffer);
        } finally {
            copierWaiting = false;
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
