package org.pyramidarena.arena.match;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.State;
import org.pyramidarena.tournaments.TerminationReason;

/** The referee's action log: the records it gives are the actions appended, made when read. */
class ActionLogTest {

    /** A move that counts how often its notation is read. */
    private static final class Noted implements Move {
        private final String notation;
        private int reads;

        Noted(String notation) {
            this.notation = notation;
        }

        @Override
        public String notation() {
            reads++;
            return notation;
        }
    }

    @Test
    void theRecordsAreTheActionsAppendedWithTheirNotationsReadOnlyWhenARecordIsRead() {
        ActionLog log = new ActionLog(2);
        Noted deal = new Noted("deal");
        Noted first = new Noted("a1");
        Noted second = new Noted("b2");
        Noted fallback = new Noted("c3");
        log.add(State.CHANCE, deal, 0, 0, false);
        log.add(0, first, 12, -1, false);
        log.add(1, second, 0, -1, false);
        log.add(1, fallback, 0, 0, true);
        assertEquals(0, deal.reads + first.reads + second.reads + fallback.reads, "no notation read while appending");
        assertEquals(List.of(
                new ActionRecord(State.CHANCE, "deal", 0, 0, false),
                new ActionRecord(0, "a1", 12, -1, false),
                new ActionRecord(1, "b2", 0, -1, false),
                new ActionRecord(1, "c3", 0, 0, true)), new ArrayList<>(log));
        assertEquals(4, log.size());
    }

    @Test
    void aLogWithoutTimesGivesChanceNoTimeAndEverySeatsMoveAnUnmeasuredCpuTime() {
        ActionLog log = new ActionLog(8);
        log.add(State.CHANCE, new Noted("deal"), 0, 0, false);
        log.add(2, new Noted("x"), 0, -1, false);
        assertEquals(new ActionRecord(State.CHANCE, "deal", 0, 0, false), log.get(0));
        assertEquals(new ActionRecord(2, "x", 0, -1, false), log.get(1));
    }

    @Test
    void theFirstMeasuredCpuTimeKeepsTheTimesOfTheActionsBeforeIt() {
        ActionLog log = new ActionLog(8);
        log.add(State.CHANCE, new Noted("deal"), 0, 0, false);
        log.add(0, new Noted("x"), 3, -1, false);
        log.add(1, new Noted("y"), 250, 240, false);
        log.add(0, new Noted("z"), 0, -1, false);
        assertEquals(List.of(
                new ActionRecord(State.CHANCE, "deal", 0, 0, false),
                new ActionRecord(0, "x", 3, -1, false),
                new ActionRecord(1, "y", 250, 240, false),
                new ActionRecord(0, "z", 0, -1, false)), List.copyOf(log));
    }

    @Test
    void aLogGrowsPastItsFirstRoomAndKeepsEveryAction() {
        ActionLog log = new ActionLog(1);
        List<ActionRecord> expected = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            int actor = i % 3 == 2 ? State.CHANCE : i % 3;
            long micros = i % 7 == 0 ? i : 0;
            long cpu = actor == State.CHANCE ? 0 : i % 11 == 0 ? i / 2 : -1;
            log.add(actor, new Noted("m" + i), micros, cpu, i % 13 == 0);
            expected.add(new ActionRecord(actor, "m" + i, micros, cpu, i % 13 == 0));
        }
        assertEquals(expected, log);
        assertEquals(expected.hashCode(), log.hashCode());
    }

    @Test
    void aLogIsReadOnlyToWhoeverItIsHandedTo() {
        ActionLog log = new ActionLog(4);
        log.add(0, new Noted("x"), 0, -1, false);
        assertThrows(UnsupportedOperationException.class, () -> log.add(new ActionRecord(0, "y", 0, 0, false)));
        assertThrows(UnsupportedOperationException.class, () -> log.remove(0));
        assertThrows(UnsupportedOperationException.class, () -> log.set(0, new ActionRecord(0, "y", 0, 0, false)));
        assertThrows(IndexOutOfBoundsException.class, () -> log.get(1));
        assertThrows(IndexOutOfBoundsException.class, () -> log.get(-1));
    }

    @Test
    void aMatchResultKeepsTheRefereesLogAsItIsAndCopiesAnyOtherList() {
        ActionLog log = new ActionLog(4);
        log.add(0, new Noted("x"), 0, -1, false);
        List<TerminationReason> normal = List.of(TerminationReason.NORMAL);
        MatchResult kept = new MatchResult(log, org.pyramidarena.api.Outcome.of(new int[] {1}, new double[] {0}),
                TerminationReason.NORMAL, normal, "", List.of(""), 1, List.of(0L), List.of(-1L), null);
        assertSame(log, kept.actions());
        List<ActionRecord> mutable = new ArrayList<>(log);
        MatchResult copied = new MatchResult(mutable, kept.outcome(), TerminationReason.NORMAL, normal, "",
                List.of(""), 1, List.of(0L), List.of(-1L), null);
        mutable.clear();
        assertEquals(1, copied.actions().size());
    }
}
