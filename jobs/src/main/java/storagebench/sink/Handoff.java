package storagebench.sink;

import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * The reading thread's side of the queue to the writer. While it waits — for room in the queue, or for
 * the writer to let go of partitions — it answers the writer's {@link Fence} questions, since the
 * writer may be waiting for one of those answers before it takes anything more off the queue.
 */
final class Handoff {
    private static final long WAIT_MS = 50;

    private final BlockingQueue<Fetched> queue;
    private final Fence fence;
    private final Fence.Checker checker;
    private final Consumer<Set<TopicPartition>> commitDurable;
    private final CountDownLatch writerDone = new CountDownLatch(1);
    private volatile boolean abandoned;
    private Fence.Checker rebalancing;

    /**
     * @param checker how the reading thread answers a question about a partition it owns
     * @param commitDurable commits the durable offsets of the given partitions to the group, at once
     */
    Handoff(
            BlockingQueue<Fetched> queue,
            Fence fence,
            Fence.Checker checker,
            Consumer<Set<TopicPartition>> commitDurable) {
        this.queue = queue;
        this.fence = fence;
        this.checker = checker;
        this.commitDurable = commitDurable;
    }

    /**
     * Inside a rebalance callback the coordinator cannot be asked (a commit fails while the group
     * rebalances, and the writer may be waiting for an answer before it takes the callback's handover
     * off the queue): until {@link #rebalanced()}, questions are answered by {@code answer}, which
     * knows from the callback which partitions stay.
     */
    void rebalancing(Fence.Checker answer) {
        rebalancing = answer;
    }

    void rebalanced() {
        rebalancing = null;
    }

    private Fence.Checker checker() {
        return rebalancing != null ? rebalancing : checker;
    }

    /** Queues for the writer; false when the writer gave up or is done (nobody would take it). */
    boolean hand(Fetched fetched) {
        if (writerDone.getCount() == 0) {
            return false;
        }
        try {
            while (!queue.offer(fetched, WAIT_MS, TimeUnit.MILLISECONDS)) {
                if (abandoned || writerDone.getCount() == 0) {
                    return false;
                }
                fence.answer(checker(), false);
            }
            return !abandoned;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits for {@code done}, answering questions. */
    void await(CountDownLatch done) {
        try {
            while (!done.await(WAIT_MS, TimeUnit.MILLISECONDS)) {
                if (abandoned) {
                    return;
                }
                fence.answer(checker(), false);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until the writer has rolled its last files (or failed), answering its questions. */
    void awaitWriter() {
        await(writerDone);
    }

    void commitDurable(Set<TopicPartition> partitions) {
        commitDurable.accept(partitions);
    }

    /** The writer has rolled its last files (or failed). */
    void writerDone(boolean failed) {
        abandoned |= failed;
        writerDone.countDown();
    }

    boolean abandoned() {
        return abandoned;
    }
}
