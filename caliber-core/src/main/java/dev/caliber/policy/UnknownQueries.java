package dev.caliber.policy;

/** What a run query outside the protocol's query set means. */
public enum UnknownQueries {
  /** The seed's rule: the run is rejected. */
  ERROR,
  /** trec_eval's rule, made visible: the query is not scored and is listed in the result. */
  LIST
}
