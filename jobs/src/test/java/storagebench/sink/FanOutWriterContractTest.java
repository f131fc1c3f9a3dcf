package storagebench.sink;

class FanOutWriterContractTest extends RecordWriterContractTest {

    FanOutWriterContractTest() {
        super(
                (datasetDir, topic, partition) ->
                        new FanOutWriter(
                                datasetDir,
                                topic,
                                partition,
                                new HivePartitioner(),
                                new ParquetFormat(1 << 20)));
    }
}
