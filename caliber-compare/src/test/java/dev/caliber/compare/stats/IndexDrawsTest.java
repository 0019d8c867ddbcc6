package dev.caliber.compare.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.rng.UniformRandomProvider;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** {@link IndexDraws} and the bootstraps drawing from it against {@code rng.nextInt(n)} of Commons RNG itself, on every path. */
class IndexDrawsTest {
  private static void assertSameAsTheLibrary(long seed, int n, int count, int chunk) {
    UniformRandomProvider rng = Generators.create(seed);
    IndexDraws draws = new IndexDraws(seed, n);
    int[] out = new int[chunk];
    for (int done = 0; done < count; done += chunk) {
      draws.fill(out);
      for (int i = 0; i < chunk; i++) {
        assertThat(out[i]).as("draw %d of n = %d, seed %d", done + i, n, seed).isEqualTo(rng.nextInt(n));
      }
    }
  }

  @Property(tries = 200)
  void draws_are_the_librarys_next_int(@ForAll long seed, @ForAll @IntRange(min = 1, max = 100_000) int n,
      @ForAll @IntRange(min = 1, max = 9) int chunk) {
    // chunks of odd and even sizes: the kept half of a long crosses from one fill to the next
    assertSameAsTheLibrary(seed, n, 9 * 40, chunk);
  }

  @Test
  void the_seeding_is_the_librarys_for_seeds_at_the_edges() {
    // the seed's SplitMix64 conversion, on seeds whose sums with the increment wrap around
    for (long seed : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x9e3779b97f4a7c15L, -0x9e3779b97f4a7c15L, 42}) {
      for (int n : new int[] {1, 2, 3, 6980, 100_000, Integer.MAX_VALUE}) {
        assertSameAsTheLibrary(seed, n, 64 * 5, 64);
      }
    }
  }

  @Property(tries = 30)
  void long_streams_stay_the_librarys(@ForAll long seed, @ForAll @IntRange(min = 1, max = 100_000) int n) {
    // long enough that every bound here is likely to meet rejections (2^32 mod n / 2^32 per draw)
    assertSameAsTheLibrary(seed, n, 100_000, 1000);
  }

  @Test
  void rejected_draws_are_drawn_again_as_the_library_does() {
    // GIVEN bounds for which 2^32 mod n is large: about a quarter of the draws are rejected
    for (int n : new int[] {(1 << 30) + 1, (1 << 30) + 12_345, Integer.MAX_VALUE, 3 * (1 << 29) + 7}) {
      // WHEN and THEN: 20,000 draws each, in chunks of 7 (odd, so that halves cross chunks)
      assertSameAsTheLibrary(n * 31L, n, 7 * 3000, 7);
    }
  }

  @Test
  void the_bootstraps_6980_queries_reject_now_and_then_and_still_agree() {
    // 2^32 mod 6980 = 4176: a rejection in about 1 in a million draws; 3 million draws here
    int draws = 6980 * 430;
    // GIVEN a seed whose first draws hold a rejected one (a low half of x * n below 4176), so that
    // the test does reach the path its name says
    UniformRandomProvider raw = Generators.create(42);
    int rejected = 0;
    for (int i = 0; i < draws; i++) {
      rejected += ((Integer.toUnsignedLong(raw.nextInt()) * 6980) & 0xffffffffL) < (1L << 32) % 6980 ? 1 : 0;
    }
    assertThat(rejected).as("rejected draws among the first %d", draws).isPositive();
    // WHEN and THEN
    assertSameAsTheLibrary(42, 6980, draws, 6980);
  }

  @Property(tries = 50)
  void the_seeded_bootstrap_is_the_generator_bootstrap(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 200) int n, @ForAll @IntRange(min = 1, max = 300) int resamples) {
    double[] deltas = new double[n];
    for (int i = 0; i < n; i++) {
      deltas[i] = ((seed >>> (i % 60)) & 7) / 7.0 - 0.5 + i * 1e-3;
    }
    assertThat(Bootstrap.percentileInterval(deltas, resamples, 0.95, seed))
        .isEqualTo(Bootstrap.percentileInterval(deltas, resamples, 0.95, Generators.create(seed)));
  }

  @Property(tries = 60)
  void each_sample_of_a_group_gets_its_own_generator_bootstrap(@ForAll long seed,
      @ForAll @IntRange(min = 1, max = 120) int n, @ForAll @IntRange(min = 1, max = 9) int samples,
      @ForAll @IntRange(min = 1, max = 200) int resamples) {
    // GIVEN 1 to 9 samples of n deltas (summed 4, then the rest, side by side), zeros among them
    List<double[]> group = samples(~seed, samples, n);
    // WHEN
    List<Interval> together = Bootstrap.percentileIntervals(group, resamples, 0.9, seed);
    // THEN
    assertThat(together).hasSize(samples);
    for (int j = 0; j < samples; j++) {
      assertThat(together.get(j)).as("sample %d of %d", j, samples)
          .isEqualTo(Bootstrap.percentileInterval(group.get(j), resamples, 0.9, Generators.create(seed)));
    }
  }

  @Test
  void a_group_refuses_samples_of_different_lengths() {
    assertThatThrownBy(() -> Bootstrap.percentileIntervals(List.of(new double[2], new double[3]), 10, 0.95, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("of 2 and 3 deltas");
    assertThatThrownBy(() -> Bootstrap.percentileIntervals(List.of(), 10, 0.95, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("none given");
  }
  private static List<double[]> samples(long seed, int count, int n) {
    UniformRandomProvider values = Generators.create(seed);
    List<double[]> group = new ArrayList<>();
    for (int j = 0; j < count; j++) {
      double[] deltas = new double[n];
      for (int i = 0; i < n; i++) {
        deltas[i] = values.nextInt(3) == 0 ? 0.0 : values.nextDouble() - 0.5;
      }
      group.add(deltas);
    }
    return group;
  }

  @Property(tries = 20)
  void a_batch_shared_by_threads_gives_one_threads_intervals(@ForAll long seed, @ForAll @IntRange(min = 1, max = 400) int n,
      @ForAll @IntRange(min = 1, max = 6) int count, @ForAll @IntRange(min = 1, max = 5) int threads) throws InterruptedException {
    // GIVEN samples and a batch that several threads draw from at once
    List<double[]> group = samples(seed, count, n);
    int resamples = 1500;
    Bootstrap.Batch batch = Bootstrap.Batch.of(group, resamples, 0.9, seed);
    List<Thread> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread thread = new Thread(batch::work);
      running.add(thread);
      thread.start();
    }
    for (Thread thread : running) {
      thread.join();
    }
    // WHEN
    List<Interval> shared = batch.intervals();
    // THEN each interval is the one-sample definition's, drawn by one generator in order
    for (int j = 0; j < count; j++) {
      assertThat(shared.get(j)).as("sample %d of %d, %d threads", j, count, threads)
          .isEqualTo(Bootstrap.percentileInterval(group.get(j), resamples, 0.9, Generators.create(seed)));
    }
  }

  @Test
  void a_bootstrap_large_enough_for_several_lanes_gives_the_definitions_intervals() {
    // GIVEN more than 2^22 draws (n * B), where percentileIntervals hands resamples to the pool
    List<double[]> group = samples(5, 5, 2_111);
    int resamples = 2_000;
    assertThat(Bootstrap.Batch.of(group, resamples, 0.95, 7).lanes())
        .isEqualTo(Math.min(resamples, java.util.concurrent.ForkJoinPool.getCommonPoolParallelism() + 1));
    // WHEN
    List<Interval> together = Bootstrap.percentileIntervals(group, resamples, 0.95, 7);
    // THEN
    for (int j = 0; j < group.size(); j++) {
      assertThat(together.get(j)).isEqualTo(Bootstrap.percentileInterval(group.get(j), resamples, 0.95, Generators.create(7)));
    }
    assertThat(Bootstrap.Batch.of(samples(5, 1, 2_000), 2_000, 0.95, 7).lanes()).as("below 2^22 draws").isEqualTo(1);
  }

  @Test
  void a_batch_gives_no_intervals_before_its_resamples_are_summed() {
    Bootstrap.Batch batch = Bootstrap.Batch.of(samples(1, 2, 10), 100, 0.95, 1);
    assertThatThrownBy(batch::intervals).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("0 of 100 resamples summed");
    batch.work();
    batch.work(); // a second call finds nothing left
    assertThat(batch.intervals()).hasSize(2).isEqualTo(batch.intervals());
  }
}
