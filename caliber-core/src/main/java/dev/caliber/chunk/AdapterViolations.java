package dev.caliber.chunk;

/** The seed adapter's rejection messages, word for word (the {@code reason()} of each violation). */
public final class AdapterViolations {
  private AdapterViolations() {}

  /** Empty corpus. */
  public static final String CORPUS = "nonempty corpus dictionary required";
  /** An empty document ID. */
  public static final String CORPUS_IDS = "corpus document IDs must be nonempty strings";
  /** Empty query set. */
  public static final String QUERIES = "nonempty query dictionary required";
  /** Missing or empty split argument. */
  public static final String SPLIT = "split must be a nonempty string";
  /** An empty query ID or metadata that is not an object. */
  public static final String QUERY_IDS = "query IDs and metadata are invalid";
  /** A query whose split is missing, empty or not a string. */
  public static final String QUERY_SPLIT = "query split must be a nonempty string";
  /** The mapping or the chunk run is not an object. */
  public static final String SHAPES = "mapping and runs must be dictionaries";
  /** A mapping entry whose chunk or document ID is empty or not a string. */
  public static final String MAPPING_IDS = "chunk and document IDs must be strings";
  /** A mapping entry pointing at a document the corpus lacks, used or not. */
  public static final String MAPPING_OUTSIDE = "mapping points outside the corpus";
  /** The split selects no query. */
  public static final String EMPTY_SPLIT = "split has no queries";
  /** A chunk-run query outside the split. */
  public static final String WRONG_SPLIT_QUERY = "unknown or wrong-split query";
  /** A ranking that is not a list. */
  public static final String RANKING_SHAPE = "chunk ranking must be a list";
  /** A chunk the mapping does not know, or a non-string. */
  public static final String UNKNOWN_CHUNK = "unknown or invalid chunk ID";
  /** A chunk twice in one ranking, anywhere. */
  public static final String DUPLICATE_CHUNK = "duplicate chunk ID";
}
