package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Plain HTTP calls the tests make to set a server up (indexing, settings); each must succeed. */
final class Rest {
  private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private Rest() {}

  static String send(String method, URI uri, String contentType, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(120));
    if (body == null) {
      b.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      b.header("Content-Type", contentType).method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    }
    HttpResponse<String> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    assertThat(r.statusCode()).as("%s %s: %s", method, uri, r.body()).isBetween(200, 299);
    return r.body();
  }

  static String json(String method, URI uri, String body) throws Exception {
    return send(method, uri, "application/json", body);
  }
}
