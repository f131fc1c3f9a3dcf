package storagebench.workload.oltp;

import java.math.BigDecimal;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * A load statement's rows as Firebird {@code EXECUTE BLOCK}s of many rows each: Firebird 3 has no batch
 * on the wire (a JDBC batch is one round trip per row), so a block that inserts K rows from K × columns
 * parameters loads several times faster. The block is made from the one-row insert: each {@code ?} becomes
 * a parameter of the block, typed as the server describes the insert's (so the statement's {@code ?}s are
 * its parameters only, none inside a literal); K keeps the block's text and message well under Firebird's
 * 64 KB.
 */
final class BlockBatch implements RowBatch, RowBatch.Row {
    private static final int MAX_ROWS = 50;
    private static final int TEXT_BUDGET = 30_000;

    private final Statements statements;
    private final String insert;
    private final List<String> types;
    private final int rowsPerBlock;
    private final LongAdder rows;
    private final List<Object[]> pending = new ArrayList<>();
    private Object[] current;
    private PreparedStatement block;
    private int uncommitted;

    BlockBatch(Statements statements, String name, LongAdder rows) throws SQLException {
        this.statements = statements;
        this.insert = statements.sql(name);
        this.types = types(statements.get(name).getParameterMetaData());
        this.rowsPerBlock =
                Math.max(
                        1, Math.min(MAX_ROWS, TEXT_BUDGET / (insert.length() + 40 * types.size())));
        this.rows = rows;
        this.current = new Object[types.size()];
    }

    /** Each parameter's type as EXECUTE BLOCK declares it: INTEGER, VARCHAR(20), DECIMAL(12,2) … */
    static List<String> types(ParameterMetaData md) throws SQLException {
        List<String> types = new ArrayList<>();
        for (int i = 1; i <= md.getParameterCount(); i++) {
            String name = md.getParameterTypeName(i).toUpperCase(Locale.ROOT);
            types.add(
                    switch (md.getParameterType(i)) {
                        case Types.CHAR, Types.VARCHAR -> name + "(" + md.getPrecision(i) + ")";
                        case Types.DECIMAL, Types.NUMERIC ->
                                name + "(" + md.getPrecision(i) + ", " + md.getScale(i) + ")";
                        default -> name;
                    });
        }
        return types;
    }

    /** The block inserting {@code count} rows of {@code insert}: parameters {@code p<row>_<column>}. */
    static String blockSql(String insert, List<String> types, int count) {
        StringBuilder declared = new StringBuilder("EXECUTE BLOCK (");
        StringBuilder body = new StringBuilder(") AS BEGIN\n");
        for (int r = 0; r < count; r++) {
            StringBuilder one = new StringBuilder();
            int column = 0;
            for (char ch : insert.toCharArray()) {
                if (ch == '?') {
                    String param = "p" + r + "_" + column;
                    declared.append(r + column == 0 ? "" : ", ")
                            .append(param)
                            .append(' ')
                            .append(types.get(column))
                            .append(" = ?");
                    one.append(':').append(param);
                    column++;
                } else {
                    one.append(ch);
                }
            }
            body.append("  ").append(one).append(";\n");
        }
        return declared.append(body).append("END").toString();
    }

    @Override
    public Row row() {
        return this;
    }

    @Override
    public void add() throws SQLException {
        pending.add(current);
        current = new Object[types.size()];
        if (pending.size() == rowsPerBlock) {
            if (block == null) {
                block =
                        statements
                                .connection()
                                .prepareStatement(blockSql(insert, types, rowsPerBlock));
            }
            send(block);
            if (uncommitted >= JdbcBatch.BATCH) {
                statements.connection().commit();
                uncommitted = 0;
            }
        }
    }

    @Override
    public void flush() throws SQLException {
        if (!pending.isEmpty()) {
            try (PreparedStatement rest =
                    statements
                            .connection()
                            .prepareStatement(blockSql(insert, types, pending.size()))) {
                send(rest);
            }
        }
        statements.connection().commit();
        uncommitted = 0;
        if (block != null) {
            block.close();
            block = null;
        }
    }

    private void send(PreparedStatement statement) throws SQLException {
        int position = 1;
        for (Object[] values : pending) {
            for (Object value : values) {
                statement.setObject(position++, value);
            }
        }
        statement.execute();
        rows.add(pending.size());
        uncommitted += pending.size();
        pending.clear();
    }

    @Override
    public void setInt(int position, int value) {
        current[position - 1] = value;
    }

    @Override
    public void setString(int position, String value) {
        current[position - 1] = value;
    }

    @Override
    public void setBigDecimal(int position, BigDecimal value) {
        current[position - 1] = value;
    }

    @Override
    public void setTimestamp(int position, Timestamp value) {
        current[position - 1] = value;
    }

    @Override
    public void setNull(int position, int sqlType) {
        current[position - 1] = null;
    }

    @Override
    public String toString() {
        return "EXECUTE BLOCK of " + rowsPerBlock + " rows of " + Arrays.toString(types.toArray());
    }
}
