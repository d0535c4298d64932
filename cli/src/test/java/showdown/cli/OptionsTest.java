package showdown.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The argument parser every command uses: getopt's and wrk's spellings, and one-line mistakes. */
class OptionsTest {

    /** A command-like holder: what each handler received, in order. */
    private final List<String> seen = new ArrayList<>();

    private Options options() {
        return new Options()
                .parameters("URL", "targets", v -> seen.add("url=" + v))
                .value("-c, --connections", "N", "connections", v -> seen.add("c=" + v))
                .value("-H, --header", "H", "a header (repeatable)", v -> seen.add("H=" + v))
                .flag("-L, --latency", "percentiles", () -> seen.add("L"))
                .values("--cpus", "SET", 2, "split", v -> seen.add("cpus=" + v))
                .hiddenValue("-s, --script", "S", v -> seen.add("s=" + v))
                .finalFlag("-h, --help", "help", () -> seen.add("help"));
    }

    private List<String> parse(String... args) {
        options().parse(List.of(args));
        return seen;
    }

    @Test
    void readsGetoptSpellingsInOrder() {
        assertThat(parse("-c400", "--connections=5", "-c", "6", "--connections", "7", "-L", "http://a/"))
                .containsExactly("c=400", "c=5", "c=6", "c=7", "L", "url=http://a/");
    }

    @Test
    void aValueMayLookLikeAnOptionOrHoldEqualsSigns() {
        assertThat(parse("-H", "-x", "--header=X-A: b=c", "u")).containsExactly("H=-x", "H=X-A: b=c", "url=u");
    }

    @Test
    void parametersMayComeAnywhereAndDoubleDashEndsTheOptions() {
        // parameters are handed over once every option is read
        assertThat(parse("a", "-L", "b", "--", "-c", "-"))
                .containsExactly("L", "url=a", "url=b", "url=-c", "url=-");
    }

    @Test
    void aMultiValueOptionTakesValuesUntilTheNextOption() {
        assertThat(parse("--cpus", "server=0", "load=1", "u")).containsExactly("cpus=server=0", "cpus=load=1", "url=u");
        seen.clear();
        assertThat(parse("--cpus", "off", "-L", "u")).containsExactly("cpus=off", "L", "url=u");
    }

    @Test
    void aFinalFlagStopsBeforeAnythingIsChecked() {
        assertThat(parse("-L", "--help", "--no-such", "-c")).containsExactly("L", "help");
        seen.clear();
        assertThat(parse("-h")).containsExactly("help"); // no URL, and no complaint about it
    }

    @Test
    void hiddenOptionsStillWork() {
        assertThat(parse("-s", "x.lua", "u")).containsExactly("s=x.lua", "url=u");
    }

    @Test
    void mistakesAreOneLineEach() {
        assertMistake("unknown option '--nope'", "--nope", "u");
        assertMistake("unknown option '-x'", "-x", "u");
        assertMistake("unknown option '-L5'", "-L5", "u"); // a flag takes no attached value
        assertMistake("option '--latency' takes no value", "--latency=yes", "u");
        assertMistake("option '-c' needs a value (N)", "u", "-c");
        assertMistake("missing URL (one or more)", "-L");
        assertMistake("missing URL (one or more)");
    }

    @Test
    void fixedParametersAreTakenOneEachAndExtrasRefused() {
        List<String> got = new ArrayList<>();
        Options two = new Options().parameter("A", "a", v -> got.add("A=" + v)).parameter("B", "b", v -> got.add("B=" + v));
        two.parse(List.of("x", "y"));
        assertThat(got).containsExactly("A=x", "B=y");
        assertThatThrownBy(() -> two.parse(List.of("x"))).isInstanceOf(UsageException.class).hasMessage("missing B");
        assertThatThrownBy(() -> two.parse(List.of("x", "y", "z"))).isInstanceOf(UsageException.class)
                .hasMessage("unexpected argument 'z'");
    }

    @Test
    void conversionsNameTheOption() {
        assertThat(Options.toInt("--jobs", " 4 ")).isEqualTo(4);
        assertThatThrownBy(() -> Options.toInt("--jobs", "four")).isInstanceOf(UsageException.class)
                .hasMessage("--jobs: 'four' is not a whole number");
        assertThatThrownBy(() -> Options.toLong("--seed", "1.5")).hasMessage("--seed: '1.5' is not a whole number");
        assertThat(Options.items("a, b,,c")).containsExactly("a", "b", "c");
    }

    @Test
    void declaringANameTwiceIsABugCaughtAtOnce() {
        assertThatThrownBy(() -> new Options().flag("-L, --latency", "", () -> { }).flag("--latency", "", () -> { }))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new Options().flag("latency", "", () -> { })).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void helpListsVisibleDeclarationsWithinTheWidth() {
        Command command = new LoadCommand();
        Options declared = new Options();
        command.declare(declared);
        String help = Usage.of("showdown load", command, declared);
        assertThat(help).startsWith("Usage: showdown load [OPTIONS] URL...\nGenerates HTTP/1.1, HTTP/2 or HTTP/3 load, wrk style")
                .contains("  -c, --connections N", "(default: 10)", "      --pipeline N", "  -L, --latency", "      --h2", "      --h3", "      --no-keepalive", "      --tls-verify")
                .doesNotContain("--script");
        assertThat(help.lines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(Usage.WIDTH));
    }

    private void assertMistake(String message, String... args) {
        assertThatThrownBy(() -> options().parse(List.of(args))).isInstanceOf(UsageException.class).hasMessage(message);
    }
}
