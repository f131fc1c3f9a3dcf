package storagebench.events;

import org.apache.avro.util.ClassSecurityValidator;
import org.apache.avro.util.ClassSecurityValidator.ClassSecurityPredicate;

/** Lets Avro instantiate this package's generated classes, on top of whatever is already trusted. */
final class TrustedPackages {
    private static final String PACKAGE = EventCodec.class.getPackageName() + ".";
    private static boolean done;

    private TrustedPackages() {}

    static synchronized void trust() {
        if (done) {
            return;
        }
        ClassSecurityPredicate previous = ClassSecurityValidator.getGlobal();
        ClassSecurityPredicate ours = c -> c.getName().startsWith(PACKAGE);
        ClassSecurityValidator.setGlobal(ClassSecurityValidator.composite(previous, ours));
        done = true;
    }
}
