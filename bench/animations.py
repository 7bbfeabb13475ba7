"""JPEG XL and animations side by side: launch to the first sharp frame of a 24 MP JPEG XL against feh (imlib2's
libjxl loader), and a 300-frame 854×480 GIF cropped and saved against ImageMagick (`-coalesce -crop +repage
-layers optimize`) with `gifsicle --crop` beside it. The crops are checked too: every frame of Cropper's GIF equal
to ImageMagick's coalesced crop of the source, delays and loop as `gifsicle --info` reads them, and an animated
WebP's frames, durations and loop as `webpmux -info` reads them. Run alone: `python3 bench/animations.py [--runs N]`."""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fullres  # noqa: E402
import launch  # noqa: E402
from common import Xvfb, alternate, log, median, run_section_alone, running_cpu_ms, timed_run  # noqa: E402
from report import Row, ms  # noqa: E402

CONVERT = "/usr/bin/convert"
GIF_SIZE = (854, 480)
GIF_FRAMES = 300
CROP = (100, 60, 600, 360)  # x, y, w, h
SETTLE_MS = 8000


def make_jxl(jpeg, work):
    """The 24 MP photo upright as a lossy JPEG XL (cjxl -d 1, pixels rather than the recompressed JPEG)."""
    path = os.path.join(work, "anim-24mp.jxl")
    if not os.path.exists(path):
        log("making the 24 MP JPEG XL (cjxl)…")
        subprocess.run(["cjxl", jpeg, path, "--lossless_jpeg=0", "-d", "1", "-e", "5"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return path


def make_gif(work):
    """300 frames of 854×480: a ball and a bar moving over a plasma backdrop, 4 cs each, looping forever, optimised
    by ImageMagick into sub-rectangles with transparency (as animations on the web are)."""
    path = os.path.join(work, f"anim-{GIF_FRAMES}.gif")
    if os.path.exists(path):
        return path
    log(f"making the {GIF_FRAMES}-frame GIF…")
    w, h = GIF_SIZE
    backdrop = os.path.join(work, "anim-backdrop.gif")
    subprocess.run([CONVERT, "-size", f"{w}x{h}", "-seed", "3", "plasma:fractal", "-colors", "200", backdrop],
                   check=True)
    frames = os.path.join(work, "anim-frames")
    os.makedirs(frames, exist_ok=True)
    # Drawn in batches of 30 so ImageMagick never holds 300 full frames.
    parts = []
    for start in range(0, GIF_FRAMES, 30):
        command = [CONVERT, "-delay", "4"]
        for i in range(start, start + 30):
            x, y = 20 + (i * 7) % (w - 80), 40 + (i * 3) % (h - 120)
            command += ["(", backdrop, "-fill", "red", "-draw", f"circle {x},{y} {x + 30},{y}",
                        "-fill", "navy", "-draw", f"rectangle {(i * 11) % (w - 60)},{h - 70} {(i * 11) % (w - 60) + 50},{h - 20}",
                        ")"]
        part = os.path.join(frames, f"part{start:03d}.gif")
        subprocess.run(command + ["-layers", "optimize", part], check=True)
        parts.append(part)
    subprocess.run(["gifsicle", "--loopcount=forever", "--no-warnings", *parts, "-o", path], check=True)
    return path


def gif_commands(cropper, source, work):
    x, y, w, h = CROP
    out = {name: os.path.join(work, f"anim-crop-{name}.gif") for name in ("cropper", "convert", "gifsicle")}
    return out, {
        "cropper": [cropper, "crop", source, "--rect", f"{x},{y},{w},{h}", "-o", out["cropper"], "--force"],
        "convert": [CONVERT, source, "-coalesce", "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-layers", "optimize",
                    out["convert"]],
        "gifsicle": ["gifsicle", "--crop", f"{x},{y}+{w}x{h}", source, "-o", out["gifsicle"]],
    }


def gifsicle_timing(path):
    """The frame count, each frame's delay and disposal-free timing lines, and the loop, as gifsicle reads them."""
    info = subprocess.run(["gifsicle", "--info", path], capture_output=True, text=True, check=True).stdout
    count = re.search(r"(\d+) images", info)
    delays = re.findall(r"delay (\d+\.\d+)s", info)
    loop = re.search(r"loop (forever|count \d+)", info)
    return {"frames": int(count.group(1)) if count else 1, "delays": delays, "loop": loop.group(1) if loop else None}


def frames_identical(source, ours, work):
    """How many frames of Cropper's crop differ from ImageMagick's coalesced crop of the source (0: all equal)."""
    x, y, w, h = CROP
    theirs_dir, ours_dir = os.path.join(work, "anim-theirs"), os.path.join(work, "anim-ours")
    for d in (theirs_dir, ours_dir):
        os.makedirs(d, exist_ok=True)
        for name in os.listdir(d):
            os.remove(os.path.join(d, name))
    subprocess.run([CONVERT, source, "-coalesce", "-crop", f"{w}x{h}+{x}+{y}", "+repage",
                    os.path.join(theirs_dir, "%04d.png")], check=True)
    subprocess.run([CONVERT, ours, "-coalesce", os.path.join(ours_dir, "%04d.png")], check=True)
    theirs, mine = sorted(os.listdir(theirs_dir)), sorted(os.listdir(ours_dir))
    if len(theirs) != len(mine):
        return None
    differing = 0
    for name in theirs:
        result = subprocess.run(["compare", "-metric", "AE", os.path.join(theirs_dir, name),
                                 os.path.join(ours_dir, name), "null:"], capture_output=True, text=True)
        if result.stderr.split()[0] != "0":
            differing += 1
    return differing


def webp_check(cropper, gif, work):
    """gif2webp's WebP of the animation cropped: webpmux -info's frames, durations and loop, before and after."""
    x, y, w, h = CROP
    source, out = os.path.join(work, "anim.webp"), os.path.join(work, "anim-crop.webp")
    if not os.path.exists(source):
        subprocess.run(["gif2webp", "-quiet", "-lossy", "-q", "80", gif, "-o", source], check=True)
    subprocess.run([cropper, "crop", source, "--rect", f"{x},{y},{w},{h}", "-o", out, "--force"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def info(path):
        text = subprocess.run(["webpmux", "-info", path], capture_output=True, text=True, check=True).stdout
        frames = re.search(r"Number of frames: (\d+)", text)
        loop = re.search(r"Loop Count : (\d+)", text)
        durations = [line.split()[6] for line in text.splitlines() if re.match(r"\s*\d+:", line)]
        return {"frames": int(frames.group(1)) if frames else 1, "loop": loop.group(1) if loop else None,
                "durations": durations}

    before, after = info(source), info(out)
    return {"source": {"frames": before["frames"], "loop": before["loop"]},
            "same": before == after}


def cropper_launch(cropper, jxl, state_log, env):
    """Cropper's first frame with the photo on screen (a stand-in, if one came first) and its first sharp frame, from its state
    log (CLOCK_MONOTONIC, as time.monotonic()), in ms from just before the launch; its CPU time when the sharp frame
    is seen (the log is polled every 2 ms)."""
    with fullres.launched(cropper, jxl, state_log, env) as (process, started):
        sharp = fullres.wait_for(state_log, lambda s: s["event"] == "frame" and s.get("photoSharp"))
        cpu = running_cpu_ms(process.pid)
        first = next(s for s in fullres.lines(state_log) if s["event"] == "frame" and s.get("imageSize"))
        return {"first": (first["t"] - started) * 1000, "sharp": (sharp["t"] - started) * 1000,
                "standIn": bool(first.get("photoStandIn")), "cpu": cpu}


def measure_launch(framewatch, cropper, jxl, work, runs):
    """Launch to the photo on screen, 24 MP JPEG XL: Cropper's first picture (a stand-in, if any) and first sharp frame
    by its state log, feh's one frame by framewatch, and the CPU each had used by then (medians, ms)."""
    with Xvfb(1280, 800) as display:
        env = display.env(FRAMEWATCH_PAUSE_US=str(launch.POLL_PAUSE_US))
        feh = ["feh", "-g", "1280x800", "--scale-down", "--auto-zoom", "--image-bg", "black", jxl]
        reference = os.path.join(work, "anim-settled-feh.raw")
        subprocess.run([framewatch, "reference", reference, str(SETTLE_MS), str(launch.TIMEOUT_MS), "--", *feh],
                       env=env, check=True, stdout=subprocess.PIPE, text=True)
        state_log = os.path.join(work, "anim-launch-state.jsonl")
        measured = alternate(runs, [
            ("cropper", lambda: cropper_launch(cropper, jxl, state_log, display.env())),
            ("feh", lambda: launch._watch(framewatch, reference, feh, env)),
        ])
    ours, feh_runs = measured["cropper"], measured["feh"]
    return {"cropper": median([r["first"] for r in ours]), "cropper_sharp": median([r["sharp"] for r in ours]),
            "stand_ins": sum(1 for r in ours if r["standIn"]), "feh": median([r.first_frame_ms for r in feh_runs]),
            "feh_sharp": median([r.sharp_ms for r in feh_runs if r.sharp_ms is not None]),
            "cropper_cpu": median([r["cpu"] for r in ours]),
            "feh_cpu": median([r.cpu_ms for r in feh_runs if r.cpu_ms is not None]),
            "runs": {"cropper": [round(r["first"]) for r in ours], "cropper_sharp": [round(r["sharp"]) for r in ours],
                     "feh": [round(r.first_frame_ms) for r in feh_runs]}}


def measure(framewatch, cropper, upright_jpeg, work, runs):
    jxl = make_jxl(upright_jpeg, work)
    gif = make_gif(work)
    log("animations: 24 MP JPEG XL launch…")
    launch_ms = measure_launch(framewatch, cropper, jxl, work, runs)
    log("animations: GIF crops…")
    out, commands = gif_commands(cropper, gif, work)
    measured = alternate(runs, [(name, lambda c=command: timed_run(c)) for name, command in commands.items()])
    crops = {name: median([t.wall_ms for t in values]) for name, values in measured.items()}
    cpu = {name: median([t.cpu_ms for t in values]) for name, values in measured.items()}
    all_runs = {name: [round(t.wall_ms) for t in values] for name, values in measured.items()}
    source_timing, our_timing = gifsicle_timing(gif), gifsicle_timing(out["cropper"])
    return {"launch": launch_ms, "crops": crops, "cpu": cpu, "runs": all_runs,
            "differing_frames": frames_identical(gif, out["cropper"], work),
            "timing_same": source_timing == our_timing, "frames": source_timing["frames"],
            "loop": source_timing["loop"], "webp": webp_check(cropper, gif, work)}


def rows(measured):
    launch_ms, crops = measured["launch"], measured["crops"]
    r = launch_ms["cropper"] / launch_ms["feh"] if launch_ms["cropper"] and launch_ms["feh"] else None
    sharp_ratio = launch_ms["cropper_sharp"] / launch_ms["feh"] if launch_ms["cropper_sharp"] and launch_ms["feh"] else None
    r2 = crops["cropper"] / crops["convert"] if crops["convert"] else None
    r3 = crops["cropper"] / crops["gifsicle"] if crops["gifsicle"] else None
    differing = measured["differing_frames"]
    webp = measured["webp"]
    x, y, w, h = CROP
    return [
        Row("launch → first sharp frame, 24 MP JPEG XL (cjxl -d 1), 1280×800", ms(launch_ms["cropper_sharp"]),
            "feh (imlib2 jxl), its one frame", ms(launch_ms["feh"]), "≤ 1.0×",
            sharp_ratio is not None and sharp_ratio <= 1.0, sharp_ratio),
        Row("launch → Cropper's first picture of it, a stand-in if any (reported beside it)", ms(launch_ms["cropper"]),
            "feh (imlib2 jxl), its one frame", ms(launch_ms["feh"]), "—", None, r),
        Row(f"crop {w}×{h} + save of a {measured['frames']}-frame {GIF_SIZE[0]}×{GIF_SIZE[1]} GIF", ms(crops["cropper"]),
            "convert -coalesce -crop +repage -layers optimize", ms(crops["convert"]), "≤ 1.0×", r2 is not None and r2 <= 1.0,
            r2),
        Row("the same GIF crop", ms(crops["cropper"]), "gifsicle --crop", ms(crops["gifsicle"]), "— (beside it)", None, r3),
        Row("frames of that crop differing from convert -coalesce -crop +repage", str(differing), "frames",
            str(measured["frames"]), "0", differing == 0, value=differing),
        Row(f"delays and loop ({measured['loop']}) of that crop, by gifsicle --info", "same" if measured["timing_same"]
            else "DIFFERENT", "the source", "", "same", measured["timing_same"]),
        Row(f"animated WebP (gif2webp) cropped: frames, durations and loop by webpmux -info",
            "same" if webp["same"] else "DIFFERENT", "the source", f"{webp['source']['frames']} frames, loop {webp['source']['loop']}",
            "same", webp["same"]),
    ]


def details(measured):
    cpu, runs, jxl = measured["cpu"], measured["runs"], measured["launch"]
    return (f"JPEG XL launch of every run — Cropper's first picture {jxl['runs']['cropper']} ms (a stand-in in "
            f"{jxl['stand_ins']} of {len(jxl['runs']['cropper'])}), its first sharp frame {jxl['runs']['cropper_sharp']} ms, "
            f"feh {jxl['runs']['feh']} ms (its first frame; it matched its settled frame at {ms(jxl['feh_sharp'])}); "
            f"CPU (user + system, median) by then: Cropper {ms(jxl['cropper_cpu'])}, feh {ms(jxl['feh_cpu'])}. "
            f"Animations: GIF crop wall times of every run — Cropper {runs['cropper']}, ImageMagick {runs['convert']}, "
            f"gifsicle {runs['gifsicle']} ms; CPU (user + system, median): Cropper {ms(cpu['cropper'])}, ImageMagick "
            f"{ms(cpu['convert'])}, gifsicle {ms(cpu['gifsicle'])}.")


if __name__ == "__main__":
    run_section_alone(__doc__, measure, rows, details, "24mp-upright")
