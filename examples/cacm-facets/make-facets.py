"""Writes facets.tsv for CACM's 52 judged topics: two facets derived from the bundled files.

length:   the topic's text in words (as caliber reads a <DOC> topic: its body after <DOCNO>),
          "short" up to 15 words, "long" above.
judged:   how many relevant documents the topic has in qrels.cacm.txt, "few" up to 10, "many" above.

Run from the repository's root: python3 examples/cacm-facets/make-facets.py > examples/cacm-facets/facets.tsv
"""
import re
from collections import Counter

topics = open("data/cacm/topics.cacm.txt", encoding="utf-8").read()
words = {}
for doc in re.findall(r"<DOC>(.*?)</DOC>", topics, re.S):
    qid = re.search(r"<DOCNO>\s*(\S+)\s*</DOCNO>", doc).group(1)
    body = re.sub(r"<DOCNO>.*?</DOCNO>", "", doc, flags=re.S)
    words[qid] = len(body.split())
relevant = Counter()
for line in open("data/cacm/qrels.cacm.txt", encoding="utf-8"):
    q, _, _, label = line.split()
    if int(label) > 0:
        relevant[q] += 1
for q in sorted(relevant, key=int):
    print(f"{q}\tlength\t{'short' if words[q] <= 15 else 'long'}")
for q in sorted(relevant, key=int):
    print(f"{q}\tjudged\t{'few' if relevant[q] <= 10 else 'many'}")
