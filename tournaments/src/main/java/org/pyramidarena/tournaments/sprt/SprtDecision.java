package org.pyramidarena.tournaments.sprt;

/** What a sequential test says after the results so far. */
public enum SprtDecision {
    /** The LLR reached the lower bound: the candidate is not better by elo1. */
    H0_ACCEPTED,
    /** The LLR reached the upper bound: the candidate is better by at least elo0. */
    H1_ACCEPTED,
    /** Neither bound reached: play more pairs. */
    CONTINUE
}
