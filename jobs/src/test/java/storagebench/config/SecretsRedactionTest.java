package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one set of rules every recorded text goes through: what is a secret's value, and what is not. */
class SecretsRedactionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            textBlock =
                    """
            sh -c 'true' --password hunter2 --passwd hunter2  | sh -c 'true' --password *** --passwd ***
            tool --db-password=hunter2 --api-key hunter2      | tool --db-password=*** --api-key ***
            fbsvcmgr -user SYSDBA -password hunter2           | fbsvcmgr -user SYSDBA -password ***
            sqlcmd -S db -U sa -P hunter2 -Q 'select 1'       | sqlcmd -S db -U sa -P *** -Q 'select 1'
            /opt/mssql-tools/bin/sqlcmd -S db -Phunter2 -p    | /opt/mssql-tools/bin/sqlcmd -S db -P*** -p
            bcp t out f -U sa -P "hunter 2" -c                | bcp t out f -U sa -P *** -c
            "tool --password \\"hunter 2\\" run"              | "tool --password *** run"
            "sqlcmd -P \\"a\\\\b\\" -Q x"                     | "sqlcmd -P *** -Q x"
            'tool --password ''hunter 2'' run'               | 'tool --password *** run'
            osql -U sa -P hunter2 && sqlcmd -P swordfish      | osql -U sa -P *** && sqlcmd -P ***
            true;sqlcmd -P hunter2;(bcp x -Phunter2)           | true;sqlcmd -P ***;(bcp x -P***
            mysql -h db -P 3306 -u root -phunter2 -e 'q'      | mysql -h db -P 3306 -u root -p*** -e 'q'
            mysqldump -p mydb                                 | mysqldump -p mydb
            mariadb-dump -uroot -phunter2 db                  | mariadb-dump -uroot -p*** db
            gbak -c -user SYSDBA -pas hunter2 b.fbk d.fdb     | gbak -c -user SYSDBA -pas *** b.fbk d.fdb
            gbak -c -p 8192 -PASSWORD hunter2 b.fbk d.fdb     | gbak -c -p 8192 -PASSWORD *** b.fbk d.fdb
            gfix -user SYSDBA -pa hunter2 -sweep d.fdb        | gfix -user SYSDBA -pa *** -sweep d.fdb
            isql-fb -user SYSDBA -p hunter2 d.fdb             | isql-fb -user SYSDBA -p *** d.fdb
            setup.exe /Q /SAPWD="hunter 2" /SQLSVCPASSWORD=x1 | setup.exe /Q /SAPWD=*** /SQLSVCPASSWORD=***
            schtasks /Create /U bob /P hunter2 /TN t          | schtasks /Create /U bob /P *** /TN t
            net use Z: \\\\h\\s /user:bob /P:hunter2          | net use Z: \\\\h\\s /user:bob /P:***
            Driver={ODBC};Server=db;UID=sa;PWD=hunter2;       | Driver={ODBC};Server=db;UID=sa;PWD=***;
            jdbc:sqlserver://h;Password={a;b}}c};user=u       | jdbc:sqlserver://h;Password=***;user=u
            postgresql://bob:hunter2@db/x?sslmode=require     | postgresql://bob:***@db/x?sslmode=require
            PGPASSWORD=hunter2 AWS_SECRET_ACCESS_KEY=k1 pgbench | PGPASSWORD=*** AWS_SECRET_ACCESS_KEY=*** pgbench
            A=1;MY_TOKEN=t0k;API_KEY=k;SSH_PASSPHRASE=p;HOME=/h | A=1;MY_TOKEN=***;API_KEY=***;SSH_PASSPHRASE=***;HOME=/h
            """)
    void aSecretsValueBecomesStars(String text, String redacted) {
        assertThat(Secrets.mayHoldSecret(text)).isTrue();
        assertThat(Secrets.redactText(text)).isEqualTo(redacted);
    }

    @Test
    void textWithoutAnyClueIsLeftAsItIsAndNoRuleWouldHaveChangedIt() {
        // a progress line is logged after every trial: it is not run through the rules
        String progress =
                "trial 3/8 [files=4 init=zero] rep 1: run 12.3 ms | elapsed 0:00:05, ~0:00:08 left";
        assertThat(Secrets.mayHoldSecret(progress)).isFalse();
        assertThat(Secrets.redactText(progress)).isSameAs(progress);
        // texts made of the rules' own parts, with and without their clues: where no clue is, the
        // rules change nothing either
        List<String> parts =
                List.of(
                        "-P ",
                        "-p",
                        "/P ",
                        "/P:",
                        "=",
                        ";",
                        " ",
                        "--",
                        "x1",
                        "'a b'",
                        "\"q\"",
                        "{a}}b}",
                        "sqlcmd ",
                        "isql ",
                        "gbak ",
                        "mysql ",
                        "PASS",
                        "pwd",
                        "Token",
                        "API_KEY",
                        "https://",
                        "u:",
                        "@h",
                        "PG",
                        "_",
                        "ssh ",
                        "-pa ",
                        "/SA");
        Random random = new Random(20261206);
        int withoutClue = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = 1 + random.nextInt(8); n > 0; n--) {
                text.append(parts.get(random.nextInt(parts.size())));
            }
            String t = text.toString();
            if (!Secrets.mayHoldSecret(t)) {
                withoutClue++;
                assertThat(Secrets.redactEveryRule(t)).as(t).isEqualTo(t);
            }
            assertThat(Secrets.redactText(t)).as(t).isEqualTo(Secrets.redactEveryRule(t));
        }
        assertThat(withoutClue).isGreaterThan(1_000);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            psql -h db -p 5432 -U bob -w
            pgbench -p5432 -P 1 -T 10 bench
            fio --name=x --rw=randwrite --size=8M --ioengine=psync
            mkdir -p /tmp/x && cp -p a b
            ssh -p 22 host -P x
            psql --no-password -d db
            tool --password-file /etc/pw --password-env PG_PASS
            KEY_FILE=/etc/k;PGPASSFILE=/etc/pgpass;PASSWORD_ENV=X
            https://user@host/ and http://h:8080/x
            tool --password ${env:DB_PASSWORD} -P ${file:/run/secrets/sa}
            sqlcmd -S db -P ${env:SA_PASSWORD}
            PGPASSWORD=${env:PG};postgresql://bob:${file:/run/pg}@db/x
            """)
    void whatIsNoSecretIsKept(String text) {
        assertThat(Secrets.redactText(text)).isEqualTo(text);
    }

    @Test
    void aCommandSpreadOverLinesOfAYamlBlockIsRedactedWhereItsProgramIsNamed() {
        // given
        String yaml =
                """
                workload:
                  type: command
                  setup: |
                    sqlcmd -S db -U sa \\
                      -P hunter2 -i setup.sql
                  command: "mysql -u root -phunter2 -e 'select 1'"
                  env: "A=1;PGPASSWORD=hunter2"
                """;
        // when
        String redacted = Secrets.redact(yaml);
        // then
        assertThat(redacted)
                .doesNotContain("hunter2")
                .contains("-P *** -i setup.sql", "-p*** -e", "PGPASSWORD=***\"");
        assertThat(Secrets.redact(redacted)).isEqualTo(redacted);
    }

    @Test
    void aLongTextCostsLinearTime() {
        // given: long words, paths and a long command line, as a log line or a config may hold
        String text =
                "a".repeat(100_000)
                        + " "
                        + "a/".repeat(50_000)
                        + " sqlcmd "
                        + "-x 1 ".repeat(20_000)
                        + "-P hunter2";
        // when
        long start = System.nanoTime();
        String redacted = Secrets.redactText(text);
        // then
        assertThat(redacted).endsWith("-P ***");
        assertThat((System.nanoTime() - start) / 1_000_000).as("ms").isLessThan(2_000);
    }

    @Test
    void aStoredCopyWithAValueRemovedSaysWhere() {
        assertThat(Secrets.removedAt("a: 1\ncommand: tool --password ***\n")).contains(2);
        assertThat(Secrets.removedAt("a: 1\nurl: postgresql://bob:***@h/x\n")).contains(2);
        assertThat(Secrets.removedAt("a: 1\ncommand: tool --password ${env:X}\n")).isEmpty();
        assertThat(Secrets.removedAt("description: three stars ***\n")).isEmpty();
    }
}
