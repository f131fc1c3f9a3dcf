package storagebench.schedule;

import java.text.ParseException;
import java.time.ZoneId;
import java.util.Date;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.quartz.CronExpression;
import storagebench.config.ConfigNode;

/**
 * Cron expressions as Quartz reads them (seconds first: {@code 0 30 2 * * ?}), and five-field crontab
 * lines ({@code 30 2 * * *}) turned into them: a leading 0 seconds, {@code ?} for the day field left
 * open, and weekdays counted from 1 (Sunday) instead of 0.
 */
final class Cron {
    private static final int[] LARGEST = {59, 59, 23, 31, 12};
    private static final String[] FIELD = {"second", "minute", "hour", "day of the month", "month"};

    private Cron() {}

    /** The node's expression in Quartz's form. */
    static String quartz(ConfigNode node) {
        String text = node.text().strip();
        String[] f = text.split("\\s+");
        if (f.length != 5) {
            return text;
        }
        String dayOfMonth = f[2];
        String dayOfWeek = weekdays(node, f[4]);
        if (dayOfWeek.equals("*")) {
            dayOfWeek = "?";
        } else if (dayOfMonth.equals("*")) {
            dayOfMonth = "?";
        } else {
            throw node.error(
                    "'"
                            + text
                            + "': both a day of the month and a day of the week; give one of them as *");
        }
        return String.join(" ", "0", f[0], f[1], dayOfMonth, f[3], dayOfWeek);
    }

    /** Crontab weekdays 0-7 (0 and 7 Sunday) as Quartz's 1-7 (1 Sunday); names stay. */
    private static String weekdays(ConfigNode node, String field) {
        StringBuilder out = new StringBuilder();
        Matcher m = Pattern.compile("\\d+").matcher(field);
        int last = 0;
        while (m.find()) {
            int day = Integer.parseInt(m.group());
            if (day > 7) {
                throw node.error(
                        "weekday " + day + " in '" + field + "': crontab weekdays are 0-7");
            }
            boolean step = m.start() > 0 && field.charAt(m.start() - 1) == '/';
            out.append(field, last, m.start()).append(step ? day : day % 7 + 1);
            last = m.end();
        }
        return out.append(field.substring(last)).toString();
    }

    /** Refuses an expression Quartz cannot read, or one that never fires. */
    static void check(ConfigNode node, String cron, ZoneId zone) {
        CronExpression expression;
        try {
            expression = new CronExpression(cron);
        } catch (ParseException e) {
            throw node.error(
                    "'"
                            + node.text()
                            + "' is not a cron expression: "
                            + e.getMessage()
                            + " (Quartz form: second minute hour day-of-month month day-of-week, e.g."
                            + " '0 30 2 * * ?'; or crontab's five fields, e.g. '30 2 * * *')");
        }
        String[] fields = cron.split("\\s+");
        for (int i = 0; i < Math.min(LARGEST.length, fields.length); i++) {
            Matcher number = Pattern.compile("\\d+").matcher(fields[i]);
            while (number.find()) {
                if (Long.parseLong(number.group()) > LARGEST[i]) {
                    // Quartz takes some of these (a minute of 99) and then fires oddly
                    throw node.error(
                            "'"
                                    + node.text()
                                    + "' is not a cron expression: "
                                    + number.group()
                                    + " is more than a "
                                    + FIELD[i]
                                    + " can be ("
                                    + LARGEST[i]
                                    + ")");
                }
            }
        }
        expression.setTimeZone(TimeZone.getTimeZone(zone));
        if (expression.getNextValidTimeAfter(new Date()) == null) {
            throw node.error("'" + node.text() + "' never fires again");
        }
    }
}
