package storagebench.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Heap use while something runs: the sum of every heap pool's peak (what the JVM let the heap grow
 * to, garbage included), and the largest heap occupancy right after a collection (an upper bound of
 * what was really live).
 */
final class HeapPeak implements NotificationListener, AutoCloseable {
    private final Set<String> heapPools;
    private final AtomicLong maxAfterGc = new AtomicLong();

    private HeapPeak() {
        heapPools = pools().stream().map(MemoryPoolMXBean::getName).collect(Collectors.toSet());
    }

    /** Collects garbage first, so the old generation starts from live data only, then starts watching. */
    static HeapPeak start() {
        System.gc();
        pools().forEach(MemoryPoolMXBean::resetPeakUsage);
        HeapPeak peak = new HeapPeak();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener(peak, null, null);
        }
        return peak;
    }

    long peakBytes() {
        return pools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    long maxAfterGcBytes() {
        return maxAfterGc.get();
    }

    @Override
    public void handleNotification(Notification notification, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (Map.Entry<String, MemoryUsage> pool :
                info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            used += heapPools.contains(pool.getKey()) ? pool.getValue().getUsed() : 0;
        }
        maxAfterGc.accumulateAndGet(used, Math::max);
    }

    @Override
    public void close() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            try {
                ((NotificationEmitter) gc).removeNotificationListener(this);
            } catch (ListenerNotFoundException e) {
                // not registered with this collector
            }
        }
    }

    private static List<MemoryPoolMXBean> pools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .toList();
    }
}
