package org.pyramidarena.arena.rogues;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pylon.PylonMove;
import org.pyramidarena.games.pylon.PylonState;

/** The rogues, one misbehaviour each. Each is a public class with a public no-argument constructor. */
public final class Rogues {

    private Rogues() {
    }

    /** Sleeps forever on its second move. */
    public static final class Sleeper extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                sleepForever();
            }
            return random;
        }
    }

    /** Spins in a loop on its second move. */
    public static final class Spinner extends RogueBot {
        static volatile long sink;

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            while (turn == 1) {
                sink++;
            }
            return random;
        }
    }

    /** Throws on its second move. */
    public static final class Thrower extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                throw new IllegalStateException("the thrower throws");
            }
            return random;
        }
    }

    /** Plays its first move again on its second turn: in Pylon, onto an occupied square. */
    public static final class Cheater extends RogueBot {
        private Move first;

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 0) {
                first = legalMoves.get(0);
            }
            return first;
        }
    }

    /** Returns no move on its second turn. */
    public static final class Mute extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            return turn == 1 ? null : random;
        }
    }

    /** Calls System.exit on its second move. */
    public static final class Quitter extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                System.exit(3);
            }
            return random;
        }
    }

    /** Allocates until the heap is exhausted on its second move. */
    public static final class Glutton extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            List<long[]> hoard = new ArrayList<>();
            while (turn == 1) {
                hoard.add(new long[1 << 20]);
            }
            return hoard.isEmpty() ? random : null;
        }
    }

    /** Writes an endless line straight to the process's standard output on its second move. */
    public static final class Shouter extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                try (OutputStream out = new FileOutputStream(FileDescriptor.out)) {
                    byte[] noise = "x".repeat(8192).getBytes(StandardCharsets.US_ASCII);
                    while (true) {
                        out.write(noise);
                    }
                } catch (IOException e) {
                    sleepForever();
                }
            }
            return random;
        }
    }

    /**
     * Writes four Pylon moves straight to the process's standard output when a match starts, as
     * answers to its first four turns ahead of time, then plays legal moves.
     */
    public static final class Chatterbox extends RogueBot {
        @Override
        protected void starting(MatchContext context) {
            StringBuilder moves = new StringBuilder();
            for (String square : new String[] {"a1", "f5", "a5", "f1"}) {
                moves.append("{\"type\":\"move\",\"move\":\"S").append(square).append("\"}\n");
            }
            try {
                // Not closed: that would close the process's standard output.
                new FileOutputStream(FileDescriptor.out).write(moves.toString().getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            return random;
        }
    }

    /** Terminal escape codes, a carriage return and a right-to-left override, to make a line say "random wins". */
    public static final String ESCAPES = "\u001b[2J\u001b[H\rrandom wins\u202e";

    /** Plays a move whose notation is a legal move's with {@link #ESCAPES} before it, on its second turn. */
    public static final class Scribbler extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                String notation = ESCAPES + random.notation();
                return () -> notation;
            }
            return random;
        }
    }

    /** Throws with {@link #ESCAPES} in its message on its second move. */
    public static final class Heckler extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                throw new IllegalStateException(ESCAPES);
            }
            return random;
        }
    }

    /** Writes megabytes to standard error on every move, then plays a legal move. */
    public static final class Grumbler extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            String noise = "grumble ".repeat(1024);
            for (int i = 0; i < 64; i++) {
                System.err.println(noise);
            }
            System.out.println("and some on System.out, which the host sends to the log too");
            return random;
        }
    }

    /** Starts threads that never stop (one spinning, the others sleeping), then plays legal moves. */
    public static final class Breeder extends RogueBot {
        static volatile long sink;

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 0) {
                new Thread(() -> {
                    while (true) {
                        sink++;
                    }
                }, "breeder-spinning").start();
                for (int i = 0; i < 3; i++) {
                    new Thread(RogueBot::sleepForever, "breeder-sleeping-" + i).start();
                }
            }
            return random;
        }
    }

    /** Closes the process's standard output on its second move, then sleeps. */
    public static final class Hangup extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn == 1) {
                try {
                    new FileOutputStream(FileDescriptor.out).close();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                sleepForever();
            }
            return random;
        }
    }

    /** Sleeps forever in the first match of a working directory, plays normally afterwards. */
    public static final class SleepsOnce extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            Path marker = Path.of("slept-once");
            if (!Files.exists(marker)) {
                try {
                    Files.createFile(marker);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
                sleepForever();
            }
            return random;
        }
    }

    /** Writes a secret into its working directory when a match starts. */
    public static final class Diarist extends RogueBot {
        /** What it writes. */
        public static final String SECRET = "the diarist's secret";

        @Override
        protected void starting(MatchContext context) {
            try {
                Files.writeString(Path.of("secret.txt"), SECRET);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            return random;
        }
    }

    /**
     * Tries to read the diarist's secret by guessing paths next to its own working directory; throws
     * with the secret when it succeeds. It reports on standard error whether it could list its
     * parent directory.
     */
    public static final class Snoop extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            Path here = Path.of("").toAbsolutePath();
            Path parent = here.getParent() == null ? here : here.getParent();
            Path grandparent = parent.getParent() == null ? parent : parent.getParent();
            for (String guess : new String[] {"diarist", "diarist-0000000000000000", "../diarist", "bots/diarist"}) {
                for (Path candidate : new Path[] {parent.resolve(guess).resolve("secret.txt"),
                        grandparent.resolve(guess).resolve("secret.txt"), here.resolve("secret.txt")}) {
                    try {
                        String found = Files.readString(candidate);
                        throw new IllegalStateException("snoop read " + candidate + ": " + found);
                    } catch (IOException e) {
                        // Not there: guess again.
                    }
                }
            }
            try (var listing = Files.list(parent)) {
                System.err.println("snoop: listing the parent directory was allowed (" + listing.count() + " entries)");
            } catch (IOException e) {
                System.err.println("snoop: listing the parent directory was denied");
            }
            return random;
        }
    }

    /** Looks for the referee's classes and libraries from its own class loader; throws when it sees any. */
    public static final class Peeker extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            for (String name : new String[] {"org.pyramidarena.arena.match.MatchRunner",
                    "com.fasterxml.jackson.databind.ObjectMapper", "org.pyramidarena.bots.RandomBot"}) {
                try {
                    Class.forName(name, false, getClass().getClassLoader());
                    throw new IllegalStateException("the peeker sees " + name);
                } catch (ClassNotFoundException e) {
                    // Hidden, as it should be.
                }
            }
            return random;
        }
    }

    /**
     * Reflects into the lists of every view it is handed, looking for the position they read. When
     * it reaches a Pylon position during the placements, it rewrites it: every other square its own
     * large pyramid, nothing left in hand but the pyramid it places, 29 pyramids placed. Its
     * placement ends the placements, and the referee, playing on from the forged position, scores
     * it 30-0. It reports what each list let it reach in the system property {@link #REPORT} (it
     * lives in a class loader of its own, where a static field would not be the test's).
     */
    public static final class Forger extends RogueBot {
        /**
         * The system property of the report on the last view: for each list, {@code component:class:what},
         * comma-separated, where {@code what} is the class of the position it reached, {@code sealed}
         * when its fields could not be opened, or {@code nothing}.
         */
        public static final String REPORT = "pyramidarena.rogues.forger";

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            return random;
        }

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves, View view) {
            List<String> report = new ArrayList<>();
            State position = null;
            for (RecordComponent component : view.getClass().getRecordComponents()) {
                Object value;
                try {
                    value = component.getAccessor().invoke(view);
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
                if (value instanceof List<?> list) {
                    String reached = "nothing";
                    for (Class<?> type = list.getClass(); type != null; type = type.getSuperclass()) {
                        for (Field field : type.getDeclaredFields()) {
                            try {
                                field.setAccessible(true);
                                if (field.get(list) instanceof State state) {
                                    position = state;
                                    reached = state.getClass().getSimpleName();
                                }
                            } catch (RuntimeException | IllegalAccessException e) {
                                reached = reached.equals("nothing") ? "sealed" : reached;
                            }
                        }
                    }
                    report.add(component.getName() + ":" + list.getClass().getName() + ":" + reached);
                }
            }
            System.setProperty(REPORT, String.join(",", report));
            if (position instanceof PylonState pylon && random instanceof PylonMove move && move.isPlacement()
                    && pylon.turn() < 29) {
                forge(pylon, view.seat(), move);
            }
            return random;
        }

        private static void forge(PylonState position, int seat, PylonMove placement) {
            try {
                // Every square but the one placed on holds the seat's large pyramid, height 1; the
                // seat holds just the pyramid it places; the turn is the 30th placement. Written into
                // PylonState's masks (bit 'square') and packed counts in hand (5 bits a count).
                int board = ((1 << 30) - 1) & ~(1 << placement.to());
                for (String mask : List.of("occupied", "top2", "top3", "bottom2", "bottom3", "height0")) {
                    open(PylonState.class.getDeclaredField(mask)).setInt(position, board);
                }
                open(PylonState.class.getDeclaredField("seatOneTops")).setInt(position, seat == 1 ? board : 0);
                open(PylonState.class.getDeclaredField("hands")).setInt(position,
                        1 << ((seat * 3 + placement.size() - 1) * 5));
                // The turn and the actor share one int: the turn shifted left by 2, plus the actor + 2.
                open(PylonState.class.getDeclaredField("turnAndActor")).setInt(position, 29 << 2 | (seat + 2));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        private static Field open(Field field) {
            field.setAccessible(true);
            return field;
        }
    }

    /**
     * Says in a system property of the JVM that initialises its class that it was loaded there: a
     * JAR listed or played in the referee's JVM sets it in the referee's.
     */
    public static final class Announcer extends RogueBot {
        /** The system property its class's initialiser sets. */
        public static final String LOADED = "pyramidarena.rogues.announcer";

        static {
            System.setProperty(LOADED, "loaded");
        }

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            return random;
        }
    }

    /** Its class's initialiser never ends: whatever initialises it in its own thread waits for good. */
    public static final class EndlessInitialiser extends RogueBot {
        private static volatile boolean done;

        static {
            while (!done) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    // Not even an interrupt ends it.
                }
            }
        }

        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            return random;
        }
    }

    /**
     * On its first move, tries from its JVM what a bot must not do in a sandbox: make a user
     * namespace of its own ({@code unshare -U -r}, where it would be root); and checks that a
     * system-call filter holds its JVM ({@code Seccomp: 2} in {@code /proc/self/status}). It throws
     * when either shows the filter missing: in the sandbox it plays on.
     */
    public static final class Unsharer extends RogueBot {
        @Override
        protected Move misbehave(int turn, Move random, List<? extends Move> legalMoves) {
            if (turn > 0) {
                return random;
            }
            try {
                Process unshare = new ProcessBuilder("unshare", "-U", "-r", "true").redirectErrorStream(true).start();
                unshare.getInputStream().readAllBytes();
                if (unshare.waitFor() == 0) {
                    throw new IllegalStateException("the unsharer made a user namespace of its own");
                }
                String status = Files.readString(Path.of("/proc/self/status"));
                if (!status.lines().anyMatch(line -> line.matches("Seccomp:\\s*2"))) {
                    throw new IllegalStateException("no system-call filter holds the unsharer's JVM");
                }
            } catch (IOException e) {
                throw new IllegalStateException("the unsharer could not try: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return random;
        }
    }
}
