package storagebench.workload.oltp;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one virtual user's TPC-C transactions share: its statements, its random, the warehouses it works
 * at (its home, or any with {@code all-warehouses}) and the schema's cardinalities.
 */
final class TpccTerminal {
    final Statements sql;
    final TpccRandom random;
    final TpccScale scale;
    private final int warehouses;
    private final int home;
    private final boolean allWarehouses;

    TpccTerminal(
            Statements sql,
            TpccRandom random,
            TpccScale scale,
            int warehouses,
            int home,
            boolean allWarehouses) {
        this.sql = sql;
        this.random = random;
        this.scale = scale;
        this.warehouses = warehouses;
        this.home = home;
        this.allWarehouses = allWarehouses;
    }

    /** The warehouse of the next transaction. */
    int warehouse() {
        return allWarehouses ? random.uniform(1, warehouses) : home;
    }

    /** Another warehouse than {@code w}, or {@code w} when there is no other. */
    int otherWarehouse(int w) {
        if (warehouses == 1) {
            return w;
        }
        int other = random.uniform(1, warehouses - 1);
        return other >= w ? other + 1 : other;
    }

    int district() {
        return random.uniform(1, TpccScale.DISTRICTS);
    }

    /** A customer as payment and order-status pick one: by last name 60% of the time, else by number. */
    Customer customer() {
        return random.uniform(1, 100) <= 60
                ? new Customer(0, random.lastNameForRun(scale.customers()))
                : new Customer(random.customerId(scale.customers()), null);
    }

    /**
     * The customer's number: given, or the one in the middle, by first name, of those with the last name
     * (clause 2.5.2.2), or 0 when none has it.
     */
    int customerId(Customer customer, int w, int d) throws SQLException {
        if (customer.lastName() == null) {
            return customer.id();
        }
        PreparedStatement byName = sql.get("customers-by-name");
        byName.setInt(1, w);
        byName.setInt(2, d);
        byName.setString(3, customer.lastName());
        List<Integer> ids = new ArrayList<>();
        try (ResultSet rs = byName.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        return ids.isEmpty() ? 0 : ids.get((ids.size() - 1) / 2);
    }

    /** A customer to find: by number, or by last name when {@code lastName} is not null. */
    record Customer(int id, String lastName) {}
}
