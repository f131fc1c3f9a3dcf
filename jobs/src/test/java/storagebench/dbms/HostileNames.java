package storagebench.dbms;

import java.util.List;

/** Names an attacker or a typo might put where an identifier is expected. */
public final class HostileNames {
    /** Quotes, brackets, statement ends, comments, path separators, control and non-ASCII characters, too long. */
    public static final List<String> ALL =
            List.of(
                    "a\"b",
                    "x\"; DROP TABLE t; --",
                    "a'b",
                    "[t]",
                    "t]; DROP TABLE x; --",
                    "t;",
                    "t--",
                    "t/*c*/",
                    "../../etc",
                    "a/b",
                    "a\\b",
                    "C:\\Temp\\x",
                    "t x",
                    "t\nx",
                    "t\u0000",
                    "tä",
                    "9lives",
                    "",
                    " t",
                    "x".repeat(64),
                    "x".repeat(10_000));

    private HostileNames() {}
}
