"""Straightening on the 24 MP photo: a 3° straightened 3000×2000 crop + save against ImageMagick's
`-distort SRT 3 -crop` (and vips `similarity --angle 3` reported beside it), and the frame times while the
straighten dial is dragged in a 1920×1080 window."""

import math
import os
import subprocess

from common import Xvfb, alternate, log, median, percentile, timed_run
from frames import STEP_SECONDS, Editor, timed_drags, upright_answer_times

ANGLE = 3
SIZE = (3000, 2000)
DIAL_STEPS = 300


def _rect(photo):
    up_w, up_h = photo.displayed
    return (up_w - SIZE[0]) // 2, (up_h - SIZE[1]) // 2, SIZE[0], SIZE[1]


def crop_commands(cropper, photo, work):
    x, y, w, h = _rect(photo)
    out = {name: os.path.join(work, f"straight-{name}.jpg") for name in ("cropper", "convert", "vips")}
    turned = os.path.join(work, "straight-vips-turned.v")
    # vips turns onto a canvas that holds the whole turned picture: the same centre, so the same rect moves by
    # half the growth.
    up_w, up_h = photo.displayed
    t = math.radians(ANGLE)
    grown_w = math.ceil(up_w * math.cos(t) + up_h * math.sin(t))
    grown_h = math.ceil(up_w * math.sin(t) + up_h * math.cos(t))
    vx, vy = x + (grown_w - up_w) // 2, y + (grown_h - up_h) // 2
    return out, {
        "cropper": [cropper, "crop", photo.path, "--straighten", str(ANGLE), "--rect", f"{x},{y},{w},{h}",
                    "-o", out["cropper"], "--force"],
        "convert": ["/usr/bin/convert", photo.path, "-auto-orient", "+repage", "-distort", "SRT", str(ANGLE),
                    "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-sampling-factor", "2x2", "-quality", "92",
                    out["convert"]],
        "vips": ["sh", "-c", f"vips similarity '{photo.path}[autorotate]' {turned} --angle {ANGLE} "
                 f"--interpolate bicubic && vips crop {turned} '{out['vips']}[Q=92]' {vx} {vy} {w} {h}"],
    }


def measure_crops(cropper, photo, work, runs):
    out, command = crop_commands(cropper, photo, work)
    for name in command:  # one untimed run each: warm caches, outputs to check
        timed_run(command[name])
    psnr = subprocess.run(["/usr/bin/compare", "-metric", "PSNR", out["cropper"], out["convert"], "null:"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).stderr.strip()
    results = alternate(runs, [(name, lambda c=command[name]: timed_run(c)) for name in command])
    return {"ms": {name: median([t.wall_ms for t in values]) for name, values in results.items()},
            "cpu_ms": {name: median([t.cpu_ms for t in values]) for name, values in results.items()},
            "psnr_db": psnr, "commands": command}


def _dial_path(dial):
    """Press on the dial's middle, turn it 6° one way and back past zero the other way, release."""
    x0, y0 = dial[0] + dial[2] / 2, dial[1] + dial[3] / 2
    args = ["mousemove", round(x0), round(y0), "mousedown", 1]
    for step in range(1, DIAL_STEPS + 1):
        t = step / DIAL_STEPS
        args += ["mousemove", round(x0 - 60 * math.sin(2 * math.pi * t)), round(y0), "sleep", STEP_SECONDS]
    return args + ["mouseup", 1]


def measure_dial(cropper, photo, work, drags, levels):
    with Xvfb(1920, 1080) as display:
        editor = Editor(cropper, photo, work, display)
        try:
            editor.wait_for("full resolution", lambda s: s["fullResolution"] and not s["loading"])
            editor.settle()
            editor.wait_for("the sharp copy", lambda s: s["photoSharp"])
            frame_ms, cpu_ms = timed_drags(editor, drags, lambda e: _dial_path(e.state["straightenDial"]),
                                           "straightening")
            log(f"straighten dial: {drags} drags, {len(frame_ms)} frames")
            level_ms = upright_answer_times(editor, "slash", "l", levels)
        finally:
            editor.close()
    return {"frames": len(frame_ms), "p50": percentile(frame_ms, 0.50), "p95": percentile(frame_ms, 0.95),
            "p99": percentile(frame_ms, 0.99), "max": max(frame_ms) if frame_ms else None,
            "cpu_p99": percentile(cpu_ms, 0.99), "level_ms": median(level_ms), "level_max_ms": max(level_ms)}
