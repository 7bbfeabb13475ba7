"""The photo grid over a folder of 10,000 photos: `cropper` opens one of them on a private 1280×800 Xvfb (the
folder becomes its list), then G shows the grid. Timed from the G key (xdotool) to the first frame presented
with the grid up (CROPPER_STATE_LOG and CROPPER_FRAME_STATS carry CLOCK_MONOTONIC times). Then, in launches of
their own without the state log (its lines, 100 KB each for such a list, would be most of what is measured),
waiting on the frame stats going quiet: 300 wheel clicks down at 125 Hz, every frame's render + present time
taken by Cropper itself, and the process's resident size after the scrolling less its size in the editor just
before G. A fresh thumbnail cache every launch, so
the thumbnails in view are made while the grid scrolls. The photos are small (320×240), so the figures are the
grid's own costs, not decoding's; there is no peer program."""

import os
import shutil
import subprocess
import time

from common import Xvfb, median, percentile
from frames import JSONLines
from report import Row, ms

COUNT = 10_000
WHEEL_CLICKS = 300
TIMEOUT = 120


def _folder(work):
    folder = os.path.join(work, "grid-folder")
    if os.path.isdir(folder) and len(os.listdir(folder)) == COUNT:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    seed = os.path.join(work, "grid-seed.jpg")
    subprocess.run(["/usr/bin/convert", "-size", "320x240", "gradient:#3060a0-#e0c070", "-quality", "85", seed],
                   check=True)
    for index in range(1, COUNT + 1):
        # Copies, not links: a folder lists a file once per inode.
        shutil.copyfile(seed, os.path.join(folder, f"photo-{index:05}.jpg"))
    return folder


def _rss_kb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


class GridRun:
    def __init__(self, cropper, folder, work, display):
        home = os.path.join(work, "grid-home")
        shutil.rmtree(home, ignore_errors=True)
        for sub in ("config", "data", "cache"):
            os.makedirs(os.path.join(home, sub))
        state_path, stats_path = os.path.join(work, "grid-state.jsonl"), os.path.join(work, "grid-frames.jsonl")
        for path in (state_path, stats_path):
            if os.path.exists(path):
                os.remove(path)
        self.env = display.env(HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                               CROPPER_STATE_LOG=state_path, CROPPER_FRAME_STATS=stats_path)
        self.states, self.frames = JSONLines(state_path), JSONLines(stats_path)
        self.state = {}
        process = subprocess.Popen([cropper, "--geometry", "1280x800", os.path.join(folder, "photo-00001.jpg")],
                                   env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            self._wait("the folder listed", lambda s: s["documents"].get("count") == COUNT and s.get("imageSize"))
            self._quiet()
            self.frames.new()
            start = time.monotonic()
            self._xdotool("key", "g")
            shown = self._wait("the grid up", lambda s: s["grid"]["visible"])
            self.first_frame_ms = (self._presented_after(shown["t"]) - start) * 1000
            first, end = self._wait("the thumbnails in view", self._pictured)["grid"]["visibleItems"]
            self.visible_count = end - first
            self.visible_ms = (time.monotonic() - start) * 1000
            self._quiet()
            self.frames.new()
            self._xdotool("mousemove", 640, 420)
            self._xdotool("click", "--repeat", 20, "--delay", 8, 5)
            self._wait("scrolled", lambda s: s["grid"]["scrollOffset"] > 0)
            self._quiet()
            self.scrolled_per_click = self.state["grid"]["scrollOffset"] / 20
        finally:
            process.terminate()
            process.wait(timeout=10)

    @staticmethod
    def _pictured(state):
        grid = state["grid"]
        first, end = grid.get("visibleItems", [0, 0])
        return grid["visible"] and end > first and grid.get("pictured", 0) >= end - first

    def _xdotool(self, *args):
        subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True)

    def _wait(self, what, condition):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for entry in self.states.new():
                self.state = entry
                if condition(entry):
                    return entry
            time.sleep(0.005)
        raise RuntimeError(f"the grid did not reach '{what}'")

    def _presented_after(self, moment):
        deadline, seen = time.monotonic() + 5, []
        while time.monotonic() < deadline:
            seen += self.frames.new()
            found = next((f["t"] for f in seen if f["t"] >= moment), None)
            if found is not None:
                return found
            time.sleep(0.005)
        raise RuntimeError("no frame was presented with the grid up")

    def _quiet(self, seconds=0.6):
        """Frames drawn until none has been drawn for `seconds` (thumbnails arriving draw frames too)."""
        frames, last = [], time.monotonic()
        while time.monotonic() - last < seconds:
            new = self.frames.new()
            for entry in self.states.new():
                self.state = entry
            if new:
                frames += new
                last = time.monotonic()
            time.sleep(0.02)
        return frames


class QuietRun:
    """The same steps without the state log: the frames drawn while scrolling, and resident memory in the editor,
    then after G and the scrolling."""

    def __init__(self, cropper, folder, work, display):
        home = os.path.join(work, "grid-home")
        shutil.rmtree(home, ignore_errors=True)
        for sub in ("config", "data", "cache"):
            os.makedirs(os.path.join(home, sub))
        stats_path = os.path.join(work, "grid-memory-frames.jsonl")
        if os.path.exists(stats_path):
            os.remove(stats_path)
        self.env = display.env(HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
                               XDG_DATA_HOME=os.path.join(home, "data"), XDG_CACHE_HOME=os.path.join(home, "cache"),
                               CROPPER_FRAME_STATS=stats_path)
        self.frames = JSONLines(stats_path)
        process = subprocess.Popen([cropper, "--geometry", "1280x800", os.path.join(folder, "photo-00001.jpg")],
                                   env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            self._quiet(1.5)
            editor_kb = _rss_kb(process.pid)
            GridRun._xdotool(self, "key", "g")
            self._quiet(1.5)
            GridRun._xdotool(self, "mousemove", 640, 420)
            self.frames.new()
            GridRun._xdotool(self, "click", "--repeat", WHEEL_CLICKS, "--delay", 8, 5)
            frames = self._quiet(1.5)
            self.scroll_frames = [f["renderMs"] + f["presentMs"] for f in frames]
            # The event loop's own CPU time per frame: what the grid costs, whatever else the machine runs.
            self.scroll_cpu = [f.get("cpuMs", 0.0) for f in frames]
            self.memory_mb = (_rss_kb(process.pid) - editor_kb) / 1024
            self.peak_mb = (_rss_kb(process.pid, "VmHWM") - editor_kb) / 1024
        finally:
            process.terminate()
            process.wait(timeout=10)

    def _quiet(self, seconds):
        """The frames drawn until at least one was and then none for `seconds`."""
        deadline, frames, last = time.monotonic() + TIMEOUT, [], time.monotonic()
        while time.monotonic() < deadline:
            new = self.frames.new()
            if new:
                frames += new
                last = time.monotonic()
            elif frames and time.monotonic() - last >= seconds:
                return frames
            time.sleep(0.02)
        raise RuntimeError("the window did not settle")


def measure(cropper, work, runs):
    folder = _folder(work)
    with Xvfb(1280, 800) as display:
        GridRun(cropper, folder, work, display)  # untimed: page cache and font caches warm
        done = [GridRun(cropper, folder, work, display) for _ in range(runs)]
        quiet = [QuietRun(cropper, folder, work, display) for _ in range(runs)]
    frames = [f for run in quiet for f in run.scroll_frames]
    cpu = [c for run in quiet for c in run.scroll_cpu]
    return {
        "runs": len(done),
        "first_frame_ms": median([r.first_frame_ms for r in done]),
        "first_frame_all": [round(r.first_frame_ms, 1) for r in done],
        "visible_count": done[0].visible_count,
        "visible_ms": median([r.visible_ms for r in done]),
        "scroll_frames": len(frames),
        "scroll_p50": percentile(frames, 0.5),
        "scroll_p99": percentile(frames, 0.99),
        "scroll_p99_all": [round(percentile(r.scroll_frames, 0.99), 2) for r in quiet if r.scroll_frames],
        "scroll_cpu_p50": percentile(cpu, 0.5),
        "scroll_cpu_p99": percentile(cpu, 0.99),
        "load": os.getloadavg()[0],
        "scroll_max": max(frames) if frames else None,
        "scrolled_px": WHEEL_CLICKS * median([r.scrolled_per_click for r in done]),
        "memory_mb": median([r.memory_mb for r in quiet]),
        "memory_all": [round(r.memory_mb, 1) for r in quiet],
        "peak_mb": median([r.peak_mb for r in quiet]),
    }


def rows(summary):
    first, p99, memory = summary["first_frame_ms"], summary["scroll_p99"], summary["memory_mb"]
    return [
        Row("photo grid of a 10,000-photo folder: first frame after G", ms(first), "— (budget)", "", "≤ 300 ms",
            first <= 300, value=first),
        Row(f"photo grid, 10,000 photos: frame render + present while scrolling {WHEEL_CLICKS} wheel clicks "
            f"(p99 of {summary['scroll_frames']} frames)", ms(p99), "— (budget)", "", "p99 ≤ 16 ms",
            p99 is not None and p99 <= 16, value=p99),
        Row("photo grid, 10,000 photos: memory after scrolling, over the editor alone", f"{memory:+.0f} MB",
            "— (budget)", "", "≤ +150 MB", memory <= 150, value=memory),
    ]


def details(summary):
    return (f"Photo grid (10,000 photos, {summary['runs']} launches): first frame after G "
            f"{', '.join(ms(v) for v in summary['first_frame_all'])}; the {summary['visible_count']} thumbnails in "
            f"view made and drawn from a cold cache in {ms(summary['visible_ms'])} (median, from G). Scrolling "
            f"{summary['scrolled_px']:.0f} px: frames p50 {ms(summary['scroll_p50'])}, p99 per launch "
            f"{', '.join(ms(v) for v in summary['scroll_p99_all'])}, max {ms(summary['scroll_max'])}; the event loop's CPU "
            f"per frame p50 {ms(summary['scroll_cpu_p50'])}, p99 {ms(summary['scroll_cpu_p99'])} (load average "
            f"{summary['load']:.1f} at the end). Resident "
            f"memory over the editor: {', '.join(f'{v:+.1f} MB' for v in summary['memory_all'])} (peak "
            f"{summary['peak_mb']:+.1f} MB).")
