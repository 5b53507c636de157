package org.pyramidarena.arena.server;

import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The tests' HTTP client of a contest server on this machine: the JSON API and the pages' forms. */
final class ContestClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String base;

    ContestClient(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** A response: its status, headers and body. */
    record Response(int status, String body, HttpHeaders headers) {

        /** A header's first value, or null. */
        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + body, e);
            }
        }
    }

    Response get(String path, String token) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request.GET().build());
    }

    Response postJson(String path, String token, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request.build());
    }

    /** A new team, made by the admin through the API; its token. */
    String createTeam(String adminToken, String name) throws IOException, InterruptedException {
        Response response = postJson("/api/admin/teams", adminToken, Map.of("name", name));
        if (response.status() != 201) {
            fail("team " + name + " was not made: " + response.status() + " " + response.body());
        }
        return response.json().path("token").asText();
    }

    Response postForm(String path, Map<String, String> fields) throws IOException, InterruptedException {
        return postForm(path, fields, Map.of());
    }

    /** Posts a form as a browser does, with extra headers (a session's {@code Cookie}, say). */
    Response postForm(String path, Map<String, String> fields, Map<String, String> headers)
            throws IOException, InterruptedException {
        String body = fields.entrySet().stream().map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8)).collect(Collectors.joining("&"));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return send(request.build());
    }

    /** A page as a signed-in browser asks for it: with the session's cookie ({@link #signIn}). */
    Response page(String path, String sessionCookie) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30))
                .header("Cookie", sessionCookie).GET().build());
    }

    /**
     * Signs a team in through the sign-in form.
     *
     * @return the {@code Cookie} header value that carries the session
     */
    String signIn(String token) throws IOException, InterruptedException {
        Response response = postForm("/team/sign-in", Map.of("token", token));
        if (response.status() != 303) {
            fail("sign-in answered " + response.status() + ": " + response.body());
        }
        return response.header("Set-Cookie").split(";", 2)[0];
    }

    /** Uploads a file as the API takes it: multipart form data, field {@code file}. */
    Response upload(String token, String fileName, byte[] content) throws IOException, InterruptedException {
        String boundary = "contest-test-boundary-7d1f";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/api/team/versions"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray()));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request.build());
    }

    /**
     * Listens to a stream of server-sent events until an event of the given name arrives.
     *
     * @return the event's data
     */
    String awaitEvent(String path, String event, int seconds) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path)).header("Accept", "text/event-stream")
                .GET().build();
        HttpResponse<Stream<String>> response = http.send(request, HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            Iterator<String> next = lines.iterator();
            CompletableFuture<String> data = CompletableFuture.supplyAsync(() -> {
                boolean named = false;
                while (next.hasNext()) {
                    String line = next.next();
                    if (line.startsWith("event:")) {
                        named = line.substring(6).trim().equals(event);
                    } else if (named && line.startsWith("data:")) {
                        return line.substring(5).trim();
                    }
                }
                return null;
            });
            String found = data.get(seconds, TimeUnit.SECONDS);
            if (found == null) {
                fail(path + " ended before an event '" + event + "'");
            }
            return found;
        }
    }

    private Response send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body(), response.headers());
    }

    /** Polls a GET until its JSON satisfies a condition, or fails after the given seconds. */
    JsonNode await(String path, String token, int seconds, String what, Predicate<JsonNode> done)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            Response response = get(path, token);
            if (response.status() == 200) {
                last = response.json();
                if (done.test(last)) {
                    return last;
                }
            }
            Thread.sleep(250);
        }
        fail("after " + seconds + " s, still not " + what + "; last " + path + ": " + last);
        return last;
    }
}
