"""HEIC and WebP side by side with vips and ImageMagick: crop + save of a 3000×2000 region of a 12 MP photo in its
own format at one quality, and launch to the first sharp frame of the 12 MP HEIC with vips decoding the same file
to memory as the reference. Run alone: `python3 bench/formats.py [--runs N]`."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import launch  # noqa: E402
from common import Xvfb, alternate, log, median, run_section_alone, timed_run  # noqa: E402
from report import Row, ms  # noqa: E402

QUALITY = 90
RECT = (500, 500, 3000, 2000)
SETTLE_MS = 6000


def make_sources(jpeg, work):
    """The 12 MP photo upright (Orientation 1, so every tool crops the same pixels) as HEIC and WebP."""
    sources = {}
    upright = os.path.join(work, "formats-12mp-upright.jpg")
    if not os.path.exists(upright):
        subprocess.run(["exiftool", "-q", "-n", "-o", upright, "-Orientation=1", jpeg], check=True)
    for ext, command in [("heic", ["heif-enc", "-q", str(QUALITY), upright, "-o"]),
                         ("webp", ["cwebp", "-quiet", "-q", str(QUALITY), "-metadata", "all", upright, "-o"])]:
        path = os.path.join(work, f"formats-12mp.{ext}")
        if not os.path.exists(path):
            log(f"making the 12 MP {ext.upper()} ({command[0]})…")
            subprocess.run(command + [path], check=True)
        sources[ext] = path
    return sources


def crop_commands(cropper, source, ext, work):
    x, y, w, h = RECT
    out = {name: os.path.join(work, f"formats-crop-{name}.{ext}") for name in ("cropper", "vips", "convert")}
    return out, {
        "cropper": [cropper, "crop", source, "--rect", f"{x},{y},{w},{h}", "--quality", str(QUALITY),
                    "-o", out["cropper"], "--force"],
        "vips": ["vips", "crop", source, f"{out['vips']}[Q={QUALITY}]", str(x), str(y), str(w), str(h)],
        "convert": ["/usr/bin/convert", source, "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-quality", str(QUALITY),
                    out["convert"]],
    }


def measure_crops(cropper, sources, work, runs):
    """{ext: {tool: median wall ms}, ext-cpu: {tool: median CPU ms}}"""
    results = {}
    for ext, source in sources.items():
        out, commands = crop_commands(cropper, source, ext, work)
        contenders = [(name, lambda c=command: timed_run(c)) for name, command in commands.items()]
        measured = alternate(runs, contenders)
        for name, path in out.items():
            size = subprocess.run(["vipsheader", "-f", "width", path], capture_output=True, text=True).stdout.strip()
            if size != str(RECT[2]):
                raise RuntimeError(f"{name} wrote a {ext} {size} wide, not {RECT[2]}")
        results[ext] = {name: median([t.wall_ms for t in values]) for name, values in measured.items()}
        # On a shared, loaded machine the CPU each used says more than the wall clock: reported beside it.
        results[ext + "-cpu"] = {name: median([t.cpu_ms for t in values]) for name, values in measured.items()}
    return results


def measure_launch(framewatch, cropper, heic, work, runs):
    """Cropper's first sharp frame of the HEIC (median ms) and vips decoding it to memory."""
    with Xvfb(1280, 800) as display:
        env = display.env(FRAMEWATCH_PAUSE_US=str(launch.POLL_PAUSE_US))
        command = [cropper, "--geometry", "1280x800", heic]
        reference = os.path.join(work, "formats-settled-heic.raw")
        # A HEIF has no scaled decode: the first frame is the full one, over a second away on a busy machine, so
        # the settled frame is waited for longer than a JPEG's (or "Opening…" would be taken for it).
        subprocess.run([framewatch, "reference", reference, str(SETTLE_MS), str(launch.TIMEOUT_MS), "--",
                        *command], env=env, check=True, stdout=subprocess.PIPE, text=True)
        contenders = [("cropper", lambda: launch._watch(framewatch, reference, command, env).sharp_ms),
                      ("vips", lambda: timed_run(["vips", "avg", heic]).wall_ms)]
        measured = alternate(runs, contenders)
    return {name: median([v for v in values if v is not None]) for name, values in measured.items()}


def measure(framewatch, cropper, jpeg, work, runs):
    sources = make_sources(jpeg, work)
    log("formats: crops…")
    crops = measure_crops(cropper, sources, work, runs)
    log("formats: launch of the 12 MP HEIC…")
    return {"crops": crops, "launch": measure_launch(framewatch, cropper, sources["heic"], work, runs)}


def rows(measured):
    out = []
    for ext, label in [("heic", "HEIC"), ("webp", "WebP")]:
        t = measured["crops"][ext]
        r = t["cropper"] / t["vips"] if t["vips"] else None
        out.append(Row(f"crop + save 3000×2000 of a 12 MP {label} as {label}, Q {QUALITY}, metadata kept",
                       ms(t["cropper"]), "vips crop", ms(t["vips"]), "≤ 1.0×", r is not None and r <= 1.0, r))
        r2 = t["cropper"] / t["convert"] if t["convert"] else None
        out.append(Row(f"the same {label} crop", ms(t["cropper"]), "ImageMagick convert", ms(t["convert"]),
                       "— (beside it)", None, r2))
    launch_ms = measured["launch"]
    r = launch_ms["cropper"] / launch_ms["vips"] if launch_ms["cropper"] and launch_ms["vips"] else None
    out.append(Row("launch → first sharp frame, 12 MP HEIC, 1280×800", ms(launch_ms["cropper"]),
                   "vips avg (decode to memory)", ms(launch_ms["vips"]), "— (reference)", None, r))
    return out


def details(measured):
    """CPU time beside the wall clock, for the crops."""
    parts = []
    for ext, label in [("heic", "HEIC"), ("webp", "WebP")]:
        cpu = measured["crops"].get(ext + "-cpu")
        if cpu:
            parts.append(f"{label} crop CPU time (user + system): Cropper {ms(cpu['cropper'])}, vips {ms(cpu['vips'])}, "
                         f"ImageMagick {ms(cpu['convert'])}")
    return "; ".join(parts) + "." if parts else ""


if __name__ == "__main__":
    run_section_alone(__doc__, measure, rows, details, "12mp")
