"""The picker's recent strip: `cropper` started without a file on a private 1280×800 Xvfb, with a home whose
Pictures folder holds 60 copies of the 12 MP photo (which carries a camera-like EXIF thumbnail). Timed from just
before the launch to the first frame presented after the state log says the pictures are in (CROPPER_STATE_LOG
and CROPPER_FRAME_STATS carry CLOCK_MONOTONIC times): the first picture in the strip (the EXIF stand-in or the
real thumbnail), every one in view, and all 60 real thumbnails; with an empty freedesktop cache, then with the
cache those runs filled. The peer is `djpeg -scale 1/8` over the same files, one after another."""

import json
import os
import shutil
import subprocess
import time

from common import Xvfb, alternate, median, running_cpu_ms, timed_run
from frames import JSONLines

COUNT = 60
TIMEOUT = 60


def _home(photo, work):
    home = os.path.join(work, "strip-home")
    pictures = os.path.join(home, "Pictures")
    marker = os.path.join(home, "copied-from")
    copied_from = open(marker).read() if os.path.exists(marker) else None
    if not (os.path.isdir(pictures) and len(os.listdir(pictures)) == COUNT and copied_from == photo.path):
        shutil.rmtree(home, ignore_errors=True)
        os.makedirs(pictures)
        for index in range(1, COUNT + 1):
            # Copies, not links: the picker lists a file once per inode.
            shutil.copyfile(photo.path, os.path.join(pictures, f"photo-{index:02}.jpg"))
        with open(marker, "w") as f:
            f.write(photo.path)
    for folder in ("config", "data", "cache"):
        os.makedirs(os.path.join(home, folder), exist_ok=True)
    return home, sorted(os.path.join(pictures, name) for name in os.listdir(pictures))



class StripRun:
    """One launch, in ms from the launch: when the first picture, a picture for every photo in view (EXIF stand-in
    or real thumbnail), and all the real thumbnails were first on screen."""

    def __init__(self, cropper, home, work, display, cold):
        if cold:
            shutil.rmtree(os.path.join(home, "cache", "thumbnails"), ignore_errors=True)
        state_path, stats_path = os.path.join(work, "strip-state.jsonl"), os.path.join(work, "strip-frames.jsonl")
        for path in (state_path, stats_path):
            if os.path.exists(path):
                os.remove(path)
        env = display.env(HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                          XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                          CROPPER_STATE_LOG=state_path, CROPPER_FRAME_STATS=stats_path)
        states, frames = JSONLines(state_path), JSONLines(stats_path)
        start = time.monotonic()
        process = subprocess.Popen([cropper, "--geometry", "1280x800"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        try:
            first_at = visible_at = all_at = None
            self.visible_count = 0
            while all_at is None:
                if time.monotonic() - start > TIMEOUT:
                    raise RuntimeError("the strip did not fill in time")
                for entry in states.new():
                    picker = entry["picker"]
                    # A frame line repeats the state it shows; the moments are when the state changed.
                    if entry["event"] == "frame" or not picker.get("visible") or len(picker.get("items", [])) != COUNT:
                        continue
                    first, end = picker["visibleItems"]
                    if first_at is None and picker["pictured"] >= 1:
                        first_at = entry["t"]
                        self.first_was_stand_in = picker["standIns"] >= 1
                    if visible_at is None and end > first and picker["pictured"] >= end - first:
                        visible_at, self.visible_count = entry["t"], end - first
                    if all_at is None and picker["thumbnails"] == COUNT:
                        all_at = entry["t"]
                        self.cpu_ms = running_cpu_ms(process.pid)
                time.sleep(0.005)
            shown = self._presented(frames, [first_at, visible_at, all_at], start)
            self.first_ms, self.visible_ms, self.all_ms = ((t - start) * 1000 for t in shown)
            self.cores_used = self.cpu_ms / self.all_ms
        finally:
            process.terminate()
            process.wait(timeout=10)

    @staticmethod
    def _presented(frames, moments, start):
        """For each moment on the state log, the first frame presented at or after it."""
        seen, deadline = [], time.monotonic() + 5
        while time.monotonic() < deadline:
            seen += frames.new()
            found = [next((f["t"] for f in seen if f["t"] >= moment), None) for moment in moments]
            if None not in found:
                return found
            time.sleep(0.005)
        raise RuntimeError("no frame was presented after the thumbnails came in")


def measure(cropper, photo, work, runs):
    home, paths = _home(photo, work)
    with Xvfb(1280, 800) as display:
        StripRun(cropper, home, work, display, cold=True)  # untimed: page cache and font caches warm
        results = alternate(runs, [
            ("strip", lambda: (StripRun(cropper, home, work, display, cold=True),
                               StripRun(cropper, home, work, display, cold=False))),
            ("djpeg", lambda: [timed_run(["djpeg", "-scale", "1/8", "-outfile", os.devnull, p]).wall_ms
                               for p in paths]),
        ])
    cold = [c for c, _ in results["strip"]]
    warm = [w for _, w in results["strip"]]
    visible = cold[0].visible_count
    return {
        "visible_count": visible,
        "cold_first_ms": median([r.first_ms for r in cold]),
        "first_stand_ins": sum(r.first_was_stand_in for r in cold),
        "cold_runs": len(cold),
        "cold_visible_ms": median([r.visible_ms for r in cold]),
        "cold_all_ms": median([r.all_ms for r in cold]),
        "cores_used": median([r.cores_used for r in cold]),
        "warm_first_ms": median([r.first_ms for r in warm]),
        "warm_visible_ms": median([r.visible_ms for r in warm]),
        "warm_all_ms": median([r.all_ms for r in warm]),
        "djpeg_first_ms": median([run[0] for run in results["djpeg"]]),
        "djpeg_visible_ms": median([sum(run[:visible]) for run in results["djpeg"]]),
        "djpeg_all_ms": median([sum(run) for run in results["djpeg"]]),
    }
