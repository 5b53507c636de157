package org.pyramidarena.arena.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.Select;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.bots.TestJars;
import org.pyramidarena.arena.cli.ArenaCommand;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.games.euronimoes.Dominoes;
import org.pyramidarena.games.euronimoes.EuronimoesMove;
import org.pyramidarena.games.euronimoes.EuronimoesView;
import org.pyramidarena.games.pylon.PylonView;
import org.pyramidarena.games.pyrametto.PyramettoView;
import org.pyramidarena.games.pyraos.PyraosBoard;
import org.pyramidarena.games.pyraos.PyraosView;
import org.pyramidarena.games.pyrinoes.PyrinoesView;

/**
 * The report and the replay viewer in a real browser: headless Chromium opens the pages of a small
 * tournament of all five games, steps through matches, and what the page draws (read back from the
 * drawn elements' data attributes and texts) must equal the views the rules give in Java.
 *
 * <p>Needs {@code chromium} and {@code chromedriver} on the PATH (Debian's {@code chromium} and
 * {@code chromium-driver}); skips without them, except in CI ({@code CI=true}), where it fails.
 * Screenshots go to {@code target/browser-screenshots/}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewerBrowserTest {

    private static final Path SCREENSHOTS = Path.of("target", "browser-screenshots");

    private ChromeDriver browser;
    private Path folder;
    private final Map<String, Path> longestReplay = new TreeMap<>();

    @BeforeAll
    void startBrowserAndPlay(@TempDir Path dir) throws IOException {
        Optional<Path> chromium = onPath("chromium", "chromium-browser", "google-chrome");
        Optional<Path> driver = onPath("chromedriver");
        if (chromium.isEmpty() || driver.isEmpty()) {
            String missing = "chromium and chromedriver are needed on the PATH (Debian: apt-get install chromium chromium-driver)";
            if ("true".equals(System.getenv("CI"))) {
                fail("in CI the browser test must run: " + missing);
            }
            Assumptions.abort(missing);
        }
        folder = dir.resolve("tournament");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"tournament", "--games",
            "pylon,pyraos,pyrinoes,euronimoes:3,pyrametto:3", "--bot", "random,greedy", "--isolation", "in-process",
            "--seed", "11", "--out", folder.toString(), "--quiet"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        try (Stream<Path> files = Files.list(folder.resolve("replays"))) {
            for (Path file : files.filter(p -> p.toString().contains(".replay.json")).sorted().toList()) {
                Replay replay = ReplayFiles.read(file);
                longestReplay.merge(replay.game(), file, (a, b) ->
                        ReplayFiles.read(a).actions().size() >= replay.actions().size() ? a : b);
                assertTrue(Files.isRegularFile(ReplayViewer.pageFor(file)), "no viewer page for " + file);
            }
        }
        assertEquals(List.of("euronimoes", "pylon", "pyrametto", "pyraos", "pyrinoes"), List.copyOf(longestReplay.keySet()));
        Files.createDirectories(SCREENSHOTS);

        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.get().toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1300");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(driver.get().toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
    }

    @AfterAll
    void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void reportLoadsWithoutErrors() throws IOException {
        browser.get(folder.resolve("report.html").toUri().toString());
        assertFalse(browser.getTitle().isBlank(), "the report has a title");
        assertFalse(browser.findElements(By.tagName("h1")).isEmpty(), "the report has a heading");
        screenshot("report");
        assertNoSevereConsoleMessages("report.html");
    }

    @Test
    void reportDrawsEveryChartAndLinksEveryMatchToItsViewer() throws IOException {
        browser.get(folder.resolve("report.html").toUri().toString());
        List<WebElement> charts = browser.findElements(By.cssSelector("div.chart"));
        for (String id : List.of("all", "pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto")) {
            assertEquals(1, browser.findElements(By.id("chart-standings-" + id)).size(), "a standings chart for " + id);
        }
        assertEquals(String.valueOf(charts.size()), browser.findElement(By.tagName("body")).getAttribute("data-charts-drawn"));
        // A drawn chart has painted pixels: count the canvases with any pixel that is not transparent.
        Object painted = ((JavascriptExecutor) browser).executeScript(
                "return Array.from(document.querySelectorAll('div.chart canvas')).filter(function (c) {"
                + " var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                + " for (var i = 3; i < d.length; i += 4) { if (d[i] !== 0) { return true; } } return false; }).length;");
        assertEquals((long) charts.size(), ((Number) painted).longValue(), "every chart canvas has something drawn");

        List<WebElement> viewers = browser.findElements(By.cssSelector("tr.match a.viewer"));
        try (Stream<Path> files = Files.list(folder.resolve("replays"))) {
            assertEquals(files.filter(p -> p.toString().contains(".replay.json")).count(), viewers.size(),
                    "every match links its viewer page");
        }
        viewers.get(0).click();
        assertTrue(browser.getCurrentUrl().endsWith(".html") && !browser.getCurrentUrl().endsWith("report.html"),
                browser.getCurrentUrl());
        assertFalse(browser.findElements(By.id("moves")).isEmpty(), "the link opens a viewer page");
        assertNoSevereConsoleMessages(browser.getCurrentUrl());
    }

    @Test
    void aBalanceStudysReportDrawsEveryChart(@TempDir Path dir) throws IOException {
        Path study = dir.resolve("balance");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"balance", "--game", "pyraos,pyraos/pylos,pyrinoes/to-20",
            "--bot", "random,greedy", "--games", "40", "--bootstrap", "100", "--seed", "3", "--out", study.toString(),
            "--quiet"}, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        browser.get(study.resolve("report.html").toUri().toString());
        assertTrue(browser.getTitle().startsWith("Balance study"), browser.getTitle());
        List<WebElement> charts = browser.findElements(By.cssSelector("div.chart"));
        for (String id : List.of("chart-seats-pyraos-2-standard", "chart-seats-pyrinoes-2-to-20",
                "chart-advantage-pyraos-2-standard", "chart-lengths-pyraos-2-pylos", "chart-branching-pyrinoes-2-to-20",
                "chart-leads-pyraos-2-pylos")) {
            assertEquals(1, browser.findElements(By.id(id)).size(), id);
        }
        assertEquals(String.valueOf(charts.size()), browser.findElement(By.tagName("body")).getAttribute("data-charts-drawn"));
        Object painted = ((JavascriptExecutor) browser).executeScript(
                "return Array.from(document.querySelectorAll('div.chart canvas')).filter(function (c) {"
                + " var d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
                + " for (var i = 3; i < d.length; i += 4) { if (d[i] !== 0) { return true; } } return false; }).length;");
        assertEquals((long) charts.size(), ((Number) painted).longValue(), "every chart canvas has something drawn");
        assertEquals(org.pyramidarena.arena.balance.Metric.names().size(),
                browser.findElements(By.cssSelector("#metrics-random tbody tr")).size(), "a row per metric");
        assertEquals(charts.size(), browser.findElements(By.cssSelector("div.chart + a.export")).size(),
                "every chart can be saved as a PNG");
        String png = (String) ((JavascriptExecutor) browser).executeScript(
                "return document.querySelector('#chart-advantage-pyraos-2-standard canvas').toDataURL('image/png');");
        assertTrue(png.startsWith("data:image/png;base64,") && png.length() > 1000, "a PNG of the chart");
        screenshot("balance-report");
        assertNoSevereConsoleMessages("the balance report");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    void endKeyShowsTheFinalPositionAndStepBackShowsTheOneBefore(String game) throws IOException {
        Path file = longestReplay.get(game);
        Replay replay = ReplayFiles.read(file);
        List<State> states = states(replay);
        int last = replay.actions().size();
        open(ReplayViewer.pageFor(file));
        assertEquals("0", step());
        screenshot(game + "-start");
        assertShows(replay, states.get(0), "all", false);

        key(Keys.END);
        assertEquals(String.valueOf(last), step());
        String finalPosition = assertShows(replay, states.get(last), "all", true);
        assertOutcome(replay);
        screenshot(game + "-end");

        key(Keys.ARROW_LEFT);
        assertEquals(String.valueOf(last - 1), step());
        String before = assertShows(replay, states.get(last - 1), "all", false);
        if (!view(replay, states.get(last), View.OBSERVER).equals(view(replay, states.get(last - 1), View.OBSERVER))) {
            assertNotEquals(finalPosition, before, "stepping back from the end changes the position shown");
        }
        key(Keys.HOME);
        assertEquals("0", step());
        key(Keys.END);
        for (int seat = View.OBSERVER; seat < replay.players(); seat++) {
            new Select(browser.findElement(By.id("viewpoint"))).selectByValue(String.valueOf(seat));
            assertShows(replay, states.get(last), String.valueOf(seat), true);
        }
        assertNoSevereConsoleMessages(game);
    }

    @Test
    void forwardButtonStepsThroughAPylonMatchMoveByMove() {
        Path file = longestReplay.get("pylon");
        Replay replay = ReplayFiles.read(file);
        List<State> states = states(replay);
        open(ReplayViewer.pageFor(file));
        WebElement forward = browser.findElement(By.id("forward"));
        for (int i = 1; i <= replay.actions().size(); i++) {
            forward.click();
            assertEquals(String.valueOf(i), step());
            assertShows(replay, states.get(i), "all", i == replay.actions().size());
        }
        assertFalse(forward.isEnabled(), "no step after the last");
        // A click in the move list jumps to the position after that move.
        browser.findElement(By.cssSelector("#moves li[data-step='5']")).click();
        assertEquals("5", step());
        assertShows(replay, states.get(5), "all", false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pyrinoes", "euronimoes"})
    void aSeatsViewHidesTheOtherHands(String game) throws IOException {
        Path file = longestReplay.get(game);
        Replay replay = ReplayFiles.read(file);
        List<State> states = states(replay);
        open(ReplayViewer.pageFor(file));
        int middle = replay.actions().size() / 2;
        browser.findElement(By.cssSelector("#moves li[data-step='" + middle + "']")).click();
        new Select(browser.findElement(By.id("viewpoint"))).selectByValue("0");
        assertEquals("0", browser.findElement(By.tagName("body")).getDomAttribute("data-viewpoint"));
        List<WebElement> shown = browser.findElements(By.cssSelector(".hand.shown"));
        assertEquals(1, shown.size(), "only the viewing seat's hand is face up");
        assertEquals("0", shown.get(0).getDomAttribute("data-seat"));
        for (WebElement hidden : browser.findElements(By.cssSelector(".hand.hidden"))) {
            int seat = Integer.parseInt(hidden.getDomAttribute("data-seat"));
            assertNotEquals(0, seat);
            assertTrue(hidden.findElements(By.cssSelector("[data-domino]")).isEmpty(),
                    "seat " + seat + "'s dominoes are not shown to seat 0");
            assertEquals(handSize(view(replay, states.get(middle), View.OBSERVER), seat),
                    Integer.parseInt(hidden.getDomAttribute("data-count")));
        }
        assertTrue(browser.findElements(By.cssSelector(".boneyard, .pile")).isEmpty(), "a seat does not see the boneyard");
        List<String> told = new ArrayList<>();
        for (int i = 0; i < replay.actions().size(); i++) {
            Event event = eventFor(replay, states.get(i), replay.actions().get(i).move(), 0);
            told.add(event == null ? "(unseen)" : event.notation());
        }
        assertTrue(told.stream().anyMatch(t -> t.startsWith("deal")), "the match has deals hidden from seat 0");
        assertEquals(told, ((JavascriptExecutor) browser).executeScript(
                "return [...document.querySelectorAll('#moves code.move')].map(c => c.textContent);"),
                "the move list tells seat 0 only what the rules tell it");
        screenshot(game + "-seat0-view");
        assertShows(replay, states.get(middle), "0", false);
    }

    /**
     * A bot's info appears beside its move: the sample alpha-beta bot says its depth, score and
     * nodes at every move of a Pylon match played by the CLI; the list shows each under its move and
     * the panel above the board shows the current move's, with the lines the bot wrote on standard
     * error (written into the replay here: only a bot in a process of its own has any).
     */
    @Test
    void aBotsInfoAppearsBesideItsMove(@TempDir Path dir) throws IOException {
        Path played = dir.resolve("thinking.replay.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"match", "--game", "pylon", "--bot", "alphabeta?nodes=2000",
            "--bot", "random", "--seed", "3", "--replay", played.toString()}, new PrintWriter(out, true),
            new PrintWriter(err, true));
        assertEquals(0, status, err.toString());
        Replay replay = ReplayFiles.read(played);
        List<Replay.Action> actions = new ArrayList<>(replay.actions());
        Replay.Action first = actions.get(0);
        assertEquals(0, first.actor());
        assertTrue(first.info().matches("depth \\d+ score .+ nodes \\d+"), first.info());
        actions.set(0, new Replay.Action(first.actor(), first.move(), first.micros(), first.cpuMicros(), first.fallback(),
                first.info(), List.of("iteration 1", "iteration 2")));
        Path file = dir.resolve("noted.replay.json");
        ReplayFiles.write(file, withNotes(replay, actions));
        open(ReplayViewer.write(file));

        List<String> said = new ArrayList<>();
        for (int i = 0; i < replay.actions().size(); i++) {
            said.add(replay.actions().get(i).info() == null ? "" : (i + 1) + " " + replay.actions().get(i).info());
        }
        assertEquals(said, ((JavascriptExecutor) browser).executeScript("return [...document.querySelectorAll("
                + "'#moves li[data-step]:not([data-step=\"0\"])')].map(li => li.querySelector('.info') ? li.dataset.step + ' '"
                + " + li.querySelector('.info').textContent : '');"), "each move's info under it, and only there");
        assertFalse(browser.findElement(By.id("thinking")).isDisplayed(), "nothing was said before the first move");
        key(Keys.ARROW_RIGHT);
        WebElement thinking = browser.findElement(By.id("thinking"));
        assertTrue(thinking.isDisplayed());
        assertEquals(first.info(), thinking.findElement(By.cssSelector(".info")).getText());
        assertEquals("iteration 1\niteration 2", thinking.findElement(By.cssSelector("pre.stderr")).getText());
        screenshot("pylon-thinking");
        key(Keys.ARROW_RIGHT);
        assertFalse(browser.findElement(By.id("thinking")).isDisplayed(), "the random bot says nothing");
        key(Keys.ARROW_RIGHT);
        assertEquals(replay.actions().get(2).info(), browser.findElement(By.cssSelector("#thinking .info")).getText());
        assertNoSevereConsoleMessages("a page with what a bot said");
    }

    /** A match that ended by a fault opens at its last position, where the fault is; one without a fault at the start. */
    @Test
    void aMatchEndedByAFaultOpensWhereItEnded(@TempDir Path dir) throws IOException {
        Path jar = TestJars.botJar(dir.resolve("thrower.jar"), Rogues.Thrower.class);
        Path played = dir.resolve("faulted.replay.json");
        StringWriter err = new StringWriter();
        int status = ArenaCommand.execute(new String[] {"match", "--game", "pylon", "--bot", "random", "--bot",
            jar.toString(), "--seed", "3", "--isolation", "in-process", "--trust-bots", "--replay", played.toString()},
                new PrintWriter(new StringWriter(), true), new PrintWriter(err, true));
        assertEquals(3, status, "a bot forfeited: " + err);
        Replay replay = ReplayFiles.read(played);
        assertFalse(replay.faultDetail().isEmpty(), replay.toString());
        assertTrue(replay.actions().size() > 0, "the random bot moved first");
        open(ReplayViewer.write(played));
        assertEquals(String.valueOf(replay.actions().size()), step(), "the viewer opens where the fault ended it");
        open(ReplayViewer.pageFor(longestReplay.get("pylon")));
        assertEquals("0", step(), "a match without a fault opens at its start");
    }

    /** A seat's thoughts are its own: in a game of hidden hands only the whole state and that seat's view show them. */
    @Test
    void aSeatsThoughtsAreHiddenFromTheOtherSeatsViews(@TempDir Path dir) throws IOException {
        Replay replay = ReplayFiles.read(longestReplay.get("pyrinoes"));
        List<Replay.Action> actions = new ArrayList<>(replay.actions());
        int index = 0;
        while (actions.get(index).actor() != 1) {
            index++;
        }
        Replay.Action noted = actions.get(index);
        actions.set(index, new Replay.Action(noted.actor(), noted.move(), noted.micros(), noted.cpuMicros(),
                noted.fallback(), "I hold 6-6", List.of()));
        Path file = dir.resolve("pyrinoes.replay.json");
        ReplayFiles.write(file, withNotes(replay, actions));
        open(ReplayViewer.write(file));
        browser.findElement(By.cssSelector("#moves li[data-step='" + (index + 1) + "']")).click();
        Select viewpoint = new Select(browser.findElement(By.id("viewpoint")));
        for (String who : List.of("all", "-1", "0", "1")) {
            viewpoint.selectByValue(who);
            boolean shown = who.equals("all") || who.equals("1");
            assertEquals(shown, browser.findElement(By.id("thinking")).isDisplayed(), "viewpoint " + who);
            assertEquals(shown ? List.of("I hold 6-6") : List.of(), browser.findElements(By.cssSelector("#moves .info"))
                    .stream().map(WebElement::getText).toList(), "viewpoint " + who);
        }
    }

    private static Replay withNotes(Replay r, List<Replay.Action> actions) {
        return new Replay(r.format(), r.arenaVersion(), r.game(), r.variant(), r.players(), r.seats(), r.masterSeed(),
                r.matchSeed(), r.dealSeed(), r.timeControl(), r.sandbox(), r.cage(), actions, r.termination(),
                r.faultDetail(), r.seatTerminations(), r.outcome(), r.opening(), r.faultStderr());
    }

    // ------------------------------------------------------------------ what the page shows

    /**
     * Checks that the page shows this state from the viewpoint selected ("all", "-1" or a seat) and
     * returns what it read.
     */
    private String assertShows(Replay replay, State state, String viewpoint, boolean finished) {
        int seat = viewpoint.equals("all") ? View.OBSERVER : Integer.parseInt(viewpoint);
        View view = view(replay, state, seat);
        List<String> expected = new ArrayList<>();
        String script = switch (replay.game()) {
            case "pylon" -> {
                PylonView v = (PylonView) view;
                for (int sq = 0; sq < 30; sq++) {
                    int h = v.heights().get(sq);
                    expected.add("abcdef".charAt(sq % 6) + "" + (sq / 6 + 1) + " h" + h + " owner" + v.topOwners().get(sq)
                            + " top" + v.topSizes().get(sq) + " bottom" + v.bottomSizes().get(sq) + " badge" + (h > 0 ? h : "")
                            + " drawn" + (h > 0 ? v.topOwners().get(sq) : ""));
                }
                for (int s = 0; s < 2; s++) {
                    int score = 0;
                    for (int sq = 0; sq < 30; sq++) {
                        score += v.topOwners().get(sq) == s ? v.heights().get(sq) : 0;
                    }
                    expected.add("score " + s + " " + score);
                    expected.add("hand " + s + " " + v.hands().get(s * 3) + " " + v.hands().get(s * 3 + 1) + " " + v.hands().get(s * 3 + 2));
                }
                yield """
                    const out = [...document.querySelectorAll('.cell')].map(c => c.dataset.square + ' h' + c.dataset.height
                      + ' owner' + c.dataset.topOwner + ' top' + c.dataset.topSize + ' bottom' + c.dataset.bottomSize
                      + ' badge' + (c.querySelector('.height') ? c.querySelector('.height').textContent : '')
                      + ' drawn' + (c.querySelector('.top') ? c.querySelector('.top').dataset.seat : ''));
                    for (const s of [0, 1]) {
                      out.push('score ' + s + ' ' + document.querySelector(`.seat-panel [data-score][data-seat="${s}"] b`).textContent);
                      const hand = document.querySelector(`.hand[data-seat="${s}"]`);
                      out.push('hand ' + s + ' ' + [1, 2, 3].map(z => hand.querySelectorAll(`[data-size="${z}"]`).length).join(' '));
                    }
                    return out.join('\\n');""";
            }
            case "pyraos" -> {
                PyraosView v = (PyraosView) view;
                for (int p = 0; p < PyraosBoard.POSITIONS; p++) {
                    expected.add(PyraosBoard.name(p) + " " + (v.board().get(p) == 0 ? "W" : v.board().get(p) == 1 ? "B" : ""));
                }
                expected.add("reserves " + v.reserves().get(0) + " " + v.reserves().get(1));
                yield """
                    const out = [...document.querySelectorAll('.level .pos')].map(c => c.dataset.pos + ' ' + c.dataset.colour);
                    out.push('reserves ' + [0, 1].map(s => document.querySelector(`[data-reserve][data-seat="${s}"] b`).textContent).join(' '));
                    return out.join('\\n');""";
            }
            case "pyrinoes" -> {
                PyrinoesView v = (PyrinoesView) view;
                expected.add("line " + String.join(" ", v.line()));
                for (int s = 0; s < 2; s++) {
                    List<String> hand = seat == View.OBSERVER && viewpoint.equals("all")
                            ? ((PyrinoesView) view(replay, state, s)).hand() : seat == s ? v.hand() : null;
                    expected.add("hand " + s + " " + (hand == null ? "hidden " + v.handSizes().get(s) : String.join(" ", hand)));
                    expected.add("pyrinoes " + s + " " + String.join(" ", v.pyrinoes().get(s)));
                    expected.add("score " + s + " " + v.scores().get(s));
                }
                for (int c = 0; c < 5; c++) {
                    expected.add("supply " + "RYGBK".charAt(c) + " " + v.supply().get(c * 3) + " " + v.supply().get(c * 3 + 1)
                            + " " + v.supply().get(c * 3 + 2));
                }
                expected.add("boneyard " + v.boneyard());
                yield """
                    const out = ['line ' + [...document.querySelectorAll('.line .piece')].map(p => p.dataset.piece).join(' ')];
                    for (const s of [0, 1]) {
                      const hand = document.querySelector(`.hand[data-seat="${s}"]`);
                      out.push('hand ' + s + ' ' + (hand.classList.contains('hidden') ? 'hidden ' + hand.querySelectorAll('.back').length
                        : [...hand.querySelectorAll('[data-domino]')].map(d => d.dataset.domino).join(' ')));
                      out.push('pyrinoes ' + s + ' ' + [...document.querySelectorAll(`.pyrinoes[data-seat="${s}"] [data-pyrino]`)].map(p => p.dataset.pyrino).join(' '));
                      out.push('score ' + s + ' ' + document.querySelector(`[data-match-score][data-seat="${s}"] b`).textContent);
                    }
                    for (const c of 'RYGBK') {
                      out.push('supply ' + c + ' ' + ['S', 'M', 'L'].map(z => document.querySelectorAll(`.supply[data-colour="${c}"] [data-kind="${c}${z}"]`).length).join(' '));
                    }
                    out.push('boneyard ' + document.querySelector('[data-boneyard] b').textContent);
                    return out.join('\\n');""";
            }
            case "euronimoes" -> {
                EuronimoesView v = (EuronimoesView) view;
                for (int s = 0; s < v.players(); s++) {
                    Map<String, String> cells = new TreeMap<>();
                    for (EuronimoesMove p : v.layouts().get(s)) {
                        cells.put(p.x() + "," + p.y(), "n" + p.first() + " L" + p.level());
                        cells.put(p.secondX() + "," + p.secondY(), "n" + p.second() + " L" + p.level());
                    }
                    int layoutSeat = s;
                    cells.forEach((xy, cell) -> expected.add("seat " + layoutSeat + " " + xy + " " + cell));
                }
                for (int s = 0; s < v.players(); s++) {
                    List<Integer> counts = seat == View.OBSERVER && viewpoint.equals("all")
                            ? ((EuronimoesView) view(replay, state, s)).hand() : seat == s ? v.hand() : null;
                    List<String> hand = new ArrayList<>();
                    if (counts != null) {
                        for (int t = 0; t < Dominoes.TYPES; t++) {
                            for (int k = 0; k < counts.get(t); k++) {
                                hand.add(Dominoes.name(t));
                            }
                        }
                    }
                    expected.add("hand " + s + " " + (counts == null ? "hidden " + v.handSizes().get(s) : String.join(" ", hand)));
                    expected.add("chips " + s + " " + v.chips().get(s));
                }
                List<String> market = new ArrayList<>();
                for (int t : v.market()) {
                    market.add(t < 0 ? "-" : Dominoes.name(t));
                }
                expected.add("market " + String.join(" ", market));
                expected.add("pile " + v.pileSize());
                yield """
                    const cells = [];
                    for (const g of document.querySelectorAll('svg.grid')) {
                      const sorted = [...g.querySelectorAll('.ecell')].map(c => [c.dataset.x + ',' + c.dataset.y, 'n' + c.querySelector('text').textContent + ' L' + c.dataset.level]);
                      sorted.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
                      sorted.forEach(c => cells.push('seat ' + g.dataset.seat + ' ' + c[0] + ' ' + c[1]));
                    }
                    const out = cells;
                    const players = document.querySelectorAll('.seat-panel').length;
                    for (let s = 0; s < players; s++) {
                      const hand = document.querySelector(`.hand[data-seat="${s}"]`);
                      out.push('hand ' + s + ' ' + (hand.classList.contains('hidden') ? 'hidden ' + hand.dataset.count
                        : [...hand.querySelectorAll('[data-domino]')].map(d => d.dataset.domino).join(' ')));
                      out.push('chips ' + s + ' ' + document.querySelectorAll('.chips')[s].querySelectorAll('circle').length);
                    }
                    out.push('market ' + [...document.querySelectorAll('.market .slot')].map(m => m.dataset.type || '-').join(' '));
                    out.push('pile ' + document.querySelector('[data-pile] b').textContent);
                    return out.join('\\n');""";
            }
            case "pyrametto" -> {
                PyramettoView v = (PyramettoView) view;
                for (int s = 0; s < v.vaults().size(); s++) {
                    List<String> kinds = new ArrayList<>();
                    for (int kind = 0; kind < 15; kind++) {
                        for (int k = 0; k < v.vaults().get(s).get(kind); k++) {
                            kinds.add(String.valueOf(kind));
                        }
                    }
                    expected.add("vault " + s + " " + String.join(" ", kinds));
                    List<String> stack = new ArrayList<>();
                    for (int kind : v.stacks().get(s)) {
                        stack.add(String.valueOf(kind));
                    }
                    expected.add("stack " + "abcde".charAt(s) + " " + String.join(" ", stack));
                }
                List<String> inventory = new ArrayList<>();
                for (int count : v.inventory()) {
                    inventory.add(String.valueOf(count));
                }
                expected.add("inventory " + String.join(" ", inventory));
                yield """
                    const out = [];
                    const players = document.querySelectorAll('.vault').length;
                    for (let s = 0; s < players; s++) {
                      out.push('vault ' + s + ' ' + [...document.querySelectorAll(`.vault[data-seat="${s}"] [data-kind]`)].map(p => p.dataset.kind).join(' '));
                      out.push('stack ' + 'abcde'[s] + ' ' + [...document.querySelectorAll(`.stack[data-stack="${'abcde'[s]}"] [data-kind]`)].map(p => p.dataset.kind).join(' '));
                    }
                    out.push('inventory ' + [...document.querySelectorAll('.inventory td[data-kind]')].map(c => c.textContent).join(' '));
                    return out.join('\\n');""";
            }
            default -> throw new AssertionError(replay.game());
        };
        if (finished && !replay.game().equals("pylon") && !replay.game().equals("pyraos")) {
            for (int s = 0; s < replay.players(); s++) {
                expected.add("final score " + s + " " + Math.round(replay.outcome().scores().get(s)));
            }
            script = script.replace("return out.join('\\n');", """
                    const scores = [...document.querySelectorAll('.seat-panel [data-score] b, .seat-panel [data-match-score] b')];
                    scores.forEach((b, s) => out.push('final score ' + s + ' ' + b.textContent));
                    return out.join('\\n');""");
        }
        String shown = (String) ((JavascriptExecutor) browser).executeScript(script);
        assertEquals(String.join("\n", expected), shown, replay.game() + " at step " + step() + ", viewpoint " + viewpoint);
        return shown;
    }

    private void assertOutcome(Replay replay) {
        List<WebElement> rows = browser.findElements(By.cssSelector("#outcome.shown tr.result"));
        assertEquals(replay.players(), rows.size(), "the outcome lists every seat at the end");
        for (WebElement row : rows) {
            int seat = Integer.parseInt(row.getDomAttribute("data-seat"));
            assertEquals(String.valueOf(replay.outcome().ranks().get(seat)), row.findElement(By.cssSelector("td b")).getText());
            assertTrue(row.getText().contains(replay.seats().get(seat).bot()));
        }
    }

    // ------------------------------------------------------------------ the rules in Java

    private static List<State> states(Replay replay) {
        return states(Games.byId(replay.game()).rules(new GameSetup(replay.players(), replay.variant())), replay);
    }

    private static <S extends State, M extends Move> List<State> states(Rules<S, M> rules, Replay replay) {
        List<State> states = new ArrayList<>();
        S state = rules.initialState();
        states.add(state);
        for (Replay.Action action : replay.actions()) {
            state = rules.apply(state, rules.parseMove(action.move()));
            states.add(state);
        }
        return states;
    }

    @SuppressWarnings("unchecked")
    private static View view(Replay replay, State state, int seat) {
        Rules<State, ?> rules = (Rules<State, ?>) Games.byId(replay.game())
                .rules(new GameSetup(replay.players(), replay.variant()));
        return rules.view(state, seat);
    }

    @SuppressWarnings("unchecked")
    private static Event eventFor(Replay replay, State before, String notation, int seat) {
        Rules<State, Move> rules = (Rules<State, Move>) Games.byId(replay.game())
                .rules(new GameSetup(replay.players(), replay.variant()));
        return rules.eventFor(before, rules.parseMove(notation), seat);
    }

    private static int handSize(View view, int seat) {
        return view instanceof PyrinoesView p ? p.handSizes().get(seat) : ((EuronimoesView) view).handSizes().get(seat);
    }

    // ------------------------------------------------------------------ the browser

    private void open(Path page) {
        browser.get(page.toUri().toString());
        browser.findElement(By.id("board"));
    }

    private String step() {
        return browser.findElement(By.tagName("body")).getDomAttribute("data-step");
    }

    private void key(CharSequence key) {
        browser.findElement(By.tagName("body")).sendKeys(key);
    }

    private void screenshot(String name) throws IOException {
        byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
        Files.write(SCREENSHOTS.resolve(name + ".png"), png);
    }

    private void assertNoSevereConsoleMessages(String page) {
        List<String> severe = new ArrayList<>();
        for (LogEntry entry : browser.manage().logs().get(LogType.BROWSER)) {
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()) {
                severe.add(entry.getMessage());
            }
        }
        assertEquals(List.of(), severe, page + " logs no errors in the browser console");
    }

    private static Optional<Path> onPath(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String name : names) {
            for (String entry : path.split(File.pathSeparator)) {
                Path candidate = Path.of(entry, name);
                if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
