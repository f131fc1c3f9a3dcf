package storagebench.logformat.gbak;

import java.util.ArrayList;
import java.util.List;

/** The error messages of a step or run: the first few kept, the rest counted, so memory stays bounded. */
final class GbakErrors {
    private static final int KEPT = 10;
    private final List<String> messages = new ArrayList<>();
    private long more;

    void add(String message) {
        if (messages.size() < KEPT) {
            messages.add(message);
        } else {
            more++;
        }
    }

    boolean isEmpty() {
        return messages.isEmpty();
    }

    String first() {
        return messages.isEmpty() ? null : messages.get(0);
    }

    /** The messages joined by "; ", or null when there are none. */
    String joined() {
        if (messages.isEmpty()) {
            return null;
        }
        return String.join("; ", messages) + (more == 0 ? "" : "; and " + more + " more");
    }
}
