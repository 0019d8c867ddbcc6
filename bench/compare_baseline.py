#!/usr/bin/env python3
"""The numpy/scipy baseline for `caliber compare`: the same statistics on the same deltas.

    python3 bench/compare_baseline.py BASELINE.tsv SYSTEM.tsv [--resamples N] [--permutations N] [--seed N]

Reads two per-query tables as `caliber evaluate --format tsv` writes them (run, query, missing,
returned, relevant, then one column per measure), pairs the queries, and for every measure
computes what `caliber compare` reports for one pair (docs/COMPARE.md): the mean delta, wins, ties
and losses, a percentile bootstrap interval of the mean delta (10,000 resamples of n deltas drawn
with replacement, type-7 quantiles), a two-sided paired randomization test (10,000 random sign
assignments, p = (hits + 1) / (permutations + 1)), scipy's paired t-test, Cohen's d_z, and Holm's
correction over the measures' randomization p-values. Vectorised numpy, in blocks of resamples so
that memory stays bounded (a 10,000 x 6,980 index matrix would be 560 MB). Doubles throughout:
caliber's exact fractions are not reproduced, and its random streams are not numpy's, so the
numbers agree only statistically; this is a cost baseline (bench/compare.sh times it).
"""
import argparse
import csv
import sys

import numpy as np
from scipy import stats

BLOCK = 250  # resamples (or permutations) per vectorised block


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f, delimiter="\t"))
    header, body = rows[0], rows[1:]
    measures = header[5:]
    values = {r[1]: [float(x) for x in r[5:]] for r in body if r[2] == "false"}
    return measures, values


def bootstrap(deltas, resamples, confidence, rng):
    n = len(deltas)
    means = np.empty(resamples)
    for start in range(0, resamples, BLOCK):
        stop = min(resamples, start + BLOCK)
        idx = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = deltas[idx].mean(axis=1)
    alpha = 1.0 - confidence
    return np.quantile(means, [alpha / 2, 1 - alpha / 2])  # type 7, numpy's default


def sign_flip(deltas, permutations, rng):
    d = deltas[deltas != 0.0]
    observed = abs(d.sum())
    magnitude = np.abs(d).sum()
    hits = 0
    for start in range(0, permutations, BLOCK):
        stop = min(permutations, start + BLOCK)
        signs = rng.integers(0, 2, size=(stop - start, len(d)), dtype=np.int8) * 2 - 1
        sums = np.abs(signs @ d)
        hits += int((sums >= observed - 1e-9 * magnitude).sum())
    return (hits + 1) / (permutations + 1)


def holm(p):
    order = np.argsort(p)
    m = len(p)
    adjusted = np.empty(m)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = running
    return adjusted


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("baseline")
    ap.add_argument("system")
    ap.add_argument("--resamples", type=int, default=10000)
    ap.add_argument("--permutations", type=int, default=10000)
    ap.add_argument("--confidence", type=float, default=0.95)
    ap.add_argument("--seed", type=int, default=42)
    args = ap.parse_args()
    measures, base = read(args.baseline)
    measures2, sys_ = read(args.system)
    if measures != measures2:
        sys.exit(f"compare_baseline.py: the tables' measures differ: {measures} and {measures2}")
    queries = [q for q in base if q in sys_]
    b = np.array([base[q] for q in queries])
    s = np.array([sys_[q] for q in queries])
    results = []
    for j, m in enumerate(measures):
        rng = np.random.default_rng(args.seed)
        d = s[:, j] - b[:, j]
        lo, hi = bootstrap(d, args.resamples, args.confidence, rng)
        p = sign_flip(d, args.permutations, np.random.default_rng(args.seed))
        t = stats.ttest_rel(s[:, j], b[:, j])
        sd = d.std(ddof=1)
        dz = d.mean() / sd if sd > 0 else float("nan")
        results.append((m, d.mean(), int((d > 0).sum()), int((d == 0).sum()), int((d < 0).sum()), lo, hi, p,
                        t.statistic, t.pvalue, dz))
    adjusted = holm(np.array([r[7] for r in results]))
    print("measure\tmean_delta\twins\tties\tlosses\tci_low\tci_high\tp\tholm_p\tt\tt_p\td_z")
    for r, h in zip(results, adjusted):
        m, mean, w, ti, lo_, cl, ch, p, t, tp, dz = r
        print(f"{m}\t{mean:.6f}\t{w}\t{ti}\t{lo_}\t{cl:.6f}\t{ch:.6f}\t{p:.6f}\t{h:.6f}\t{t:.4f}\t{tp:.6f}\t{dz:.4f}")


if __name__ == "__main__":
    main()
