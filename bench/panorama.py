"""Big photos: a wide and a tall 153.6 MP panorama JPEG (48000 × 3200 and 3200 × 48000), wider or taller than one
Cairo surface, made by vips from crops of the 24 MP test photo (plasma, edges and noise) joined side by side,
every other one mirrored, at quality 92 (the tall one is the wide one turned). Measured from launch, with the 100 % key (`1`) sent as soon as the photo
shows: when the full-resolution decode is on screen, against `djpeg` decoding the same file (alternating runs);
whether the first frame at 100 % is already sharp where it shows the photo (the state log's `fullRows` covering the
visible rows: a JPEG's rows are shown as they decode); when the photo first shows; and the peak memory (VmHWM)
against the decoded size, four bytes a pixel.
Run alone: `python3 bench/panorama.py [--runs N]`."""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fullres  # noqa: E402
from common import Xvfb, alternate, log, median, run_section_alone, running_cpu_ms, timed_run  # noqa: E402
from report import Row, mb, ms  # noqa: E402

RECIPE = "p1"
QUALITY = 92
SIZES = {"wide": (48000, 3200), "tall": (3200, 48000)}
TIMEOUT_S = 300


def make_panorama(source, work, shape):
    """Eight 6000 × 3200 crops of the (upright, 6000 × 4000) test photo side by side, every other one mirrored so
    that no join repeats; the tall one is that panorama turned a quarter."""
    width, height = SIZES[shape]
    # Alone in its folder: nothing beside it is decoded ahead while it is measured.
    folder = os.path.join(work, f"panorama-{shape}")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"panorama-{width}x{height}-{RECIPE}.jpg")
    if os.path.exists(path):
        return path
    log(f"making the {width}×{height} panorama…")
    if shape == "tall":
        subprocess.run(["vips", "rot", make_panorama(source, work, "wide"), f"{path}.part.jpg[Q={QUALITY}]", "d90"],
                       check=True)
        os.replace(path + ".part.jpg", path)
        return path
    part = os.path.join(work, "panorama-parts")
    os.makedirs(part, exist_ok=True)
    plain, mirrored = os.path.join(part, "plain.v"), os.path.join(part, "mirrored.v")
    subprocess.run(["vips", "crop", source, plain, "0", "400", "6000", "3200"], check=True)
    subprocess.run(["vips", "flip", plain, mirrored, "horizontal"], check=True)
    pieces = " ".join(plain if i % 2 == 0 else mirrored for i in range(width // 6000))
    subprocess.run(["vips", "arrayjoin", pieces, f"{path}.part.jpg[Q={QUALITY}]", "--across", str(width // 6000)],
                   check=True)
    os.replace(path + ".part.jpg", path)
    for name in (plain, mirrored):
        os.remove(name)
    return path


def _lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f.read().splitlines() if line.endswith("}")]


def _hwm_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(next(line for line in f if line.startswith("VmHWM")).split()[1]) / 1024



def _visible_rows_in(line, height):
    """Whether the stored rows the 100 % view shows (Orientation 1) are all decoded."""
    if line.get("fullResolution"):
        return True
    top = line["imageFrame"][1]
    canvas_top, canvas_height = line["canvasOrigin"][1], line["canvasSize"][1]
    last = min(height, int(canvas_top + canvas_height - top) + 1)
    return line.get("fullRows", 0) > last


def _one_run(cropper, photo, height, state_log, env):
    with fullres.launched(cropper, photo, state_log, env) as (process, started):
        deadline, pressed, first, first_cpu, sharp, full = started + TIMEOUT_S, False, None, None, None, None
        while time.monotonic() < deadline and full is None:
            lines = _lines(state_log)
            if first is None:
                first = next((line for line in lines if line["event"] == "frame" and line.get("imageFrame")), None)
                # Within the 5 ms poll of it: CPU is what a busy machine turns into time.
                first_cpu = running_cpu_ms(process.pid) if first else None
            if not pressed and any(line["event"] == "imageLoaded" for line in lines):
                window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(process.pid)], env=env,
                                        check=True, stdout=subprocess.PIPE, text=True).stdout.split()[0]
                subprocess.run(["xdotool", "key", "--window", window, "1"], env=env, check=True)
                pressed = True
            first_at_100 = None
            for line in lines:
                at_100 = (line["event"] == "frame" and line.get("imageFrame") and line["zoomScale"] == 1
                          and not line["animating"])
                if at_100 and first_at_100 is None:
                    first_at_100 = line
                if at_100 and sharp is None and _visible_rows_in(line, height):
                    sharp = line
                if at_100 and line.get("fullResolution"):
                    full = line
                    break
            if any(line.get("fullResolutionError") for line in lines):
                raise RuntimeError(f"the full decode failed: {lines[-1]['fullResolutionError']}")
            time.sleep(0.005)
        if full is None:
            raise RuntimeError("Cropper's state log never showed full resolution at 100 %")
        return {"full_ms": (full["t"] - started) * 1000, "sharp_ms": (sharp["t"] - started) * 1000,
                "first_ms": (first["t"] - started) * 1000, "first_cpu_ms": first_cpu,
                "at_100_ms": (first_at_100["t"] - started) * 1000,
                "sharp_at_once": sharp["seq"] == first_at_100["seq"], "peak_mb": _hwm_mb(process.pid),
                "cpu_ms": running_cpu_ms(process.pid)}


def measure_one(cropper, path, size, work, runs, env):
    state_log = os.path.join(work, "panorama-state.jsonl")
    measured = alternate(runs, [("cropper", lambda: _one_run(cropper, path, size[1], state_log, env)),
                                ("djpeg", lambda: timed_run(["djpeg", path]))])
    ours = measured["cropper"]
    return {"full_ms": [r["full_ms"] for r in ours], "sharp_ms": [r["sharp_ms"] for r in ours],
            "first_ms": [r["first_ms"] for r in ours], "first_cpu_ms": [r["first_cpu_ms"] for r in ours],
            "at_100_ms": [r["at_100_ms"] for r in ours],
            "sharp_at_once": [r["sharp_at_once"] for r in ours],
            "peak_mb": [r["peak_mb"] for r in ours], "cpu_ms": [r["cpu_ms"] for r in ours], "djpeg_ms": [t.wall_ms for t in measured["djpeg"]],
            "djpeg_cpu_ms": [t.cpu_ms for t in measured["djpeg"]], "bytes": os.path.getsize(path),
            "size": list(size)}


def measure(cropper, photos, work, runs):
    results = {}
    with Xvfb(1280, 800) as display:
        env = display.env()
        for shape, size in SIZES.items():
            path = make_panorama(photos["24mp-upright"].path, work, shape)
            log(f"{shape} panorama, {runs} runs beside djpeg…")
            results[shape] = measure_one(cropper, path, size, work, runs, env)
    return results


def spread(values):
    return f"{ms(min(values))}–{ms(max(values))}"


def rows(measured):
    out = []
    for shape, m in measured.items():
        width, height = m["size"]
        name = f"{width}×{height} panorama JPEG ({width * height / 1e6:.1f} MP)"
        full, djpeg = median(m["full_ms"]), median(m["djpeg_ms"])
        r = full / djpeg
        out.append(Row(f"launch → full resolution on screen at 100 %, {name} (runs {spread(m['full_ms'])})",
                       ms(full), "djpeg (decode only)", ms(djpeg), "≤ 2.0×", r <= 2.0, r))
        at_100 = median(m["at_100_ms"])
        out.append(Row(f"launch → the first frame at 100 %, sharp where it shows the photo, {name}, the key sent "
                       f"when it shows (sharp in {sum(m['sharp_at_once'])} of {len(m['sharp_at_once'])} runs)",
                       ms(at_100), "full resolution on screen", ms(full), "sharp from its first frame",
                       all(m["sharp_at_once"]), at_100 / full))
        decoded = width * height * 4 / 1e6
        peak = max(m["peak_mb"])
        out.append(Row(f"peak memory opening the {name} (VmHWM, largest of the runs)", mb(peak),
                       "decoded size (4 bytes a pixel)", mb(decoded), "≤ 1.15×", peak <= decoded * 1.15,
                       peak / decoded))
    return out


def details(measured):
    parts = []
    for shape, m in measured.items():
        width, height = m["size"]
        parts.append(f"{width}×{height} panorama ({m['bytes'] / 1e6:.0f} MB file): full resolution "
                     f"{', '.join(ms(v) for v in m['full_ms'])}; the photo first shown "
                     f"{', '.join(ms(v) for v in m['first_ms'])} (CPU by then, median "
                     f"{ms(median(m['first_cpu_ms']))}); first frame at 100 % "
                     f"{', '.join(ms(v) for v in m['at_100_ms'])}, sharp where shown "
                     f"{', '.join(ms(v) for v in m['sharp_ms'])}; "
                     f"djpeg {', '.join(ms(v) for v in m['djpeg_ms'])}; CPU time (user + system, median) Cropper "
                     f"{ms(median(m['cpu_ms']))} (launch, preview and full decode), djpeg {ms(median(m['djpeg_cpu_ms']))}; "
                     f"VmHWM {', '.join(mb(v) for v in m['peak_mb'])}.")
    return "Panoramas: " + " ".join(parts)


if __name__ == "__main__":
    run_section_alone(__doc__, measure, rows, details)
