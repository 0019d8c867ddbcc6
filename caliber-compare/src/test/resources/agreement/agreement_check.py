#!/usr/bin/env python3
"""Independent check of caliber's judgment agreement (caliber qrels compare).

From the definitions, not from caliber's integer shortcuts: Cohen's kappa as (p_o - p_e) / (1 - p_e)
and weighted kappa as 1 - sum(w * o) / sum(w * e) with numpy on proportions; Krippendorff's alpha
from the coincidence matrix built unit by unit, with the ordinal metric's halves as Krippendorff
(2011) writes them; each also in exact fractions (Python's fractions module). Kendall's tau-b from
scipy.stats.kendalltau; tau_AP from Yilmaz, Aslam and Robertson (2008), eq. 2. Run from the
repository root:

    python3 caliber-compare/src/test/resources/agreement/agreement_check.py

Its output is written into AgreementTest.
"""
from fractions import Fraction

import numpy as np
from scipy import stats

# (labels, confusion matrix: rows A, columns B)
TABLES = {
    # Krippendorff (2011), "Computing Krippendorff's alpha-reliability", section A: two observers,
    # ten units, binary data; published alpha 0.095
    "krippendorff_binary": ([0, 1], [[5, 3], [1, 1]]),
    # graded labels 0..3
    "graded": ([0, 1, 2, 3], [[30, 6, 2, 0], [5, 14, 6, 1], [1, 4, 11, 3], [0, 1, 3, 7]]),
    # labels with a gap: three categories, 3 apart from 1 on the interval scale
    "gap": ([0, 1, 3], [[12, 3, 1], [2, 6, 2], [0, 3, 5]]),
}


def units(labels, m):
    """The (a, b) label pairs the matrix counts, one per unit."""
    return [(labels[i], labels[j]) for i in range(len(labels)) for j in range(len(labels)) for _ in range(m[i][j])]


def kappa(m, weights):
    o = np.array(m, dtype=float)
    o /= o.sum()
    e = np.outer(o.sum(axis=1), o.sum(axis=0))
    return 1 - (weights * o).sum() / (weights * e).sum()


def kappa_exact(m, w):
    n = sum(map(sum, m))
    k = len(m)
    r = [sum(m[i]) for i in range(k)]
    c = [sum(m[i][j] for i in range(k)) for j in range(k)]
    do = sum(w(i, j) * Fraction(m[i][j], n) for i in range(k) for j in range(k))
    de = sum(w(i, j) * Fraction(r[i], n) * Fraction(c[j], n) for i in range(k) for j in range(k))
    return 1 - do / de


def binary_kappa(labels, m, threshold):
    b = [[0, 0], [0, 0]]
    for a, bb in units(labels, m):
        b[int(a >= threshold)][int(bb >= threshold)] += 1
    o = np.array(b, dtype=float) / sum(map(sum, b))
    po = np.trace(o)
    pe = (o.sum(axis=1) * o.sum(axis=0)).sum()
    return (po - pe) / (1 - pe), kappa_exact(b, lambda i, j: int(i != j))


def alpha_exact(labels, m, metric):
    values = sorted(labels)
    o = {(c, k): Fraction(0) for c in values for k in values}
    for a, b in units(labels, m):  # m_u = 2: each ordered pair of a unit's values, over m_u - 1 = 1
        o[(a, b)] += 1
        o[(b, a)] += 1
    nc = {c: sum(o[(c, k)] for k in values) for c in values}
    n = sum(nc.values())

    def delta(c, k):
        if metric == "nominal":
            return Fraction(int(c != k))
        if metric == "interval":
            return Fraction((c - k) ** 2)
        lo, hi = min(c, k), max(c, k)
        return (sum(nc[g] for g in values if lo <= g <= hi) - (nc[c] + nc[k]) / Fraction(2)) ** 2

    do = sum(o[(c, k)] * delta(c, k) for c in values for k in values) / n
    de = sum(nc[c] * nc[k] * delta(c, k) for c in values for k in values) / (n * (n - 1))
    return 1 - do / de


for name, (labels, m) in TABLES.items():
    k = len(labels)
    idx = np.arange(k)
    lin = np.abs(idx[:, None] - idx[None, :]) / (k - 1)
    quad = lin ** 2
    kb, kb_exact = binary_kappa(labels, m, 1)
    print(name)
    print("  raw agreement      ", Fraction(sum(m[i][i] for i in range(k)), sum(map(sum, m))))
    print("  binary kappa (t=1) ", kb_exact, repr(float(kb)))
    print("  nominal kappa      ", kappa_exact(m, lambda i, j: int(i != j)), repr(float(kappa(m, 1 - np.eye(k)))))
    print("  linear kappa       ", kappa_exact(m, lambda i, j: Fraction(abs(i - j), k - 1)), repr(float(kappa(m, lin))))
    print("  quadratic kappa    ", kappa_exact(m, lambda i, j: Fraction(i - j, k - 1) ** 2), repr(float(kappa(m, quad))))
    for metric in ("nominal", "ordinal", "interval"):
        a = alpha_exact(labels, m, metric)
        print("  alpha %-13s" % metric, a, repr(float(a)))

# system means under two judgment sets; the second has a tie
SYSTEMS_A = [0.61, 0.55, 0.58, 0.40, 0.47, 0.52]
SYSTEMS_B = [0.57, 0.57, 0.49, 0.38, 0.50, 0.45]
SYSTEMS_C = [0.53, 0.60, 0.44, 0.41, 0.51, 0.56]


def tau_ap(reference, estimate):
    order = sorted(range(len(estimate)), key=lambda i: -estimate[i])
    n = len(order)
    total = sum(Fraction(sum(reference[order[j]] > reference[order[i]] for j in range(i)), i) for i in range(1, n))
    return Fraction(2, n - 1) * total - 1


print("tau-b A,B", repr(float(stats.kendalltau(SYSTEMS_A, SYSTEMS_B, variant="b").statistic)))
print("tau-b A,C", repr(float(stats.kendalltau(SYSTEMS_A, SYSTEMS_C, variant="b").statistic)))
print("tau_AP C against A", tau_ap(SYSTEMS_A, SYSTEMS_C))
print("tau_AP A against C", tau_ap(SYSTEMS_C, SYSTEMS_A))
