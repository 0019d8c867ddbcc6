package dev.caliber.engine;

import dev.caliber.measure.Measure;
import dev.caliber.policy.Policy;
import dev.caliber.protocol.Corpus;
import dev.caliber.protocol.Preferences;
import dev.caliber.protocol.Qrels;
import java.util.List;

/**
 * A protocol as the engine reads it: the parts of an {@code EvalProtocol}, already validated by it
 * (distinct query IDs, at least one measure, labels within the gain's range), without its
 * fingerprint.
 *
 * @param qrels the judgments every measure but the judgment groups' sees
 * @param groups one qrels per judgment group; empty for none
 * @param preferences the preference judgments, or null
 * @param querySet the query IDs that count, in report order
 * @param querySetSource how the query set was fixed, as violations name it
 * @param corpus the corpus, or null
 * @param policy every rule that changes a number
 * @param measures the measures in report order, without duplicates
 */
public record ProtocolParts(Qrels qrels, List<Qrels> groups, Preferences preferences, List<String> querySet,
    String querySetSource, Corpus corpus, Policy policy, List<Measure> measures) {}
