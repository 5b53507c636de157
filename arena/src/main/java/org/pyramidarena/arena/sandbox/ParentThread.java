package org.pyramidarena.arena.sandbox;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The one thread that starts every bot process and the referee's helper processes, and lives as
 * long as the JVM. Linux's parent-death signal, which bubblewrap's {@code --die-with-parent} sets so
 * that a bot dies with a killed referee, is sent when the <em>thread</em> that started the process
 * ends, not the process: a bot started by a tournament's match thread was killed ({@code SIGKILL},
 * status 137) in the middle of another thread's match as soon as the first thread had no match left
 * to play, and a bot started by an {@code sprt} pool thread was killed, frozen, when the pool shut
 * down, and stayed frozen for good. Started from here, a process dies with the referee and with
 * nothing else.
 */
public final class ParentThread {

    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "bot-parent");
        thread.setDaemon(true);
        return thread;
    });

    private ParentThread() {
    }

    /**
     * Starts a process from the parent thread and waits for it to be started.
     *
     * @throws IOException as {@link ProcessBuilder#start()} does
     */
    public static Process start(ProcessBuilder builder) throws IOException {
        Future<Process> started = THREAD.submit(builder::start);
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return started.get();
                } catch (InterruptedException e) {
                    // The start is under way and cannot be taken back: wait for it, so that the
                    // process is handed to the caller (to kill) rather than lost.
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException("cannot start a process: " + e.getCause(), e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
