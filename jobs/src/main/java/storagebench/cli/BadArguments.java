package storagebench.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * An argument the command line cannot take: one line naming it and why, picocli's suggestions where
 * it has any ("Did you mean: …"), and where the help is; exit 2. (picocli's own handler prints the
 * whole usage after the line, which buries it.)
 */
final class BadArguments implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine cli = e.getCommandLine();
        PrintWriter err = cli.getErr();
        String command = cli.getCommandSpec().qualifiedName();
        err.println(cli.getColorScheme().errorText(command + ": " + e.getMessage()));
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("see: " + command + " --help");
        err.flush();
        return Main.BAD_INPUT;
    }
}
