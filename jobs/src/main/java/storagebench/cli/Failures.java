package storagebench.cli;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;
import storagebench.BadInputException;
import storagebench.config.Secrets;
import storagebench.config.Settings.SettingsException;

/** Turns exceptions into one clear line and an exit code; stack traces only with --debug or STORAGEBENCH_DEBUG set. */
final class Failures implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception e, CommandLine cli, ParseResult parsed) {
        boolean badInput = e instanceof BadInputException || e instanceof SettingsException;
        cli.getErr()
                .println(
                        cli.getColorScheme()
                                .errorText(
                                        cli.getCommandSpec().qualifiedName() + ": " + message(e)));
        String[] args =
                parsed != null ? parsed.originalArgs().toArray(String[]::new) : new String[0];
        if (Main.debug(args)) {
            e.printStackTrace(cli.getErr());
        }
        return badInput ? Main.BAD_INPUT : Main.FAILED;
    }

    /** The exception's message, with any password a URL or a {@code password=} in it carries shown as ***. */
    private static String message(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : Secrets.redactText(m);
    }
}
