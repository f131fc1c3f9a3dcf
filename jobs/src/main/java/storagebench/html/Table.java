package storagebench.html;

import java.util.List;
import java.util.Set;

/**
 * A sortable table of text cells (the page's script sorts it by a clicked header).
 *
 * @param kind its CSS class beside {@code sortable}: facts, summary, comparisons
 * @param numeric the columns that sort by number
 */
record Table(String kind, List<String> header, List<List<String>> rows, Set<Integer> numeric) {

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
