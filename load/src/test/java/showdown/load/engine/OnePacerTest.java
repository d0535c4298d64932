package showdown.load.engine;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The open model is paced in one place: every protocol's connection is a {@link PacedConnection},
 * and only the engine's {@link Pacer} (and the worker's fill, for the closed model) hands it a
 * request to send, so no protocol keeps a schedule of its own.
 */
class OnePacerTest {

    private static final JavaClasses LOAD = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("showdown.load");

    @Test
    void everyProtocolConnectionIsPacedByTheEngine() {
        classes().that().haveSimpleNameEndingWith("Connection").and().resideInAnyPackage("..http1..", "..http2..", "..http3..")
                .and().areNotInterfaces()
                .should().implement(PacedConnection.class)
                .check(LOAD);
    }

    @Test
    void onlyTheEngineDecidesWhenARequestIsSent() {
        noClasses().that().resideOutsideOfPackage("showdown.load.engine")
                .should().callMethod(PacedConnection.class, "sendDue", long.class, long.class)
                .orShould().callConstructor(Pacer.class, ArrivalSchedule.class, java.util.function.LongSupplier.class,
                        java.util.function.IntUnaryOperator.class, showdown.load.stats.PacingStats.class)
                .check(LOAD);
    }
}
