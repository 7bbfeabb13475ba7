"""Perspective on the 24 MP photo and on streets re-projected by known angles: Upright's accuracy, the
`--perspective` crop against ImageMagick's `-distort Perspective` given the same four corner correspondences (its
PSNR and its time), and the Upright estimate's time."""

import json
import math
import os
import subprocess

from common import alternate, log, median, timed_run

CONVERT = "/usr/bin/convert"
ANGLES = (8.0, -3.0)  # --perspective V,H of the timed crop
SIZE = (3000, 2000)
# (vertical, horizontal, straighten) the streets are shot with, so that correcting by them gives the street back.
TRUTHS = [(6.0, 0.0, 0.0), (12.0, 0.0, 1.5), (-9.0, 0.0, -2.0), (18.0, 0.0, 0.5)]


def forward(size, vertical, horizontal, straighten=0.0, focal35=28.0):
    """The model of docs/perspective.md: a photo point to the corrected frame (the same numbers as WarpedPhoto)."""
    w, h = size
    f = focal35 / math.hypot(36, 24) * math.hypot(w, h)
    wx, wy = math.radians(vertical), -math.radians(horizontal)
    angle = math.hypot(wx, wy)
    if angle == 0:
        q = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    else:
        kx, ky = wx / angle, wy / angle
        s, c = math.sin(angle), math.cos(angle)
        t = 1 - c
        q = [[c + kx * kx * t, kx * ky * t, ky * s],
             [ky * kx * t, c + ky * ky * t, -kx * s],
             [-ky * s, kx * s, c]]

    def project(x, y):
        r = [q[i][0] * x + q[i][1] * y + q[i][2] * f for i in range(3)]
        return f * r[0] / r[2], f * r[1] / r[2]

    centre = project(0, 0)
    turn = math.radians(straighten)

    def apply(px, py):
        u, v = project(px - w / 2, py - h / 2)
        u, v = u - centre[0], v - centre[1]
        return (w / 2 + math.cos(turn) * u - math.sin(turn) * v, h / 2 + math.sin(turn) * u + math.cos(turn) * v)
    return apply


def inverse(apply, point, guess):
    """Newton's method on the forward map (two unknowns), for the corners a re-projected street starts from."""
    x, y = guess
    for _ in range(50):
        fx, fy = apply(x, y)
        ex, ey = fx - point[0], fy - point[1]
        if abs(ex) + abs(ey) < 1e-9:
            break
        d = 1e-3
        ax, ay = apply(x + d, y)
        bx, by = apply(x, y + d)
        j = [[(ax - fx) / d, (bx - fx) / d], [(ay - fy) / d, (by - fy) / d]]
        det = j[0][0] * j[1][1] - j[0][1] * j[1][0]
        x -= (j[1][1] * ex - j[0][1] * ey) / det
        y -= (-j[1][0] * ex + j[0][0] * ey) / det
    return x, y


def correspondences(size, apply):
    w, h = size
    return "  ".join(f"{x},{y} {apply(x, y)[0]:.6f},{apply(x, y)[1]:.6f}" for x, y in ((0, 0), (w, 0), (w, h), (0, h)))


def _rect(displayed):
    return (displayed[0] - SIZE[0]) // 2, (displayed[1] - SIZE[1]) // 2, SIZE[0], SIZE[1]


def crop_commands(cropper, photo, work):
    x, y, w, h = _rect(photo.displayed)
    out = {name: os.path.join(work, f"perspective-{name}.jpg") for name in ("cropper", "convert")}
    pairs = correspondences(photo.displayed, forward(photo.displayed, *ANGLES))
    return out, {
        "cropper": [cropper, "crop", photo.path, "--perspective", f"{ANGLES[0]},{ANGLES[1]}",
                    "--rect", f"{x},{y},{w},{h}", "-o", out["cropper"], "--force"],
        # Only the output rect computed (-define distort:viewport): ImageMagick at its quickest for this output.
        "convert": [CONVERT, photo.path, "-auto-orient", "+repage", "-define", f"distort:viewport={w}x{h}+{x}+{y}",
                    "-distort", "Perspective", pairs, "+repage", "-sampling-factor", "2x2", "-quality", "92",
                    out["convert"]],
    }


def _psnr(a, b):
    return subprocess.run(["/usr/bin/compare", "-metric", "PSNR", a, b, "null:"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).stderr.strip()


def measure_crops(cropper, photo, work, runs):
    out, command = crop_commands(cropper, photo, work)
    for name in command:
        timed_run(command[name])
    results = alternate(runs, [(name, lambda c=command[name]: timed_run(c)) for name in command])
    return {"ms": {name: median([t.wall_ms for t in values]) for name, values in results.items()},
            "cpu_ms": {name: median([t.cpu_ms for t in values]) for name, values in results.items()},
            "psnr_db": _psnr(out["cropper"], out["convert"]), "commands": command}


def measure_estimate(cropper, photo, runs):
    """Upright's estimate: `cropper info --level` less `cropper info`, the same file, alternating, medians."""
    results = alternate(runs, [("level", lambda: timed_run([cropper, "info", "--level", photo.path])),
                               ("plain", lambda: timed_run([cropper, "info", photo.path]))])
    level, plain = (median([t.wall_ms for t in results[k]]) for k in ("level", "plain"))
    level_cpu, plain_cpu = (median([t.cpu_ms for t in results[k]]) for k in ("level", "plain"))
    return {"level_ms": level, "plain_ms": plain, "estimate_ms": level - plain,
            "estimate_cpu_ms": level_cpu - plain_cpu}


def _street(path):
    """A façade with windows, a lamp post and a kerb over a plasma sky, with noise: the project's street, larger."""
    windows = []
    for row in (500, 1000):
        for column in (560, 1040, 1520, 1950):
            windows += ["-draw", f"rectangle {column},{row} {column + 220},{row + 290}"]
    subprocess.run([CONVERT, "-size", "3000x2000", "-seed", "5", "plasma:fractal", "-blur", "0x2",
                    "-fill", "#707880", "-draw", "rectangle 450,380 2400,1700", "-fill", "#303438"] + windows
                   + ["-fill", "#405030", "-draw", "rectangle 0,1700 3000,2000", "-stroke", "#202020",
                      "-strokewidth", "9", "-draw", "line 160,230 160,1700", "-seed", "6", "-attenuate", "0.6",
                      "+noise", "Gaussian", "-quality", "92", path], check=True)


def upright_json(cropper, path):
    result = subprocess.run([cropper, "info", "--level", "--json", path], stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(result.stdout)["upright"]


def measure_accuracy(cropper, work):
    """Each street re-projected by a known camera turn; Upright's suggestion against it, and what Upright still
    finds on the photo it corrected (the long verticals' lean left)."""
    street = os.path.join(work, "perspective-street.jpg")
    if not os.path.exists(street):
        _street(street)
    size = (3000, 2000)
    cases = []
    for vertical, horizontal, straighten in TRUTHS:
        shot = os.path.join(work, f"perspective-shot-{vertical}-{straighten}.jpg")
        apply = forward(size, vertical, horizontal, straighten)
        # A point p of the shot shows what forward(p) showed in the street: -distort maps street → shot.
        pairs = "  ".join(f"{apply(x, y)[0]:.6f},{apply(x, y)[1]:.6f} {x},{y}"
                          for x, y in ((0, 0), (size[0], 0), (size[0], size[1]), (0, size[1])))
        subprocess.run([CONVERT, street, "-virtual-pixel", "edge", "-distort", "Perspective", pairs, "+repage",
                        "-quality", "92", shot], check=True)
        found = upright_json(cropper, shot)
        corrected = os.path.join(work, f"perspective-corrected-{vertical}-{straighten}.jpg")
        subprocess.run([cropper, "crop", shot, "--upright", "vertical", "-o", corrected, "--force"], check=True,
                       stdout=subprocess.DEVNULL)
        left = upright_json(cropper, corrected)
        cases.append({"truth": [vertical, horizontal, straighten],
                      "found": None if found is None else [found["vertical"], found["horizontal"], found["straighten"]],
                      "left": None if left is None else [left["vertical"], left["horizontal"], left["straighten"]]})
        log(f"upright: shot with {vertical}°, {straighten}° → {cases[-1]['found']}, left {cases[-1]['left']}")
    errors = [abs(c["found"][0] - c["truth"][0]) if c["found"] else None for c in cases]
    leans = [max(abs(c["left"][0]), abs(c["left"][2])) if c["left"] else None for c in cases]
    return {"cases": cases, "max_error": None if None in errors else max(errors),
            "max_left": None if None in leans else max(leans), "real": measure_real_photos(cropper, work),
            "mapping": check_mapping(cropper, work)}


REAL_PHOTOS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "photos")
LONG_SHARE = 0.1  # a long vertical spans at least this share of the picture's height
VERTICAL_WITHIN = 10.0  # degrees: steeper lines after Upright are verticals, shallower ones roofs and kerbs


def weighted_leans(verticals):
    """The length-weighted median and 90th percentile of (lean, length) pairs, and how many; None for none."""
    if not verticals:
        return None
    verticals = sorted(verticals)
    total = sum(length for _, length in verticals)

    def weighted(share):
        reached = 0.0
        for lean, length in verticals:
            reached += length
            if reached >= share * total:
                return lean
        return verticals[-1][0]
    return {"median": weighted(0.5), "p90": weighted(0.9), "count": len(verticals)}


def lean_from_plumb(x1, y1, x2, y2):
    return math.degrees(math.atan2(abs(x2 - x1), abs(y2 - y1)))


def long_vertical_lean(path):
    """The long verticals' lean from plumb (degrees): their length-weighted median and 90th percentile, and how
    many. The segments come from OpenCV's LSD, a detector that is not Cropper's own, on the picture reduced to
    1024 pixels on its long side. Nil without OpenCV (bench/install-peers brings it) or without long verticals."""
    try:
        import cv2
    except ImportError:
        return None
    grey = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    height, width = grey.shape
    scale = 1024 / max(height, width)
    if scale < 1:
        grey = cv2.resize(grey, (round(width * scale), round(height * scale)), interpolation=cv2.INTER_AREA)
        height, width = grey.shape
    found = cv2.createLineSegmentDetector().detect(grey)[0]
    verticals = []
    for x1, y1, x2, y2 in ([] if found is None else found.reshape(-1, 4)):
        length, lean = math.hypot(x2 - x1, y2 - y1), lean_from_plumb(x1, y1, x2, y2)
        if length >= LONG_SHARE * height and lean <= VERTICAL_WITHIN:
            verticals.append((lean, length))
    return weighted_leans(verticals)


def labelled_verticals(photo):
    """The lines of `photo` that are vertical in the world, labelled by hand (bench/photos/NAME.verticals.json,
    see bench/photos/README.md): [((x1, y1), (x2, y2)), …] in the photo's pixels; None when it has no labels."""
    path = os.path.splitext(photo)[0] + ".verticals.json"
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return [(tuple(v["from"]), tuple(v["to"])) for v in json.load(f)["verticals"]]


def labelled_lean(labels, size, angles, focal35):
    """The labelled verticals' lean after the correction `angles` (vertical, horizontal, straighten), mapped
    through the model of docs/perspective.md: length-weighted (lengths as corrected) median and 90th
    percentile. No window on the lean: every labelled line counts, however far it still leans."""
    apply = forward(size, *angles, focal35=focal35)
    verticals = []
    for a, b in labels:
        (x1, y1), (x2, y2) = apply(*a), apply(*b)
        verticals.append((lean_from_plumb(x1, y1, x2, y2), math.hypot(x2 - x1, y2 - y1)))
    return weighted_leans(verticals)


def best_reachable(labels, size, answer, focal35):
    """The answer (vertical, roll) within ±3° and ±1.5° of `answer`, on the dials' 0.1° steps, that best meets the
    target on the labelled verticals (the least of median / 0.3° and 90th percentile / 1°, the larger of the two):
    what any Upright Vertical could reach on these lines. The search knows the labels; Upright does not."""
    best = None
    for dv in range(-30, 31):
        for dr in range(-15, 16):
            angles = (round(answer[0] + dv / 10, 1), 0.0, round(answer[2] + dr / 10, 1))
            lean = labelled_lean(labels, size, angles, focal35)
            key = (max(lean["median"] / 0.3, lean["p90"]), lean["p90"])
            if best is None or key < best[0]:
                best = (key, angles, lean)
    return {"vertical": best[1][0], "straighten": best[1][2], "lean": best[2]}


def focal_35mm(path):
    """EXIF FocalLengthIn35mmFormat, else Cropper's 28 mm."""
    read = subprocess.run(["exiftool", "-s3", "-n", "-FocalLengthIn35mmFormat", path], stdout=subprocess.PIPE,
                          text=True)
    try:
        return float(read.stdout.strip()) or 28.0
    except ValueError:
        return 28.0


def upright_info(cropper, path):
    result = subprocess.run([cropper, "info", "--level", "--json", path], stdout=subprocess.PIPE, text=True, check=True)
    return json.loads(result.stdout)


def measure_real_photos(cropper, work):
    """Each photo of bench/photos corrected by Upright Vertical, and its long verticals' lean before and after:
    the labelled ones (the ground truth, mapped through Vertical's answer) and the ones OpenCV's LSD finds."""
    results = []
    for name in sorted(n for n in os.listdir(REAL_PHOTOS) if n.endswith(".jpg")):
        photo = os.path.join(REAL_PHOTOS, name)
        corrected = os.path.join(work, f"upright-{os.path.splitext(name)[0]}.png")
        info = upright_info(cropper, photo)
        vertical = info.get("uprightVertical")
        done = subprocess.run([cropper, "crop", photo, "--upright", "vertical", "-o", corrected, "--force"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
        labels, size, focal = labelled_verticals(photo), (info["displayedWidth"], info["displayedHeight"]), focal_35mm(photo)
        answer = (vertical["vertical"], vertical["horizontal"], vertical["straighten"]) if vertical else (0, 0, 0)
        results.append({"photo": name, "suggestion": info["upright"], "vertical": vertical,
                        "before": long_vertical_lean(photo), "after": long_vertical_lean(corrected) if done else None,
                        "labelled_before": labelled_lean(labels, size, (0, 0, 0), focal) if labels else None,
                        "labelled_after": labelled_lean(labels, size, answer, focal) if labels else None,
                        "labelled_best": best_reachable(labels, size, answer, focal) if labels else None})
        log(f"upright on {name}: labelled {results[-1]['labelled_before']} → {results[-1]['labelled_after']}; "
            f"OpenCV {results[-1]['before']} → {results[-1]['after']}")
    return results


def check_mapping(cropper, work, name="opencv-building.jpg", label="hotel's left corner, inner edge"):
    """The bench's model against the picture Cropper writes: one labelled line (the hotel's left corner, where
    the light balcony slabs meet the dark recess: a sharp edge 211 pixels long) mapped through Vertical's answer, cropped around with
    `--perspective --straighten --rect`, and found again in the crop: the edge's position across the line (the
    gradient's peak, to a tenth of a pixel) against where the model puts it, at every row. Returns the offsets
    (pixels) at the two ends (the median of the first and of the last five rows) and along the line (median and
    95th percentile of their size; the few rows where a balcony slab meets the corner stand out); None without
    OpenCV."""
    try:
        import cv2
        import numpy
    except ImportError:
        return None
    photo = os.path.join(REAL_PHOTOS, name)
    info = upright_info(cropper, photo)
    v = info["uprightVertical"]
    size = (info["displayedWidth"], info["displayedHeight"])
    apply = forward(size, v["vertical"], v["horizontal"], v["straighten"], focal35=focal_35mm(photo))
    with open(os.path.splitext(photo)[0] + ".verticals.json") as f:
        line = next(v for v in json.load(f)["verticals"] if v["what"] == label)
    a, b = apply(*line["from"]), apply(*line["to"])
    margin = 12
    x0, y0 = math.floor(min(a[0], b[0])) - margin, math.floor(min(a[1], b[1])) - margin
    w, h = math.ceil(max(a[0], b[0])) + margin - x0, math.ceil(max(a[1], b[1])) + margin - y0
    out = os.path.join(work, "upright-mapping-check.png")
    subprocess.run([cropper, "crop", photo, "--perspective", f"{v['vertical']},{v['horizontal']}",
                    "--straighten", str(v["straighten"]), "--rect", f"{x0},{y0},{w},{h}", "-o", out, "--force"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    grey = cv2.imread(out, cv2.IMREAD_GRAYSCALE).astype(numpy.float64)
    gx = cv2.Sobel(grey, cv2.CV_64F, 1, 0, ksize=3)
    offsets = []
    for y in range(round(min(a[1], b[1])) + 1, round(max(a[1], b[1]))):
        t = (y - a[1]) / (b[1] - a[1])
        expected = a[0] + t * (b[0] - a[0]) - x0  # pixel centres: output pixel i covers [i, i + 1)
        row = numpy.abs(gx[y - y0])
        k = int(numpy.argmax(row[max(0, int(expected) - 3):int(expected) + 4])) + max(0, int(expected) - 3)
        if 0 < k < len(row) - 1:
            den = row[k - 1] - 2 * row[k] + row[k + 1]
            peak = k + (0.5 * (row[k - 1] - row[k + 1]) / den if den else 0)
            offsets.append(float(peak + 0.5 - expected))
    sizes = sorted(abs(o) for o in offsets)
    return {"photo": name, "label": label, "rows": len(offsets), "top": median(offsets[:5]),
            "bottom": median(offsets[-5:]), "median": median(offsets), "p95": sizes[int(0.95 * (len(sizes) - 1))]}


def _vertical_dial_path(editor):
    """Choose the Vertical dial, then turn it 6° one way and back past zero the other way, as straighten's drag."""
    from straighten import _dial_path
    label = editor.state["verticalDial"]
    return ["mousemove", round(label[0] + label[2] / 2), round(label[1] + label[3] / 2), "click", 1, "sleep", 0.2] \
        + _dial_path(editor.state["straightenDial"])


def measure_dial(cropper, photo, work, drags):
    """Frame times while the Vertical dial is dragged in a 1920×1080 window with the 24 MP photo."""
    from common import Xvfb, percentile
    from frames import Editor, timed_drags, upright_answer_times
    with Xvfb(1920, 1080) as display:
        editor = Editor(cropper, photo, work, display)
        try:
            editor.wait_for("full resolution", lambda s: s["fullResolution"] and not s["loading"])
            editor.settle()
            editor.wait_for("the sharp copy", lambda s: s["photoSharp"])
            frame_ms, cpu_ms = timed_drags(editor, drags, _vertical_dial_path, "straightening")
            log(f"vertical dial: {drags} drags, {len(frame_ms)} frames")
            # Upright Vertical from the window (U), off the event loop on the preview it holds.
            upright_ms = upright_answer_times(editor, "backslash", "u", 3)
        finally:
            editor.close()
    return {"frames": len(frame_ms), "p50": percentile(frame_ms, 0.50), "p95": percentile(frame_ms, 0.95),
            "p99": percentile(frame_ms, 0.99), "max": max(frame_ms) if frame_ms else None,
            "cpu_p50": percentile(cpu_ms, 0.50), "cpu_p99": percentile(cpu_ms, 0.99),
            "window_upright_ms": median(upright_ms)}
