package dev.caliber.api.source;

import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Queries;

/**
 * Corpus and queries, for the chunk adapter ({@link ProtocolSource#corpusAndQueries}).
 *
 * @param corpus the documents
 * @param queries the queries with their splits
 * @param split the split the adapter keeps
 */
public record CorpusAndQueries(Corpus corpus, Queries queries, String split) {}
