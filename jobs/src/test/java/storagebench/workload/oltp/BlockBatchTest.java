package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BlockBatchTest {
    @Test
    void aBlockInsertsItsRowsFromParametersTypedAsTheInsertsAre() {
        // when
        String sql =
                BlockBatch.blockSql(
                        "INSERT INTO pgbench_accounts (aid, bid, abalance, filler) VALUES (?, ?, 0, '')",
                        List.of("INTEGER", "INTEGER"),
                        2);
        // then: one parameter per ? and row, the literals kept
        assertThat(sql)
                .isEqualTo(
                        "EXECUTE BLOCK (p0_0 INTEGER = ?, p0_1 INTEGER = ?, p1_0 INTEGER = ?, p1_1 INTEGER = ?)"
                                + " AS BEGIN\n"
                                + "  INSERT INTO pgbench_accounts (aid, bid, abalance, filler) VALUES (:p0_0, :p0_1, 0, '');\n"
                                + "  INSERT INTO pgbench_accounts (aid, bid, abalance, filler) VALUES (:p1_0, :p1_1, 0, '');\n"
                                + "END");
    }
}
