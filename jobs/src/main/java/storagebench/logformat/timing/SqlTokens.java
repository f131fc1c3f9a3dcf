package storagebench.logformat.timing;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits T-SQL text into the tokens an INSERT … VALUES needs, a line at a time: string literals
 * ({@code '…'}, {@code N'…'}, {@code ''} inside, may span lines), identifiers ({@code [x]},
 * {@code "x"}, bare words such as {@code #x}, {@code 12.5}, {@code NULL}) and the punctuation
 * {@code ( ) , ;}. Comments ({@code --} to the line end, {@code /* … *}{@code /}) are dropped.
 */
final class SqlTokens {

    enum Kind {
        STRING,
        WORD,
        PUNCT
    }

    /** A token and the line it starts on. */
    record Token(Kind kind, String text, long line) {

        boolean is(String punct) {
            return kind == Kind.PUNCT && text.equals(punct);
        }

        boolean isWord(String word) {
            return kind == Kind.WORD && text.equalsIgnoreCase(word);
        }
    }

    /** Longest string literal kept; a quote that never closes must not hold the rest of the file. */
    private static final int MAX_STRING = 1 << 16;

    private static final String PUNCT = "(),;";
    private static final String WORD_END = "(),;'\"[] \t\f\u000B";

    private boolean inComment;
    private StringBuilder string;
    private long stringLine;

    /** The tokens completed on this line. */
    List<Token> line(long number, String text) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        if (string != null) {
            if (string.length() < MAX_STRING) {
                string.append('\n');
            }
            i = readString(text, 0, tokens);
        }
        while (i < text.length()) {
            char c = text.charAt(i);
            if (inComment) {
                int end = text.indexOf("*/", i);
                inComment = end < 0;
                i = end < 0 ? text.length() : end + 2;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (text.startsWith("--", i)) {
                break;
            } else if (text.startsWith("/*", i)) {
                inComment = true;
                i += 2;
            } else if (c == '\''
                    || (c == 'N' || c == 'n')
                            && i + 1 < text.length()
                            && text.charAt(i + 1) == '\'') {
                string = new StringBuilder();
                stringLine = number;
                i = readString(text, c == '\'' ? i + 1 : i + 2, tokens);
            } else if (PUNCT.indexOf(c) >= 0) {
                tokens.add(new Token(Kind.PUNCT, String.valueOf(c), number));
                i++;
            } else if (c == '[' || c == '"') {
                char close = c == '[' ? ']' : '"';
                int end = text.indexOf(close, i + 1);
                end = end < 0 ? text.length() : end;
                tokens.add(new Token(Kind.WORD, text.substring(i + 1, end), number));
                i = end + 1;
            } else {
                int end = i + 1;
                while (end < text.length() && WORD_END.indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                tokens.add(new Token(Kind.WORD, text.substring(i, end), number));
                i = end;
            }
        }
        return tokens;
    }

    /** True inside a string literal that has not ended yet. */
    boolean inString() {
        return string != null;
    }

    /** Reads a string literal's characters from {@code i}; returns the index after it or the line's end. */
    private int readString(String text, int i, List<Token> tokens) {
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\'' && i + 1 < text.length() && text.charAt(i + 1) == '\'') {
                string.append('\'');
                i += 2;
            } else if (c == '\'') {
                tokens.add(new Token(Kind.STRING, string.toString(), stringLine));
                string = null;
                return i + 1;
            } else {
                if (string.length() < MAX_STRING) {
                    string.append(c);
                }
                i++;
            }
        }
        return i;
    }
}
