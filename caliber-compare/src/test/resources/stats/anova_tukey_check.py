#!/usr/bin/env python3
"""Independent check of caliber's two-way ANOVA without replication and randomised Tukey HSD.

Pure Python (no numpy or scipy): textbook formulas, the F distribution's upper tail through the
regularized incomplete beta function (continued fraction, Numerical Recipes' betacf), checked
against the closed form P(F(2, d) >= f) = (1 + 2 f / d)^(-d / 2), and Tukey HSD by enumerating
every within-topic permutation. Run from the repository root:

    python3 caliber-compare/src/test/resources/stats/anova_tukey_check.py

Its output is written into AnovaTest and TukeyHsdTest.
"""
import gzip
import itertools
import math
import os
from fractions import Fraction


def anova(x):
    k, n = len(x), len(x[0])
    grand = sum(map(sum, x)) / (k * n)
    row = [sum(r) / n for r in x]
    col = [sum(x[i][j] for i in range(k)) / k for j in range(n)]
    st = sum((v - grand) ** 2 for r in x for v in r)
    sa = n * sum((m - grand) ** 2 for m in row)
    sb = k * sum((m - grand) ** 2 for m in col)
    se = st - sa - sb
    fa, fb, fe = k - 1, n - 1, (k - 1) * (n - 1)
    va, vb, ve = sa / fa, sb / fb, se / fe
    return dict(ss_system=sa, ss_topic=sb, ss_error=se, ss_total=st, df=(fa, fb, fe, k * n - 1),
                ms_system=va, ms_topic=vb, ms_error=ve, f_system=va / ve, f_topic=vb / ve,
                p_system=f_sf(va / ve, fa, fe), p_topic=f_sf(vb / ve, fb, fe),
                eta2=sa / st, partial_eta2=sa / (sa + se), omega2=(sa - fa * ve) / (st + ve))


def betacf(a, b, x):
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / d
    h = d
    for m in range(1, 10000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        c = 1.0 + aa / c
        d = 1.0 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        c = 1.0 + aa / c
        d = 1.0 / d
        de = d * c
        h *= de
        if abs(de - 1.0) < 1e-16:
            break
    return h


def betai(a, b, x):
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    if x < (a + 1) / (a + b + 2):
        return math.exp(lbt) * betacf(a, b, x) / a
    return 1.0 - math.exp(lbt) * betacf(b, a, 1 - x) / b


def f_sf(f, d1, d2):
    """P(F(d1, d2) >= f) = I_{d2 / (d2 + d1 f)}(d2 / 2, d1 / 2)."""
    return betai(d2 / 2.0, d1 / 2.0, d2 / (d2 + d1 * f))


def tukey_exact(x):
    """Exact randomised Tukey HSD: every within-topic permutation, p = hits / (k!)^n."""
    k, n = len(x), len(x[0])
    sums = [sum(r) for r in x]
    perms = list(itertools.permutations(range(k)))
    pairs = [(a, b) for a in range(k) for b in range(a + 1, k)]
    hits = {p: 0 for p in pairs}
    total = 0
    for choice in itertools.product(perms, repeat=n):
        s = [sum(x[choice[j][i]][j] for j in range(n)) for i in range(k)]
        rng = max(s) - min(s)
        total += 1
        for (a, b) in pairs:
            if rng >= abs(sums[a] - sums[b]):
                hits[(a, b)] += 1
    return total, {p: (hits[p], Fraction(hits[p], total)) for p in pairs}


def show(name, result):
    print(name)
    for key, v in result.items():
        print("  %s = %r" % (key, v))


# the closed form the incomplete beta is checked against
for f, d in [(0.5, 2), (3.0, 10), (7.25, 30)]:
    assert abs(f_sf(f, 2, d) - (1 + 2 * f / d) ** (-d / 2)) < 1e-13, (f, d)

SMALL = [[0.50, 0.20, 0.90, 0.40, 0.70, 0.30],
         [0.60, 0.25, 0.80, 0.55, 0.75, 0.45],
         [0.30, 0.10, 0.60, 0.20, 0.50, 0.35],
         [0.45, 0.30, 0.95, 0.50, 0.65, 0.40]]
show("4 x 6", anova(SMALL))
THREE = [row[:] for row in SMALL[:3]]
a3 = anova(THREE)
show("3 x 6 (first three rows)", a3)
print("  closed form p_system = %r" % ((1 + 2 * a3["f_system"] / a3["df"][2]) ** (-a3["df"][2] / 2)))

TINY = [[Fraction(1), Fraction(1, 2), Fraction(1, 3)],
        [Fraction(0), Fraction(1, 2), Fraction(1, 4)],
        [Fraction(1, 2), Fraction(0), Fraction(0)]]
total, result = tukey_exact(TINY)
print("tukey 3 x 3 exact, %d assignments" % total)
for p, (h, pv) in result.items():
    print("  pair %s: hits %d, p %s" % (p, h, pv))

ref = "data/trec2003-robust/reference/trec_eval-10.0-rc3-q-all_trec"
if os.path.isdir(ref):
    runs = {}
    for name in sorted(os.listdir(ref)):
        values = {}
        with gzip.open(os.path.join(ref, name), "rt") as f:
            for line in f:
                parts = line.split()
                if parts[0] == "map" and parts[1] != "all":
                    values[parts[1]] = float(parts[2])
        runs[name[: -len(".txt.gz")]] = values
    topics = sorted(set.intersection(*(set(v) for v in runs.values())))
    x = [[runs[r][t] for t in topics] for r in sorted(runs)]
    show("TREC 2003 Robust, AP as trec_eval 10.0 prints it (4 decimals), %d runs x %d topics" % (len(x), len(topics)),
         anova(x))
