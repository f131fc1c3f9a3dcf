package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * TPC-C's delivery (clause 2.7), run at once rather than queued: in each of the warehouse's ten districts
 * the oldest undelivered order is delivered by one carrier. A district whose oldest new-order another
 * delivery deleted first (or that has none left) is skipped, as the specification allows.
 */
final class Delivery implements Program {
    private final TpccTerminal t;

    Delivery(TpccTerminal terminal) {
        this.t = terminal;
    }

    @Override
    public Attempt draw() {
        int w = t.warehouse();
        int carrier = t.random.uniform(1, 10);
        return () -> run(w, carrier);
    }

    private boolean run(int w, int carrier) throws SQLException {
        for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
            int order = oldest(w, d);
            if (order == 0 || !delete(w, d, order)) {
                continue;
            }
            PreparedStatement carry = t.sql.get("delivery-order-update");
            carry.setInt(1, carrier);
            carry.setInt(2, w);
            carry.setInt(3, d);
            carry.setInt(4, order);
            carry.executeUpdate();
            int customer = read("delivery-order-customer", w, d, order).intValue();
            update("delivery-lines-update", w, d, order);
            BigDecimal amount = read("delivery-lines-amount", w, d, order);
            PreparedStatement pay = t.sql.get("delivery-customer-update");
            pay.setBigDecimal(1, amount == null ? BigDecimal.ZERO : amount);
            pay.setInt(2, w);
            pay.setInt(3, d);
            pay.setInt(4, customer);
            pay.executeUpdate();
        }
        return true;
    }

    private int oldest(int w, int d) throws SQLException {
        PreparedStatement oldest = t.sql.get("delivery-oldest");
        oldest.setInt(1, w);
        oldest.setInt(2, d);
        try (ResultSet rs = oldest.executeQuery()) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }

    private boolean delete(int w, int d, int order) throws SQLException {
        return update("delivery-delete", w, d, order) > 0;
    }

    private int update(String name, int w, int d, int order) throws SQLException {
        PreparedStatement s = t.sql.get(name);
        s.setInt(1, w);
        s.setInt(2, d);
        s.setInt(3, order);
        return s.executeUpdate();
    }

    private BigDecimal read(String name, int w, int d, int order) throws SQLException {
        PreparedStatement s = t.sql.get(name);
        s.setInt(1, w);
        s.setInt(2, d);
        s.setInt(3, order);
        try (ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getBigDecimal(1);
        }
    }
}
