package showdown.deploy.ssh;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What is copied to a host to run an agent there, and the command that starts it (run in the copied
 * directory, followed by the agent's arguments).
 *
 * @param files the local files copied into the agent's remote directory under their own names
 * @param command the command's first words, e.g. {@code java -jar showdown.jar}
 * @param java the java command to check on the host first (it must be there and at least
 *     {@link #MIN_JAVA}); null when the program needs no Java
 */
public record AgentProgram(List<Path> files, List<String> command, String java) {

    /** The agent is built for Java 21. */
    public static final int MIN_JAVA = 21;

    public AgentProgram {
        files = List.copyOf(files);
        command = List.copyOf(command);
    }

    /** Showdown's own jar run by {@code java} on the host ({@code java} may be a path, e.g. a JDK's bin/java). */
    public static AgentProgram showdownJar(Path jar, String java) {
        return new AgentProgram(List.of(jar), List.of(java, "-jar", jar.getFileName().toString()), java);
    }

    /** Any program: the files to copy and the command to run in their directory. */
    public static AgentProgram command(List<Path> files, List<String> command) {
        return new AgentProgram(files, command, null);
    }

    /** The whole command line for these agent arguments. */
    List<String> commandLine(List<String> agentArguments) {
        List<String> line = new ArrayList<>(command);
        line.addAll(agentArguments);
        return line;
    }
}
