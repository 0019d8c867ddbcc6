package dev.caliber.compare;

import dev.caliber.compare.stats.Bootstrap;
import dev.caliber.compare.stats.Interval;
import dev.caliber.measure.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The bootstrap intervals of many comparisons' deltas (the one rule of every comparison's
 * interval, overall and per facet value): each comparison draws its units ({@link Units}: queries,
 * or with query groups whole groups) from a generator of the settings' seed, and the comparisons
 * whose units have one shape (one number of queries, or the same group sizes) draw the same
 * indexes, so they are drawn once for all of them ({@link Bootstrap.Batch}). Any number of threads
 * may share the work ({@link #lanes}, {@link #work}); the intervals do not depend on them.
 */
final class Intervals {
  private final int count;
  private final List<List<Integer>> members = new ArrayList<>();
  private final List<Bootstrap.Batch> batches = new ArrayList<>();
  private final List<Bootstrap.Batch> lanes = new ArrayList<>();

  /**
   * Prepares the bootstraps; nothing is drawn yet.
   *
   * @param deltas each comparison's deltas, in query-set order
   * @param settings the resamples, confidence, seed and query groups
   */
  Intervals(List<List<QueryDelta>> deltas, CompareSettings settings) {
    count = deltas.size();
    List<Units> units = deltas.stream().map(ds -> Units.of(ds.stream().map(QueryDelta::query).toList(), settings.groups())).toList();
    List<double[]> decimals = IntStream.range(0, count)
        .mapToObj(i -> units.get(i).sums(deltas.get(i).stream().map(QueryDelta::delta).toList()).stream()
            .mapToDouble(Value::decimal).toArray())
        .toList();
    Map<List<Integer>, List<Integer>> byShape = new LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      if (decimals.get(i).length > 0) {
        int[] sizes = units.get(i).sizes();
        List<Integer> shape = sizes == null ? List.of(decimals.get(i).length) : IntStream.of(sizes).boxed().toList();
        byShape.computeIfAbsent(shape, n -> new ArrayList<>()).add(i);
      }
    }
    for (List<Integer> same : byShape.values()) {
      Bootstrap.Batch batch = Bootstrap.Batch.of(same.stream().map(decimals::get).toList(), units.get(same.get(0)).sizes(),
          settings.resamples(), settings.confidence(), settings.seed());
      members.add(same);
      batches.add(batch);
      for (int lane = 0; lane < batch.lanes(); lane++) {
        lanes.add(batch);
      }
    }
  }

  /**
   * How many tasks may usefully call {@link #work}.
   *
   * @return the lanes of every batch, together
   */
  int lanes() {
    return lanes.size();
  }

  /**
   * Draws and sums resamples of one lane's batch until none is left.
   *
   * @param lane from 0 to {@link #lanes()} - 1
   */
  void work(int lane) {
    lanes.get(lane).work();
  }

  /**
   * The intervals, once every lane's work has returned.
   *
   * @return one per comparison, in the deltas' order; null for a comparison without deltas
   */
  Interval[] intervals() {
    Interval[] out = new Interval[count];
    for (int g = 0; g < members.size(); g++) {
      List<Interval> cis = batches.get(g).intervals();
      for (int j = 0; j < members.get(g).size(); j++) {
        out[members.get(g).get(j)] = cis.get(j);
      }
    }
    return out;
  }

  /**
   * Every interval, the lanes run in parallel: for a caller with nothing else to run beside them.
   *
   * @param deltas each comparison's deltas
   * @param settings the settings
   * @return one per comparison, null for a comparison without deltas
   */
  static Interval[] of(List<List<QueryDelta>> deltas, CompareSettings settings) {
    Intervals i = new Intervals(deltas, settings);
    IntStream.range(0, i.lanes()).parallel().forEach(i::work);
    return i.intervals();
  }
}
