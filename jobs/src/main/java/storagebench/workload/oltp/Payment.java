package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * TPC-C's payment (clause 2.5): a customer pays 1.00 to 5,000.00 at a district; 15% of customers belong
 * to another warehouse's district. The warehouse, district and customer rows are locked by their updates,
 * in that order.
 */
final class Payment implements Program {
    private static final int DATA_LENGTH = 500;
    private final TpccTerminal t;

    Payment(TpccTerminal terminal) {
        this.t = terminal;
    }

    @Override
    public Attempt draw() {
        int w = t.warehouse();
        int d = t.district();
        boolean home = t.random.uniform(1, 100) <= 85;
        int cw = home ? w : t.otherWarehouse(w);
        int cd = home ? d : t.district();
        TpccTerminal.Customer customer = t.customer();
        BigDecimal amount = TpccLoad.cents(t.random.uniform(100, 500_000));
        return () -> run(w, d, cw, cd, customer, amount);
    }

    private boolean run(
            int w, int d, int cw, int cd, TpccTerminal.Customer customer, BigDecimal amount)
            throws SQLException {
        String warehouse = raise("payment-warehouse-update", "payment-warehouse", amount, w, 0);
        String district = raise("payment-district-update", "payment-district", amount, w, d);
        int c = t.customerId(customer, cw, cd);
        PreparedStatement pay = t.sql.get("payment-customer-update");
        pay.setBigDecimal(1, amount);
        pay.setBigDecimal(2, amount);
        pay.setInt(3, cw);
        pay.setInt(4, cd);
        pay.setInt(5, c);
        pay.executeUpdate();
        PreparedStatement select = t.sql.get("payment-customer");
        select.setInt(1, cw);
        select.setInt(2, cd);
        select.setInt(3, c);
        String credit;
        String data;
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
            credit = rs.getString(11);
            data = rs.getString(15);
        }
        if ("BC".equals(credit)) {
            String entry = c + " " + cd + " " + cw + " " + d + " " + w + " " + amount + " | ";
            String updated = entry + (data == null ? "" : data);
            PreparedStatement bad = t.sql.get("payment-customer-data");
            bad.setString(1, updated.substring(0, Math.min(DATA_LENGTH, updated.length())));
            bad.setInt(2, cw);
            bad.setInt(3, cd);
            bad.setInt(4, c);
            bad.executeUpdate();
        }
        PreparedStatement history = t.sql.get("payment-insert-history");
        history.setInt(1, c);
        history.setInt(2, cd);
        history.setInt(3, cw);
        history.setInt(4, d);
        history.setInt(5, w);
        history.setBigDecimal(6, amount);
        String hData = warehouse + "    " + district;
        history.setString(7, hData.substring(0, Math.min(24, hData.length())));
        history.executeUpdate();
        return true;
    }

    /** Adds the amount to a warehouse's (d = 0) or district's year-to-date and returns its name. */
    private String raise(String update, String select, BigDecimal amount, int w, int d)
            throws SQLException {
        PreparedStatement u = t.sql.get(update);
        u.setBigDecimal(1, amount);
        u.setInt(2, w);
        if (d > 0) {
            u.setInt(3, d);
        }
        u.executeUpdate();
        PreparedStatement s = t.sql.get(select);
        s.setInt(1, w);
        if (d > 0) {
            s.setInt(2, d);
        }
        try (ResultSet rs = s.executeQuery()) {
            rs.next();
            return String.format("%-10s", rs.getString(1));
        }
    }
}
