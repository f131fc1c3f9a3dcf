package storagebench.workload.sampling;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import storagebench.config.Values;

/**
 * Per-file IOPS and throughput caps by file-size tier, the way a capped cloud disk limits a data
 * file: {@code 128GB:500:100, 512GB:2300:150, 1TB:5000:200} gives files up to 128 GiB 500 IOPS and
 * 100 MiB/s, and so on; a file above every tier gets the last one. {@code premium-disk} names the
 * seed 003 tiers, {@code none} (or blank) means no caps.
 */
public record CapTable(List<Tier> tiers) {
    static final String PREMIUM_DISK = "128GB:500:100, 512GB:2300:150, 1TB:5000:200";
    static final CapTable NONE = new CapTable(List.of());

    /** One tier: files up to {@code upToBytes} get {@code iops} and {@code mibPerSecond}. */
    public record Tier(long upToBytes, double iops, double mibPerSecond) {
        public double bytesPerSecond() {
            return mibPerSecond * (1 << 20);
        }

        @Override
        public String toString() {
            return Values.formatSize(upToBytes).replace(" ", "")
                    + ":"
                    + number(iops)
                    + ":"
                    + number(mibPerSecond);
        }
    }

    /** Reads the text of the {@code caps} parameter; the exception message names the bad entry. */
    public static CapTable parse(String text) {
        String trimmed = text.strip();
        if (trimmed.isEmpty() || trimmed.equals("none")) {
            return NONE;
        }
        String table = trimmed.equals("premium-disk") ? PREMIUM_DISK : trimmed;
        List<Tier> tiers = new ArrayList<>();
        String[] entries = table.split(",");
        for (int i = 0; i < entries.length; i++) {
            Tier tier = tier(entries[i].strip(), i + 1);
            if (!tiers.isEmpty() && tier.upToBytes() <= tiers.get(tiers.size() - 1).upToBytes()) {
                throw new IllegalArgumentException(
                        where(entries[i].strip(), i + 1)
                                + ": sizes must grow from one tier to the next");
            }
            tiers.add(tier);
        }
        return new CapTable(List.copyOf(tiers));
    }

    private static Tier tier(String entry, int position) {
        String[] parts = entry.split(":");
        if (parts.length != 3) {
            throw new IllegalArgumentException(
                    where(entry, position)
                            + ": expected SIZE:IOPS:MBPS such as 128GB:500:100, or none, or premium-disk");
        }
        long size = Values.parseSize(parts[0]);
        if (size <= 0) {
            throw new IllegalArgumentException(
                    where(entry, position)
                            + ": '"
                            + parts[0].strip()
                            + "' is not a size such as 128GB or 1TB");
        }
        return new Tier(
                size,
                positive(parts[1], "IOPS", entry, position),
                positive(parts[2], "MB/s", entry, position));
    }

    private static double positive(String text, String what, String entry, int position) {
        try {
            double value = Double.parseDouble(text.strip());
            if (value > 0 && Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below, with the entry
        }
        throw new IllegalArgumentException(
                where(entry, position)
                        + ": "
                        + what
                        + " '"
                        + text.strip()
                        + "' is not a number above 0");
    }

    private static String where(String entry, int position) {
        return "caps entry " + position + " '" + entry + "'";
    }

    public boolean capped() {
        return !tiers.isEmpty();
    }

    /** The tier of a file of this (modelled) size: the first that holds it, else the last; empty without caps. */
    public Optional<Tier> tierFor(long sizeBytes) {
        for (Tier tier : tiers) {
            if (sizeBytes <= tier.upToBytes()) {
                return Optional.of(tier);
            }
        }
        return tiers.isEmpty() ? Optional.empty() : Optional.of(tiers.get(tiers.size() - 1));
    }

    private static String number(double value) {
        return value == Math.rint(value)
                ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%s", value);
    }

    @Override
    public String toString() {
        return tiers.isEmpty()
                ? "none"
                : String.join(", ", tiers.stream().map(Tier::toString).toList());
    }
}
