package storagebench.workload.oltp;

import java.util.SplittableRandom;

/**
 * TPC-C's random values (clause 2.1.6 and 4.3.2): uniform numbers, NURand's non-uniform ones with their
 * run-time constants, the random strings and the customer last names made of syllables.
 */
final class TpccRandom {
    private static final String[] SYLLABLES = {
        "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"
    };
    private static final String ALPHANUMERIC =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    /** The constants C of NURand(A, x, y) for A = 255 (last names), 1023 (customers), 8191 (items). */
    record Constants(int cLast, int cId, int olIId) {
        /** Random constants for loading. */
        static Constants forLoad(SplittableRandom random) {
            return new Constants(random.nextInt(256), random.nextInt(1024), random.nextInt(8192));
        }

        /**
         * Constants for the run, drawn so that C_LAST's distance from the load's is 65 to 119 and neither
         * 96 nor 112 (clause 2.1.6.1), with C_ID and OL_I_ID free.
         */
        static Constants forRun(Constants load, SplittableRandom random) {
            int cLast;
            int delta;
            do {
                cLast = random.nextInt(256);
                delta = Math.abs(cLast - load.cLast);
            } while (delta < 65 || delta > 119 || delta == 96 || delta == 112);
            return new Constants(cLast, random.nextInt(1024), random.nextInt(8192));
        }
    }

    private final SplittableRandom random;
    private final Constants constants;

    TpccRandom(SplittableRandom random, Constants constants) {
        this.random = random;
        this.constants = constants;
    }

    /** A whole number from {@code min} to {@code max}, both included. */
    int uniform(int min, int max) {
        return min + random.nextInt(max - min + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
    int nurand(int a, int x, int y) {
        int c =
                switch (a) {
                    case 255 -> constants.cLast;
                    case 1023 -> constants.cId;
                    case 8191 -> constants.olIId;
                    default ->
                            throw new IllegalArgumentException("no NURand constant for A = " + a);
                };
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A customer's number, non-uniform over 1 to {@code customers}. */
    int customerId(int customers) {
        return nurand(1023, 1, customers);
    }

    /** An item's number, non-uniform over 1 to {@code items}. */
    int itemId(int items) {
        return nurand(8191, 1, items);
    }

    /** A last name for a lookup: one of the {@code names} (at most 1,000) that the load gave out. */
    String lastNameForRun(int names) {
        return lastName(nurand(255, 0, Math.min(999, names - 1)));
    }

    /** The last name of number 0 to 999: three syllables, one per decimal digit. */
    static String lastName(int number) {
        return SYLLABLES[number / 100] + SYLLABLES[number / 10 % 10] + SYLLABLES[number % 10];
    }

    /** Random letters and digits, {@code min} to {@code max} of them. */
    String alphanumeric(int min, int max) {
        int length = uniform(min, max);
        char[] text = new char[length];
        for (int i = 0; i < length; i++) {
            text[i] = ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length()));
        }
        return new String(text);
    }

    /** Random digits, {@code min} to {@code max} of them. */
    String numeric(int min, int max) {
        int length = uniform(min, max);
        char[] text = new char[length];
        for (int i = 0; i < length; i++) {
            text[i] = (char) ('0' + random.nextInt(10));
        }
        return new String(text);
    }

    /** A zip code: four random digits and 11111. */
    String zip() {
        return numeric(4, 4) + "11111";
    }

    /** Data of 26 to 50 characters, 10% of them with ORIGINAL somewhere inside (items, stock). */
    String data() {
        String data = alphanumeric(26, 50);
        if (random.nextInt(10) == 0) {
            int at = random.nextInt(data.length() - 8 + 1);
            data = data.substring(0, at) + "ORIGINAL" + data.substring(at + 8);
        }
        return data;
    }
}
