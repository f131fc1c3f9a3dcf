package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which characters of a value stay as they are in a folder's name. */
class PathSafeTest {
    @Test
    void lettersDigitsAndTheirEdgesArePlainTheCharactersBesideThemAreNot() {
        assertThat("azAZ09_-".chars()).allMatch(c -> PathSafe.plain(c, true));
        assertThat("`{@[/:".chars()).noneMatch(c -> PathSafe.plain(c, true));
        assertThat(PathSafe.plain('.', true)).isFalse();
        assertThat(PathSafe.plain('.', false)).isTrue();
        assertThat(PathSafe.plain('é', true)).isTrue();
    }
}
