package org.pyramidarena.arena.cli;

/**
 * Bad input from the user (an unknown game, a malformed move, a missing file): reported as one
 * line and exit status 2, never as a stack trace.
 */
public final class UsageException extends RuntimeException {

    public UsageException(String message) {
        super(message);
    }
}
