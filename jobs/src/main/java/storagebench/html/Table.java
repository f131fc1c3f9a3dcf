package storagebench.html;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A sortable table of text cells (the page's script sorts it by a clicked header).
 *
 * @param kind its CSS class beside {@code sortable}: facts, summary, comparisons
 * @param numeric the columns that sort by number
 */
record Table(String kind, List<String> header, List<List<String>> rows, Set<Integer> numeric) {

    /**
     * This table with a text column inserted at {@code at}, or itself where every cell of it is empty
     * (a configuration column of an experiment that ran one).
     */
    Table withColumn(int at, String name, List<String> cells) {
        if (cells.stream().allMatch(String::isEmpty)) {
            return this;
        }
        List<String> head = new ArrayList<>(header);
        head.add(at, name);
        List<List<String>> body = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            List<String> row = new ArrayList<>(rows.get(i));
            row.add(at, cells.get(i));
            body.add(row);
        }
        Set<Integer> shifted = new LinkedHashSet<>();
        numeric.forEach(n -> shifted.add(n >= at ? n + 1 : n));
        return new Table(kind, head, body, shifted);
    }

    /** The table's HTML, every cell escaped. */
    String html() {
        StringBuilder out = new StringBuilder();
        out.append("<table class=\"sortable ").append(kind).append("\"><thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            out.append(numeric.contains(i) ? "<th class=\"num\">" : "<th>")
                    .append(Html.text(header.get(i)))
                    .append("</th>");
        }
        out.append("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(numeric.contains(i) ? "<td class=\"num\">" : "<td>")
                        .append(Html.text(row.get(i)))
                        .append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody></table>\n").toString();
    }
}
