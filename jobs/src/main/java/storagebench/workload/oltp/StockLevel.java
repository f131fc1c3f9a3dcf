package storagebench.workload.oltp;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * TPC-C's stock-level (clause 2.8), read only: how many distinct items of a district's last 20 orders have
 * stock under a threshold of 10 to 20.
 */
final class StockLevel implements Program {
    private final TpccTerminal t;

    StockLevel(TpccTerminal terminal) {
        this.t = terminal;
    }

    @Override
    public Attempt draw() {
        int w = t.warehouse();
        int d = t.district();
        int threshold = t.random.uniform(10, 20);
        return () -> run(w, d, threshold);
    }

    private boolean run(int w, int d, int threshold) throws SQLException {
        PreparedStatement district = t.sql.get("stock-level-district");
        district.setInt(1, w);
        district.setInt(2, d);
        int next;
        try (ResultSet rs = district.executeQuery()) {
            rs.next();
            next = rs.getInt(1);
        }
        PreparedStatement count = t.sql.get("stock-level-count");
        count.setInt(1, w);
        count.setInt(2, d);
        count.setInt(3, next);
        count.setInt(4, next - 20);
        count.setInt(5, w);
        count.setInt(6, threshold);
        try (ResultSet rs = count.executeQuery()) {
            rs.next();
        }
        return true;
    }
}
