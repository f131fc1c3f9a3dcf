package storagebench.sink;

import java.time.Duration;
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
 */
final class Fence {
    private static final long WAIT_MS = 100;

    /** One question: may {@code partition}'s files be published? Asked at {@code askedNanos}. */
    record Question(TopicPartition partition, CompletableFuture<Boolean> answer, long askedNanos) {}

    private final Queue<Question> questions = new ConcurrentLinkedQueue<>();
    private final Duration patience;
    private volatile boolean readerGone;

    /** @param patience how long a question may stay unanswerable (the coordinator unreachable) */
    Fence(Duration patience) {
        this.patience = patience;
    }

    /**
     * Asks, from the writing thread, and waits for the reading thread's answer.
     *
     * @throws IllegalStateException when the reading thread ended before answering
     */
    boolean owns(TopicPartition partition) {
        Question question = new Question(partition, new CompletableFuture<>(), System.nanoTime());
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
     * Answers the waiting questions, on the reading thread: those about {@code owned} partitions
     * (being revoked: ours until the callback returns) yes, those about {@code gone} ones no, the others
     * by {@code check}; a question {@code check} cannot answer yet (null, a rebalance in progress)
     * waits for the next call.
     */
    void answer(Set<TopicPartition> owned, Set<TopicPartition> gone, Checker check) {
        int pending = questions.size();
        for (int i = 0; i < pending; i++) {
            Question q = questions.poll();
            if (q == null) {
                return;
            }
            try {
                Boolean answer =
                        owned.contains(q.partition())
                                ? Boolean.TRUE
                                : gone.contains(q.partition())
                                        ? Boolean.FALSE
                                        : check.owns(q.partition());
                if (answer == null && System.nanoTime() - q.askedNanos() > patience.toNanos()) {
                    q.answer()
                            .completeExceptionally(
                                    new IllegalStateException(
                                            "the consumer group's coordinator did not confirm it"
                                                    + " within "
                                                    + patience.toSeconds()
                                                    + " s"));
                } else if (answer == null) {
                    questions.add(q);
                } else {
                    q.answer().complete(answer);
                }
            } catch (RuntimeException e) {
                q.answer().completeExceptionally(e);
            }
        }
    }

    /** Answers with {@code check} alone. */
    void answer(Checker check) {
        answer(Set.of(), Set.of(), check);
    }

    /** Whether a question waits. */
    boolean asked() {
        return !questions.isEmpty();
    }

    /** The reading thread has ended: waiting and later questions fail. */
    void readerGone() {
        readerGone = true;
        for (Question q = questions.poll(); q != null; q = questions.poll()) {
            q.answer().completeExceptionally(new IllegalStateException("the sink's reader ended"));
        }
    }

    /** How the reading thread finds out. */
    @FunctionalInterface
    interface Checker {
        /** True: still ours; false: not ours; null: not known yet (ask again after the next poll). */
        Boolean owns(TopicPartition partition);
    }
}
