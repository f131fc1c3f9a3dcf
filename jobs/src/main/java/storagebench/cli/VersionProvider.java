package storagebench.cli;

import picocli.CommandLine.IVersionProvider;
import storagebench.Version;

/** {@code --version}: the tool version. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"storagebench " + Version.current()};
    }
}
