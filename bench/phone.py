"""Phone photos: a phone-like 12 MP HEIC (a grid of 512×512 HEVC tiles stored turned with irot, as a phone held
upright writes it, with a 320×240 thumbnail, an ICC profile, EXIF and XMP) made by Cropper's heif-grid from the
12 MP test photo, since libheif 1.15's heif-enc cannot write grids. Measured side by side: a lossless 3000×2000 crop
against `vips crop` (which re-encodes), checked pixel for pixel against vips's decode of the same rect;
a re-encoded crop (straightened by 0.5°, which needs new pixels) against `vips crop` at the same quality;
`cropper info` against vipsheader and exiftool on the 24 MP JPEG and this HEIC; launch to the first sharp frame of
the HEIC against feh (imlib2's libheif loader) and `vips avg` decoding it. Wall time with CPU time (user + system)
and the load average beside it. Run alone: `python3 bench/phone.py [--runs N]`."""

import argparse
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import launch  # noqa: E402
from common import Xvfb, alternate, log, median, running_cpu_ms, timed_run  # noqa: E402
from report import Row, ms  # noqa: E402

# p2: the thumbnail carries the grid's irot, as a phone's does.
RECIPE = "p2"
QUALITY = 80
RECT = (0, 1000, 3000, 2000)  # in the displayed (portrait, 3000×4000) picture
STRAIGHTEN = "0.5"
# Straightened by 0.5°, a box as wide as the picture would show an empty corner: 100 pixels in from each side.
REENCODE_RECT = (100, 1000, 2800, 2000)
SETTLE_MS = 6000


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


def measure_reencode(cropper, heic, work, runs):
    """A crop that needs new pixels (straightened), re-encoded at QUALITY, against `vips crop` at the same Q."""
    x, y, w, h = REENCODE_RECT
    ours, theirs = os.path.join(work, "phone-reencoded.heic"), os.path.join(work, "phone-vips.heic")
    contenders = [("cropper", lambda: timed_run([cropper, "crop", heic, "--rect", f"{x},{y},{w},{h}", "--straighten",
                                                 STRAIGHTEN, "--quality", str(QUALITY), "-o", ours, "--force"])),
                  ("vips", lambda: timed_run(["vips", "crop", heic, f"{theirs}[Q={QUALITY}]", str(x), str(y), str(w),
                                              str(h)]))]
    measured = alternate(runs, contenders)
    return {"wall": {name: [t.wall_ms for t in values] for name, values in measured.items()},
            "cpu": {name: [t.cpu_ms for t in values] for name, values in measured.items()},
            "bytes": {"cropper": os.path.getsize(ours), "vips": os.path.getsize(theirs)}}



class StateLogFollower:
    """The state log's lines as Cropper appends them: each poll reads only what was added since the last. Reading and
    parsing the whole file every 2 ms cost the bench 120–140 ms of CPU a launch, taken from the two cores the
    launch is measured on."""

    def __init__(self, path):
        self.path = path
        self.fd = None
        self.partial = b""

    def new_lines(self):
        if self.fd is None:
            try:
                self.fd = os.open(self.path, os.O_RDONLY)
            except FileNotFoundError:
                return []
        chunk = os.read(self.fd, 1 << 16)
        if not chunk:
            return []
        *complete, self.partial = (self.partial + chunk).split(b"\n")
        return complete

    def close(self):
        if self.fd is not None:
            os.close(self.fd)


def state_log_sharp(cropper, heic, env, work):
    """Launch to the first frame the window itself calls sharp (the state log's `photoSharp`), in ms, and the CPU
    time Cropper had used by then (read as the line is seen, so up to 5 ms late). framewatch's pixel test
    cannot tell the embedded thumbnail standing in for the photo from the photo (a 320-pixel picture enlarged to the
    fit is within its tolerance on this photo), and the stand-in does not count as sharp."""
    log_path = os.path.join(work, "phone-launch-state.jsonl")
    if os.path.exists(log_path):
        os.remove(log_path)
    follower = StateLogFollower(log_path)
    start = time.monotonic()  # CLOCK_MONOTONIC, the state log's clock
    process = subprocess.Popen([cropper, "--geometry", "1280x800", heic], env=dict(env, CROPPER_STATE_LOG=log_path),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() < start + launch.TIMEOUT_MS / 1000:
            for line in follower.new_lines():
                if b'"photoSharp":true' not in line:
                    continue
                entry = json.loads(line)
                if entry.get("event") == "frame" and entry.get("photoSharp"):
                    return (entry["t"] - start) * 1000, running_cpu_ms(process.pid)
            # The time is the state log's own: polling less often only makes the CPU figure a little later.
            time.sleep(0.005)
        raise RuntimeError("Cropper showed no sharp frame of the phone HEIC")
    finally:
        follower.close()
        process.terminate()
        process.wait()


def measure_launch(framewatch, cropper, heic, work, runs):
    """Launch to the first sharp frame of the phone HEIC: Cropper (its state log) and feh (framewatch), `vips avg`
    decoding it; Cropper with its tiles through libde265 (libheif) instead of libavcodec, and Cropper's first picture
    on screen (the stand-in, framewatch) beside them."""
    with Xvfb(1280, 800) as display:
        env = display.env(FRAMEWATCH_PAUSE_US=str(launch.POLL_PAUSE_US))
        contenders = []
        for name, command in [("cropper first picture", [cropper, "--geometry", "1280x800", heic]),
                              ("feh", ["feh", "-g", "1280x800", "--scale-down", "--auto-zoom", "--image-bg", "black",
                                       heic])]:
            reference = os.path.join(work, f"phone-settled-{name.split()[0]}.raw")
            subprocess.run([framewatch, "reference", reference, str(SETTLE_MS), str(launch.TIMEOUT_MS), "--",
                            *command], env=env, check=True, stdout=subprocess.PIPE, text=True)
            contenders.append((name, lambda c=command, r=reference: launch._watch(framewatch, r, c, env).sharp_ms))
        cpu = {"cropper": [], "cropper libde265": []}

        def sharp(name, environment):
            shown, used = state_log_sharp(cropper, heic, environment, work)
            cpu[name].append(used)
            return shown

        contenders.append(("cropper", lambda: sharp("cropper", env)))
        contenders.append(("cropper libde265", lambda: sharp("cropper libde265",
                                                             dict(env, CROPPER_HEVC_DECODER="libde265"))))
        vips_cpu = []

        def vips():
            timed = timed_run(["vips", "avg", heic])
            vips_cpu.append(timed.cpu_ms)
            return timed.wall_ms

        contenders.append(("vips", vips))
        measured = alternate(runs, contenders)
    shown = {name: [v for v in values if v is not None] for name, values in measured.items()}
    shown["cpu"] = dict(cpu, vips=vips_cpu)
    return shown


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
    return {"crop": measure_crop(cropper, heic, work, runs),
            "reencode": measure_reencode(cropper, heic, work, runs),
            "info": measure_info(cropper, {"24 MP JPEG": photos["24mp"].path, "12 MP HEIC": heic}, max(runs, 5)),
            "launch": measure_launch(framewatch, cropper, heic, work, runs),
            "load": os.getloadavg()}


def spread(values):
    return f"{ms(min(values))}–{ms(max(values))}"


def rows(measured):
    out = []
    crop = measured["crop"]
    if crop:
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
    reencode = measured.get("reencode")
    if reencode:
        ours, theirs = median(reencode["wall"]["cropper"]), median(reencode["wall"]["vips"])
        out.append(Row(f"re-encoded HEIC crop {REENCODE_RECT[2]}×{REENCODE_RECT[3]} of a 12 MP phone grid, straightened {STRAIGHTEN}°, Q {QUALITY} "
                       f"(runs {spread(reencode['wall']['cropper'])})", ms(ours), f"vips crop, Q {QUALITY}", ms(theirs),
                       "≤ 0.4×", ours <= theirs * 0.4, ours / theirs))
    shown = measured["launch"]
    if shown.get("cropper"):
        ours = median(shown["cropper"])
        for peer, label, target in [("feh", "feh (imlib2's libheif loader)", 0.6),
                                    ("vips", "vips avg (decode to memory)", 0.7)]:
            if shown.get(peer):
                theirs = median(shown[peer])
                out.append(Row(f"launch → first sharp frame, 12 MP phone HEIC grid, 1280×800 (runs {spread(shown['cropper'])})",
                               ms(ours), label, ms(theirs), f"≤ {target}×", ours <= theirs * target, ours / theirs))
        if shown.get("cropper libde265"):
            theirs = median(shown["cropper libde265"])
            out.append(Row("the same first sharp frame, tiles through libavcodec", ms(ours),
                           "Cropper with its tiles through libde265 (libheif)", ms(theirs), "— (beside it)", None,
                           ours / theirs))
    return out


def details(measured):
    parts = []
    if measured["crop"]:
        b, cpu = measured["crop"]["bytes"], measured["crop"]["cpu"]
        parts.append(f"Phone HEIC crop files: lossless {b['cropper'] / 1e6:.2f} MB (the touched tiles as coded), "
                     f"vips at Q {QUALITY} {b['vips'] / 1e6:.2f} MB; CPU time (user + system) of the crop: Cropper "
                     f"{ms(median(cpu['cropper']))}, vips {ms(median(cpu['vips']))}.")
    reencode = measured.get("reencode")
    if reencode:
        rb, rc = reencode["bytes"], reencode["cpu"]
        parts.append(f"Re-encoded crop: Cropper {rb['cropper'] / 1e6:.2f} MB (a grid of tiles, x265 'ultrafast'), vips "
                     f"{rb['vips'] / 1e6:.2f} MB; CPU time: Cropper {ms(median(rc['cropper']))}, vips "
                     f"{ms(median(rc['vips']))}.")
    shown = measured["launch"]
    if shown.get("feh"):
        parts.append(f"First sharp frame runs (ms): Cropper {[round(v) for v in shown.get('cropper', [])]} (its state "
                     f"log's photoSharp), feh {[round(v) for v in shown['feh']]} (framewatch), vips avg "
                     f"{[round(v) for v in shown.get('vips', [])]}; Cropper's first picture, the thumbnail standing "
                     f"in: {[round(v) for v in shown.get('cropper first picture', [])]} (framewatch); Cropper with "
                     f"its tiles through libde265 {[round(v) for v in shown.get('cropper libde265', [])]}. Wall clock: "
                     "framewatch does not see a window's CPU time.")
    cpu = shown.get("cpu")
    if cpu and cpu.get("cropper"):
        parts.append(f"CPU time (user + system) up to the first sharp frame, median: Cropper "
                     f"{ms(median(cpu['cropper']))} (tiles through libavcodec), "
                     f"{ms(median(cpu['cropper libde265']))} (through libde265); vips avg's whole run "
                     f"{ms(median(cpu['vips']))}.")
    if measured.get("load"):
        parts.append("Load average at the end: " + ", ".join(f"{v:.2f}" for v in measured["load"]) + ".")
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
    parser.add_argument("--only-launch", action="store_true", help="the first-sharp-frame figures alone")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    from photos import make_photos
    from run import build_framewatch
    photos = make_photos(os.path.join(args.work, "photos"), log)
    if args.only_launch:
        heic = make_phone_heic(args.cropper, photos["12mp"].path, args.work)
        measured = {"crop": None, "info": {}, "launch": measure_launch(build_framewatch(args.work), args.cropper, heic,
                                                                       args.work, args.runs), "load": os.getloadavg()}
    elif args.no_launch:
        heic = make_phone_heic(args.cropper, photos["12mp"].path, args.work)
        measured = {"crop": measure_crop(args.cropper, heic, args.work, args.runs),
                    "info": measure_info(args.cropper, {"24 MP JPEG": photos["24mp"].path, "12 MP HEIC": heic},
                                         max(args.runs, 5)),
                    "reencode": measure_reencode(args.cropper, heic, args.work, args.runs),
                    "launch": {}, "load": os.getloadavg()}
    else:
        measured = measure(build_framewatch(args.work), args.cropper, photos, args.work, args.runs)
    print(json.dumps(measured))
    print(report.table(rows(measured)))
    print(details(measured))


if __name__ == "__main__":
    main()
