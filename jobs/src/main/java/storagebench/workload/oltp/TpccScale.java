package storagebench.workload.oltp;

/**
 * The cardinalities of TPC-C's tables per warehouse (clause 1.2.1): {@link #STANDARD} everywhere but in
 * tests, which load a smaller schema of the same shape to stay quick.
 *
 * @param items rows of item, and of stock per warehouse (100,000)
 * @param customers customers per district, and orders (3,000)
 */
record TpccScale(int items, int customers) {
    static final TpccScale STANDARD = new TpccScale(100_000, 3_000);
    static final int DISTRICTS = 10;

    /** The first order of a district still undelivered after the load: the last 900 of 3,000 are. */
    int firstNewOrder() {
        return customers - customers * 3 / 10 + 1;
    }

    /**
     * Rows per warehouse (its row, its stock, its districts' rows, customers, history, orders, order lines
     * at their mean of 10 per order and new-orders); the item table comes on top, once.
     */
    long rowsPerWarehouse() {
        long perDistrict = 1 + 2L * customers + customers + customers * 10L + (customers * 3L / 10);
        return 1 + items + DISTRICTS * perDistrict;
    }
}
