package storagebench.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HtmlTest {
    @Test
    void textEscapesMarkupQuotesAndControlCharactersAndKeepsUnicode() {
        // when
        String text = Html.text("<script>alert(\"x\")</script> & 'q' café ü 🚀\u0007");
        // then
        assertThat(text)
                .isEqualTo(
                        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; café ü 🚀\uFFFD");
        assertThat(Html.text(null)).isEmpty();
    }

    @Test
    void scriptJsonCannotEndItsScriptElementAndStaysTheSameJson() {
        // when
        String json = Html.scriptJson(Map.of("name", List.of("</script><!-- & \u2028 café")));
        // then
        assertThat(json).doesNotContain("<", ">", "&", "\u2028");
        assertThat(json)
                .isEqualTo("{\"name\":[\"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028 café\"]}");
    }

    @Test
    void fillReplacesInOnePassSoValuesAreNeverScannedAgain() {
        // when
        String page =
                Html.fill("<h1>{{title}}</h1>{{body}}", Map.of("title", "{{body}}", "body", "b"));
        // then
        assertThat(page).isEqualTo("<h1>{{body}}</h1>b");
    }
}
