#!/usr/bin/env python3
"""Rank-biased overlap computed from its definition, independently of caliber's Java.

Webber, Moffat and Zobel (2010), "A similarity measure for indefinite rankings", ACM TOIS 28(4):

    RBO = (1 - p) * sum over d = 1, 2, ... of p^(d-1) * X_d / d

where X_d is the overlap of the two rankings' prefixes of depth d. Only a prefix of each ranking
is seen (S, the shorter, of length s; L of length l), so X_d beyond what is seen is assumed:

    RBO_min  no further overlap: X_d = the overlap seen (constant beyond l)
    RBO_max  all the overlap the unseen items could make: X_d + (d - s) for s < d <= l, and
             min(d, X_l + (d - s) + (d - l)) beyond l
    RBO_ext  the agreement seen at depth s goes on: X_d + (d - s) * X_s / s for s < d <= l, and an
             agreement of (X_l - X_s) / l + X_s / s at every depth beyond l (section 4.3)
    RBO_res  RBO_max - RBO_min

The sum is taken term by term (math.fsum) to a depth past which every term is below 1e-20, not
through the closed forms (eq. 11, eq. 32, the residual) that the Java code uses. Two empty
rankings: RBO_ext is 1 (the rankings are the same); one empty ranking: RBO_ext is 0.

Usage:
    python3 rbo_reference.py toy
    python3 rbo_reference.py runs P DEPTH RUN_A RUN_B
    python3 rbo_reference.py residuals P RUN_A RUN_B QUERY...

"runs" reads two TREC runs (qid Q0 docid rank score tag, gzip by name), ranks each query by
score descending with ties by document ID descending in code point order (trec_eval's rule),
keeps the first DEPTH documents of each ranking (0: all of them), takes the union of the two runs' queries in code point order (a query one run lacks is an empty
ranking there), and prints one line per query: query, |A|, |B|, RBO_min, RBO_res, RBO_ext (repr),
then the means over the queries. "residuals" prints RBO_res of whole rankings to 20 significant
digits, summing RBO_max's agreement less RBO_min's depth by depth in 80-digit decimal arithmetic,
for residuals far below a double's rounding of RBO_max - RBO_min (10^-48 at 1,000 documents).
"toy" prints ranking A, ranking B (one letter a document, - for
an empty ranking), p, RBO_min, RBO_res, RBO_ext. Fields are separated by one space.
"""

import decimal
import gzip
import math
import sys


def overlap_counts(short, long_):
    """X_d for d = 0 .. len(long_): the overlap of the seen prefixes at each depth."""
    rank_short = {doc: i + 1 for i, doc in enumerate(short)}
    rank_long = {doc: i + 1 for i, doc in enumerate(long_)}
    entered = [0] * (len(long_) + 1)
    for doc, r in rank_short.items():
        if doc in rank_long:
            # a common item is in both prefixes from the deeper of its two ranks on
            entered[max(r, rank_long[doc])] += 1
    x = [0] * (len(long_) + 1)
    for d in range(1, len(long_) + 1):
        x[d] = x[d - 1] + entered[d]
    return x


def rbo(a, b, p):
    """(RBO_min, RBO_res, RBO_ext) of two rankings (lists of distinct IDs) with persistence p."""
    assert len(set(a)) == len(a) and len(set(b)) == len(b)
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    s, l = len(short), len(long_)
    x = overlap_counts(short, long_)
    x_s, x_l = x[s], x[l]
    depth = l + s + int(math.ceil(math.log(1e-20) / math.log(p))) + 1

    def seen(d):
        return x[min(d, l)]

    def x_min(d):
        return seen(d)

    def x_max(d):
        if d <= s:
            return seen(d)
        if d <= l:
            return seen(d) + (d - s)
        return min(d, x_l + (d - s) + (d - l))

    def x_ext(d):
        if s == 0:
            return d if l == 0 else 0
        if d <= s:
            return seen(d)
        if d <= l:
            return seen(d) + (d - s) * x_s / s
        return d * ((x_l - x_s) / l + x_s / s)

    def total(xd):
        return (1 - p) * math.fsum(p ** (d - 1) * xd(d) / d for d in range(1, depth + 1))

    low = total(x_min)
    high = total(x_max)
    return low, high - low, total(x_ext)


def read_run(path):
    opener = gzip.open if path.endswith(".gz") else open
    runs = {}
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            if not fields:
                continue
            query, doc, score = fields[0], fields[2], float(fields[4])
            runs.setdefault(query, []).append((doc, score))
    ranked = {}
    for query, entries in runs.items():
        entries.sort(key=lambda e: e[0], reverse=True)  # ties: document ID descending
        entries.sort(key=lambda e: -e[1])  # stable: score descending
        ranked[query] = [doc for doc, _ in entries]
    return ranked


def runs(p, depth, path_a, path_b):
    a, b = read_run(path_a), read_run(path_b)
    queries = sorted(set(a) | set(b))
    rows = []
    for q in queries:
        ra, rb = a.get(q, []), b.get(q, [])
        if depth > 0:
            ra, rb = ra[:depth], rb[:depth]
        low, res, ext = rbo(ra, rb, p)
        rows.append((low, res, ext))
        print(" ".join([q, str(len(ra)), str(len(rb)), repr(low), repr(res), repr(ext)]))
    n = len(rows)
    print(" ".join(["mean", str(n), "-", repr(math.fsum(r[0] for r in rows) / n), repr(math.fsum(r[1] for r in rows) / n),
                     repr(math.fsum(r[2] for r in rows) / n)]))


def residuals(p, path_a, path_b, queries):
    decimal.getcontext().prec = 80
    a, b = read_run(path_a), read_run(path_b)
    pd = decimal.Decimal(repr(p))
    for q in queries:
        ra, rb = a.get(q, []), b.get(q, [])
        short, long_ = (ra, rb) if len(ra) <= len(rb) else (rb, ra)
        s, l = len(short), len(long_)
        x_l = overlap_counts(short, long_)[l]
        f = l + s - x_l
        total = decimal.Decimal(0)
        # until the terms left are below 10^-60 of the first
        for d in range(s + 1, f + int(math.ceil(math.log(1e-60) / math.log(p))) + 1):
            if d <= l:
                gap = decimal.Decimal(d - s) / d  # RBO_max's agreement less RBO_min's
            elif d <= f:
                gap = decimal.Decimal(2 * d - l - s) / d
            else:
                gap = 1 - decimal.Decimal(x_l) / d
            total += gap * pd ** d
        res = (1 - pd) / pd * total
        print(" ".join([q, str(s), str(l), "{:.19e}".format(res)]))


def toy():
    alphabet = list("abcdefghijklmnopqrstuvwxyz")
    cases = [
        ("abcdefg", "abcdefg", 0.9),
        ("abcdefg", "abcdefghijklmnopqrstuvwxyz", 0.9),
        ("abcdefghij", "jihgfedcba", 0.9),
        ("abcde", "fghij", 0.9),
        ("abcdefghijklmnopqrstuvwxyz", "f", 0.9),
        ("abcdefghijklmnopqrstuvwxyz", "zclx", 0.9),
        ("abcdefghijklmnopqrstuvwxyz", "karfvodcjmwgzlypebunq", 0.9),
        ("abcdefghijklmnopqrstuvwxyz", "av", 0.2),
        ("abcdefghijklmnopqrstuvwxyz", "b", 0.2),
        ("abc", "", 0.9),
        ("", "", 0.9),
    ]
    assert alphabet == list(cases[1][1])
    for a, b, p in cases:
        low, res, ext = rbo(list(a), list(b), p)
        print(" ".join([a or "-", b or "-", repr(p), repr(low), repr(res), repr(ext)]))


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "toy":
        toy()
    elif len(sys.argv) >= 6 and sys.argv[1] == "residuals":
        residuals(float(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) == 6 and sys.argv[1] == "runs":
        runs(float(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5])
    else:
        sys.exit(__doc__)
