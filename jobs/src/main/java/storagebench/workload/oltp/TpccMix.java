package storagebench.workload.oltp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * TPC-C: the nine tables scaled by warehouses and the five transactions of the standard mix (clause
 * 5.2.3: 45% new-order, 43% payment, 4% each order-status, delivery and stock-level), dealt from a
 * shuffled deck of 100 cards per virtual user (clause 5.2.4.2), so every 100 transactions of a user hold
 * the mix exactly. Keying and mean thinking times are clause 5.2.5.7's.
 */
final class TpccMix implements Mix {
    static final String NAME = "tpcc";
    static final int NEW_ORDER = 0;

    private static final List<TransactionType> TYPES =
            List.of(
                    TransactionType.of("new-order", 45, 18, 12),
                    TransactionType.of("payment", 43, 3, 12),
                    TransactionType.of("order-status", 4, 2, 10),
                    TransactionType.of("delivery", 4, 2, 5),
                    TransactionType.of("stock-level", 4, 2, 5));

    private final int warehouses;
    private final TpccScale scale;
    private final boolean allWarehouses;
    private final long seed;

    TpccMix(int warehouses, TpccScale scale, boolean allWarehouses, long seed) {
        this.warehouses = warehouses;
        this.scale = scale;
        this.allWarehouses = allWarehouses;
        this.seed = seed;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TransactionType> types() {
        return TYPES;
    }

    @Override
    public int newOrderType() {
        return NEW_ORDER;
    }

    @Override
    public List<String> tables() {
        return List.of(
                "warehouse",
                "district",
                "customer",
                "history",
                "new_order",
                "orders",
                "order_line",
                "item",
                "stock");
    }

    @Override
    public String shape() {
        return NAME
                + " warehouses="
                + warehouses
                + " items="
                + scale.items()
                + " customers="
                + scale.customers()
                + " seed="
                + seed;
    }

    @Override
    public long rows() {
        return scale.items() + scale.rowsPerWarehouse() * warehouses;
    }

    @Override
    public List<LoadTask> load() {
        return new TpccLoad(warehouses, scale, seed).tasks();
    }

    /** Virtual user i (from 0) has warehouse i mod W + 1 as its home, as HammerDB gives them out. */
    @Override
    public List<Program> programs(Statements statements, int virtualUser, SplittableRandom random) {
        TpccRandom.Constants run =
                TpccRandom.Constants.forRun(TpccLoad.loadConstants(seed), random.split());
        TpccTerminal terminal =
                new TpccTerminal(
                        statements,
                        new TpccRandom(random, run),
                        scale,
                        warehouses,
                        virtualUser % warehouses + 1,
                        allWarehouses);
        return List.of(
                new NewOrder(terminal),
                new Payment(terminal),
                new OrderStatus(terminal),
                new Delivery(terminal),
                new StockLevel(terminal));
    }

    @Override
    public Map<String, String> checks() {
        Map<String, String> checks = new LinkedHashMap<>();
        for (int i = 1; i <= 4; i++) {
            checks.put("consistency_" + i + "_violations", "consistency-" + i);
        }
        return checks;
    }
}
