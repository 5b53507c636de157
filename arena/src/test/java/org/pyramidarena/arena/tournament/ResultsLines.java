package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.tournaments.io.ResultsCsv;

/** A results file as the tests compare it: what must be equal between runs, the measured times aside. */
public final class ResultsLines {

    private ResultsLines() {
    }

    /** The results' lines with the measured time_ms and cpu_ms columns blanked. */
    public static List<String> withoutTimes(Path results) throws IOException {
        int wall = ResultsCsv.HEADER.indexOf("time_ms");
        int cpu = ResultsCsv.HEADER.indexOf("cpu_ms");
        List<String> blanked = new ArrayList<>();
        for (String line : Files.readAllLines(results)) {
            String[] fields = line.split(",", -1);
            fields[wall] = "";
            fields[cpu] = "";
            blanked.add(String.join(",", fields));
        }
        return blanked;
    }
}
