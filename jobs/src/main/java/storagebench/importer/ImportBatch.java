package storagebench.importer;

import java.util.List;
import java.util.function.Consumer;
import storagebench.events.EventPublisher;

/**
 * The files one {@code import} streams through its one job: each its own run, all published through
 * one producer.
 *
 * @param files the imports to run, in the command's order (none already complete in the topic)
 * @param publisher the command's publisher: each chunk, records of one or more files, one transaction
 * @param ended told of each file's outcome once its RunFinished is in the topic
 */
record ImportBatch(
        List<ImportContext> files, EventPublisher publisher, Consumer<ImportOutcome> ended) {}
