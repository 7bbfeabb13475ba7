"""The regression guard: compares a fresh (short) bench with the committed docs/benchmarks.json and fails
when a ratio against a peer got more than 20 % worse. Budget rows (Cropper's own milliseconds, no peer) are left
out: measured alone on a shared machine, a 2 ms frame time moves by more than that from run to run, and the ratios
are taken within one alternating run, where both sides see the same load. Even so a round can be slowed by what
else runs on the machine (a 24 MP lossless crop's system time went from 0.04 s to 0.25 s between two identical
runs), so a row found worse is measured again, with its section, before it counts."""

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
            worse.append((_label(row), old["ratio"], row["ratio"]))
    return worse


def _label(row):
    return f'{row["key"]} (vs {row.get("peer_name")})'


def check(committed_path, fresh, measure_again=None):
    """0 when no ratio is worse than committed by more than TOLERANCE. A row that is worse is measured once more,
    with its whole section (measure_again(sections) -> rows): on a shared machine a round can be slowed by what
    else runs, and only a row worse in both measurements is a regression."""
    with open(committed_path) as f:
        committed = json.load(f)
    worse = [(key, old, f"{new:.2f}×") for key, old, new in regressions(committed, fresh)]
    if worse and measure_again:
        flagged = {key for key, _, _ in worse}
        sections = sorted({row["section"] for row in fresh["rows"] if _label(row) in flagged})
        again = {key: new for key, _, new in regressions(committed, {"rows": measure_again(sections)})}
        for key, old, new in worse:
            if key not in again:
                print(f"bench-check: {key}: {old:.2f}× → {new}, but within {TOLERANCE - 1:.0%} measured again")
        worse = [(key, old, f"{new}, then {again[key]:.2f}× measured again") for key, old, new in worse if key in again]
    for key, old, new in worse:
        print(f"bench-check: worse than committed by more than {TOLERANCE - 1:.0%}: {key}: {old:.2f}× → {new}")
    if not worse:
        print(f"bench-check: no ratio worse than the committed {committed_path} by more than {TOLERANCE - 1:.0%}")
    return 1 if worse else 0
