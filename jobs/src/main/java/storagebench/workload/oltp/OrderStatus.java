package storagebench.workload.oltp;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** TPC-C's order-status (clause 2.6), read only: a customer's balance, last order and its lines. */
final class OrderStatus implements Program {
    private final TpccTerminal t;

    OrderStatus(TpccTerminal terminal) {
        this.t = terminal;
    }

    @Override
    public Attempt draw() {
        int w = t.warehouse();
        int d = t.district();
        TpccTerminal.Customer customer = t.customer();
        return () -> run(w, d, customer);
    }

    private boolean run(int w, int d, TpccTerminal.Customer customer) throws SQLException {
        int c = t.customerId(customer, w, d);
        PreparedStatement balance = t.sql.get("order-status-customer");
        balance.setInt(1, w);
        balance.setInt(2, d);
        balance.setInt(3, c);
        try (ResultSet rs = balance.executeQuery()) {
            rs.next();
        }
        PreparedStatement last = t.sql.get("order-status-last-order");
        for (int i = 0; i < 2; i++) {
            last.setInt(1 + 3 * i, w);
            last.setInt(2 + 3 * i, d);
            last.setInt(3 + 3 * i, c);
        }
        int order = 0;
        try (ResultSet rs = last.executeQuery()) {
            if (rs.next()) {
                order = rs.getInt(1);
            }
        }
        PreparedStatement lines = t.sql.get("order-status-lines");
        lines.setInt(1, w);
        lines.setInt(2, d);
        lines.setInt(3, order);
        try (ResultSet rs = lines.executeQuery()) {
            while (rs.next()) {
                rs.getBigDecimal(4);
            }
        }
        return true;
    }
}
