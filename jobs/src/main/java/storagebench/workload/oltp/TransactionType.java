package storagebench.workload.oltp;

import java.time.Duration;

/**
 * One transaction type of a mix.
 *
 * @param name its name in results: {@code new-order}, the sub-step {@code run.new-order}
 * @param cards its cards in a virtual user's deck of 100: its share of the mix, in percent
 * @param keying the specification's keying time, waited before it with {@code keying-thinking}
 * @param thinking the mean of the specification's thinking time after it (negative exponential)
 */
record TransactionType(String name, int cards, Duration keying, Duration thinking) {

    static TransactionType of(String name, int cards, int keyingSeconds, int thinkingSeconds) {
        return new TransactionType(
                name,
                cards,
                Duration.ofSeconds(keyingSeconds),
                Duration.ofSeconds(thinkingSeconds));
    }
}
