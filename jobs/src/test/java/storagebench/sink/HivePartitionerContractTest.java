package storagebench.sink;

class HivePartitionerContractTest extends PartitionerContractTest {

    HivePartitionerContractTest() {
        super(HivePartitioner::new);
    }
}
