package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** The Fleet page's lines mark a regression's change point with a vertical line in its colour. */
class FleetChartsTest {
    private static final Instant T0 = Instant.parse("2026-12-01T02:00:00Z");

    @Test
    void aChangePointIsAVerticalLineAtItsRun() throws Exception {
        // given: a host's results over ten fleet firings, slower from the seventh on
        List<FleetCharts.Point> points =
                java.util.stream.IntStream.range(0, 10)
                        .mapToObj(
                                i ->
                                        new FleetCharts.Point(
                                                "db-1",
                                                T0.plusSeconds(86_400L * i),
                                                i < 6 ? 1.0 : 1.3))
                        .toList();
        FleetCharts.Mark slower =
                new FleetCharts.Mark("db-1", T0.plusSeconds(86_400L * 6), "×1.30", true);
        // when
        BufferedImage plain = image(FleetCharts.lines("t", "s", points));
        BufferedImage marked = image(FleetCharts.lines("t", "s", points, List.of(slower)));
        // then: the mark's colour is drawn, and only with the mark
        assertThat(count(plain, 0xb3261e)).isZero();
        assertThat(count(marked, 0xb3261e)).isGreaterThan(100);
    }

    private static BufferedImage image(String dataUri) throws Exception {
        byte[] png = Base64.getDecoder().decode(dataUri.substring(dataUri.indexOf(',') + 1));
        return ImageIO.read(new ByteArrayInputStream(png));
    }

    private static int count(BufferedImage image, int rgb) {
        int n = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}
