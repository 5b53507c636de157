package org.pyramidarena.arena;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The arena's layers, held by the compiled classes (docs/architecture.md draws them). A package may
 * use those below it and never one above: the sandbox knows nothing of bots, the players nothing of
 * the match that calls them, the workflows (tournaments, balance studies, SPRT runs) nothing of the
 * reports, the server or the command line that assemble them. And no module's packages import each
 * other in a loop. Test classes are left out: a test may reach into any layer.
 */
@AnalyzeClasses(packages = "org.pyramidarena", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String ARENA = "org.pyramidarena.arena.";

    @ArchTest
    static final ArchRule theArenasPackagesUseOnlyTheLayersBelowThem = layeredArchitecture()
            .consideringOnlyDependenciesInAnyPackage(ARENA + ".")
            .layer("common").definedBy(ARENA + "common..")
            .layer("sandbox").definedBy(ARENA + "sandbox..")
            .layer("players").definedBy(ARENA + "players..")
            .layer("bots").definedBy(ARENA + "bots..")
            .layer("match").definedBy(ARENA + "match..")
            .layer("replay").definedBy(ARENA + "replay..")
            .layer("workflows").definedBy(ARENA + "tournament..", ARENA + "balance..", ARENA + "sprt..")
            .layer("report").definedBy(ARENA + "report..")
            .layer("server").definedBy(ARENA + "server..")
            .layer("cli").definedBy(ARENA + "cli..")
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("server").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("report").mayOnlyBeAccessedByLayers("server", "cli")
            .whereLayer("workflows").mayOnlyBeAccessedByLayers("report", "server", "cli")
            .whereLayer("replay").mayOnlyBeAccessedByLayers("workflows", "report", "server", "cli")
            .whereLayer("match").mayOnlyBeAccessedByLayers("replay", "workflows", "report", "server", "cli")
            .whereLayer("bots").mayOnlyBeAccessedByLayers("workflows", "report", "server", "cli")
            .whereLayer("players").mayOnlyBeAccessedByLayers("bots", "match", "replay", "workflows", "report",
                    "server", "cli")
            .whereLayer("sandbox").mayOnlyBeAccessedByLayers("players", "bots", "match", "replay", "workflows",
                    "report", "server", "cli");

    /** Every package of every module its own slice: bot-api's contract and games, the tournaments, the sample bots, the arena. */
    @ArchTest
    static final ArchRule noPackagesImportEachOtherInALoop =
            slices().matching("org.pyramidarena.(**)").should().beFreeOfCycles();

    /**
     * What the arena and the tournaments learn of a game, they learn through the contract (Rules, Game,
     * the running score): no class of theirs names a game's state, so a sixth game registered is measured
     * and shown like the five. The sample bots may: a bot's knowledge of a game is its own.
     */
    @ArchTest
    static final ArchRule noGamesStateIsNamedOutsideItsGame = noClasses()
            .that().resideInAnyPackage("org.pyramidarena.arena..", "org.pyramidarena.tournaments..")
            .should().dependOnClassesThat(resideInAPackage("org.pyramidarena.games.*..")
                    .and(simpleNameEndingWith("State")));
}
