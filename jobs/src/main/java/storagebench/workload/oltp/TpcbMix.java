package storagebench.workload.oltp;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * pgbench's TPC-B-like transaction on pgbench's tables at {@code scale}: per scale 1 branch, 10 tellers
 * and 100,000 accounts. The inputs are pgbench's (an account, a teller and a branch drawn independently,
 * a delta of -5,000 to 5,000) and so are the statements, one for one.
 */
final class TpcbMix implements Mix {
    static final String NAME = "tpcb";
    static final int ACCOUNTS = 100_000;
    static final int TELLERS = 10;

    private final int scale;

    TpcbMix(int scale) {
        this.scale = scale;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TransactionType> types() {
        return List.of(TransactionType.of("tpcb-like", 100, 0, 0));
    }

    @Override
    public List<String> tables() {
        return List.of(
                "pgbench_accounts", "pgbench_branches", "pgbench_tellers", "pgbench_history");
    }

    @Override
    public String shape() {
        return NAME + " scale=" + scale;
    }

    @Override
    public long rows() {
        return (long) scale * (1 + TELLERS + ACCOUNTS);
    }

    /** Branches and tellers in one part, the accounts in one part per branch. */
    @Override
    public List<LoadTask> load() {
        List<LoadTask> tasks = new ArrayList<>();
        tasks.add(this::branchesAndTellers);
        for (int b = 1; b <= scale; b++) {
            int branch = b;
            tasks.add((st, rows) -> accounts(st, rows, branch));
        }
        return tasks;
    }

    private void branchesAndTellers(Statements st, LongAdder rows) throws SQLException {
        RowBatch branches = st.batch("load-branches", rows);
        RowBatch tellers = st.batch("load-tellers", rows);
        for (int b = 1; b <= scale; b++) {
            branches.row().setInt(1, b);
            branches.add();
            for (int t = 1; t <= TELLERS; t++) {
                tellers.row().setInt(1, (b - 1) * TELLERS + t);
                tellers.row().setInt(2, b);
                tellers.add();
            }
        }
        branches.flush();
        tellers.flush();
    }

    private void accounts(Statements st, LongAdder rows, int branch) throws SQLException {
        RowBatch accounts = st.batch("load-accounts", rows);
        for (int a = 1; a <= ACCOUNTS; a++) {
            accounts.row().setInt(1, (branch - 1) * ACCOUNTS + a);
            accounts.row().setInt(2, branch);
            accounts.add();
        }
        accounts.flush();
    }

    @Override
    public List<Program> programs(Statements statements, int virtualUser, SplittableRandom random) {
        return List.of(() -> draw(statements, random));
    }

    private Program.Attempt draw(Statements st, SplittableRandom random) {
        int aid = 1 + random.nextInt(ACCOUNTS * scale);
        int bid = 1 + random.nextInt(scale);
        int tid = 1 + random.nextInt(TELLERS * scale);
        int delta = random.nextInt(10_001) - 5_000;
        return () -> run(st, aid, bid, tid, delta);
    }

    private static boolean run(Statements st, int aid, int bid, int tid, int delta)
            throws SQLException {
        PreparedStatement account = st.get("update-account");
        account.setInt(1, delta);
        account.setInt(2, aid);
        account.executeUpdate();
        PreparedStatement balance = st.get("select-account");
        balance.setInt(1, aid);
        try (ResultSet rs = balance.executeQuery()) {
            rs.next();
        }
        PreparedStatement teller = st.get("update-teller");
        teller.setInt(1, delta);
        teller.setInt(2, tid);
        teller.executeUpdate();
        PreparedStatement branch = st.get("update-branch");
        branch.setInt(1, delta);
        branch.setInt(2, bid);
        branch.executeUpdate();
        PreparedStatement history = st.get("insert-history");
        history.setInt(1, tid);
        history.setInt(2, bid);
        history.setInt(3, aid);
        history.setInt(4, delta);
        history.executeUpdate();
        return true;
    }

    @Override
    public Map<String, String> checks() {
        return Map.of("consistency_balances_violations", "consistency-balances");
    }
}
