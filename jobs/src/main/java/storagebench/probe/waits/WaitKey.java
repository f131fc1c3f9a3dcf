package storagebench.probe.waits;

/**
 * A wait or counter as a server names it: its type or group ({@code Lock}, {@code bgwriter}) and its
 * name ({@code transactionid}, {@code buffers_clean}).
 */
public record WaitKey(String waitType, String name) implements Comparable<WaitKey> {

    @Override
    public int compareTo(WaitKey other) {
        int byType = String.valueOf(waitType).compareTo(String.valueOf(other.waitType));
        return byType != 0 ? byType : name.compareTo(other.name);
    }
}
