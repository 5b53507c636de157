/**
 * Balance studies: is a game fair, which setup is fairer, what value of a design parameter makes it
 * fair. A study's plan ({@link org.pyramidarena.arena.balance.StudyPlan}, the {@code plan} of its
 * {@code study.json}) is played by a {@link org.pyramidarena.arena.balance.StudyRunner}, each cell
 * (a setup and a bot) a tournament of copies of the bot in every seat, observed decision by decision
 * for the design metrics; {@link org.pyramidarena.arena.balance.BalanceStudy} decides the cells (a
 * sweep, a search for a fair value) and adds them up, with bootstrap intervals and the setups
 * compared. The study's files are written and read back here ({@code StudyFiles},
 * {@code StudyFolder}, {@code StudyText}) so that its report is the same whenever it is made. Uses
 * {@code tournament}, {@code match}, {@code sandbox} and {@code common}; never a contestant of its
 * own, an SPRT, the reports, the server or the command line.
 */
package org.pyramidarena.arena.balance;
