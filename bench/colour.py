"""The price of colour management at launch: the 24 MP photo tagged Adobe RGB (the same compressed pixels, its
profile swapped with exiftool) against the same photo untagged, each launched in turn and timed to its first sharp
frame with framewatch."""

import json
import os
import subprocess

import launch
from common import Xvfb, alternate, log, median

ADOBE_RGB = "/usr/share/color/icc/colord/AdobeRGB1998.icc"


def make_variants(photo, directory):
    """(untagged path, Adobe RGB path), made when missing."""
    base = os.path.splitext(os.path.basename(photo))[0]
    untagged = os.path.join(directory, f"{base}-untagged.jpg")
    adobe = os.path.join(directory, f"{base}-adobergb.jpg")
    if not os.path.exists(untagged):
        subprocess.run(["exiftool", "-q", "-o", untagged, "-ICC_Profile=", photo], check=True)
    if not os.path.exists(adobe):
        subprocess.run(["exiftool", "-q", "-o", adobe, f"-ICC_Profile<={ADOBE_RGB}", untagged], check=True)
    return untagged, adobe


def measure(framewatch, cropper, photo, work, runs):
    """Median first sharp frame (ms) of each variant: {'untagged': ms, 'adobe': ms}."""
    untagged, adobe = make_variants(photo, os.path.dirname(photo))
    with Xvfb(1280, 800) as display:
        env = display.env(FRAMEWATCH_PAUSE_US=str(launch.POLL_PAUSE_US))
        contenders = []
        for name, path in (("untagged", untagged), ("adobe", adobe)):
            command = [cropper, "--geometry", "1280x800", path]
            reference = os.path.join(work, f"settled-colour-{name}.raw")
            subprocess.run([framewatch, "reference", reference, str(launch.SETTLE_MS), str(launch.TIMEOUT_MS), "--",
                            *command], env=env, check=True, stdout=subprocess.PIPE, text=True)
            contenders.append((name, lambda c=command, r=reference: launch._watch(framewatch, r, c, env)))
        log(f"colour: {runs} alternating rounds")
        results = alternate(runs, contenders)
    return {name: median([r.sharp_ms for r in runs if r.sharp_ms is not None]) for name, runs in results.items()}
