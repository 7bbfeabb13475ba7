"""Full-resolution crop + save against ImageMagick, and lossless crop against jpegtran, on the 24 MP photo.

Every pair produces the same picture: the same upright rect, Orientation applied, metadata kept, and the outputs
are checked against each other once (same size; lossless pixels identical; re-encoded ones close). The lossless
crop is timed twice: on the Orientation 6 photo, where both programs turn every block (Cropper writes upright
pixels), and on its Orientation 1 twin, where both only crop."""

import os
import subprocess

from common import alternate, median, timed_run


def _crop_rect(photo):
    """A typical crop trimming a tenth off every side, with edges on the 16-pixel iMCU grid so that the lossless
    crop needs no snapping: (x, y, w, h) upright, and the same rect in stored pixels for Orientation 6."""
    up_w, up_h = photo.displayed
    x, y = 400, 592
    w, h = up_w - 2 * x, up_h - 2 * y
    stored_w, stored_h = photo.stored
    # Orientation 6 shows stored (sx, sy) at upright (stored_h - 1 - sy, sx).
    stored = (y, stored_h - (x + w), h, w)
    return (x, y, w, h), stored


# The crop of a 3000×2000 detail: what `vips crop` decodes only a part of the photo for.
DETAIL = (1500, 1000, 3000, 2000)


def commands(cropper, photo, upright, work):
    (x, y, w, h), (sx, sy, sw, sh) = _crop_rect(photo)
    rect = f"{x},{y},{w},{h}"
    out = {name: os.path.join(work, f"crop-{name}.jpg")
           for name in ("cropper", "convert", "lossless", "jpegtran", "lossless-upright", "jpegtran-upright",
                        "detail", "detail-turned", "vips")}
    dx, dy, dw, dh = DETAIL
    # The same stored detail of the Orientation 6 photo, as Cropper's upright rect.
    turned_detail = f"{photo.stored[1] - (dy + dh)},{dx},{dh},{dw}"
    return out, {
        "cropper": [cropper, "crop", photo.path, "--rect", rect, "-o", out["cropper"], "--force"],
        # Cropped in stored pixels first, then turned upright: the cheapest way ImageMagick has to the same
        # picture; chroma 4:2:0 like the source (ImageMagick would pick 4:4:4 at quality 92 on its own).
        "convert": ["/usr/bin/convert", photo.path, "-crop", f"{sw}x{sh}+{sx}+{sy}", "+repage", "-auto-orient",
                    "-sampling-factor", "2x2", "-quality", "92", out["convert"]],
        "lossless": [cropper, "crop", photo.path, "--lossless", "--rect", rect, "-o", out["lossless"], "--force"],
        # jpegtran's crop rect is in the rotated picture, like Cropper's.
        "jpegtran": ["jpegtran", "-copy", "all", "-rotate", "90", "-crop", f"{w}x{h}+{x}+{y}",
                     "-outfile", out["jpegtran"], photo.path],
        # The Orientation 1 twin: the same stored rect, no block turned by either program.
        "lossless-upright": [cropper, "crop", upright.path, "--lossless", "--rect", f"{sx},{sy},{sw},{sh}",
                             "-o", out["lossless-upright"], "--force"],
        "jpegtran-upright": ["jpegtran", "-copy", "all", "-crop", f"{sw}x{sh}+{sx}+{sy}",
                             "-outfile", out["jpegtran-upright"], upright.path],
        # A detail of the Orientation 1 twin: vips decodes only what it needs, at the same quality.
        "detail": [cropper, "crop", upright.path, "--rect", ",".join(map(str, DETAIL)), "-o", out["detail"], "--force"],
        "vips": ["vips", "crop", upright.path, out["vips"] + "[Q=92]", *map(str, DETAIL)],
        # The same detail of the Orientation 6 photo, turned upright by Cropper as it is decoded.
        "detail-turned": [cropper, "crop", photo.path, "--rect", turned_detail, "-o", out["detail-turned"], "--force"],
    }


def _check_outputs(out, work):
    """The contenders made the same pictures: sizes equal, lossless crops decode to identical pixels."""
    sizes = {name: subprocess.run(["identify", "-format", "%wx%h", path], check=True, stdout=subprocess.PIPE,
                                  text=True).stdout for name, path in out.items()}
    turned = {sizes[n] for n in ("cropper", "convert", "lossless", "jpegtran")}
    plain = {sizes[n] for n in ("lossless-upright", "jpegtran-upright")}
    detail = {sizes[n] for n in ("detail", "vips")} | {"x".join(reversed(sizes["detail-turned"].split("x")))}
    if len(turned) != 1 or len(plain) != 1 or len(detail) != 1:
        raise RuntimeError(f"the crops differ in size: {sizes}")

    def decoded(name):
        ppm = os.path.join(work, f"crop-{name}.ppm")
        subprocess.run(["djpeg", "-outfile", ppm, out[name]], check=True)
        with open(ppm, "rb") as f:
            return f.read()
    psnr = subprocess.run(["/usr/bin/compare", "-metric", "PSNR", out["cropper"], out["convert"], "null:"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True).stderr.strip()
    return {"size": sizes["cropper"], "upright_size": sizes["lossless-upright"],
            "lossless_identical": decoded("lossless") == decoded("jpegtran")
            and decoded("lossless-upright") == decoded("jpegtran-upright"), "reencoded_psnr_db": psnr}


def peak_mb(command):
    """Peak resident memory (VmHWM) of `command`, as /usr/bin/time reports it. A child forked from this Python
    process starts with the parent's resident pages, so the rusage wait4 returns would count them too."""
    out = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True, check=True).stderr
    return int(out.strip().splitlines()[-1]) * 1024 / 1e6


def measure(cropper, photo, upright, work, runs):
    out, command = commands(cropper, photo, upright, work)
    for name in command:  # one untimed run each: warm caches, outputs to check
        timed_run(command[name])
    checks = _check_outputs(out, work)
    results = alternate(runs, [(name, lambda c=command[name]: timed_run(c)) for name in command])
    return {"ms": {name: median([t.wall_ms for t in values]) for name, values in results.items()},
            "cpu_ms": {name: median([t.cpu_ms for t in values]) for name, values in results.items()},
            "peak_mb": {name: peak_mb(command[name]) for name in ("detail", "detail-turned", "vips")},
            "checks": checks, "commands": command}
