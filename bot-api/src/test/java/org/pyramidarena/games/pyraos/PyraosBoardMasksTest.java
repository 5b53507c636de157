package org.pyramidarena.games.pyraos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The whole-board masks (supported, covered, completing, higher) agree with the tests of one
 * position they stand for, on every single position and on random sets of spheres of every density.
 */
class PyraosBoardMasksTest {

    private static final int N = PyraosBoard.POSITIONS;

    @Test
    void wholeBoardMasksAgreeWithOnePositionAtATime() {
        SplittableRandom random = new SplittableRandom(26);
        for (int i = 0; i < 200_000; i++) {
            int spheres = sample(random, i);
            assertEquals(supportedOneByOne(spheres), PyraosBoard.supported(spheres), "supported " + spheres);
            assertEquals(coveredOneByOne(spheres), PyraosBoard.covered(spheres), "covered " + spheres);
            assertEquals(completingOneByOne(spheres), PyraosBoard.completing(spheres), "completing " + spheres);
        }
        for (int p = 0; p < N; p++) {
            int spheres = 1 << p;
            assertEquals(supportedOneByOne(spheres), PyraosBoard.supported(spheres));
            assertEquals(coveredOneByOne(spheres), PyraosBoard.covered(spheres));
            assertEquals(completingOneByOne(spheres), PyraosBoard.completing(spheres));
            int higher = 0;
            for (int q = 0; q < N; q++) {
                if (PyraosBoard.level(q) > PyraosBoard.level(p)) {
                    higher |= 1 << q;
                }
            }
            assertEquals(higher, PyraosBoard.higher(p), "higher " + PyraosBoard.name(p));
        }
        assertEquals(PyraosBoard.ALL, PyraosBoard.supported(PyraosBoard.ALL));
        assertEquals(PyraosBoard.ALL & ~(1 << PyraosBoard.APEX), PyraosBoard.covered(PyraosBoard.ALL));
        assertEquals(0xFFFF, PyraosBoard.supported(0));
        assertEquals(0, PyraosBoard.covered(0));
        assertEquals(0, PyraosBoard.completing(0));
    }

    /** Random sets, from nearly empty to nearly full, now and then with a level filled. */
    private static int sample(SplittableRandom random, int i) {
        int density = i % 9 + 1;
        int spheres = 0;
        for (int p = 0; p < N; p++) {
            if (random.nextInt(10) < density) {
                spheres |= 1 << p;
            }
        }
        if (i % 5 == 0) {
            int level = random.nextInt(PyraosBoard.LEVELS);
            for (int p = PyraosBoard.offset(level); p < PyraosBoard.offset(level + 1); p++) {
                spheres |= 1 << p;
            }
        }
        return spheres;
    }

    private static int supportedOneByOne(int spheres) {
        int out = 0;
        for (int p = 0; p < N; p++) {
            if ((spheres & PyraosBoard.below(p)) == PyraosBoard.below(p)) {
                out |= 1 << p;
            }
        }
        return out;
    }

    private static int coveredOneByOne(int spheres) {
        int out = 0;
        for (int p = 0; p < N; p++) {
            if ((spheres & PyraosBoard.above(p)) != 0) {
                out |= 1 << p;
            }
        }
        return out;
    }

    private static int completingOneByOne(int spheres) {
        int out = 0;
        for (int p = 0; p < N; p++) {
            if (PyraosBoard.completesSquare(spheres | 1 << p, p)) {
                out |= 1 << p;
            }
        }
        return out;
    }
}
