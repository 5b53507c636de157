package org.pyramidarena.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The "For bot authors" section of each game's rules page ({@code docs/rules/<game>.md}, reached from
 * the module folder, the tests' working directory): it is there, and every {@code Class.method(args)}
 * and {@code Class.CONSTANT} it writes in backticks names a public member that exists, the class
 * resolved by its simple name in the game's package {@code org.pyramidarena.games.<game>} or in
 * {@code org.pyramidarena.api}, the method with as many parameters as the page writes arguments.
 */
class RulesPagesTest {

    private static final Path RULES = Path.of("..", "docs", "rules");
    private static final String HEADING = "## For bot authors";

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    /** {@code PyraosState.reserve(seat)}, {@code PyraosState.Ending.values()}: class, method, arguments. */
    private static final Pattern METHOD =
            Pattern.compile("(?<![\\w.])((?:[A-Z]\\w*\\.)*[A-Z]\\w*)\\.([a-z]\\w*)\\(([^()]*)\\)");
    /**
     * {@code State.NONE}: a class in camel case (so that notation such as Pyrinoes' {@code RLS.YM} is not
     * taken for one) and a constant in capitals.
     */
    private static final Pattern CONSTANT =
            Pattern.compile("(?<![\\w.])((?:[A-Z][a-z]\\w*\\.)*[A-Z][a-z]\\w*)\\.([A-Z][A-Z0-9_]*)(?![\\w(])");

    static Stream<String> games() {
        return Games.all().stream().map(Game::id);
    }

    @ParameterizedTest(name = "{0}.md")
    @MethodSource("games")
    void everyClassMethodTheBotAuthorsSectionNamesExists(String id) throws IOException {
        String page = "docs/rules/" + id + ".md";
        String section = section(id);
        List<String> problems = new ArrayList<>();
        List<String> named = new ArrayList<>();
        Matcher code = CODE.matcher(section);
        while (code.find()) {
            String span = code.group(1);
            Matcher method = METHOD.matcher(span);
            while (method.find()) {
                Class<?> type = resolve(id, method.group(1));
                int arity = method.group(3).isBlank() ? 0 : method.group(3).split(",", -1).length;
                if (type == null) {
                    problems.add(method.group() + ": no public class " + method.group(1) + " in org.pyramidarena.games."
                            + id + " or org.pyramidarena.api");
                } else if (Arrays.stream(type.getMethods())
                        .noneMatch(m -> m.getName().equals(method.group(2)) && m.getParameterCount() == arity)) {
                    problems.add(method.group() + ": " + type.getName() + " has no public method " + method.group(2)
                            + " with " + arity + " parameter(s)");
                } else {
                    named.add(type.getName() + "." + method.group(2));
                }
            }
            Matcher constant = CONSTANT.matcher(span);
            while (constant.find()) {
                Class<?> type = resolve(id, constant.group(1));
                if (type == null) {
                    problems.add(constant.group() + ": no public class " + constant.group(1) + " in org.pyramidarena.games."
                            + id + " or org.pyramidarena.api");
                } else if (!isPublicStaticField(type, constant.group(2))) {
                    problems.add(constant.group() + ": " + type.getName() + " has no public constant " + constant.group(2));
                }
            }
        }
        assertEquals(List.of(), problems, page + ", section '" + HEADING + "', names what the API does not have");

        // What the section is for: the view a bot receives, the state it simulates, and who won.
        Rules<?, ?> rules = Games.byId(id).rules(Games.byId(id).defaultSetup());
        for (Class<?> type : List.of(initialView(rules).getClass(), rules.initialState().getClass())) {
            assertTrue(named.stream().anyMatch(name -> name.startsWith(type.getName() + ".")),
                    page + ": the section names no accessor of " + type.getSimpleName());
        }
        assertTrue(named.contains(Rules.class.getName() + ".outcome"),
                page + ": the section does not say that Rules.outcome(state) tells who won");
    }

    /** The text from the section's heading to the next heading of the same level, or the end. */
    private static String section(String id) throws IOException {
        Path file = RULES.resolve(id + ".md");
        assertTrue(Files.isRegularFile(file), "no rules page " + file.toAbsolutePath().normalize());
        List<String> lines = Files.readAllLines(file);
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals(HEADING)) {
                assertEquals(-1, start, "docs/rules/" + id + ".md has two sections '" + HEADING + "'");
                start = i;
            }
        }
        assertTrue(start >= 0, "docs/rules/" + id + ".md has no section '" + HEADING + "'");
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        return String.join("\n", lines.subList(start + 1, end));
    }

    /** Seat 0's view of the initial state. */
    private static <S extends State> View initialView(Rules<S, ?> rules) {
        return rules.view(rules.initialState(), 0);
    }

    /** A public class by its simple name (nested classes after a dot), in the game's package or the API's. */
    private static Class<?> resolve(String id, String dotted) {
        String[] parts = dotted.split("\\.");
        for (String pkg : List.of("org.pyramidarena.games." + id, "org.pyramidarena.api")) {
            Class<?> type;
            try {
                type = Class.forName(pkg + "." + parts[0], false, RulesPagesTest.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                continue;
            }
            for (int i = 1; i < parts.length && type != null; i++) {
                String name = parts[i];
                type = Arrays.stream(type.getClasses()).filter(c -> c.getSimpleName().equals(name)).findFirst()
                        .orElse(null);
            }
            if (type != null && Modifier.isPublic(type.getModifiers())) {
                return type;
            }
        }
        return null;
    }

    /** A public static field: a constant, or an enum's constant. */
    private static boolean isPublicStaticField(Class<?> type, String name) {
        try {
            Field field = type.getField(name);
            return Modifier.isStatic(field.getModifiers());
        } catch (NoSuchFieldException e) {
            return false;
        }
    }
}
