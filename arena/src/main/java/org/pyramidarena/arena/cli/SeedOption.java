package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import org.pyramidarena.tournaments.MasterSeed;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The {@code --seed} option of the commands that play (match, tournament, balance, sprt): a master
 * seed, which the run's headers show only when it is guessable anyway, and which a secret seed's
 * run prints once it is over, to be published.
 */
final class SeedOption {

    /** The option's help, after a first sentence of the command's own. */
    static final String HELP = "A whole number; 64 hex digits, a secret seed once published, to play its run again "
            + "exactly; or secret, to draw a new 256-bit secret seed, shown only when the run is over (default: 1).";

    private SeedOption() {
    }

    /** Reads {@code --seed}: {@code secret} draws a new secret seed. */
    static final class Converter implements ITypeConverter<MasterSeed> {
        @Override
        public MasterSeed convert(String value) {
            try {
                return MasterSeed.parseOrDraw(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Reads a {@code --seed} that names a run's seed, a whole number or 64 hex digits ({@code secret} draws none). */
    static final class KnownConverter implements ITypeConverter<MasterSeed> {
        @Override
        public MasterSeed convert(String value) {
            try {
                return MasterSeed.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /**
     * Checks {@code --seed} and keeps its text, {@code secret} included: a tournament's settings
     * draw the secret seed when the run is resolved, so that a setting from a config file is drawn
     * in the same place.
     */
    static final class TextConverter implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!MasterSeed.SECRET.equals(value)) {
                new Converter().convert(value);
            }
            return value;
        }
    }

    /** A seed as a run's first lines show it: the number, or {@code secret} (never its digits before the end). */
    static String shown(MasterSeed seed) {
        return seed.isSecret() ? MasterSeed.SECRET : seed.text();
    }

    /** Ends a run with a secret seed: prints the seed, now that no bot of the run can use it. Nothing for a number. */
    static void publish(MasterSeed seed, PrintWriter out) {
        if (seed.isSecret()) {
            out.printf("master seed: %s (secret until now: publish it so anyone can replay and verify the run with "
                    + "--seed %s)%n", seed.text(), seed.text());
        }
    }
}
