package showdown.cli;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import showdown.harness.target.TargetException;
import showdown.load.LoadException;

/**
 * Turns errors a user can cause into one line on stderr and exit code 2. Anything else is a bug and
 * keeps its stack trace.
 */
final class UserErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName(" "); // "showdown" or "showdown load"
        cmd.getErr().println(name + ": " + ex.getMessage() + " (see '" + name + " --help')");
        return Main.EXIT_USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) throws Exception {
        if (ex instanceof LoadException || ex instanceof UserException || ex instanceof TargetException) {
            cmd.getErr().println(cmd.getCommandSpec().qualifiedName(" ") + ": " + ex.getMessage());
            return Main.EXIT_USAGE;
        }
        throw ex;
    }
}
