package org.pyramidarena.arena.server.contest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Text the server shows a team or the public, with no path of the server's machine in it: a path
 * under the contest folder is shown relative to the folder ({@code versions/5/crash.py}), and the
 * other places the server's own messages can name (the Java runtime that starts bot JVMs, the
 * server's working folder, its home and the temporary folder) by a short name in angle brackets.
 * Rejection reasons, fault details, the final's error and files, bots' logs and refusals all pass
 * through it; a bot in the sandbox sees only its own {@code /bot} and {@code /scratch}, so what it
 * writes names nothing of the machine.
 */
public final class ShownPaths {

    /** Each prefix as written in text, to what it is shown as; the longest first, so the most specific wins. */
    private final Map<String, String> prefixes;

    /**
     * @param contest the contest folder
     */
    public ShownPaths(Path contest) {
        Map<String, String> found = new LinkedHashMap<>();
        for (Path folder : forms(contest)) {
            found.putIfAbsent(folder + "/", "");
            found.putIfAbsent(folder.toString(), ".");
        }
        Map<String, String> others = new LinkedHashMap<>();
        others.put("java.home", "<java>");
        others.put("user.dir", "<server>");
        others.put("user.home", "<home>");
        others.put("java.io.tmpdir", "<tmp>");
        for (Map.Entry<String, String> other : others.entrySet()) {
            String value = System.getProperty(other.getKey());
            if (value == null || value.isBlank()) {
                continue;
            }
            for (Path folder : forms(Path.of(value))) {
                if (folder.getNameCount() > 0) {
                    found.putIfAbsent(folder.toString(), other.getValue());
                }
            }
        }
        List<Map.Entry<String, String>> ordered = new ArrayList<>(found.entrySet());
        ordered.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> e.getKey().length()).reversed());
        Map<String, String> prefixes = new LinkedHashMap<>();
        ordered.forEach(e -> prefixes.put(e.getKey(), e.getValue()));
        this.prefixes = prefixes;
    }

    /** A folder as absolute and normalised, and as its real path where that differs (a link on the way). */
    private static List<Path> forms(Path folder) {
        List<Path> forms = new ArrayList<>();
        Path absolute = folder.toAbsolutePath().normalize();
        forms.add(absolute);
        try {
            if (Files.exists(absolute)) {
                Path real = absolute.toRealPath();
                if (!real.equals(absolute)) {
                    forms.add(real);
                }
            }
        } catch (IOException e) {
            // The absolute form is all there is.
        }
        return forms;
    }

    /** The text as it may be shown; null for null. */
    public String of(String text) {
        if (text == null) {
            return null;
        }
        String shown = text;
        for (Map.Entry<String, String> prefix : prefixes.entrySet()) {
            shown = shown.replace(prefix.getKey(), prefix.getValue());
        }
        return shown;
    }

    /** Each text of a list as it may be shown. */
    public List<String> of(List<String> texts) {
        return texts.stream().map(this::of).toList();
    }
}
