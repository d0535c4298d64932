package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import showdown.cli.Toolchain.Result;
import showdown.harness.verify.ReferencePage;

/**
 * The modules of the registry-bound seed targets (docs/seed-frameworks.md) that need no package
 * from their registry, compiled and run with the language's own compiler from Debian: the page
 * each renders against the contract's reference page (title escaped), the digits constraints,
 * the cowboy router's last route and its 404, the mist app's check of HOST. Where a compiler or a
 * Debian library is missing the test is skipped with the reason, except under {@code CI=true},
 * where {@code .ci/run} (and, for GHC, the scotty target's setup that it runs) installs them.
 */
class RegistryBoundModulesTest {

    /**
     * A title that needs the escapes of a text node: the page must show it escaped. (No {@code '}:
     * bbmustache, as the Mustache spec, leaves it as it is, which HTML allows outside attributes.)
     */
    static final String HOSTILE_TITLE = "a<b>&\"x\"";

    final Path home = AllJavaTargetsVerifyTest.home();

    @TempDir
    Path out;

    /** erlc's command line for every module in {@code src} of the target folder, into {@code ebin}. */
    List<String> erlc(String target, Path ebin) throws IOException {
        List<String> command = new ArrayList<>(List.of("erlc", "-o", ebin.toString()));
        try (Stream<Path> files = Files.list(home.resolve(target).resolve("src"))) {
            files.filter(f -> f.toString().endsWith(".erl")).sorted().map(Path::toString).forEach(command::add);
        }
        return command;
    }

    /** Compiles the cowboy target into {@code OUT/showdown_cowboy/ebin}, its priv/ beside it as an OTP application's. */
    Path compileCowboy() throws Exception {
        Path app = out.resolve("showdown_cowboy");
        Path ebin = Files.createDirectories(app.resolve("ebin"));
        // The calls into Cowboy, bbmustache and jsx are resolved when the code is loaded, not here;
        // erlc only warns that the cowboy_handler behaviour is not on its path.
        Result compiled = Toolchain.run(erlc("targets/erlang/cowboy", ebin), 120);
        assertThat(compiled.exitCode()).as("erlc: " + compiled.output()).isZero();
        Path priv = Files.createDirectories(app.resolve("priv/templates"));
        try (Stream<Path> templates = Files.list(home.resolve("targets/erlang/cowboy/priv/templates"))) {
            for (Path t : templates.toList()) {
                Files.copy(t, priv.resolve(t.getFileName()));
            }
        }
        return ebin;
    }

    Result erl(Path ebin, String eval, String... extra) throws Exception {
        List<String> command = new ArrayList<>(List.of("erl", "-noshell", "-pa", ebin.toString(), "-eval", eval));
        if (extra.length > 0) {
            command.add("-extra");
            command.addAll(List.of(extra));
        }
        return Toolchain.run(command, 60);
    }

    @Test
    void cowboysDigitsConstraintAndItsLastRoutes404WithAContentTypeHoldWithoutCowboy() throws Exception {
        Toolchain.requireOrSkip("erlc", "Erlang's compiler (Debian's erlang-base)");
        Path ebin = compileCowboy();
        // cowboy_req, as a test double: a reply comes back as a map, so a handler's answer can be
        // read without Cowboy. Only the router's own matching is left untested here.
        Path stub = out.resolve("cowboy_req.erl");
        Files.writeString(stub, """
                -module(cowboy_req).
                -export([reply/4]).
                reply(Status, Headers, Body, _Req) -> #{status => Status, headers => Headers, body => Body}.
                """);
        Result stubCompiled = Toolchain.run(List.of("erlc", "-o", ebin.toString(), stub.toString()), 60);
        assertThat(stubCompiled.exitCode()).as("erlc: " + stubCompiled.output()).isZero();

        Result checked = erl(ebin, """
                {ok, <<"42">>} = showdown_routes:digits(forward, <<"42">>),
                {error, not_digits} = showdown_routes:digits(forward, <<"abc">>),
                {error, not_digits} = showdown_routes:digits(forward, <<"-5">>),
                {error, not_digits} = showdown_routes:digits(forward, <<>>),
                [{'_', Routes}] = showdown_routes:routes(),
                {'_', not_found_handler, _} = lists:last(Routes),
                {ok, #{status := 404, headers := #{<<"content-type">> := <<"text/plain; charset=utf-8">>},
                       body := <<"Not Found">>}, _} = not_found_handler:init(#{method => <<"GET">>}, #{}),
                io:format("routes ok~n"), halt(0).
                """);
        assertThat(checked.output()).as("erl").contains("routes ok");
        assertThat(checked.exitCode()).isZero();
    }

    @Test
    void cowboysPageRenderedWithDebiansBbmustacheIsTheReferencePage() throws Exception {
        Toolchain.requireOrSkip("erlc", "Erlang's compiler (Debian's erlang-base)");
        Result probe = Toolchain.run(List.of("erl", "-noshell", "-eval",
                "halt(case code:which(bbmustache) of non_existing -> 1; _ -> 0 end)."), 60);
        Toolchain.requireOrSkip(probe.exitCode() == 0, "no bbmustache in Erlang's code path", "Debian's erlang-bbmustache");
        Path ebin = compileCowboy();
        Result rendered = erl(ebin, """
                showdown_page:load(),
                [Title] = init:get_plain_arguments(),
                io:put_chars(showdown_page:render(unicode:characters_to_binary(Title))), halt(0).
                """, HOSTILE_TITLE);
        assertThat(rendered.exitCode()).as(rendered.output()).isZero();
        assertThat(ReferencePage.difference(rendered.output(), HOSTILE_TITLE)).isNull();
    }

    @Test
    void mistsHostCheckTakesWhatMistBindsAndNothingElse() throws Exception {
        Toolchain.requireOrSkip("erlc", "Erlang's compiler (Debian's erlang-base)");
        Path ebin = Files.createDirectories(out.resolve("mist"));
        Result compiled = Toolchain.run(erlc("targets/gleam/mist", ebin), 60);
        assertThat(compiled.exitCode()).as("erlc: " + compiled.output()).isZero();
        Result checked = erl(ebin, """
                [true = showdown_mist_ffi:is_bindable(H) || H <- [<<"127.0.0.1">>, <<"0.0.0.0">>, <<"::1">>, <<"localhost">>]],
                [false = showdown_mist_ffi:is_bindable(H) || H <- [<<"bogus">>, <<"">>, <<"127.0.0.256">>, <<"::1 ">>]],
                io:format("host ok~n"), halt(0).
                """);
        assertThat(checked.output()).as("erl").contains("host ok");
        assertThat(checked.exitCode()).isZero();
    }

    /** The Elixir modules that the three Elixir targets share, compiled with warnings as errors. */
    List<String> commonElixirSources() throws IOException {
        try (Stream<Path> files = Files.list(home.resolve("targets/elixir/common/showdown"))) {
            return files.filter(f -> f.toString().endsWith(".ex")).sorted().map(Path::toString).toList();
        }
    }

    @Test
    void theElixirTargetsModulesThatUseOnlyElixirCompileWithElixirc() throws Exception {
        Toolchain.requireOrSkip("elixirc", "Elixir's compiler (Debian's elixir)");
        List<String> common = new ArrayList<>(List.of("elixirc", "--warnings-as-errors", "-o", out.resolve("common").toString()));
        common.addAll(commonElixirSources());
        Result compiled = Toolchain.run(common, 180);
        assertThat(compiled.exitCode()).as("elixirc: " + compiled.output()).isZero();
    }

    @Test
    void plugsTemplatesRenderTheReferencePageWithOnePlugFunctionStandingIn() throws Exception {
        Toolchain.requireOrSkip("elixirc", "Elixir's compiler (Debian's elixir)");
        // Plug.HTML.html_escape/1 is Plug's, from Hex: a test double with the escapes the contract
        // names stands in for it, so that what is checked is the templates and our EEx engine
        // (layout, view, partial, nothing escaped twice), not Plug.
        Path plugHtml = out.resolve("plug_html.ex");
        Files.writeString(plugHtml, """
                defmodule Plug.HTML do
                  def html_escape(s) do
                    s
                    |> String.replace("&", "&amp;")
                    |> String.replace("<", "&lt;")
                    |> String.replace(">", "&gt;")
                    |> String.replace("\\"", "&quot;")
                    |> String.replace("'", "&#39;")
                  end
                end
                """);
        Path ebin = out.resolve("page");
        List<String> page = new ArrayList<>(List.of("elixirc", "--warnings-as-errors", "-o", ebin.toString(), plugHtml.toString()));
        page.addAll(commonElixirSources());
        page.add(home.resolve("targets/elixir/plug/lib/showdown/html_engine.ex").toString());
        page.add(home.resolve("targets/elixir/plug/lib/showdown/templates.ex").toString());
        Result compiled = Toolchain.run(page, 180);
        assertThat(compiled.exitCode()).as("elixirc: " + compiled.output()).isZero();
        Result rendered = Toolchain.run(List.of("elixir", "-pa", ebin.toString(), "-e",
                "IO.write(Showdown.Templates.showdown_page(hd(System.argv()), Showdown.Page.members()))", HOSTILE_TITLE), 120);
        assertThat(rendered.exitCode()).as(rendered.output()).isZero();
        assertThat(ReferencePage.difference(rendered.output(), HOSTILE_TITLE)).isNull();
    }

    @Test
    void spocksPageAndDigitsCaptureCompileWithDebiansGhcAndHold() throws Exception {
        Toolchain.requireOrSkip("ghc", "GHC (Debian's ghc, through targets/haskell/scotty/setup)");
        Result pkg = Toolchain.run(List.of("ghc-pkg", "--simple-output", "--names-only", "list"), 60);
        List<String> installed = List.of(pkg.output().strip().split("\\s+"));
        Toolchain.requireOrSkip(installed.containsAll(List.of("http-api-data", "blaze-html")),
                "no http-api-data or no blaze-html in GHC's package database",
                "Debian's libghc-http-api-data-dev (and scotty's setup libghc-blaze-html-dev)");
        // A driver for the two modules of the target that use Debian's libraries only (Main needs
        // Spock): the page for the title on stdout, then a verdict for each digits capture.
        Path driver = out.resolve("PureChecks.hs");
        Files.writeString(driver, """
                module Main (main) where

                import qualified Data.Text as T
                import qualified Data.Text.Lazy.IO as TL
                import System.Environment (getArgs)
                import Web.HttpApiData (parseUrlPiece)

                import Digits (Digits (..))
                import Templates (members, showdownPage)

                main :: IO ()
                main = do
                  args <- getArgs
                  TL.putStr (showdownPage (T.pack (concat (take 1 args))) members)
                  putStrLn ""
                  mapM_ (putStrLn . verdict) (drop 1 args)
                  where
                    verdict s = "digits " ++ show s ++ ": "
                      ++ either (const "refused") (\\(Digits d) -> "accepted " ++ T.unpack d) (parseUrlPiece (T.pack s))
                """);
        Path exe = out.resolve("pure-checks");
        Result compiled = Toolchain.run(List.of("ghc", "-Wall", "-Werror", "-i" + home.resolve("targets/haskell/spock/src"),
                "-outputdir", out.resolve("obj").toString(), "-o", exe.toString(), driver.toString()), 300);
        assertThat(compiled.exitCode()).as("ghc: " + compiled.output()).isZero();

        Result ran = Toolchain.run(List.of(exe.toString(), HOSTILE_TITLE, "42", "007", "abc", "-5", "", "4 2"), 60);
        assertThat(ran.exitCode()).as(ran.output()).isZero();
        String[] parts = ran.output().split("\ndigits ", 2);
        assertThat(ReferencePage.difference(parts[0], HOSTILE_TITLE)).isNull();
        assertThat(("digits " + parts[1]).lines()).containsExactly(
                "digits \"42\": accepted 42",
                "digits \"007\": accepted 007",
                "digits \"abc\": refused",
                "digits \"-5\": refused",
                "digits \"\": refused",
                "digits \"4 2\": refused");
    }
}
