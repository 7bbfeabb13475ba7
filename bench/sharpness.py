"""What 'sharp' means, checked in the run itself: the distance of blurred copies of Cropper's settled frame, and
how much fine detail (Laplacian energy over the photo) Cropper's first sharp frame carries against that frame."""

import json
import os
import shutil
import subprocess

CONVERT = "/usr/bin/convert"


def photo_region(state_log):
    """The photo's rectangle in the window as WxH+X+Y, from the last line of Cropper's state log."""
    with open(state_log) as f:
        x, y, w, h = json.loads(f.read().splitlines()[-1])["imageFrame"]
    return f"{round(w)}x{round(h)}+{round(x)}+{round(y)}"


def _frame(raw, size):
    return [CONVERT, "-size", f"{size[0]}x{size[1]}", "-depth", "8", f"bgra:{raw}", "-alpha", "off"]


def detail(raw, region, size, blur=None):
    """Standard deviation of the Laplacian of the photo region, in grey levels."""
    blurred = ["-gaussian-blur", f"0x{blur}"] if blur else []
    out = subprocess.run(_frame(raw, size) + ["-crop", region, "+repage", "-colorspace", "gray", *blurred,
                                              "-morphology", "Convolve", "Laplacian:0",
                                              "-format", "%[fx:standard_deviation*255]", "info:"],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    return float(out)


def blurred_distances(framewatch, reference, region, size, level, work, env):
    """{sigma: share of pixels off by more than `level`} for the settled frame with its photo blurred."""
    distances = {}
    for sigma in ("0.5", "1"):
        blurred = os.path.join(work, f"blur-{sigma}.raw")
        subprocess.run(_frame(reference, size) + ["-region", region, "-gaussian-blur", f"0x{sigma}", "+region",
                                                  "-alpha", "on", f"bgra:{blurred}"], check=True)
        out = subprocess.run([framewatch, "diff", reference, blurred, str(level)], env=env, check=True,
                             stdout=subprocess.PIPE, text=True).stdout
        distances[sigma] = json.loads(out)["over"]
    return distances


def first_sharp_detail(framewatch, reference, command, region, size, level, share, timeout_ms, work, env):
    """One more untimed launch with every frame kept: the fine detail of the first sharp frame and of the
    settled frame blurred by σ 0.5 px, each as a share of the settled frame's."""
    folder = os.path.join(work, "frames")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    out = subprocess.run([framewatch, "watch", reference, str(level), str(timeout_ms), "0", "--", *command],
                         env=dict(env, FRAMEWATCH_DUMP=folder), stdout=subprocess.PIPE, text=True).stdout
    frames = json.loads(out)["frames"]
    first = next((i for i, f in enumerate(frames) if f["over"] <= share), None)
    settled = detail(reference, region, size)
    if first is None or settled == 0:
        return None
    return {"first_sharp": detail(os.path.join(folder, f"frame-{first}.raw"), region, size) / settled,
            "blur_0.5": detail(reference, region, size, blur="0.5") / settled}
