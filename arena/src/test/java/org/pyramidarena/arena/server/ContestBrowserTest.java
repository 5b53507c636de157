package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.logging.Level;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.bots.RandomBot;

/**
 * The contest in a real browser, at 1,280 px: a team signs in with its token (a session cookie,
 * HttpOnly and SameSite=Strict, then keeps its page open), uploads the starter JAR of
 * docs/writing-a-bot.md through the page's form, watches the leaderboard update itself as matches
 * end, finds its rating history drawn and its results tabled, challenges another team to a
 * scrimmage, and signs out; another team follows its rejected version's link to the check match and
 * its bot's standard error; a replay opens in the viewer; the final's standings show on /final. No
 * page is wider than the window. Needs {@code chromium} and {@code chromedriver} on the PATH; skips
 * without them, except in CI ({@code CI=true}), where it fails. Screenshots go to {@code
 * target/browser-screenshots/}; docs/contest-server.md shows copies of them (docs/images/contest-*.png).
 */
class ContestBrowserTest {

    private static final Path SCREENSHOTS = Path.of("target", "browser-screenshots");
    private static final Path STARTER = Path.of("..", "sample-bots", "starter", "src", "main");
    private static final String LONG_NAME = "minimax-depth-4-with-iterative-deepening-a-transposition-table"
            + "-and-a-bug-on-its-second-move-v1.jar";
    /** The window's width: pages must fit it without a horizontal scrollbar. */
    private static final long WIDTH = 1280;

    @TempDir
    Path temp;

    private ChromeDriver browser;
    private ContestServer server;

    @AfterEach
    void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aContestantSignsInUploadsWatchesTheLiveLeaderboardAndFollowsARejectionToItsCheckMatch() throws Exception {
        browser = startBrowser();
        Path folder = temp.resolve("contest");
        // A final of two cycles (four matches), not the default size: enough for its standings.
        String admin = ContestServer.init(folder, ContestServerApiTest.quickSettings("browser-cup", null)
                .withFinal(2, null));
        server = ContestServer.start(folder, "127.0.0.1", 0, line -> { });
        ContestClient client = new ContestClient(server.port());
        String red = client.postJson("/api/admin/teams", admin, Map.of("name", "red")).json().path("token").asText();
        String green = client.postJson("/api/admin/teams", admin, Map.of("name", "green")).json().path("token")
                .asText();
        String blue = client.postJson("/api/admin/teams", admin, Map.of("name", "blue")).json().path("token")
                .asText();
        byte[] random = Files.readAllBytes(TestJars.botJar(temp.resolve("random.jar"), RandomBot.class));
        assertEquals(201, client.upload(green, "green-random.jar", random).status());
        byte[] thrower = Files.readAllBytes(TestJars.botJar(temp.resolve("thrower.jar"), Rogues.Thrower.class));
        // A file name as long as the contest takes (100 characters): the team page must fit it all the same.
        assertEquals(201, client.upload(blue, LONG_NAME, thrower).status());
        Path starter = starterJar();
        String base = "http://127.0.0.1:" + server.port();

        browser.get(base + "/team");
        await().until(ExpectedConditions.presenceOfElementLocated(By.id("token"))).sendKeys(red);
        browser.findElement(By.id("open")).click();
        await().until(ExpectedConditions.titleContains("Team red"));
        Cookie session = browser.manage().getCookieNamed("arena_session");
        assertTrue(session.isHttpOnly() && "Strict".equals(session.getSameSite()) && !session.getValue().equals(red),
                "a session cookie, not the token: " + session);
        assertFalse(browser.getCurrentUrl().contains(red), browser.getCurrentUrl());
        browser.findElement(By.id("file")).sendKeys(starter.toAbsolutePath().toString());
        browser.findElement(By.id("upload")).click();
        // The form's answer is a new page; wait for it rather than read the page it replaces.
        await().until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#message, #error")));
        assertTrue(browser.findElement(By.tagName("body")).getText().contains("is uploaded"),
                browser.findElement(By.tagName("body")).getText());
        assertTrue(browser.findElement(By.id("versions")).getText().contains("my-bot.jar"));

        client.await("/api/leaderboard", null, 120, "red ranked", rows -> StreamSupport.stream(rows.spliterator(),
                false).anyMatch(r -> r.path("team").asText().equals("red") && r.path("games").asLong() > 0));
        browser.get(base + "/");
        // The leaderboard updates itself as matches end: what is looked at may be replaced meanwhile, and is read again.
        await().until(page -> page.findElement(By.cssSelector("#leaderboard tr[data-team='red'] td.elo")).getText()
                .contains("±"));
        browser.executeScript("window.loadedOnce = true;");
        String rated = browser.findElement(By.id("leaderboard")).getAttribute("data-rated");
        await().until(page -> !page.findElement(By.id("leaderboard")).getAttribute("data-rated").equals(rated));
        assertEquals(Boolean.TRUE, browser.executeScript("return window.loadedOnce === true;"),
                "the leaderboard changed in place, pushed by the server, without a reload");
        assertTrue(Integer.parseInt(browser.findElement(By.tagName("body")).getAttribute("data-live-updates")) > 0);
        assertNoHorizontalScrollbar("the leaderboard");
        screenshot("contest-leaderboard");

        browser.findElement(By.linkText("Team page")).click();
        await().until(ExpectedConditions.titleContains("Team red"));
        await().until(page -> "1".equals(page.findElement(By.tagName("body")).getAttribute("data-charts-drawn")));
        WebElement chart = browser.findElement(By.cssSelector("#rating-history canvas"));
        assertTrue(chart.getSize().getWidth() > 600 && chart.getSize().getHeight() > 200,
                "the rating history is drawn: " + chart.getSize());
        assertFalse(browser.findElements(By.cssSelector("#head-to-head-v1 td.bot")).isEmpty(), "and tabled");
        new Select(browser.findElement(By.id("opponent"))).selectByVisibleText("green");
        browser.findElement(By.id("challenge")).click();
        await().until(ExpectedConditions.textToBePresentInElementLocated(By.id("message"),
                "Scrimmage against green scheduled"));
        await().until(page -> "1".equals(page.findElement(By.tagName("body")).getAttribute("data-charts-drawn")));
        assertNoHorizontalScrollbar("red's team page");
        wholePageScreenshot("contest-team-page");
        browser.findElement(By.id("sign-out")).click();
        await().until(ExpectedConditions.presenceOfElementLocated(By.id("token")));
        browser.get(base + "/team");
        await().until(ExpectedConditions.presenceOfElementLocated(By.id("token"))).sendKeys(blue);
        client.await("/api/team", blue, 120, "blue's bot rejected", team -> team.path("versions").path(0)
                .path("status").asText().equals("rejected"));
        browser.findElement(By.id("open")).click();
        await().until(ExpectedConditions.titleContains("Team blue"));
        assertNoHorizontalScrollbar("the team page of a rejected version, its long reason and file name");
        screenshot("contest-rejected");
        browser.findElement(By.cssSelector("a.check-match")).click();
        await().until(ExpectedConditions.titleContains("of team blue"));
        assertTrue(browser.findElement(By.id("stderr-0")).getText().startsWith(
                "java.lang.IllegalStateException: the thrower throws"), "the check match shows what the bot wrote");
        assertNoHorizontalScrollbar("the check match's page");
        screenshot("contest-check-match");

        browser.get(base + "/");
        await().until(page -> {
            page.findElement(By.cssSelector("#matches a.replay")).click();
            return true;
        });
        await().until(ExpectedConditions.presenceOfElementLocated(By.id("moves")));
        assertTrue(browser.getCurrentUrl().endsWith("/replay"), "the replay opens in the viewer");
        screenshot("contest-replay");

        assertEquals(200, client.postJson("/api/admin/final", admin, Map.of()).status());
        client.await("/api/final", null, 120, "the final over", status -> status.path("state").asText().equals("done"));
        browser.get(base + "/final");
        assertEquals(List.of("red", "green"), browser.findElements(By.cssSelector("#final-standings tr.team")).stream()
                .map(row -> row.getAttribute("data-team")).sorted(Comparator.reverseOrder()).toList(),
                "the final's standings on /final");
        screenshot("contest-final");
        for (LogEntry entry : browser.manage().logs().get(LogType.BROWSER)) {
            assertFalse(entry.getLevel().intValue() >= Level.SEVERE.intValue(), "console: " + entry.getMessage());
        }
    }

    /**
     * Holds the page to the width of a 1,280 px window: nothing on it is wider than the window, so the
     * browser shows no horizontal scrollbar.
     */
    private void assertNoHorizontalScrollbar(String page) {
        long window = (Long) browser.executeScript("return window.innerWidth;");
        long visible = (Long) browser.executeScript("return document.documentElement.clientWidth;");
        long content = (Long) browser.executeScript("return document.documentElement.scrollWidth;");
        assertEquals(WIDTH, window, "the window is " + WIDTH + " px wide");
        assertTrue(content <= visible, page + " is " + content + " px wide in a window showing " + visible + " px");
    }

    /** Waits for what a click led to: the page it asked for is loaded after the click returns. */
    private WebDriverWait await() {
        WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
        wait.ignoring(StaleElementReferenceException.class);
        return wait;
    }

    private ChromeDriver startBrowser() {
        Optional<Path> chromium = onPath("chromium", "chromium-browser", "google-chrome");
        Optional<Path> driver = onPath("chromedriver");
        if (chromium.isEmpty() || driver.isEmpty()) {
            String missing = "chromium and chromedriver are needed on the PATH (Debian: apt-get install chromium "
                    + "chromium-driver)";
            if ("true".equals(System.getenv("CI"))) {
                fail("in CI the browser test must run: " + missing);
            }
            System.err.println("SKIPPED (ContestBrowserTest): " + missing);
            Assumptions.abort(missing);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=" + WIDTH + ",900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.get().toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    private void screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
    }

    /** A screenshot of the whole page (at most 2,400 px tall) at the window's width, for docs/contest-server.md. */
    private void wholePageScreenshot(String name) throws IOException {
        long height = (Long) browser.executeScript("return document.documentElement.scrollHeight;");
        Dimension window = browser.manage().window().getSize();
        browser.manage().window().setSize(new Dimension(window.getWidth(), (int) Math.min(2400, height)));
        try {
            screenshot(name);
        } finally {
            browser.manage().window().setSize(window);
        }
    }

    private static Optional<Path> onPath(String... names) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : names) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** The starter project built as its pom builds it: its sources against bot-api, and its resources. */
    private Path starterJar() throws IOException {
        Path classes = Files.createDirectories(temp.resolve("classes"));
        List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(), "-classpath",
                Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                        .filter(entry -> entry.contains("bot-api")).reduce((a, b) -> a + File.pathSeparator + b)
                        .orElseThrow()));
        try (Stream<Path> files = Files.walk(STARTER.resolve("java"))) {
            files.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        assertNotNull(compiler, "tests run on a JDK");
        assertEquals(0, compiler.run(null, null, null, args.toArray(String[]::new)), "the starter compiles");
        Path jar = temp.resolve("my-bot.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path root : List.of(classes, STARTER.resolve("resources"))) {
                List<Path> files;
                try (Stream<Path> walk = Files.walk(root)) {
                    files = walk.filter(Files::isRegularFile).sorted().toList();
                }
                for (Path file : files) {
                    out.putNextEntry(new JarEntry(root.relativize(file).toString().replace('\\', '/')));
                    Files.copy(file, out);
                    out.closeEntry();
                }
            }
        }
        return jar;
    }
}
