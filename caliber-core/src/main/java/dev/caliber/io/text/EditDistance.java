package dev.caliber.io.text;

/**
 * How far a typed word is from a known one, for the "did you mean" of an unknown option, command or
 * measure name: one rule for every suggestion caliber makes.
 */
public final class EditDistance {
  private EditDistance() {}

  /**
   * Whether {@code typed} is a near miss of {@code known}: at most one edit per four letters of the
   * shorter word, and at least one (a letter left out, added, changed or two swapped count as one).
   *
   * @param typed what the user wrote, not null
   * @param known a name caliber knows, not null
   * @return true when the name is worth suggesting
   */
  public static boolean nearMiss(String typed, String known) {
    return distance(typed, known) <= Math.max(1, Math.min(typed.length(), known.length()) / 4);
  }

  /**
   * The edit distance of two short strings: insertions, deletions, substitutions and swaps of two
   * neighbours ({@code --rnu} for {@code --run}), each one edit (the optimal string alignment
   * distance). Written here: a library for these lines would cost every command its start-up.
   *
   * @param a one string, not null
   * @param b another, not null
   * @return the number of edits, 0 for equal strings
   */
  public static int distance(String a, String b) {
    int[] before = new int[b.length() + 1];
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int change = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + change);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          cur[j] = Math.min(cur[j], before[j - 2] + 1);
        }
      }
      int[] t = before;
      before = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
