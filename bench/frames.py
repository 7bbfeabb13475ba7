"""Frame times inside Cropper at 1920×1080 with the 24 MP photo: a crop-handle drag and double-click zooms,
driven from outside with xdotool (XTest), timed by Cropper itself through CROPPER_FRAME_STATS (render + present
of every frame, present waiting until the X server has taken the pixels)."""

import json
import math
import os
import subprocess
import time

from common import Xvfb, log, percentile

DRAG_STEPS = 300
STEP_SECONDS = 0.008  # a 125 Hz mouse


class JSONLines:
    """A file another process appends JSON lines to, read from where we last stopped."""

    def __init__(self, path):
        self.path = path
        self.offset = 0

    def new(self):
        if not os.path.exists(self.path):
            return []
        with open(self.path) as f:
            f.seek(self.offset)
            text = f.read()
        complete = text[: text.rfind("\n") + 1]
        self.offset += len(complete.encode())
        return [json.loads(line) for line in complete.splitlines() if line]


class Editor:
    """Cropper running on a display, with its state log and frame stats followed."""

    def __init__(self, cropper, photo, work, display):
        self.state_path = os.path.join(work, "frames-state.jsonl")
        self.stats_path = os.path.join(work, "frames-stats.jsonl")
        for path in (self.state_path, self.stats_path):
            if os.path.exists(path):
                os.remove(path)
        env = display.env(CROPPER_STATE_LOG=self.state_path, CROPPER_FRAME_STATS=self.stats_path)
        self.process = subprocess.Popen([cropper, "--geometry", "1920x1080", photo], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.env = env
        self.states = JSONLines(self.state_path)
        self.stats = JSONLines(self.stats_path)
        self.state = {}

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def xdotool(self, *args):
        subprocess.run(["xdotool", *map(str, args)], env=self.env, check=True)

    def wait_for(self, what, condition, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            seen = False
            for entry in self.states.new():
                self.state = entry
                seen = seen or condition(entry)
            if seen or (self.state and condition(self.state)):
                return self.state
            time.sleep(0.01)
        raise RuntimeError(f"Cropper did not reach '{what}'; last state: {json.dumps(self.state)[:300]}")

    def settle(self, quiet=0.5):
        """Waits until idle and no frame has been drawn for `quiet` seconds; returns the frames drawn meanwhile."""
        self.wait_for("idle", lambda s: s["activity"] == "idle" and not s["animating"] and not s["loading"])
        frames, last_frame = [], time.monotonic()
        while time.monotonic() - last_frame < quiet:
            new = self.stats.new()
            if new:
                frames += new
                last_frame = time.monotonic()
            time.sleep(0.02)
        return frames


def _drag_path(corner, frame):
    """Press on the bottom-right handle, pull it halfway in along a curve and back out, release."""
    x0, y0 = corner
    reach_x, reach_y = frame[2] * 0.35, frame[3] * 0.35
    args = ["mousemove", round(x0), round(y0), "mousedown", 1]
    for step in range(1, DRAG_STEPS + 1):
        t = step / DRAG_STEPS
        pull = math.sin(math.pi * t)
        x = x0 - reach_x * pull + 6 * math.sin(9 * math.pi * t)
        y = y0 - reach_y * pull * (1 - 0.3 * math.sin(2 * math.pi * t))
        args += ["mousemove", round(x), round(y), "sleep", STEP_SECONDS]
    return args + ["mouseup", 1]


def _frame_ms(frame):
    return frame["renderMs"] + frame["presentMs"]


def _cpu_ms(frame):
    return frame.get("cpuMs", 0.0)


def measure(cropper, photo, work, drags, zooms):
    with Xvfb(1920, 1080) as display:
        editor = Editor(cropper, photo, work, display)
        try:
            editor.wait_for("full resolution", lambda s: s["fullResolution"] and not s["loading"])
            editor.settle()
            zoom_runs, zoom_cpu = [], []
            for _ in range(zooms):
                frame = editor.state["imageFrame"]
                centre = (frame[0] + frame[2] * 0.6, frame[1] + frame[3] * 0.4)
                editor.xdotool("mousemove", round(centre[0]), round(centre[1]))
                editor.settle(quiet=0.2)
                for _direction in ("in", "out"):
                    editor.xdotool("click", "--repeat", 2, "--delay", 60, 1)
                    editor.wait_for("a zoom animation", lambda s: s["animating"])
                    drawn = editor.settle()
                    zoom_runs.append([_frame_ms(f) for f in drawn])
                    zoom_cpu += [_cpu_ms(f) for f in drawn]
            log(f"frames: {len(zoom_runs)} double-click zooms")
            drag_frames, drag_cpu = _handle_drags(editor, drags)
            log(f"frames: {drags} handle drags, {len(drag_frames)} frames")
            # Lossless mode: at fit the 16 px blocks are under 3 screen px, so only the snapping is added; zoomed
            # in 4.3× (11 px cells) the grid is drawn as well, in every frame of the drag.
            # The zoomed drags with lossless mode off first, as the yardstick for the grid's own cost.
            was_on = editor.state["lossless"]
            _set_lossless(editor, False)
            zoomed_frames, zoomed_cpu = _handle_drags(editor, drags, before=_zoom_in_on_the_corner)
            _set_lossless(editor, True)
            lossless_frames, lossless_cpu = _handle_drags(editor, drags, before=_back_to_fit)
            grid_frames, grid_cpu = _handle_drags(editor, drags, before=_zoom_in_on_the_corner)
            _set_lossless(editor, was_on)  # the setting is remembered: leave it as it was
            log(f"frames: lossless, {len(lossless_frames)} frames at fit, {len(grid_frames)} with the grid drawn")
        finally:
            editor.close()
    return {"drag": drag_frames, "zooms": zoom_runs, "drag_cpu": drag_cpu, "zoom_cpu": zoom_cpu,
            "lossless_drag": lossless_frames, "lossless_cpu": lossless_cpu,
            "grid_drag": grid_frames, "grid_cpu": grid_cpu, "zoomed_drag": zoomed_frames, "zoomed_cpu": zoomed_cpu}


def _set_lossless(editor, on):
    if editor.state["lossless"] != on:
        editor.xdotool("key", "j")
        editor.wait_for("lossless mode " + ("on" if on else "off"), lambda s: s["lossless"] == on)
        # The toast that says so fades first: any toast over the canvas costs its own drawing, lossless or not.
        editor.wait_for("the toast gone", lambda s: s["toast"] is None)
        editor.settle()


def _back_to_fit(editor):
    editor.xdotool("key", "0")
    _settle_sharp(editor)


def _settle_sharp(editor):
    """Idle with the finished scaled copy on screen, so that no drag frame stretches a stand-in."""
    editor.settle(quiet=0.2)
    editor.wait_for("the sharp copy", lambda s: s["photoSharp"])
    editor.settle(quiet=0.2)


def _zoom_in_on_the_corner(editor):
    """Back to fit (a drag may re-centre the view), then eight wheel clicks (×1.2 each, 4.3×) at the bottom-right
    corner, so that the corner stays in view and the 16 px blocks are about 11 screen pixels: the grid is drawn."""
    _back_to_fit(editor)
    crop = editor.state["cropFrame"] or editor.state["imageFrame"]
    editor.xdotool("mousemove", round(crop[0] + crop[2] - 3), round(crop[1] + crop[3] - 3),
                   "click", "--repeat", 8, "--delay", 30, 4)
    _settle_sharp(editor)
    if editor.state["lossless"] and editor.state["blockGrid"]["opacity"] <= 0:
        raise RuntimeError(f"the block grid is not drawn at zoom {editor.state['zoomScale']}")


def timed_drags(editor, drags, path, activity, before=None):
    """`drags` pointer drags along `path(editor)` (xdotool arguments); the frame and CPU times of the frames drawn
    while the editor's activity starts with `activity`."""
    frame_ms, cpu_ms = [], []
    for _ in range(drags):
        if before:
            before(editor)
        editor.xdotool(*path(editor))
        frames = editor.settle(quiet=0.3)
        dragged = [f for f in frames if f["activity"].startswith(activity)]
        frame_ms += [_frame_ms(f) for f in dragged]
        cpu_ms += [_cpu_ms(f) for f in dragged]
    return frame_ms, cpu_ms


def _handle_drags(editor, drags, before=None):
    """Drags of the box's bottom-right handle; the frame and CPU times of the frames drawn while dragging."""
    def path(editor):
        crop = editor.state["cropFrame"] or editor.state["imageFrame"]
        return _drag_path((crop[0] + crop[2] - 2, crop[1] + crop[3] - 2), crop)
    return timed_drags(editor, drags, path, "draggingHandle", before)


def _drag_summary(frame_ms, cpu_ms):
    return {"frames": len(frame_ms), "p50": percentile(frame_ms, 0.50), "p95": percentile(frame_ms, 0.95),
            "p99": percentile(frame_ms, 0.99), "max": max(frame_ms) if frame_ms else None,
            "cpu_p99": percentile(cpu_ms, 0.99)}


def summary(measured):
    drag = measured["drag"]
    zoom_frames = [ms for run in measured["zooms"] for ms in run]
    return {
        "drag": _drag_summary(drag, measured["drag_cpu"]),
        "lossless_drag": _drag_summary(measured["lossless_drag"], measured["lossless_cpu"]),
        "grid_drag": _drag_summary(measured["grid_drag"], measured["grid_cpu"]),
        "zoomed_drag": _drag_summary(measured["zoomed_drag"], measured["zoomed_cpu"]),
        "zoom": {"zooms": len(measured["zooms"]), "frames": len(zoom_frames),
                 "max": max(zoom_frames) if zoom_frames else None,
                 "cpu_max": max(measured["zoom_cpu"]) if measured["zoom_cpu"] else None,
                 "per_zoom_max": [max(run) if run else None for run in measured["zooms"]]},
    }


def upright_answer_times(editor, reset_key, key, runs):
    """Milliseconds of `runs` Upright answers in the window (its state log's upright.ms): `reset_key` puts the
    angles back, `key` asks, off the event loop on the preview the window holds."""
    times = []
    for _ in range(runs):
        editor.xdotool("key", reset_key)
        editor.settle(quiet=0.2)
        editor.xdotool("key", key)
        entry = editor.wait_for("Upright", lambda s: s["event"] in ("upright", "uprightUnsure"))
        times.append(entry["upright"]["ms"])
        editor.settle(quiet=0.2)
    return times
