package dev.caliber.remote;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

/** A server's base address, checked once, and path segments encoded for it. */
final class Address {
  private Address() {}

  /**
   * A base URL: http or https, a host, no user information, no query or fragment; any trailing
   * slash dropped.
   *
   * @param url the text
   * @return the URI
   * @throws IllegalArgumentException naming the problem
   */
  static URI base(String url) {
    if (url == null || url.isBlank()) {
      throw new IllegalArgumentException("illegal server URL: " + (url == null ? "null" : "empty") + ", must be such as http://127.0.0.1:9200");
    }
    URI uri;
    try {
      uri = new URI(url.strip());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("illegal server URL: \"" + url + "\": " + e.getReason(), e);
    }
    if (uri.getScheme() == null || !(uri.getScheme().equalsIgnoreCase("http") || uri.getScheme().equalsIgnoreCase("https"))
        || uri.getHost() == null) {
      throw new IllegalArgumentException("illegal server URL: \"" + url + "\", must be http:// or https:// and a host");
    }
    if (uri.getRawUserInfo() != null) {
      throw new IllegalArgumentException("illegal server URL: it holds credentials; name environment variables that hold them"
          + " instead (auth basic:USER_VAR:PASSWORD_VAR), so that no file or description caliber writes has them");
    }
    if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw new IllegalArgumentException("illegal server URL: \"" + url + "\" has a query or fragment, must be the server's base address");
    }
    String s = uri.toString();
    while (s.endsWith("/")) {
      s = s.substring(0, s.length() - 1);
    }
    return URI.create(s);
  }

  /**
   * A path segment or query value percent-encoded (UTF-8); letters, digits and {@code -._~*,}
   * stay as they are, so that an index pattern such as {@code logs-*,other} reads as written.
   *
   * @param s the text
   * @return the encoded text
   */
  static String encode(String s) {
    StringBuilder b = new StringBuilder();
    for (byte c : s.getBytes(StandardCharsets.UTF_8)) {
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || "-._~*,".indexOf(c) >= 0) {
        b.append((char) c);
      } else {
        b.append('%').append(Character.toUpperCase(Character.forDigit((c >> 4) & 0xF, 16)))
            .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
      }
    }
    return b.toString();
  }

  /**
   * A name that goes into a path: non-empty, no slash, no whitespace.
   *
   * @param name the name
   * @param what its kind for the message ("index", "core")
   * @return the name
   * @throws IllegalArgumentException if it is not one
   */
  static String name(String name, String what) {
    if (name == null || name.isEmpty() || name.contains("/") || name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("illegal " + what + ": " + (name == null ? "null" : "\"" + name + "\"")
          + ", must be a non-empty name without slashes or spaces");
    }
    return name;
  }
}
