package storagebench.storage;

import java.nio.file.Path;
import storagebench.Sha256;
import storagebench.config.Settings;

/** The store of the settings' {@code dataset.url}, and the local folders that go with it. */
public final class Stores {
    private Stores() {}

    /** The dataset's store, opened (a remote one is reached once, so that a wrong URL fails here). */
    public static DatasetStore open(Settings settings) {
        if (!settings.dataset().remote()) {
            return new LocalStore(settings.parquetDir());
        }
        return HadoopStores.open(
                settings.dataset().url().orElseThrow(),
                settings.dataset().hadoop(),
                localArea(settings));
    }

    /**
     * Where this machine keeps what it needs of a remote dataset (its staged files, its mirror, the
     * sink's lock): {@code <data-dir>/datasets/<hash of the URL>}.
     */
    public static Path localArea(Settings settings) {
        String url = settings.dataset().url().orElseThrow().toString();
        return settings.dataDir().resolve("datasets").resolve(Sha256.hex(url).substring(0, 16));
    }

    /** The folder whose lock keeps a second sink of this machine off the dataset. */
    public static Path lockFolder(Settings settings) {
        return settings.dataset().remote() ? localArea(settings) : settings.parquetDir();
    }
}
