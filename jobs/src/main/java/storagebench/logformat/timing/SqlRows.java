package storagebench.logformat.timing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import storagebench.logformat.LineReader;
import storagebench.logformat.timing.SqlTokens.Token;

/**
 * Timing records pasted as T-SQL: {@code INSERT [INTO] table [(columns)] VALUES (…)[, (…)]…}, one or
 * several tuples per statement, statements over one or several lines. Each tuple is a record;
 * without a column list its values are server, test, start, end. Other statements (CREATE TABLE,
 * SELECT, GO, …) are skipped; an INSERT that is not of that form is malformed.
 */
final class SqlRows implements RowReader {
    private static final Set<String> NOT_A_NAME =
            Set.of("SELECT", "EXEC", "EXECUTE", "DEFAULT", "OUTPUT");

    private enum State {
        IDLE,
        TABLE,
        COLUMNS,
        AFTER_COLUMNS,
        TUPLE_START,
        TUPLE,
        AFTER_TUPLE,
        SKIP
    }

    private final SqlTokens tokenizer = new SqlTokens();
    private State state = State.IDLE;
    private long statementLine;
    private String statementText;
    private List<String> columns;
    private List<String> values;
    private long tupleLine;
    private String tupleText;
    private String problem;
    private int depth;
    private String text;

    @Override
    public List<TimingRow> accept(LineReader.Line line) {
        text = line.text();
        List<TimingRow> rows = new ArrayList<>();
        for (Token token : tokenizer.line(line.number(), line.text())) {
            take(token, rows);
        }
        return rows;
    }

    @Override
    public List<TimingRow> finish() {
        if (tokenizer.inString()) {
            return List.of(
                    TimingRow.bad(
                            statementLine,
                            "a string literal is not closed before the end of the file",
                            statementText));
        }
        if (state != State.IDLE && state != State.AFTER_TUPLE && state != State.SKIP) {
            return List.of(
                    TimingRow.bad(
                            statementLine,
                            "the INSERT statement is not finished at the end of the file",
                            statementText));
        }
        return List.of();
    }

    private void take(Token token, List<TimingRow> rows) {
        switch (state) {
            case IDLE, SKIP -> {
                if (token.isWord("INSERT")) {
                    state = State.TABLE;
                    statementLine = token.line();
                    statementText = text;
                    columns = null;
                } else if (state == State.SKIP && (token.is(";") || token.isWord("GO"))) {
                    state = State.IDLE;
                }
            }
            case TABLE -> {
                if (token.isWord("VALUES")) {
                    state = State.TUPLE_START;
                } else if (token.is("(")) {
                    columns = new ArrayList<>();
                    state = State.COLUMNS;
                } else if (token.kind() != SqlTokens.Kind.WORD
                        || NOT_A_NAME.contains(token.text().toUpperCase(Locale.ROOT))) {
                    bad("only INSERT … VALUES (…) is read, found '" + token.text() + "'", rows);
                }
            }
            case COLUMNS -> {
                if (token.kind() == SqlTokens.Kind.WORD) {
                    columns.add(token.text().strip().toLowerCase(Locale.ROOT));
                } else if (token.is(")")) {
                    state = State.AFTER_COLUMNS;
                } else if (!token.is(",")) {
                    bad("cannot read the column list at '" + token.text() + "'", rows);
                }
            }
            case AFTER_COLUMNS -> {
                if (token.isWord("VALUES")) {
                    state = State.TUPLE_START;
                } else {
                    bad("only INSERT … VALUES (…) is read, found '" + token.text() + "'", rows);
                }
            }
            case TUPLE_START -> {
                if (token.is("(")) {
                    state = State.TUPLE;
                    values = new ArrayList<>();
                    tupleLine = token.line();
                    tupleText = text;
                    problem = null;
                    depth = 0;
                } else {
                    bad("expected '(' after VALUES, found '" + token.text() + "'", rows);
                }
            }
            case TUPLE -> tuple(token, rows);
            case AFTER_TUPLE -> {
                if (token.is(",")) {
                    state = State.TUPLE_START;
                } else {
                    state = State.IDLE;
                    take(token, rows);
                }
            }
        }
    }

    private void tuple(Token token, List<TimingRow> rows) {
        if (depth > 0) {
            depth += token.is("(") ? 1 : token.is(")") ? -1 : 0;
        } else if (token.is("(")) {
            depth = 1;
            problem =
                    "values must be literals, found a call of "
                            + (values.isEmpty() ? "?" : values.remove(values.size() - 1));
        } else if (token.is(")")) {
            state = State.AFTER_TUPLE;
            rows.add(row());
        } else if (token.is(";")) {
            bad("the statement ends inside a VALUES tuple", rows);
            state = State.IDLE;
        } else if (!token.is(",")) {
            values.add(
                    token.kind() == SqlTokens.Kind.WORD && token.text().equalsIgnoreCase("NULL")
                            ? null
                            : token.text());
        }
    }

    private TimingRow row() {
        if (problem != null) {
            return TimingRow.bad(tupleLine, problem, tupleText);
        }
        List<String> names = columns == null ? TimingRow.COLUMNS : columns;
        if (values.size() != names.size()) {
            return TimingRow.bad(
                    tupleLine,
                    "expected "
                            + names.size()
                            + " values ("
                            + String.join(", ", names)
                            + "), found "
                            + values.size(),
                    tupleText);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            fields.put(names.get(i), values.get(i));
        }
        return new TimingRow(tupleLine, fields, tupleText, null);
    }

    private void bad(String reason, List<TimingRow> rows) {
        rows.add(TimingRow.bad(statementLine, reason, statementText));
        state = State.SKIP;
    }
}
