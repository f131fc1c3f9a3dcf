package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Comparator;

/**
 * TPC-C's new-order (clause 2.4): an order of 5 to 15 lines for a customer, 1% of them with an unused
 * item last, which rolls the transaction back. Lines are taken in item order, so that two virtual users
 * lock stock rows in the same order.
 */
final class NewOrder implements Program {
    private final TpccTerminal t;

    NewOrder(TpccTerminal terminal) {
        this.t = terminal;
    }

    private record Line(int item, int supplier, int quantity) {}

    @Override
    public Attempt draw() {
        int w = t.warehouse();
        int d = t.district();
        int c = t.random.customerId(t.scale.customers());
        boolean rollback = t.random.uniform(1, 100) == 1;
        Line[] lines = new Line[t.random.uniform(5, 15)];
        for (int i = 0; i < lines.length; i++) {
            int item =
                    rollback && i == lines.length - 1
                            ? t.scale.items() + 1
                            : t.random.itemId(t.scale.items());
            int supplier = t.random.uniform(1, 100) == 1 ? t.otherWarehouse(w) : w;
            lines[i] = new Line(item, supplier, t.random.uniform(1, 10));
        }
        Arrays.sort(lines, Comparator.comparingInt(Line::item).thenComparingInt(Line::supplier));
        boolean allLocal = Arrays.stream(lines).allMatch(l -> l.supplier == w);
        return () -> run(w, d, c, lines, allLocal);
    }

    private boolean run(int w, int d, int c, Line[] lines, boolean allLocal) throws SQLException {
        PreparedStatement customer = t.sql.get("new-order-customer");
        customer.setInt(1, w);
        customer.setInt(2, d);
        customer.setInt(3, c);
        try (ResultSet rs = customer.executeQuery()) {
            rs.next();
        }
        PreparedStatement bump = t.sql.get("new-order-district-update");
        bump.setInt(1, w);
        bump.setInt(2, d);
        bump.executeUpdate();
        PreparedStatement district = t.sql.get("new-order-district");
        district.setInt(1, w);
        district.setInt(2, d);
        int order;
        try (ResultSet rs = district.executeQuery()) {
            rs.next();
            order = rs.getInt(1);
        }
        PreparedStatement orders = t.sql.get("new-order-insert-order");
        orders.setInt(1, order);
        orders.setInt(2, d);
        orders.setInt(3, w);
        orders.setInt(4, c);
        orders.setInt(5, lines.length);
        orders.setInt(6, allLocal ? 1 : 0);
        orders.executeUpdate();
        PreparedStatement newOrder = t.sql.get("new-order-insert-new-order");
        newOrder.setInt(1, order);
        newOrder.setInt(2, d);
        newOrder.setInt(3, w);
        newOrder.executeUpdate();
        for (int n = 0; n < lines.length; n++) {
            BigDecimal price = price(lines[n].item);
            if (price == null) {
                return false;
            }
            String distInfo = stock(lines[n], w, d);
            PreparedStatement line = t.sql.get("new-order-insert-line");
            line.setInt(1, order);
            line.setInt(2, d);
            line.setInt(3, w);
            line.setInt(4, n + 1);
            line.setInt(5, lines[n].item);
            line.setInt(6, lines[n].supplier);
            line.setInt(7, lines[n].quantity);
            line.setBigDecimal(8, price.multiply(BigDecimal.valueOf(lines[n].quantity)));
            line.setString(9, distInfo);
            line.executeUpdate();
        }
        return true;
    }

    /** The item's price, or null for the unused item. */
    private BigDecimal price(int item) throws SQLException {
        PreparedStatement select = t.sql.get("new-order-item");
        select.setInt(1, item);
        try (ResultSet rs = select.executeQuery()) {
            return rs.next() ? rs.getBigDecimal(1) : null;
        }
    }

    /** Takes the line's quantity from stock (the row locked by the update) and returns its district info. */
    private String stock(Line line, int w, int d) throws SQLException {
        PreparedStatement update = t.sql.get("new-order-stock-update");
        update.setInt(1, line.quantity);
        update.setInt(2, line.quantity);
        update.setInt(3, line.quantity);
        update.setInt(4, line.quantity);
        update.setInt(5, line.supplier == w ? 0 : 1);
        update.setInt(6, line.item);
        update.setInt(7, line.supplier);
        update.executeUpdate();
        PreparedStatement select = t.sql.get("new-order-stock");
        select.setInt(1, line.item);
        select.setInt(2, line.supplier);
        try (ResultSet rs = select.executeQuery()) {
            rs.next();
            return rs.getString(2 + d);
        }
    }
}
