package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RetryableTest {
    @Test
    void classFortyAndTheKindsOwnStatesAndCodesAreRetriedAlongTheChain() {
        // given
        Retryable h2 = new H2Oltp().retryable();
        Retryable sqlServer = new SqlServerOltp().retryable();
        SQLException wrapped = new SQLException("batch failed", "HY000");
        wrapped.setNextException(new SQLException("deadlock detected", "40P01"));
        // then
        assertThat(Retryable.standard().test(new SQLException("could not serialize", "40001")))
                .isTrue();
        assertThat(Retryable.standard().test(wrapped)).isTrue();
        assertThat(h2.test(new SQLException("Timeout trying to lock table", "HYT00"))).isTrue();
        assertThat(sqlServer.test(new SQLException("deadlock victim", "S0001", 1205))).isTrue();
        assertThat(
                        new Retryable(Set.of(), Set.of(335544451))
                                .test(new SQLException("x", null, 335544451)))
                .isTrue();
        assertThat(Retryable.standard().test(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(Retryable.standard().test(new SQLException("no state"))).isFalse();
    }
}
