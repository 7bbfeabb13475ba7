"""Saving many photos from the grid against the command line's batch: 40 copies of the 12 MP photo, the box
400,304 3200×2400 drawn on the first by typed numbers (N), copied as a rule (Ctrl+Shift+C, Enter: the same place),
put on all 40 in the grid (Ctrl+A, Ctrl+Shift+V) and saved with Ctrl+S; timed from the key's event to the batch's
end in the state log (CLOCK_MONOTONIC). The peer is `cropper crop --rect … --output-dir` on the same files, run
in turn with the window's saves, round by round, the window left alone (its progress bar drawn). In launches of
their own the grid is scrolled by the wheel while it saves, and every frame's render + present time is taken from
the frame stats: the window stays usable while every core writes."""

import os
import shutil
import subprocess
import time

from common import Xvfb, alternate, median, percentile, running_cpu_ms, timed_run
from frames import Editor
from photos import _with_orientation
from report import Row, ms

COUNT = 40
RECT = (400, 304, 3200, 2400)  # bench/batch.py's: a tenth off each side of the upright 4000 × 3000 photo
TIMEOUT = 300


def _folder(photo_path, work):
    """COUNT copies of the 12 MP photo turned to Orientation 1, alone in their folder (it becomes the grid)."""
    folder = os.path.join(work, "grid-batch-photos")
    upright = os.path.join(work, "grid-batch-upright.jpg")
    if not os.path.exists(upright):
        _with_orientation(photo_path, upright, 1)
    os.makedirs(folder, exist_ok=True)
    _clear_outputs(folder)
    paths = []
    for index in range(COUNT):
        path = os.path.join(folder, f"photo-{index:02d}.jpg")
        if not os.path.exists(path):
            shutil.copyfile(upright, path)
        paths.append(path)
    return folder, paths



def _clear_outputs(folder):
    for name in os.listdir(folder):
        if "-cropped" in name:
            os.remove(os.path.join(folder, name))


class WindowBatch:
    """One launch: the rule put on the 40 photos, then Ctrl+S timed; with `scroll`, the grid is scrolled by the
    wheel meanwhile (a wheel click every 50 ms, down and back up), for the frame times. With `linger`, the
    scrolling goes on that many seconds after the batch's end, its frames kept apart (`after`): the folder listed
    again and the new files' thumbnails arrive then."""

    def __init__(self, cropper, folder, paths, work, display, scroll, linger=0.0):
        _clear_outputs(folder)
        editor = Editor(cropper, paths[0], work, display)
        try:
            editor.wait_for("the folder listed", lambda s: s["documents"].get("count") == COUNT and s.get("imageSize"),
                            timeout=60)
            editor.settle()
            editor.xdotool("key", "n")
            editor.wait_for("the numbers", lambda s: s["numericEntry"]["visible"])
            editor.xdotool("type", "--delay", 20, "\t".join(map(str, RECT)) + "\n")
            editor.wait_for("the box", lambda s: s.get("crop") == list(RECT))
            editor.xdotool("key", "ctrl+shift+c")
            editor.wait_for("the rule panel", lambda s: s.get("cropRule", {}).get("visible"))
            editor.xdotool("key", "Return")
            editor.wait_for("the rule", lambda s: s.get("copiedRule") == "sameShapeSamePlace")
            editor.xdotool("key", "g", "ctrl+a")
            editor.wait_for("all selected", lambda s: s["grid"]["selected"] == COUNT)
            editor.xdotool("key", "ctrl+shift+v")
            editor.wait_for("the rule on every photo",
                            lambda s: s["grid"]["placing"] == 0 and s["grid"]["pending"] == COUNT, timeout=TIMEOUT)
            editor.settle()
            editor.stats.new()
            editor.xdotool("mousemove", 900, 500)
            cpu_before = running_cpu_ms(editor.process.pid)
            editor.xdotool("key", "ctrl+s")
            started = editor.wait_for("the batch started", lambda s: s["batch"]["running"])
            frames = []
            wheel = Wheel(editor, scroll)
            deadline = time.monotonic() + TIMEOUT
            while not (editor.state["batch"]["total"] == COUNT and not editor.state["batch"]["running"]):
                if time.monotonic() > deadline:
                    raise RuntimeError("the grid's batch did not finish")
                wheel.click()
                frames += editor.stats.new()
                time.sleep(0.05)
                for entry in editor.states.new():
                    editor.state = entry
            finished = editor.state
            self.cpu_ms = running_cpu_ms(editor.process.pid) - cpu_before
            frames += editor.stats.new()
            self.after = []
            lingering = time.monotonic() + linger
            while time.monotonic() < lingering:
                wheel.click()
                time.sleep(0.05)
                self.after += editor.stats.new()
            if finished["batch"]["done"] != COUNT:
                raise RuntimeError(f"the grid saved {finished['batch']['done']} of {COUNT}: {finished['batch']}")
            # The first line with the batch running is the Ctrl+S key's own event.
            self.wall_ms = (finished["t"] - started["t"]) * 1000
            self.frames = [f["renderMs"] + f["presentMs"] for f in frames]
            self.cpu = [f.get("cpuMs", 0.0) for f in frames]
            # Each frame's whole line: `since` says what the event loop did before it (bench/loop_trace.py).
            self.lines = frames
        finally:
            editor.close()
        _clear_outputs(folder)


class Wheel:
    """Wheel clicks over the grid, down and back up in turn (none when not `scrolling`)."""

    def __init__(self, editor, scrolling):
        self.editor, self.scrolling, self.direction = editor, scrolling, 5

    def click(self):
        if self.scrolling:
            subprocess.run(["xdotool", "click", str(self.direction)], env=self.editor.env, check=True)
            self.direction = 4 if self.direction == 5 else 5


def measure(framewatch, cropper, photo_path, work, runs):
    folder, paths = _folder(photo_path, work)
    out = os.path.join(work, "grid-batch-cli")
    x, y, w, h = RECT
    command = [cropper, "crop", "--rect", f"{x},{y},{w},{h}", "--output-dir", out, "--force", *paths]

    def cli():
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        return timed_run(command)

    with Xvfb(1920, 1080) as display:
        window = lambda: WindowBatch(cropper, folder, paths, work, display, scroll=False)  # noqa: E731
        cli()  # untimed: the page cache warm
        results = alternate(runs, [("cli", cli), ("window", window)])
        # The save is timed above with the window left alone; the frames while the user scrolls, in launches of
        # their own.
        scrolled = [WindowBatch(cropper, folder, paths, work, display, scroll=True) for _ in range(max(1, runs // 2))]
    batches = results["window"]
    frames = [f for run in scrolled for f in run.frames]
    cpu = [c for run in scrolled for c in run.cpu]
    return {
        "runs": runs,
        "cli_ms": median([t.wall_ms for t in results["cli"]]),
        "cli_all": [round(t.wall_ms) for t in results["cli"]],
        "cli_cpu_ms": median([t.cpu_ms for t in results["cli"]]),
        "window_cpu_ms": median([r.cpu_ms for r in batches]),
        "window_ms": median([r.wall_ms for r in batches]),
        "window_all": [round(r.wall_ms) for r in batches],
        "frames": len(frames),
        "frame_p50": percentile(frames, 0.5),
        "frame_p99": percentile(frames, 0.99),
        "frame_p99_all": [round(percentile(r.frames, 0.99), 2) for r in scrolled if r.frames],
        "idle_frame_p99": percentile([f for run in batches for f in run.frames], 0.99),
        "scrolled_ms": median([r.wall_ms for r in scrolled]),
        "cpu_p50": percentile(cpu, 0.5),
        "cpu_p99": percentile(cpu, 0.99),
        "load": os.getloadavg()[0],
    }


def rows(summary):
    window, cli, p99 = summary["window_ms"], summary["cli_ms"], summary["frame_p99"]
    ratio = window / cli if cli else None
    window_cpu, cli_cpu = summary["window_cpu_ms"], summary["cli_cpu_ms"]
    cpu_ratio = window_cpu / cli_cpu if cli_cpu else None
    return [
        Row(f"photo grid: saving {COUNT} × 12 MP photos (Ctrl+S, the same rect on each)", ms(window),
            f"cropper crop, {COUNT} files", ms(cli), "≤ 1.15×", ratio is not None and ratio <= 1.15, ratio),
        # What the wall-clock ratio follows on a quiet machine: every thread's CPU, the window's frames and the new
        # files' thumbnails included.
        Row(f"photo grid: CPU of saving {COUNT} × 12 MP photos (every thread)", ms(window_cpu),
            f"cropper crop, {COUNT} files", ms(cli_cpu), "≤ 1.15×", cpu_ratio is not None and cpu_ratio <= 1.15,
            cpu_ratio),
        Row(f"photo grid: window frames while the {COUNT} photos are saved and the grid is scrolled "
            f"(p99 of {summary['frames']} frames)", ms(p99), "— (budget)", "", "p99 ≤ 16 ms",
            p99 is not None and p99 <= 16, value=p99),
    ]


def details(summary):
    return (f"Saving {COUNT} × 12 MP photos from the grid ({summary['runs']} rounds, window and command line in "
            f"turn): the window {', '.join(ms(v) for v in summary['window_all'])}, `cropper crop --output-dir` "
            f"{', '.join(ms(v) for v in summary['cli_all'])}; CPU (every thread, medians) the window "
            f"{ms(summary['window_cpu_ms'])} — its frames and thumbnails included — against {ms(summary['cli_cpu_ms'])}. "
            f"Scrolled meanwhile, the save took {ms(summary['scrolled_ms'])}. Frames while saving: left alone (the "
            f"progress bar) p99 {ms(summary['idle_frame_p99'])}; scrolled p50 "
            f"{ms(summary['frame_p50'])}, p99 per round {', '.join(ms(v) for v in summary['frame_p99_all'])}; the "
            f"event loop's CPU per frame p50 {ms(summary['cpu_p50'])}, p99 {ms(summary['cpu_p99'])} (load average "
            f"{summary['load']:.1f} at the end).")


if __name__ == "__main__":
    from common import run_section_alone
    run_section_alone(__doc__.split("\n")[0], measure, rows, details, "12mp")
