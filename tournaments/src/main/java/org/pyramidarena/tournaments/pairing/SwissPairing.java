package org.pyramidarena.tournaments.pairing;

import java.util.List;

/**
 * One Swiss round before it becomes matches: bots as positions in the setup's list.
 *
 * @param tables the tables, each best-placed bot first, ordered by their best-placed bot
 * @param byes the bots on a bye, best-placed first
 */
record SwissPairing(List<List<Integer>> tables, List<Integer> byes) {
}
