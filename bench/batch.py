"""Many photos at once: the same --rect on 20 × 12 MP JPEGs against mogrify, vips crop and a jpegtran loop run by GNU
parallel -j2 (the machine's two cores), the lossless form against jpegtran; peak memory of 5 against 40 photos;
smart placement's hit rate beside `vips smartcrop --interesting attention`; --trim against `vips find_trim` and
`convert -fuzz -trim` on photos given borders of several colours and widths."""

import json
import os
import random
import shutil
import subprocess

from common import alternate, median, timed_run
from photos import CONVERT, _with_orientation

RECT = (400, 304, 3200, 2400)  # a tenth off each side of the upright 4000 × 3000 photo, on the 16 px grid
COUNT = 20
FUZZ = 10  # percent: --trim's default, 25.5 levels for vips, -fuzz 10% for ImageMagick


def _copies(photo, work, count):
    """`count` copies of the 12 MP photo turned to Orientation 1 (mogrify and vips crop stored pixels)."""
    folder = os.path.join(work, "batch-photos")
    os.makedirs(folder, exist_ok=True)
    upright = os.path.join(folder, "upright.jpg")
    if not os.path.exists(upright):
        _with_orientation(photo.path, upright, 1)
    paths = []
    for i in range(count):
        path = os.path.join(folder, f"photo-{i:02d}.jpg")
        if not os.path.exists(path):
            shutil.copyfile(upright, path)
        paths.append(path)
    return paths


def _fresh(folder):
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    return folder


def timing_commands(cropper, files, work):
    x, y, w, h = RECT
    out = {name: os.path.join(work, "batch-out", name) for name in
           ("cropper", "mogrify", "vips", "lossless", "jpegtran")}
    rect = f"{x},{y},{w},{h}"
    return out, {
        "cropper": [cropper, "crop", "--rect", rect, "--output-dir", out["cropper"], "--force", *files],
        "mogrify": ["/usr/bin/mogrify", "-path", out["mogrify"], "-crop", f"{w}x{h}+{x}+{y}", "+repage",
                    "-sampling-factor", "2x2", "-quality", "92", *files],
        "vips": ["parallel", "-j2", "vips", "crop", "{}", os.path.join(out["vips"], "{/}") + "[Q=92]",
                 str(x), str(y), str(w), str(h), ":::", *files],
        "lossless": [cropper, "crop", "--lossless", "--rect", rect, "--output-dir", out["lossless"], "--force", *files],
        "jpegtran": ["parallel", "-j2", "jpegtran", "-copy", "all", "-crop", f"{w}x{h}+{x}+{y}", "-outfile",
                     os.path.join(out["jpegtran"], "{/}"), "{}", ":::", *files],
    }


def peak_mb(command):
    out = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, check=True).stderr
    return int(out.strip().splitlines()[-1]) * 1024 / 1e6


def measure_speed(cropper, photo, work, runs):
    files = _copies(photo, work, 40)
    out, command = timing_commands(cropper, files[:COUNT], work)
    for name in command:
        _fresh(out[name])
        timed_run(command[name])  # warm, and outputs to look at
    results = alternate(runs, [(name, lambda c=command[name]: timed_run(c)) for name in command])
    memory = measure_memory(cropper, files, work, runs)
    return {"ms": {name: median([t.wall_ms for t in values]) for name, values in results.items()},
            "all_ms": {name: [round(t.wall_ms) for t in values] for name, values in results.items()},
            "cpu_ms": {name: median([t.cpu_ms for t in values]) for name, values in results.items()},
            "peak_mb": {n: median(values) for n, values in memory.items()}, "all_peak_mb": memory, "files": COUNT}


def measure_memory(cropper, files, work, runs):
    """Peak memory of the batch of 5 and of 40, at least 3 runs each, alternating: {count: [MB, …]}. A peak depends on
    how the two workers' photos line up, so one run of each side could differ by chance."""
    x, y, w, h = RECT
    folders = {n: _fresh(os.path.join(work, "batch-out", f"memory-{n}")) for n in (5, 40)}

    def peak(n):
        return peak_mb([cropper, "crop", "--rect", f"{x},{y},{w},{h}", "--output-dir", folders[n], "--force",
                        *files[:n]])
    return alternate(max(3, runs), [(n, lambda n=n: peak(n)) for n in (5, 40)])


# Smart placement: a detailed subject (a plasma fractal with noise and strokes) at a random place on a plain or a
# heavily blurred background, and a box of a shape the subject fits in.
SMART_COUNT = 40


def _smart_photos(work, seed=28):
    folder = os.path.join(work, f"smart-v1-{seed}")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(seed)
    cases = []
    for i in range(SMART_COUNT):
        landscape = i % 2 == 0
        width, height = (1200, 800) if landscape else (800, 1200)
        aspect = rng.choice([(1, 1), (4, 5), (9, 16)] if landscape else [(1, 1), (5, 4), (16, 9)])
        short = min(width, height)
        sw, sh = rng.randint(short // 6, short * 2 // 5), rng.randint(short // 6, short * 2 // 5)
        sx, sy = rng.randint(0, width - sw), rng.randint(0, height - sh)
        colour = rng.choice(["#5b7fa6", "#d8d2c4", "#2f3a2f", "#a04040"])
        path = os.path.join(folder, f"smart-{i:02d}.jpg")
        if not os.path.exists(path):
            if i % 4 < 2:
                background = ["-size", f"{width}x{height}", f"xc:{colour}"]
            else:
                background = ["-size", f"{width}x{height}", "-seed", str(100 + i), "plasma:fractal", "-blur", "0x24"]
            subject = ["(", "-size", f"{sw}x{sh}", "-seed", str(200 + i), "plasma:fractal", "-attenuate", "1.5",
                       "+noise", "Gaussian", "-fill", "none", "-stroke", "#101010", "-strokewidth", "3",
                       "-draw", f"line 0,0 {sw},{sh}", "-draw", f"circle {sw // 2},{sh // 2} {sw // 2},{sh // 5}", ")"]
            subprocess.run([CONVERT, *background, *subject, "-geometry", f"+{sx}+{sy}", "-composite",
                            "-sampling-factor", "2x2", "-quality", "90", path], check=True)
        cases.append({"path": path, "size": (width, height), "aspect": aspect, "subject": (sx, sy, sw, sh)})
    return cases


def _box(size, aspect):
    """The largest box of the aspect, as both programs are asked for it."""
    (width, height), (aw, ah) = size, aspect
    if width * ah <= height * aw:
        return width, min(height, max(1, round(width * ah / aw)))
    return min(width, max(1, round(height * aw / ah))), height


def _holds(box, subject):
    bx, by, bw, bh = box
    sx, sy, sw, sh = subject
    return bx <= sx and by <= sy and sx + sw <= bx + bw and sy + sh <= by + bh


def _vips_smartcrop_box(path, size, w, h, work):
    """vips smartcrop's box: it centres the box on its attention point and keeps it inside the picture."""
    out = os.path.join(work, "smartcrop.v")
    text = subprocess.run(["vips", "smartcrop", path, out, str(w), str(h), "--interesting", "attention",
                           "--attention-x", "--attention-y"], check=True, stdout=subprocess.PIPE, text=True).stdout
    ax, ay = map(int, text.split()[:2])
    left = min(max(0, ax - w // 2), size[0] - w)
    top = min(max(0, ay - h // 2), size[1] - h)
    return left, top, w, h


def measure_smart(cropper, work):
    cases = _smart_photos(work)
    hits = {"cropper": 0, "vips": 0}
    fitting = 0
    for case in cases:
        w, h = _box(case["size"], case["aspect"])
        if case["subject"][2] > w or case["subject"][3] > h:
            continue
        fitting += 1
        text = subprocess.run([cropper, "info", "--json", "--aspect", "%d:%d" % case["aspect"], case["path"]],
                              check=True, stdout=subprocess.PIPE, text=True).stdout
        rect = tuple(json.loads(text)["suggestedRect"])
        hits["cropper"] += _holds(rect, case["subject"])
        hits["vips"] += _holds(_vips_smartcrop_box(case["path"], case["size"], w, h, work), case["subject"])
    return {"fitting": fitting, "photos": len(cases), "hits": hits}


# Trim: a picture inside borders of several colours and widths, re-encoded as JPEG.
TRIM_BORDERS = [  # colour, (left, top, right, bottom)
    ("white", (40, 40, 40, 40)), ("black", (17, 60, 23, 9)), ("#808080", (3, 3, 3, 3)),
    ("#3060a0", (90, 0, 90, 0)), ("#f4f0e6", (25, 31, 0, 48)), ("white", (0, 120, 0, 120)),
    ("#203020", (12, 12, 64, 12)), ("#ffd040", (33, 7, 5, 70)),
]


def _trim_photos(work):
    folder = os.path.join(work, "trim-v1")
    os.makedirs(folder, exist_ok=True)
    cases = []
    for i, (colour, (left, top, right, bottom)) in enumerate(TRIM_BORDERS):
        path = os.path.join(folder, f"trim-{i}.jpg")
        w, h = 900, 600
        if not os.path.exists(path):
            subprocess.run([CONVERT, "-size", f"{w}x{h}", "-seed", str(300 + i), "plasma:fractal",
                            "-attenuate", "0.6", "+noise", "Gaussian", "-background", colour,
                            "-gravity", "northwest", "-splice", f"{left}x{top}", "-gravity", "southeast",
                            "-splice", f"{right}x{bottom}", "+repage", "-sampling-factor", "2x2", "-quality", "90",
                            path], check=True)
        cases.append({"path": path, "truth": (left, top, w, h)})
    return cases


def _vips_trim(path):
    corner = subprocess.run(["vips", "getpoint", path, "0", "0"], check=True, stdout=subprocess.PIPE,
                            text=True).stdout.split()
    text = subprocess.run(["vips", "find_trim", path, "--threshold", str(FUZZ * 255 / 100), "--background",
                           " ".join(corner[:3])], check=True, stdout=subprocess.PIPE, text=True).stdout
    return tuple(map(int, text.split()[:4]))


def _convert_trim(path):
    text = subprocess.run([CONVERT, path, "-fuzz", f"{FUZZ}%", "-format", "%@", "info:"], check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()
    size, x, y = text.replace("+", " ").split()
    w, h = size.split("x")
    return int(x), int(y), int(w), int(h)


def _off(a, b):
    """The largest difference of any edge, in pixels."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]), abs(a[0] + a[2] - b[0] - b[2]), abs(a[1] + a[3] - b[1] - b[3]))


def measure_trim(cropper, work):
    cases = _trim_photos(work)
    out = _fresh(os.path.join(work, "batch-out", "trim"))
    lines = subprocess.run([cropper, "crop", "--trim", "--json", "--output-dir", out, *[c["path"] for c in cases]],
                           check=True, stdout=subprocess.PIPE, text=True).stdout.splitlines()
    rows = []
    for case, line in zip(cases, lines):
        mine = tuple(json.loads(line)["rect"])
        vips, convert = _vips_trim(case["path"]), _convert_trim(case["path"])
        rows.append({"cropper": mine, "vips": vips, "convert": convert, "truth": case["truth"],
                     "off_vips": _off(mine, vips), "off_convert": _off(mine, convert), "off_truth": _off(mine, case["truth"])})
    return {"photos": rows, "within_1px_of_vips": sum(r["off_vips"] <= 1 for r in rows),
            "within_1px_of_convert": sum(r["off_convert"] <= 1 for r in rows), "count": len(rows),
            "worst_vips": max(r["off_vips"] for r in rows), "worst_convert": max(r["off_convert"] for r in rows)}
