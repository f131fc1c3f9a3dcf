package storagebench.workload.oltp;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A virtual user's deck of 100 cards, each a transaction type as often as its share of the mix, dealt in
 * a random order and shuffled again once dealt (TPC-C clause 5.2.4.2): every 100 transactions of a user
 * hold the mix exactly.
 */
final class Deck {
    private final int[] cards;
    private final SplittableRandom random;
    private int next;

    Deck(List<TransactionType> types, SplittableRandom random) {
        int total = types.stream().mapToInt(TransactionType::cards).sum();
        this.cards = new int[total];
        int i = 0;
        for (int type = 0; type < types.size(); type++) {
            for (int c = 0; c < types.get(type).cards(); c++) {
                cards[i++] = type;
            }
        }
        this.random = random;
        this.next = total;
    }

    /** The type of the next transaction, an index into the mix's types. */
    int next() {
        if (next == cards.length) {
            shuffle();
            next = 0;
        }
        return cards[next++];
    }

    private void shuffle() {
        for (int i = cards.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int card = cards[i];
            cards[i] = cards[j];
            cards[j] = card;
        }
    }
}
