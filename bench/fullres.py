"""Full resolution ready: from launch until the 100 % key (`1`), pressed as soon as the photo shows, is answered by
1:1 pixels from the full decode (a double-click at fit only doubles the zoom, which the preview still covers). Read from Cropper's state log: its clock is CLOCK_MONOTONIC, as Python's
time.monotonic(). feh and nsxiv decode everything before their one frame, so their figure is their final frame."""

import contextlib
import json
import os
import subprocess
import time

from common import Xvfb, median

TIMEOUT_S = 15


def lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f.read().splitlines() if line.endswith("}")]


def wait_for(path, condition):
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        for line in lines(path):
            if condition(line):
                return line
        time.sleep(0.002)
    raise RuntimeError("Cropper's state log never showed the awaited state")


@contextlib.contextmanager
def launched(cropper, photo, state_log, env):
    """Cropper at 1280×800 on `photo` with a fresh state log; yields the process and time.monotonic() taken just
    before the launch, and ends it afterwards."""
    if os.path.exists(state_log):
        os.remove(state_log)
    started = time.monotonic()
    process = subprocess.Popen([cropper, "--geometry", "1280x800", photo], env=dict(env, CROPPER_STATE_LOG=state_log),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield process, started
    finally:
        process.terminate()
        process.wait(timeout=10)


def _one_run(cropper, photo, state_log, env):
    with launched(cropper, photo, state_log, env) as (process, started):
        wait_for(state_log, lambda s: s["event"] == "frame" and s.get("photoSharp"))
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(process.pid)], env=env, check=True,
                                stdout=subprocess.PIPE, text=True).stdout.split()[0]
        subprocess.run(["xdotool", "key", "--window", window, "1"], env=env, check=True)
        ready = wait_for(state_log, lambda s: s["event"] == "frame" and s.get("fullResolution")
                          and not s.get("animating") and s["zoomScale"] == 1)
        return (ready["t"] - started) * 1000


def measure(cropper, photo, work, runs):
    """Median milliseconds over `runs` launches."""
    with Xvfb(1280, 800) as display:
        env = display.env()
        state_log = os.path.join(work, "fullres-state.jsonl")
        return median([_one_run(cropper, photo.path, state_log, env) for _ in range(runs)])
