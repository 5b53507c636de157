package org.pyramidarena.arena.bots;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.pyramidarena.api.Bot;
import org.pyramidarena.arena.players.BotText;

/**
 * The class loader of one bot JAR. Its parent exposes only the bot API and the games (packages
 * {@code org.pyramidarena.api} and {@code org.pyramidarena.games}) besides the JDK, so a bot links
 * to neither the referee's classes nor its libraries nor any other bot's classes. This keeps bots
 * apart by name, not by force: code that asks an API class for its loader reaches the application
 * class loader (there is no SecurityManager); process isolation is the boundary for untrusted bots.
 */
public final class BotClassLoader extends URLClassLoader {

    static {
        registerAsParallelCapable();
    }

    private BotClassLoader(BotJar jar, ClassLoader parent) throws MalformedURLException {
        super("bot:" + jar.path().getFileName(), new URL[] {jar.path().toUri().toURL()}, parent);
    }

    /** A loader for a JAR whose parent is the bot API as this JVM loaded it. */
    public static BotClassLoader of(BotJar jar) {
        try {
            return new BotClassLoader(jar, new ApiOnly(Bot.class.getClassLoader()));
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(jar.path() + " cannot be loaded: " + e.getMessage());
        }
    }

    /**
     * Finds the JAR's bot through {@link ServiceLoader} (the parent shows no service files, so only
     * the JAR's entry counts) and creates it.
     *
     * @throws IllegalArgumentException with one line when the bot cannot be created
     */
    public Bot newBot(BotJar jar) {
        try {
            List<Bot> bots = ServiceLoader.load(Bot.class, this).stream().map(ServiceLoader.Provider::get).toList();
            if (bots.size() != 1) {
                throw new IllegalArgumentException(jar.path() + " offers " + bots.size() + " bots; a bot JAR offers one");
            }
            return bots.get(0);
        } catch (ServiceConfigurationError | LinkageError e) {
            throw new IllegalArgumentException(jar.path() + ": cannot create bot " + jar.botClass() + ": "
                    + (e.getCause() != null ? e.getMessage() + " (" + BotText.message(String.valueOf(e.getCause())) + ")"
                            : e.getMessage()));
        }
    }

    /** The JDK plus the bot-API packages of another loader, and nothing else. */
    private static final class ApiOnly extends ClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final ClassLoader api;

        ApiOnly(ClassLoader api) {
            super("bot-api", ClassLoader.getPlatformClassLoader());
            this.api = api;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith("org.pyramidarena.api.") || name.startsWith("org.pyramidarena.games.")) {
                return api.loadClass(name);
            }
            throw new ClassNotFoundException(name);
        }

        @Override
        protected URL findResource(String name) {
            return null;
        }

        @Override
        protected Enumeration<URL> findResources(String name) throws IOException {
            return Collections.emptyEnumeration();
        }
    }
}
