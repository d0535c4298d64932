import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import play.japi.twirl.compiler.TwirlCompiler;

/**
 * Build step: compiles every {@code *.scala.html} template under a source folder into a Scala
 * source file, as sbt-twirl does in an sbt build. Run with the Java source launcher by the
 * exec-maven-plugin during generate-sources; scala-maven-plugin then compiles the output.
 *
 * <p>Usage: {@code java -cp <twirl-compiler classpath> TwirlTemplates.java <templates> <generated>}
 */
public final class TwirlTemplates {

    /** Twirl's formatter for {@code .html} templates: escapes every value it renders. */
    private static final String HTML_FORMAT = "play.twirl.api.HtmlFormat";
    private static final String TEMPLATE_SUFFIX = ".scala.html";

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: TwirlTemplates <template-folder> <generated-sources-folder>");
            System.exit(2);
        }
        File sourceDir = new File(args[0]);
        File generatedDir = new File(args[1]);
        // Default imports plus views.html._, so one template can call another by its short name.
        List<String> imports = new ArrayList<>(TwirlCompiler.DEFAULT_IMPORTS);
        imports.addAll(TwirlCompiler.formatImports(List.of("views.%format%._"), "html"));
        for (Path template : templates(sourceDir.toPath())) {
            // Returns empty when the generated file is already up to date.
            TwirlCompiler.compile(template.toFile(), sourceDir, generatedDir, HTML_FORMAT, imports, List.of());
        }
    }

    private static List<Path> templates(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().endsWith(TEMPLATE_SUFFIX)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
