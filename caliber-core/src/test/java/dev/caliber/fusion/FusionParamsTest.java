package dev.caliber.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import dev.caliber.error.InputSyntaxException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The params file that fuse --tune writes and fuse --params reads: written in one order, read back strictly. */
class FusionParamsTest {
  private static final String SHA = "a".repeat(64);

  private static FusionParams wsum() {
    return new FusionParams(new Fusion(new WeightedSum(List.of(0.6, 0.4)), Normalization.MIN_MAX), "AP", "0.2902", "1637/5641",
        "the 26 queries listed in dev-queries.txt", "f".repeat(64), "weights=simplex:0.1",
        List.of(new FusionParams.Run("bm25", SHA), new FusionParams.Run("ql", "b".repeat(64))));
  }

  @Test
  void should_read_back_what_it_writes(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("p.json"), wsum().toJson());
    FusionParams read = FusionParams.read(file);
    assertThat(read.toJson()).isEqualTo(wsum().toJson());
    assertThat(read.fusion().method().name()).isEqualTo("wsum");
    assertThat(read.fusion().normalization()).isEqualTo(Normalization.MIN_MAX);
    assertThat(read.runs()).containsExactly(new FusionParams.Run("bm25", SHA), new FusionParams.Run("ql", "b".repeat(64)));
    assertThat(List.of(read.measure(), read.value(), read.exact(), read.queries(), read.grid()))
        .containsExactly("AP", "0.2902", "1637/5641", "the 26 queries listed in dev-queries.txt", "weights=simplex:0.1");
    assertThat(read.protocolSha256()).isEqualTo("f".repeat(64));
    assertThat(wsum().toJson()).startsWith("{\n  \"format\": \"caliber-fusion-params 1\",\n  \"method\": \"wsum\",");
  }

  @Test
  void should_read_gzip_as_every_json_input_and_name_a_directory(@TempDir Path dir) throws IOException {
    // GIVEN the file gzipped, as every other JSON input may be
    Path gz = dir.resolve("p.json.gz");
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write(wsum().toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    assertThat(FusionParams.read(gz).toJson()).isEqualTo(wsum().toJson());
    // and a directory given for it: an I/O error that names it
    Path folder = Files.createDirectory(dir.resolve("params"));
    assertThatExceptionOfType(IOException.class).isThrownBy(() -> FusionParams.read(folder))
        .withMessageContaining(folder.toString());
  }

  @Test
  void should_read_rrf_s_k(@TempDir Path dir) throws IOException {
    FusionParams rrf = new FusionParams(new Fusion(new Rrf(20), Normalization.NONE), "AP", "0.3", "3/10", "q", SHA, "k=20,60",
        List.of(new FusionParams.Run("a", SHA), new FusionParams.Run("b", SHA)));
    FusionParams read = FusionParams.read(Files.writeString(dir.resolve("p.json"), rrf.toJson()));
    assertThat(read.toJson()).isEqualTo(rrf.toJson()).contains("\"k\": 20");
  }

  @Test
  void should_refuse_each_kind_of_damage_with_the_json_path_and_what_was_expected(@TempDir Path dir) throws IOException {
    String good = wsum().toJson();
    assertRefused(dir, "[]", "expected an object {\"format\": \"caliber-fusion-params 1\", ...}");
    assertRefused(dir, good.replace("  \"grid\": \"weights=simplex:0.1\",\n", ""),
        "no member \"grid\"; expected the members of a file written by caliber fuse --tune --save-params");
    assertRefused(dir, good.replace("\"grid\"", "\"grids\""), "$.grids: not fusion parameters");
    assertRefused(dir, good.replace("\"format\": \"caliber-fusion-params 1\"", "\"format\": \"caliber-fusion-params 2\""),
        "expected \"caliber-fusion-params 1\"");
    assertRefused(dir, good.replace("\"measure\": \"AP\"", "\"measure\": 3"), "expected a string");
    assertRefused(dir, good.replace("\"method\": \"wsum\"", "\"method\": \"magic\""), "not fusion parameters");
    assertRefused(dir, good.replace("\"norm\": \"min-max\"", "\"norm\": \"loud\""), "not fusion parameters");
    assertRefused(dir, good.replace("\"runs\": [", "\"runs\": {\"x\": [").replace("]\n}", "]}\n}"),
        "expected an array of {\"name\": ..., \"sha256\": ...}");
    assertRefused(dir, good.replace("\"name\": \"bm25\",", "\"name\": \"bm25\", \"x\": 1,"), "expected {\"name\": ..., \"sha256\": ...}");
    assertRefused(dir, good.replace("0.6", "\"0.6\""), "expected a number");
    String rrf = new FusionParams(new Fusion(new Rrf(20), Normalization.NONE), "AP", "0.3", "3/10", "q", SHA, "k=20",
        List.of(new FusionParams.Run("a", SHA), new FusionParams.Run("b", SHA))).toJson();
    assertRefused(dir, rrf.replace("\"k\": 20", "\"k\": 99999999999"), "$.parameters.k: not fusion parameters");
    assertRefused(dir, rrf.replace("\"k\": 20", "\"k\": 99999999999"), "expected k, an integer of at most 2147483647");
    assertRefused(dir, good.replace("\"weights\"", "\"alpha\""), "expected k (an integer) or weights (an array of numbers)");
    assertRefused(dir, good.replace("\"parameters\": {", "\"parameters\": [{").replace("]\n  },", "]\n  }],"),
        "expected an object of the method's parameters");
    assertRefused(dir, good.replace("\"grid\": \"weights=simplex:0.1\",", "\"grid\": \"weights=simplex:0.1\", \"extra\": 1,"),
        "no member \"extra\"; the members are format, method");
  }

  private static void assertRefused(Path dir, String text, String expected) throws IOException {
    Path file = Files.writeString(dir.resolve("bad.json"), text);
    assertThatExceptionOfType(InputSyntaxException.class).isThrownBy(() -> FusionParams.read(file))
        .withMessageContaining("bad.json").withMessageContaining(expected);
  }
}
