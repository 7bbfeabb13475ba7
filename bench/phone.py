"""Phone photos: a phone-like 12 MP HEIC (a grid of 512×512 HEVC tiles stored turned with irot, as a phone held
upright writes it, with a 320×240 thumbnail, an ICC profile, EXIF and XMP) made by Cropper's heif-grid from the
12 MP test photo, since libheif 1.15's heif-enc cannot write grids. Measured side by side: a lossless 3000×2000 crop
against `vips crop` (which re-encodes), checked pixel for pixel against vips's decode of the same rect;
`cropper info` against vipsheader and exiftool on the 24 MP JPEG and this HEIC; the first sharp frame of the HEIC
against `vips avg` decoding it. Run alone: `python3 bench/phone.py [--runs N]`."""

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import alternate, log, median, timed_run  # noqa: E402
from report import Row, ms  # noqa: E402

RECIPE = "p1"
QUALITY = 80
RECT = (0, 1000, 3000, 2000)  # in the displayed (portrait, 3000×4000) picture


def heif_grid(cropper):
    """heif-grid from the same build as the cropper measured."""
    tool = os.path.join(os.path.dirname(cropper), "heif-grid")
    if not os.path.exists(tool):
        raise RuntimeError(f"{tool} is missing: `make release` builds it beside cropper")
    return tool


def make_phone_heic(cropper, jpeg, work):
    path = os.path.join(work, f"phone-12mp-{RECIPE}.heic")
    if not os.path.exists(path):
        log("making the phone-like 12 MP HEIC (heif-grid: 48 tiles through x265)…")
        # The 12 MP photo is stored landscape with EXIF 6: coded as it is stored, the file turns it with irot.
        subprocess.run([heif_grid(cropper), jpeg, path + ".part", "--tile", "512", "--quality", str(QUALITY),
                        "--thumbnail", "320", "--turn", "6"], check=True)
        os.replace(path + ".part", path)
    return path


def same_pixels(a, b, work):
    """Whether two images decode to the same pixels (vips, which reads HEIF through libheif)."""
    diff = subprocess.run(["vips", "subtract", a, b, os.path.join(work, "phone-diff.v")], capture_output=True)
    if diff.returncode != 0:
        return False
    out = subprocess.run(["vips", "max", os.path.join(work, "phone-diff.v")], capture_output=True, text=True)
    low = subprocess.run(["vips", "min", os.path.join(work, "phone-diff.v")], capture_output=True, text=True)
    return float(out.stdout) == 0 and float(low.stdout) == 0


def measure_crop(cropper, heic, work, runs):
    x, y, w, h = RECT
    ours, theirs = os.path.join(work, "phone-lossless.heic"), os.path.join(work, "phone-vips.heic")
    contenders = [("cropper", lambda: timed_run([cropper, "crop", heic, "--rect", f"{x},{y},{w},{h}", "--lossless",
                                                 "-o", ours, "--force"])),
                  ("vips", lambda: timed_run(["vips", "crop", heic, f"{theirs}[Q={QUALITY}]", str(x), str(y), str(w),
                                              str(h)]))]
    measured = alternate(runs, contenders)
    reference = os.path.join(work, "phone-rect.png")
    subprocess.run(["vips", "crop", heic, reference, str(x), str(y), str(w), str(h)], check=True)
    return {"wall": {name: [t.wall_ms for t in values] for name, values in measured.items()},
            "cpu": {name: [t.cpu_ms for t in values] for name, values in measured.items()},
            "identical": same_pixels(ours, reference, work),
            "bytes": {"cropper": os.path.getsize(ours), "vips": os.path.getsize(theirs)}}


def measure_info(cropper, files, runs):
    results = {}
    for label, path in files.items():
        contenders = [("cropper", lambda p=path: timed_run([cropper, "info", p])),
                      ("vipsheader", lambda p=path: timed_run(["vipsheader", "-a", p])),
                      ("exiftool", lambda p=path: timed_run(["exiftool", p]))]
        measured = alternate(runs, contenders)
        results[label] = {name: [t.wall_ms for t in values] for name, values in measured.items()}
        # On a shared, loaded machine the CPU each used says more than the wall clock: reported beside it.
        results[label + " CPU"] = {name: [t.cpu_ms for t in values] for name, values in measured.items()}
    return results


def measure(framewatch, cropper, photos, work, runs):
    heic = make_phone_heic(cropper, photos["12mp"].path, work)
    import formats
    return {"crop": measure_crop(cropper, heic, work, runs),
            "info": measure_info(cropper, {"24 MP JPEG": photos["24mp"].path, "12 MP HEIC": heic}, max(runs, 5)),
            "launch": formats.measure_launch(framewatch, cropper, heic, work, runs)}


def spread(values):
    return f"{ms(min(values))}–{ms(max(values))}"


def rows(measured):
    out = []
    crop = measured["crop"]
    ours, theirs = median(crop["wall"]["cropper"]), median(crop["wall"]["vips"])
    identical = crop["identical"]
    out.append(Row(f"lossless HEIC crop 3000×2000 of a 12 MP phone grid (runs {spread(crop['wall']['cropper'])}), "
                   f"pixel-identical: {'yes' if identical else 'NO'}", ms(ours), "vips crop (re-encodes)", ms(theirs),
                   "≤ 100 ms and ≤ 0.02×", identical and ours <= 100 and ours <= theirs * 0.02, ours / theirs))
    for label, times in measured["info"].items():
        if label.endswith(" CPU"):
            continue
        ours = median(times["cropper"])
        out.append(Row(f"cropper info, {label} (runs {spread(times['cropper'])})", ms(ours), "vipsheader",
                       ms(median(times["vipsheader"])), "≤ 30 ms", ours <= 30, ours / median(times["vipsheader"])))
        out.append(Row(f"cropper info, {label}", ms(ours), "exiftool", ms(median(times["exiftool"])), "— (beside it)",
                       None, ours / median(times["exiftool"])))
    launch = measured["launch"]
    if launch["cropper"] and launch["vips"]:
        r = launch["cropper"] / launch["vips"]
        out.append(Row("launch → first sharp frame, 12 MP phone HEIC grid, 1280×800", ms(launch["cropper"]),
                       "vips avg (decode to memory)", ms(launch["vips"]), "≤ 0.7×", r <= 0.7, r))
    return out


def details(measured):
    b, cpu = measured["crop"]["bytes"], measured["crop"]["cpu"]
    parts = [f"Phone HEIC crop files: lossless {b['cropper'] / 1e6:.2f} MB (the touched tiles as coded), "
             f"vips at Q {QUALITY} {b['vips'] / 1e6:.2f} MB; CPU time (user + system) of the crop: Cropper "
             f"{ms(median(cpu['cropper']))}, vips {ms(median(cpu['vips']))}."]
    for label, times in measured["info"].items():
        if label.endswith(" CPU"):
            parts.append(f"cropper info CPU time, {label[:-4]}: Cropper {ms(median(times['cropper']))}, vipsheader "
                         f"{ms(median(times['vipsheader']))}, exiftool {ms(median(times['exiftool']))}.")
    return " ".join(parts)


def main():
    import report
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cropper", default=os.path.join(root, ".build", "release", "cropper"))
    parser.add_argument("--work", default=os.path.join(root, ".build", "bench"))
    parser.add_argument("--no-launch", action="store_true", help="leave out the first-sharp-frame figure")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    from photos import make_photos
    from run import build_framewatch
    photos = make_photos(os.path.join(args.work, "photos"), log)
    if args.no_launch:
        heic = make_phone_heic(args.cropper, photos["12mp"].path, args.work)
        measured = {"crop": measure_crop(args.cropper, heic, args.work, args.runs),
                    "info": measure_info(args.cropper, {"24 MP JPEG": photos["24mp"].path, "12 MP HEIC": heic},
                                         max(args.runs, 5)),
                    "launch": {"cropper": None, "vips": None}}
    else:
        measured = measure(build_framewatch(args.work), args.cropper, photos, args.work, args.runs)
    print(json.dumps(measured))
    print(report.table(rows(measured)))
    print(details(measured))


if __name__ == "__main__":
    main()
