package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * TPC-C's initial database (clause 4.3.3.1), in parts that load side by side: the items; per warehouse
 * its row and its stock; per district its row, customers with their history, orders with their lines,
 * and the undelivered orders' new-order rows. Each part draws from a random of its own, derived from the
 * seed and the part, so a load is the same whatever the number of threads.
 */
final class TpccLoad {
    private final int warehouses;
    private final TpccScale scale;
    private final long seed;
    private final TpccRandom.Constants constants;
    private final Timestamp now = new Timestamp(System.currentTimeMillis());

    TpccLoad(int warehouses, TpccScale scale, long seed) {
        this.warehouses = warehouses;
        this.scale = scale;
        this.seed = seed;
        this.constants = loadConstants(seed);
    }

    /** The NURand constants the load used, from which the run's are drawn (clause 2.1.6.1). */
    static TpccRandom.Constants loadConstants(long seed) {
        return TpccRandom.Constants.forLoad(new SplittableRandom(seed));
    }

    List<LoadTask> tasks() {
        List<LoadTask> tasks = new ArrayList<>();
        tasks.add(this::items);
        for (int w = 1; w <= warehouses; w++) {
            int warehouse = w;
            tasks.add((st, rows) -> stock(st, rows, warehouse));
            for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
                int district = d;
                tasks.add((st, rows) -> district(st, rows, warehouse, district));
            }
        }
        return tasks;
    }

    private TpccRandom random(int part, int warehouse, int district) {
        long mixed = seed * 0x9E3779B97F4A7C15L + part * 1_000_003L + warehouse * 101L + district;
        return new TpccRandom(new SplittableRandom(mixed), constants);
    }

    private void items(Statements st, LongAdder rows) throws SQLException {
        TpccRandom r = random(1, 0, 0);
        RowBatch insert = st.batch("load-item", rows);
        RowBatch.Row row = insert.row();
        for (int i = 1; i <= scale.items(); i++) {
            row.setInt(1, i);
            row.setInt(2, r.uniform(1, 10_000));
            row.setString(3, r.alphanumeric(14, 24));
            row.setBigDecimal(4, cents(r.uniform(100, 10_000)));
            row.setString(5, r.data());
            insert.add();
        }
        insert.flush();
    }

    private void stock(Statements st, LongAdder rows, int w) throws SQLException {
        TpccRandom r = random(2, w, 0);
        RowBatch warehouse = st.batch("load-warehouse", rows);
        RowBatch.Row row = warehouse.row();
        row.setInt(1, w);
        row.setString(2, r.alphanumeric(6, 10));
        address(row, 3, r);
        row.setBigDecimal(8, tax(r));
        row.setBigDecimal(9, new BigDecimal("300000.00"));
        warehouse.add();
        warehouse.flush();
        RowBatch stock = st.batch("load-stock", rows);
        row = stock.row();
        for (int i = 1; i <= scale.items(); i++) {
            row.setInt(1, i);
            row.setInt(2, w);
            row.setInt(3, r.uniform(10, 100));
            for (int d = 0; d < TpccScale.DISTRICTS; d++) {
                row.setString(4 + d, r.alphanumeric(24, 24));
            }
            row.setInt(14, 0);
            row.setInt(15, 0);
            row.setInt(16, 0);
            row.setString(17, r.data());
            stock.add();
        }
        stock.flush();
    }

    private void district(Statements st, LongAdder rows, int w, int d) throws SQLException {
        TpccRandom r = random(3, w, d);
        RowBatch district = st.batch("load-district", rows);
        RowBatch.Row row = district.row();
        row.setInt(1, d);
        row.setInt(2, w);
        row.setString(3, r.alphanumeric(6, 10));
        address(row, 4, r);
        row.setBigDecimal(9, tax(r));
        row.setBigDecimal(10, new BigDecimal("30000.00"));
        row.setInt(11, scale.customers() + 1);
        district.add();
        district.flush();
        customers(st, rows, r, w, d);
        orders(st, rows, r, w, d);
    }

    private void customers(Statements st, LongAdder rows, TpccRandom r, int w, int d)
            throws SQLException {
        RowBatch customer = st.batch("load-customer", rows);
        RowBatch history = st.batch("load-history", rows);
        int named = Math.min(1000, scale.customers());
        for (int c = 1; c <= scale.customers(); c++) {
            RowBatch.Row row = customer.row();
            row.setInt(1, c);
            row.setInt(2, d);
            row.setInt(3, w);
            row.setString(4, r.alphanumeric(8, 16));
            row.setString(5, "OE");
            row.setString(6, TpccRandom.lastName(c <= named ? c - 1 : r.nurand(255, 0, named - 1)));
            address(row, 7, r);
            row.setString(12, r.numeric(16, 16));
            row.setTimestamp(13, now);
            row.setString(14, r.uniform(1, 10) == 1 ? "BC" : "GC");
            row.setBigDecimal(15, new BigDecimal("50000.00"));
            row.setBigDecimal(16, BigDecimal.valueOf(r.uniform(0, 5000), 4));
            row.setBigDecimal(17, new BigDecimal("-10.00"));
            row.setBigDecimal(18, new BigDecimal("10.00"));
            row.setInt(19, 1);
            row.setInt(20, 0);
            row.setString(21, r.alphanumeric(300, 500));
            customer.add();
            RowBatch.Row h = history.row();
            h.setInt(1, c);
            h.setInt(2, d);
            h.setInt(3, w);
            h.setInt(4, d);
            h.setInt(5, w);
            h.setTimestamp(6, now);
            h.setBigDecimal(7, new BigDecimal("10.00"));
            h.setString(8, r.alphanumeric(12, 24));
            history.add();
        }
        customer.flush();
        history.flush();
    }

    private void orders(Statements st, LongAdder rows, TpccRandom r, int w, int d)
            throws SQLException {
        RowBatch orders = st.batch("load-orders", rows);
        RowBatch lines = st.batch("load-order-line", rows);
        RowBatch newOrders = st.batch("load-new-order", rows);
        int[] customers = permutation(scale.customers(), r);
        int undelivered = scale.firstNewOrder();
        for (int o = 1; o <= scale.customers(); o++) {
            boolean delivered = o < undelivered;
            int count = r.uniform(5, 15);
            RowBatch.Row row = orders.row();
            row.setInt(1, o);
            row.setInt(2, d);
            row.setInt(3, w);
            row.setInt(4, customers[o - 1]);
            row.setTimestamp(5, now);
            if (delivered) {
                row.setInt(6, r.uniform(1, 10));
            } else {
                row.setNull(6, Types.SMALLINT);
            }
            row.setInt(7, count);
            row.setInt(8, 1);
            orders.add();
            for (int n = 1; n <= count; n++) {
                RowBatch.Row line = lines.row();
                line.setInt(1, o);
                line.setInt(2, d);
                line.setInt(3, w);
                line.setInt(4, n);
                line.setInt(5, r.uniform(1, scale.items()));
                line.setInt(6, w);
                if (delivered) {
                    line.setTimestamp(7, now);
                } else {
                    line.setNull(7, Types.TIMESTAMP);
                }
                line.setInt(8, 5);
                line.setBigDecimal(9, delivered ? BigDecimal.ZERO : cents(r.uniform(1, 999_999)));
                line.setString(10, r.alphanumeric(24, 24));
                lines.add();
            }
            if (!delivered) {
                RowBatch.Row no = newOrders.row();
                no.setInt(1, o);
                no.setInt(2, d);
                no.setInt(3, w);
                newOrders.add();
            }
        }
        orders.flush();
        lines.flush();
        newOrders.flush();
    }

    /** Street 1 and 2, city, state and zip from {@code first} on. */
    private static void address(RowBatch.Row row, int first, TpccRandom r) throws SQLException {
        row.setString(first, r.alphanumeric(10, 20));
        row.setString(first + 1, r.alphanumeric(10, 20));
        row.setString(first + 2, r.alphanumeric(10, 20));
        row.setString(first + 3, letters(r));
        row.setString(first + 4, r.zip());
    }

    private static String letters(TpccRandom r) {
        return "" + (char) ('A' + r.uniform(0, 25)) + (char) ('A' + r.uniform(0, 25));
    }

    private static BigDecimal tax(TpccRandom r) {
        return BigDecimal.valueOf(r.uniform(0, 2000), 4);
    }

    static BigDecimal cents(int cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** 1 to n in random order. */
    private static int[] permutation(int n, TpccRandom r) {
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = i + 1;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.uniform(0, i);
            int t = values[i];
            values[i] = values[j];
            values[j] = t;
        }
        return values;
    }
}
