package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class CommitCheckTest {
    private static final TopicPartition TP = new TopicPartition("storagebench.events", 0);
    private static final long OURS = 7;

    @Test
    void theRunsTransactionOpenInThePartitionAfterItsCoordinatorFinishedIsAbortedWithItsEpochs() {
        List<ProducerState> partition =
                List.of(
                        open(3, 40), // another run's transaction, in progress
                        open(OURS, 52));
        assertThat(CommitCheck.hanging(coordinator(TransactionState.EMPTY), partition, TP, 52))
                .contains(new AbortTransactionSpec(TP, OURS, (short) 4, 2));
        assertThat(
                        CommitCheck.hanging(
                                coordinator(TransactionState.COMPLETE_COMMIT), partition, TP, 52))
                .isPresent();
    }

    @Test
    void nothingIsAbortedWhileTheCoordinatorIsStillAtItOrTheOpenTransactionIsNotThisOne() {
        List<ProducerState> partition = List.of(open(3, 52), open(OURS, 50));
        // the coordinator has not finished: its markers may still come
        for (TransactionState busy :
                List.of(
                        TransactionState.ONGOING,
                        TransactionState.PREPARE_COMMIT,
                        TransactionState.PREPARE_ABORT)) {
            assertThat(CommitCheck.hanging(coordinator(busy), List.of(open(OURS, 52)), TP, 52))
                    .isEmpty();
        }
        // another producer's transaction at the offset, and ours begun before it: a commit the run
        // was told of may be in it, so it is left alone
        assertThat(CommitCheck.hanging(coordinator(TransactionState.EMPTY), partition, TP, 52))
                .isEmpty();
        // closed in the partition: nothing hangs
        assertThat(
                        CommitCheck.hanging(
                                coordinator(TransactionState.EMPTY),
                                List.of(
                                        new ProducerState(
                                                OURS,
                                                4,
                                                9,
                                                0,
                                                OptionalInt.of(2),
                                                OptionalLong.empty())),
                                TP,
                                52))
                .isEmpty();
    }

    private static ProducerState open(long producerId, long start) {
        return new ProducerState(producerId, 4, 9, 0, OptionalInt.of(2), OptionalLong.of(start));
    }

    private static TransactionDescription coordinator(TransactionState state) {
        return new TransactionDescription(
                1, state, OURS, 5, 60_000, OptionalLong.empty(), Set.of());
    }
}
