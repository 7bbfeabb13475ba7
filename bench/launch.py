"""Launch to first sharp frame, and peak memory, for Cropper, feh and nsxiv: each program is started on a private
1280×800 Xvfb and the screen is watched from outside with framewatch."""

import json
import os
import subprocess

import sharpness
from common import Xvfb, alternate, log, median

# A frame counts as sharp when at most SHARP_SHARE of the screen's pixels differ from the settled frame by more
# than SHARP_LEVEL in some colour channel. Checked in the run itself against blurred copies (see sharpness.py).
SHARP_LEVEL = 24
SHARP_SHARE = 0.001
SETTLE_MS = 2000
TIMEOUT_MS = 15000
HWM_AFTER_MS = 500
# The watcher sleeps this long between polls: busy polling would take one of a small machine's cores from the
# program it times (Cropper decodes on one thread while another sets up the window).
POLL_PAUSE_US = 1000


def programs(cropper, photo):
    return [
        ("Cropper", [cropper, "--geometry", "1280x800", photo]),
        ("feh", ["feh", "-g", "1280x800", "--scale-down", "--auto-zoom", "--auto-rotate", "--image-bg", "black",
                 photo]),
        ("nsxiv", ["nsxiv", "-g", "1280x800", "-s", "f", photo]),
    ]


class LaunchRun:
    def __init__(self, report):
        frames = report["frames"]
        sharp = [f["ms"] for f in frames if f["over"] <= SHARP_SHARE]
        self.sharp_ms = sharp[0] if sharp else None
        self.final_ms = frames[-1]["ms"] if report["matched"] else None
        self.first_frame_ms = frames[0]["ms"] if frames else None
        self.peak_kb = report["vmHWMkB"] if report["vmHWMkB"] > 0 else None
        self.poll_ms = report["pollMs"]
        self.cpu_ms = report["cpuMs"] if report.get("cpuMs", -1) >= 0 else None
        self.frames = frames


def _watch(framewatch, reference, command, env):
    result = subprocess.run([framewatch, "watch", reference, str(SHARP_LEVEL), str(TIMEOUT_MS), str(HWM_AFTER_MS),
                             "--", *command], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode not in (0, 1) or not result.stdout:
        raise RuntimeError(f"framewatch failed for {command[0]}: {result.stderr}")
    run = LaunchRun(json.loads(result.stdout))
    if run.final_ms is None:
        raise RuntimeError(f"{command[0]} never showed its settled frame again: {result.stdout[:400]}")
    return run


def measure(framewatch, cropper, photo, work, runs):
    """{'runs': {name: [LaunchRun]}, 'settled': {name: ms}, 'blur': {sigma: share}, 'detail': {…}}"""
    with Xvfb(1280, 800) as display:
        env = display.env(FRAMEWATCH_PAUSE_US=str(POLL_PAUSE_US))
        contenders, settled, references = [], {}, {}
        state_log = os.path.join(work, "launch-state.jsonl")
        if os.path.exists(state_log):
            os.remove(state_log)
        for name, command in programs(cropper, photo):
            reference = os.path.join(work, f"settled-{name}.raw")
            reference_env = dict(env, CROPPER_STATE_LOG=state_log) if name == "Cropper" else env
            out = subprocess.run([framewatch, "reference", reference, str(SETTLE_MS), str(TIMEOUT_MS), "--",
                                  *command], env=reference_env, check=True, stdout=subprocess.PIPE, text=True).stdout
            settled[name] = json.loads(out)["settledMs"]
            references[name] = reference
            contenders.append((name, lambda c=command, r=reference: _watch(framewatch, r, c, env)))
        log(f"launch: settled frames captured; {runs} alternating rounds")
        results = alternate(runs, contenders)
        region, size = sharpness.photo_region(state_log), display.size
        blur = sharpness.blurred_distances(framewatch, references["Cropper"], region, size, SHARP_LEVEL, work, env)
        detail = sharpness.first_sharp_detail(framewatch, references["Cropper"], programs(cropper, photo)[0][1],
                                              region, size, SHARP_LEVEL, SHARP_SHARE, TIMEOUT_MS, work, env)
    return {"runs": results, "settled": settled, "blur": blur, "detail": detail}


def summary(measured):
    """Medians per program: first sharp frame, final frame, first frame of any kind, peak memory."""
    out = {}
    for name, runs in measured["runs"].items():
        out[name] = {
            "sharp_ms": median([r.sharp_ms for r in runs if r.sharp_ms is not None]),
            "final_ms": median([r.final_ms for r in runs]),
            "first_frame_ms": median([r.first_frame_ms for r in runs if r.first_frame_ms is not None]),
            "peak_mb": median([r.peak_kb / 1024 for r in runs if r.peak_kb]),
            "poll_ms": median([r.poll_ms for r in runs]),
            "sharp_before_final": sum(1 for r in runs if r.sharp_ms is not None and r.sharp_ms < r.final_ms),
            "runs": len(runs),
        }
    return out
