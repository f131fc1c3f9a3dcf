package storagebench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * SQL text cut into statements at each {@code ;} outside quotes ({@code '…'}, {@code "…"}) and
 * comments ({@code --}, {@code /* … *}{@code /}). A stretch of blanks and comments is no statement.
 *
 * @param ended the statements ended by {@code ;}, without it
 * @param rest the text after the last {@code ;} (a statement not ended yet, as typed so far) when it
 *     holds more than blanks and comments, or a quote or comment not closed yet; else empty
 */
public record SqlStatements(List<String> ended, String rest) {

    public static SqlStatements of(String text) {
        List<String> ended = new ArrayList<>();
        int start = 0;
        boolean code = false;
        boolean open = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' || c == '"') {
                int close = text.indexOf(c, i + 1);
                open = close < 0;
                i = open ? text.length() : close;
                code = true;
            } else if (text.startsWith("--", i)) {
                int end = text.indexOf('\n', i);
                i = end < 0 ? text.length() : end;
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                open = end < 0;
                i = open ? text.length() : end + 1;
            } else if (c == ';') {
                if (code) {
                    ended.add(text.substring(start, i).strip());
                }
                start = i + 1;
                code = false;
            } else if (!Character.isWhitespace(c)) {
                code = true;
            }
        }
        return new SqlStatements(
                List.copyOf(ended), code || open ? text.substring(start).stripLeading() : "");
    }

    /** Every statement, the last one without {@code ;} included. */
    public List<String> all() {
        if (rest.isEmpty()) {
            return ended;
        }
        List<String> all = new ArrayList<>(ended);
        all.add(rest.strip());
        return List.copyOf(all);
    }
}
