"""The regression guard: compares a fresh (short) bench with the committed docs/benchmarks.json and fails
when a figure got more than 20 % worse: a ratio against a peer, or for budget rows Cropper's own number."""

import json

TOLERANCE = 1.20


def regressions(committed, fresh):
    """[(key, committed figure, fresh figure)] for every figure worse by more than TOLERANCE."""
    before = {row["key"]: row for row in committed["rows"]}
    worse = []
    for row in fresh["rows"]:
        old = before.get(row["key"])
        if old is None:
            continue
        for field in ("ratio", "value"):
            if old.get(field) and row.get(field) is not None and row[field] > old[field] * TOLERANCE:
                worse.append((row["key"], old[field], row[field]))
                break
    return worse


def check(committed_path, fresh):
    with open(committed_path) as f:
        committed = json.load(f)
    worse = regressions(committed, fresh)
    for key, old, new in worse:
        print(f"bench-check: worse than committed by more than {TOLERANCE - 1:.0%}: {key}: {old:.2f} → {new:.2f}")
    if not worse:
        print(f"bench-check: no figure worse than the committed {committed_path} by more than {TOLERANCE - 1:.0%}")
    return 1 if worse else 0
