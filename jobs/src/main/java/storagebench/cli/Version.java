package storagebench.cli;

import picocli.CommandLine.IVersionProvider;

/** The tool version, from the jar manifest when packaged. */
public final class Version implements IVersionProvider {
    public static String current() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }

    @Override
    public String[] getVersion() {
        return new String[] {"storagebench " + current()};
    }
}
