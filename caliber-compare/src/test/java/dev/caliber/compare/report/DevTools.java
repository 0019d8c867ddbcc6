package dev.caliber.compare.report;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Headless Chromium driven through its DevTools protocol, as a person would use a page: real mouse
 * clicks at an element's place on screen and typed text, then JavaScript to read the DOM back. The
 * page is opened from a file with networking off; only the local debugging socket is used.
 */
final class DevTools implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://[^\\s]+)");
  private static final Pattern PAGE = Pattern.compile("\"webSocketDebuggerUrl\"\\s*:\\s*\"(ws://[^\"]+/devtools/page/[^\"]+)\"");
  private static final Pattern STRING_VALUE = Pattern.compile("\"result\":\\{\"type\":\"string\",\"value\":\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final Process chromium;
  private final Path log;
  private final WebSocket socket;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<String>> pending = new ConcurrentHashMap<>();

  private DevTools(Process chromium, Path log, WebSocket socket) {
    this.chromium = chromium;
    this.log = log;
    this.socket = socket;
  }

  /** Opens {@code html} in a new headless Chromium and waits until the page has loaded. */
  static DevTools open(Path chromiumBinary, Path dir, Path html) throws IOException, InterruptedException {
    Path err = Files.createTempFile(dir, "devtools", ".err");
    List<String> command = new ArrayList<>(List.of(chromiumBinary.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--window-size=1280,2000", "--remote-debugging-port=0", "--remote-allow-origins=*",
        "--user-data-dir=" + Files.createTempDirectory("caliber-chromium"), html.toUri().toString()));
    Process p = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      String browser = null;
      for (int i = 0; i < 600 && browser == null; i++) {
        Matcher m = LISTENING.matcher(Files.readString(err, StandardCharsets.UTF_8));
        if (m.find()) {
          browser = m.group(1);
        } else {
          Thread.sleep(100);
        }
      }
      if (browser == null) {
        throw new IllegalStateException("chromium did not open its debugging socket within 60 s");
      }
      URI list = URI.create(browser.replaceFirst("^ws://([^/]+)/.*$", "http://$1/json/list"));
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
      String page = null;
      for (int i = 0; i < 100 && page == null; i++) {
        Matcher m = PAGE.matcher(http.send(HttpRequest.newBuilder(list).build(), HttpResponse.BodyHandlers.ofString()).body());
        if (m.find()) {
          page = m.group(1);
        } else {
          Thread.sleep(100);
        }
      }
      if (page == null) {
        throw new IllegalStateException("chromium has no page target at " + list);
      }
      DevTools[] self = new DevTools[1];
      WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create(page), new WebSocket.Listener() {
        private final StringBuilder frame = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
          frame.append(data);
          if (last) {
            String message = frame.toString();
            frame.setLength(0);
            Matcher id = Pattern.compile("^\\{\"id\":(\\d+),").matcher(message);
            if (id.find()) {
              CompletableFuture<String> f = self[0].pending.remove(Integer.parseInt(id.group(1)));
              if (f != null) {
                f.complete(message);
              }
            }
          }
          w.request(1);
          return null;
        }
      }).get(30, TimeUnit.SECONDS);
      self[0] = new DevTools(p, err, ws);
      // the page target may still be about:blank, complete already: wait for the report itself
      String loaded = "complete " + html.toUri();
      for (int i = 0; i < 300 && !loaded.equals(self[0].evaluate("document.readyState + ' ' + location.href")); i++) {
        Thread.sleep(100);
      }
      return self[0];
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      p.destroyForcibly();
      throw new IllegalStateException("cannot connect to chromium's debugging socket", e);
    } catch (IOException | InterruptedException | RuntimeException e) {
      p.destroyForcibly();
      throw e;
    }
  }

  /** Sends one protocol command and waits for its answer, the raw JSON. */
  String send(String method, String params) {
    int id = ids.incrementAndGet();
    CompletableFuture<String> answer = new CompletableFuture<>();
    pending.put(id, answer);
    socket.sendText("{\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}", true).join();
    try {
      return answer.get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException("no answer from chromium to " + method, e);
    }
  }

  /** Evaluates a JavaScript expression whose value is a string, and returns that string. */
  String evaluate(String expression) {
    String answer = send("Runtime.evaluate", "{\"expression\":" + json(expression) + ",\"returnByValue\":true}");
    Matcher m = STRING_VALUE.matcher(answer);
    if (!m.find()) {
      throw new IllegalStateException("not a string: " + answer);
    }
    return unescape(m.group(1));
  }

  /** Clicks the centre of the first element {@code selector} finds, with the mouse, after scrolling it into view. */
  void click(String selector) {
    String at = evaluate("(function () { var e = document.querySelector(" + json(selector) + "); e.scrollIntoView({block: 'center'});"
        + " var r = e.getBoundingClientRect(); return (r.left + r.width / 2) + ',' + (r.top + r.height / 2); })()");
    String[] xy = at.split(",");
    for (String type : new String[] {"mousePressed", "mouseReleased"}) {
      send("Input.dispatchMouseEvent", "{\"type\":\"" + type + "\",\"x\":" + xy[0] + ",\"y\":" + xy[1]
          + ",\"button\":\"left\",\"clickCount\":1}");
    }
  }

  /** Types text into the focused element, as a keyboard would. */
  void type(String text) {
    send("Input.insertText", "{\"text\":" + json(text) + "}");
  }

  @Override
  public void close() throws InterruptedException, IOException {
    socket.abort();
    chromium.destroy();
    if (!chromium.waitFor(20, TimeUnit.SECONDS)) {
      chromium.destroyForcibly();
    }
    Files.deleteIfExists(log);
  }

  static String json(String s) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : s.toCharArray()) {
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char n = s.charAt(++i);
      switch (n) {
        case 'n' -> out.append('\n');
        case 't' -> out.append('\t');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          out.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> out.append(n);
      }
    }
    return out.toString();
  }
}
