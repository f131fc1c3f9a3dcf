package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.apache.avro.SchemaNormalization;
import org.junit.jupiter.api.Test;

/** Fails the build when a schema change is not backward and forward compatible with every release. */
class SchemaCompatibilityTest {

    @Test
    void currentSchemaReadsEveryReleasedVersionAndIsReadByIt() {
        for (ReleasedSchemas.Version released : ReleasedSchemas.all()) {
            // given
            Schema current = released.type().schema();
            // when
            var backward =
                    SchemaCompatibility.checkReaderWriterCompatibility(current, released.schema());
            var forward =
                    SchemaCompatibility.checkReaderWriterCompatibility(released.schema(), current);
            // then
            assertThat(backward.getType())
                    .as(
                            "current %s reads %s: %s",
                            released.type(), released.path(), backward.getDescription())
                    .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
            assertThat(forward.getType())
                    .as(
                            "%s reads current %s: %s",
                            released.path(), released.type(), forward.getDescription())
                    .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
        }
    }

    @Test
    void releasedVersionsAreMutuallyCompatible() {
        for (EventType type : EventType.values()) {
            List<ReleasedSchemas.Version> versions = ReleasedSchemas.of(type);
            for (var reader : versions) {
                for (var writer : versions) {
                    var result =
                            SchemaCompatibility.checkReaderWriterCompatibility(
                                    reader.schema(), writer.schema());
                    assertThat(result.getType())
                            .as("%s reads %s", reader.path(), writer.path())
                            .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
                }
            }
        }
    }

    @Test
    void currentSchemaIsTheLatestReleasedVersion() {
        // A changed schema must be released as a new version file, so the codec can still decode
        // old events.
        for (EventType type : EventType.values()) {
            List<ReleasedSchemas.Version> versions = ReleasedSchemas.of(type);
            assertThat(versions).as("released versions of %s", type).isNotEmpty();
            for (int i = 0; i < versions.size(); i++) {
                assertThat(versions.get(i).version())
                        .as("versions of %s numbered 1..n in order", type)
                        .isEqualTo(i + 1);
            }
            Schema latest = versions.get(versions.size() - 1).schema();
            assertThat(SchemaNormalization.toParsingForm(latest))
                    .as(
                            "src/main/avro/%s.avsc differs from its latest released version: add released/%s/v%d.avsc",
                            type.schemaName(), type.schemaName(), versions.size() + 1)
                    .isEqualTo(SchemaNormalization.toParsingForm(type.schema()));
            assertThat(
                            latest.getFields().stream()
                                    .map(f -> f.name() + "=" + f.defaultVal())
                                    .toList())
                    .as("defaults of %s", type)
                    .isEqualTo(
                            type.schema().getFields().stream()
                                    .map(f -> f.name() + "=" + f.defaultVal())
                                    .toList());
        }
    }

    @Test
    void indexListsEveryReleasedFile() throws IOException {
        // given
        Path released = Path.of("released");
        // when
        List<String> files;
        try (Stream<Path> walk = Files.walk(released)) {
            files =
                    walk.filter(p -> p.toString().endsWith(".avsc"))
                            .map(p -> released.relativize(p).toString().replace('\\', '/'))
                            .sorted()
                            .toList();
        }
        // then
        assertThat(ReleasedSchemas.index()).containsExactlyInAnyOrderElementsOf(files);
    }
}
