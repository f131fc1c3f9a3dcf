package storagebench.sink;

import storagebench.storage.LocalStore;

class FanOutWriterContractTest extends RecordWriterContractTest {

    FanOutWriterContractTest() {
        super(
                (datasetDir, topic, partition) ->
                        new FanOutWriter(
                                new LocalStore(datasetDir),
                                topic,
                                partition,
                                new HivePartitioner(),
                                new ParquetFormat(1 << 20)));
    }
}
