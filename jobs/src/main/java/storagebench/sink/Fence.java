package storagebench.sink;

import java.util.HashSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.TopicPartition;

/**
 * Asked before every publication of a partition's files: is the partition still this sink's? A sink
 * frozen past its session timeout (a long GC pause, SIGSTOP) has lost its partitions to another sink
 * of the group without knowing it; files it published then would duplicate what the new owner writes.
 * The writing thread asks; the reading thread, which alone may touch the consumer, answers between
 * its polls by committing the partition's durable offset to the group: the group coordinator accepts
 * a commit only from a current member of the current generation that owns the partition, so a stale
 * sink's commit fails and its files are discarded instead of published.
 *
 * <p>Every doubt is a no (a rebalance in progress, an unreachable coordinator): the writer discards the
 * partition's open files, and where the partition turns out to be still this sink's the reader takes
 * it again from its marker ({@link #takeRefused()}), so a no costs work, never an event.
 */
final class Fence {
    private static final long WAIT_MS = 100;

    /** One question: may {@code partition}'s files be published? */
    record Question(TopicPartition partition, CompletableFuture<Boolean> answer) {}

    private final Queue<Question> questions = new ConcurrentLinkedQueue<>();
    private final Set<TopicPartition> refused = new HashSet<>();
    private volatile boolean readerGone;

    /**
     * Asks, from the writing thread, and waits for the reading thread's answer.
     *
     * @throws IllegalStateException when the reading thread ended before answering
     */
    boolean owns(TopicPartition partition) {
        Question question = new Question(partition, new CompletableFuture<>());
        questions.add(question);
        while (true) {
            try {
                return question.answer().get(WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (readerGone && !question.answer().isDone()) {
                    throw new IllegalStateException(
                            "the sink's reader ended before it could confirm " + partition);
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException(
                        "cannot confirm that "
                                + partition
                                + " is still this sink's: "
                                + e.getCause().getMessage(),
                        e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while confirming " + partition, e);
            }
        }
    }

    /**
     * Answers the waiting questions with {@code check}, on the reading thread. An answer not known yet
     * (a rebalance in progress) waits for the next call when {@code mayWait} (the reader is about to
     * poll, which completes the rebalance), and is a no otherwise (the reader is blocked until the
     * writer moves, and the writer until it has its answer).
     */
    void answer(Checker check, boolean mayWait) {
        int asked = questions.size();
        for (int i = 0; i < asked; i++) {
            Question q = questions.poll();
            if (q == null) {
                return;
            }
            try {
                Answer answer = check.owns(q.partition());
                if (answer == Answer.NOT_YET && mayWait) {
                    questions.add(q);
                    continue;
                }
                boolean owned = answer == Answer.YES;
                if (!owned) {
                    refused.add(q.partition());
                }
                q.answer().complete(owned);
            } catch (RuntimeException e) {
                q.answer().completeExceptionally(e);
            }
        }
    }

    /**
     * The partitions answered no since the last call (their files discarded by the writer), taken:
     * those still this sink's must be taken again from their marker. Reading thread only.
     */
    Set<TopicPartition> takeRefused() {
        Set<TopicPartition> taken = Set.copyOf(refused);
        refused.clear();
        return taken;
    }

    /** The reading thread has ended: waiting and later questions fail. */
    void readerGone() {
        readerGone = true;
        for (Question q = questions.poll(); q != null; q = questions.poll()) {
            q.answer().completeExceptionally(new IllegalStateException("the sink's reader ended"));
        }
    }

    /** What the reading thread can say. */
    enum Answer {
        YES,
        NO,
        /** not known until the group's rebalance in progress is through */
        NOT_YET;

        static Answer of(boolean yes) {
            return yes ? YES : NO;
        }
    }

    /** How the reading thread finds out. */
    @FunctionalInterface
    interface Checker {
        /** YES only when the partition is certainly still this sink's. */
        Answer owns(TopicPartition partition);
    }
}
