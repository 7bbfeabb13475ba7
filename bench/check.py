"""The regression guard: compares a fresh (short) bench with the committed docs/benchmarks.json and fails
when a ratio against a peer got more than 20 % worse. Budget rows (Cropper's own milliseconds, no peer) are left
out: measured alone on a shared machine, a 2 ms frame time moves by more than that from run to run, and the ratios
are taken within one alternating run, where both sides see the same load."""

import json

TOLERANCE = 1.20


def regressions(committed, fresh):
    """[(key, committed figure, fresh figure)] for every figure worse by more than TOLERANCE."""
    # A figure can be measured against two peers (feh and nsxiv) under one name: the peer is part of the key.
    before = {(row["key"], row.get("peer_name")): row for row in committed["rows"]}
    worse = []
    for row in fresh["rows"]:
        old = before.get((row["key"], row.get("peer_name")))
        if old is None:
            continue
        # Only rows whose target is a ratio ("≤ 0.8×"); a ratio beside a budget (a cold strip against djpeg) is context.
        if not str(old.get("target", "")).endswith("×"):
            continue
        if old.get("ratio") and row.get("ratio") is not None and row["ratio"] > old["ratio"] * TOLERANCE:
            worse.append((f'{row["key"]} (vs {row.get("peer_name")})', old["ratio"], row["ratio"]))
    return worse


def check(committed_path, fresh):
    with open(committed_path) as f:
        committed = json.load(f)
    worse = regressions(committed, fresh)
    for key, old, new in worse:
        print(f"bench-check: worse than committed by more than {TOLERANCE - 1:.0%}: {key}: {old:.2f}× → {new:.2f}×")
    if not worse:
        print(f"bench-check: no ratio worse than the committed {committed_path} by more than {TOLERANCE - 1:.0%}")
    return 1 if worse else 0
