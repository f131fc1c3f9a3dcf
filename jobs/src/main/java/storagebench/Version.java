package storagebench;

/** The tool version, from the jar manifest when packaged. */
public final class Version {
    private Version() {}

    public static String current() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }
}
