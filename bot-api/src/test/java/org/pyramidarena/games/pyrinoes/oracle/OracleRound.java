package org.pyramidarena.games.pyrinoes.oracle;

import java.util.List;

/**
 * The scoring of one completed round, public to every seat.
 *
 * @param round the round's number, from 1
 * @param handTotals each seat's hand total: weights of unplayed dominoes plus pips of every
 *     pyramid still held (supply and unplayed pyrinoes, greens included), by seat
 * @param ender the seat whose turn ended the round
 * @param bonus the ender's bonus: 10, 5 or 0
 * @param greens the pips of the green pyramids each seat played into the line, by seat
 * @param points what each seat scored this round (difference of hand totals to the lower total,
 *     bonus to the ender, greens to their players), by seat
 */
public record OracleRound(int round, List<Integer> handTotals, int ender, int bonus, List<Integer> greens,
                            List<Integer> points) {
    public OracleRound {
        handTotals = List.copyOf(handTotals);
        greens = List.copyOf(greens);
        points = List.copyOf(points);
    }
}
