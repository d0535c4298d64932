package showdown.harness.targets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AvailabilityAndBuildTest {

    static final String MISSING_COMMAND = "showdown-no-such-command-7f3a";

    @TempDir
    Path home;

    /** A target whose build runs {@code script} in sh and makes {@code out/app.jar}. */
    TargetManifest builtBy(String script) throws IOException {
        return target("build:\n  command: [sh, -c, '" + script + "']\n  output: out/app.jar\n");
    }

    TargetManifest target(String extra) throws IOException {
        Path dir = Files.createDirectories(home.resolve("targets/x/app"));
        Files.writeString(dir.resolve("target.yaml"), """
                name: app
                display: App
                language: x
                framework: X
                version: "1"
                category: micro
                start: [./run]
                ready: /
                scenarios: [mist]
                """ + extra);
        return TargetManifest.load(dir.resolve("target.yaml"));
    }

    @Test
    void aMissingCommandNeedsSetupWhenThereIsASetupScript() throws IOException {
        TargetManifest m = target("requires: [sh, " + MISSING_COMMAND + "]\nsetup: ./setup\n");
        Files.writeString(m.dir().resolve("setup"), "#!/bin/sh\n");

        Availability a = Availability.of(m, home);

        assertThat(a.status()).isEqualTo(Availability.Status.NEEDS_SETUP);
        assertThat(a.describe()).isEqualTo("needs setup: targets/x/app/setup");
        assertThat(a.canRun()).isFalse();
    }

    @Test
    void aMissingCommandWithoutSetupIsUnavailable() throws IOException {
        TargetManifest m = target("requires: [" + MISSING_COMMAND + "]\n");

        assertThat(Availability.of(m, home).describe()).isEqualTo("unavailable here: missing on PATH: " + MISSING_COMMAND);
    }

    @Test
    void aTargetWhoseSetupSaidItCannotWorkHereIsUnavailableWithThatLine() throws IOException {
        TargetManifest m = target("requires: [sh]\nsetup: ./setup\n" + "build:\n  command: [sh, -c, 'true']\n  output: out/app\n");
        Files.writeString(m.dir().resolve("setup"), "#!/bin/sh\n");
        Files.writeString(m.setupUnavailablePath(), "app needs Go >= 1.25, but the 'go' on PATH is go1.19\n");

        Availability a = Availability.of(m, home);

        assertThat(a.describe()).isEqualTo("unavailable here: app needs Go >= 1.25, but the 'go' on PATH is go1.19");
        assertThat(a.canRun()).isFalse();

        Files.delete(m.setupUnavailablePath());
        assertThat(Availability.of(m, home).status()).isEqualTo(Availability.Status.NEEDS_BUILD);
    }

    @Test
    void aRegistryBoundTargetWithoutItsPackagesNeedsItsSetupNamingTheRegistry() throws IOException {
        TargetManifest m = target("requires: [sh]\nsetup: ./setup\nregistry: Hex\nfetched: _build/default/lib/cowboy\n");
        Files.writeString(m.dir().resolve("setup"), "#!/bin/sh\n");

        Availability a = Availability.of(m, home);

        assertThat(a.status()).isEqualTo(Availability.Status.NEEDS_SETUP);
        assertThat(a.describe()).isEqualTo("needs setup: targets/x/app/setup (its packages come from Hex)");
        assertThat(a.canRun()).isFalse();
    }

    @Test
    void aRegistryBoundTargetWhoseSetupSaidItCannotWorkHereIsUnavailableWithThatLine() throws IOException {
        TargetManifest m = target("requires: [" + MISSING_COMMAND + "]\nsetup: ./setup\nregistry: NuGet\nfetched: obj/project.assets.json\n");
        Files.writeString(m.dir().resolve("setup"), "#!/bin/sh\n");
        Files.writeString(m.setupUnavailablePath(), "app needs packages from NuGet, which cannot be reached from here\n");

        assertThat(Availability.of(m, home).describe())
                .isEqualTo("unavailable here: app needs packages from NuGet, which cannot be reached from here");
    }

    @Test
    void aRegistryBoundTargetWithoutASetupScriptIsUnavailable() throws IOException {
        TargetManifest m = target("requires: [sh]\nregistry: Hex\nfetched: deps\n");

        assertThat(Availability.of(m, home).describe())
                .isEqualTo("unavailable here: no packages from Hex in deps and no setup script");
    }

    @Test
    void aRegistryBoundTargetWhosePackagesAreFetchedIsLikeAnyOther() throws IOException {
        TargetManifest m = target("""
                requires: [sh]
                setup: ./setup
                registry: Hex
                fetched: deps
                build:
                  command: ["true"]
                  output: out/app
                """);
        Files.writeString(m.dir().resolve("setup"), "#!/bin/sh\n");
        Files.createDirectories(m.dir().resolve("deps"));

        assertThat(Availability.of(m, home)).isEqualTo(Availability.NEEDS_BUILD);
        Files.createDirectories(m.dir().resolve("out"));
        Files.writeString(m.dir().resolve("out/app"), "");
        assertThat(Availability.of(m, home)).isEqualTo(Availability.READY);
    }

    @Test
    void aRegistryBoundTargetWithItsPackagesButWithoutItsToolchainNeedsSetup() throws IOException {
        TargetManifest m = target("requires: [" + MISSING_COMMAND + "]\nsetup: ./setup\nregistry: Hackage\nfetched: dist-newstyle\n");
        Files.writeString(m.dir().resolve("setup"), "#!/bin/sh\n");
        Files.createDirectories(m.dir().resolve("dist-newstyle"));

        assertThat(Availability.of(m, home).describe()).isEqualTo("needs setup: targets/x/app/setup");
    }

    @Test
    void javaIsAlwaysPresentBecauseTargetsRunOnShowdownsOwnJdk() throws IOException {
        assertThat(Availability.of(target("requires: [java, sh]\n"), home)).isEqualTo(Availability.READY);
    }

    @Test
    void buildsWhenTheOutputIsMissingOrOlderThanTheSources() throws IOException {
        TargetManifest m = builtBy("mkdir -p out && echo built >> out/app.jar && echo \"home=$SHOWDOWN_HOME\"");
        Path src = Files.createDirectories(m.dir().resolve("src/main"));
        Files.writeString(src.resolve("App.java"), "class App {}");
        Path log = home.resolve("logs/app.build.log");

        assertThat(Availability.of(m, home)).isEqualTo(Availability.NEEDS_BUILD);
        TargetBuilder.ensureBuilt(m, home, log);
        assertThat(Files.readString(m.dir().resolve("out/app.jar"))).isEqualTo("built\n");
        assertThat(Files.readString(log)).contains("home=" + home.toAbsolutePath().normalize());
        assertThat(Availability.of(m, home)).isEqualTo(Availability.READY);

        TargetBuilder.ensureBuilt(m, home, log); // up to date: nothing runs
        assertThat(Files.readString(m.dir().resolve("out/app.jar"))).isEqualTo("built\n");

        Files.setLastModifiedTime(src.resolve("App.java"), FileTime.from(Instant.now().plusSeconds(60)));
        assertThat(TargetBuilder.needsBuild(m)).isTrue();
        TargetBuilder.ensureBuilt(m, home, log);
        assertThat(Files.readString(m.dir().resolve("out/app.jar"))).isEqualTo("built\nbuilt\n");
    }

    @Test
    void anElixirTargetsLibFolderCountsAsItsSources() throws IOException {
        TargetManifest m = builtBy("mkdir -p out && echo built >> out/app.jar");
        Path lib = Files.createDirectories(m.dir().resolve("lib"));
        Files.writeString(lib.resolve("app.ex"), "defmodule App do end");
        TargetBuilder.ensureBuilt(m, home, home.resolve("logs/app.build.log"));
        assertThat(TargetBuilder.needsBuild(m)).isFalse();

        Files.setLastModifiedTime(lib.resolve("app.ex"), FileTime.from(Instant.now().plusSeconds(60)));
        assertThat(TargetBuilder.needsBuild(m)).isTrue();
    }

    @Test
    void twoTargetsThatShareABuildOutputBuildItOnceNotIntoEachOther() throws Exception {
        TargetManifest app = builtBy("mkdir -p out && sleep 1 && echo built >> out/app.jar");
        Path siblingDir = Files.createDirectories(home.resolve("targets/x/sibling"));
        Files.writeString(siblingDir.resolve("target.yaml"), Files.readString(app.dir().resolve("target.yaml"))
                .replace("name: app", "name: sibling")
                .replace("command: [sh, -c, '", "command: [sh, -c, 'cd ../app && ")
                .replace("output: out/app.jar", "output: ../app/out/app.jar"));
        TargetManifest sibling = TargetManifest.load(siblingDir.resolve("target.yaml"));

        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<?> a = pool.submit(() -> TargetBuilder.ensureBuilt(app, home, home.resolve("logs/app.build.log")));
            Future<?> b = pool.submit(() -> TargetBuilder.ensureBuilt(sibling, home, home.resolve("logs/sibling.build.log")));
            a.get(30, TimeUnit.SECONDS);
            b.get(30, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(app.dir().resolve("out/app.jar"))).isEqualTo("built\n");
    }

    @Test
    void aFailedBuildNamesItsLog() throws IOException {
        TargetManifest m = builtBy("echo compile error >&2; exit 7");
        Path log = home.resolve("logs/app.build.log");

        assertThatThrownBy(() -> TargetBuilder.ensureBuilt(m, home, log))
                .isInstanceOf(TargetException.class)
                .hasMessage("building app failed (exit 7); see " + log);
        assertThat(Files.readString(log)).contains("compile error");
    }

    @Test
    void aBuildThatExits3IsUnavailableWithTheSetupsOwnLine() throws IOException {
        TargetManifest m = builtBy("echo pip output; echo \"setup: app needs Python venv, and python3 has none\" >&2;"
                + " echo trailing noise; exit 3");
        Path log = home.resolve("logs/app.build.log");

        assertThatThrownBy(() -> TargetBuilder.ensureBuilt(m, home, log))
                .isInstanceOfSatisfying(TargetUnavailableException.class, e -> assertThat(e.availability().describe())
                        .isEqualTo("unavailable here: app needs Python venv, and python3 has none"));

        TargetManifest silent = builtBy("echo only this; exit 3");
        assertThatThrownBy(() -> TargetBuilder.ensureBuilt(silent, home, log))
                .isInstanceOf(TargetUnavailableException.class).hasMessage("only this");
    }

    @Test
    void aBuildThatProducesNothingIsAnError() throws IOException {
        TargetManifest m = target("""
                build:
                  command: ["true"]
                  output: out/app.jar
                """);

        assertThatThrownBy(() -> TargetBuilder.ensureBuilt(m, home, home.resolve("b.log")))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("succeeded but produced no out/app.jar");
    }
}
