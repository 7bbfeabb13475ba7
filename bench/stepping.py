"""Stepping through a folder: `cropper photo-01.jpg` on a private 1280×800 Xvfb, the folder holding 8 copies of the
12 MP photo. Page Down / Page Up go to a neighbour whose preview Cropper decoded ahead; End / Home jump to a photo it
did not (the same work without the read-ahead), in the same run. Timed inside Cropper's state log (CLOCK_MONOTONIC):
from the line where the key changed the list to the first frame presented with the new photo sharp."""

import os
import shutil
import subprocess
import time

from common import Xvfb, median
from frames import JSONLines

COUNT = 8
TIMEOUT = 30


def _folder(photo, work):
    folder = os.path.join(work, "stepping")
    marker = os.path.join(folder, ".copied-from")
    if not (os.path.exists(marker) and open(marker).read() == photo.path):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for index in range(1, COUNT + 1):
            shutil.copyfile(photo.path, os.path.join(folder, f"photo-{index:02}.jpg"))
        with open(marker, "w") as f:
            f.write(photo.path)
    return [os.path.join(folder, f"photo-{index:02}.jpg") for index in range(1, COUNT + 1)]


class Session:
    def __init__(self, cropper, first, work, display):
        self.state_path = os.path.join(work, "stepping-state.jsonl")
        if os.path.exists(self.state_path):
            os.remove(self.state_path)
        self.env = display.env(CROPPER_STATE_LOG=self.state_path)
        self.process = subprocess.Popen([cropper, "--geometry", "1280x800", first], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.states = JSONLines(self.state_path)
        self.state = None
        # Lines read from the file but not yet looked at: one read can hold the key's line and the frame after it.
        self.unread = []
        self.window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(self.process.pid), "--class", "cropper"],
                                     env=self.env, check=True, capture_output=True, text=True).stdout.split()[0]

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=10)

    def wait_for(self, what, condition, current=False):
        """The first new state line meeting `condition`; with `current`, the last line read may be it."""
        if current and self.state and condition(self.state):
            return self.state
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            self.unread += self.states.new()
            while self.unread:
                entry = self.unread.pop(0)
                self.state = entry
                if condition(entry):
                    return entry
            time.sleep(0.005)
        raise RuntimeError(f"Cropper did not reach '{what}'")

    def settled_on(self, path, ahead):
        """Waits until `path` is sharp at full resolution and the neighbours in `ahead` are decoded ahead."""
        self.wait_for(f"{os.path.basename(path)} settled", lambda s: s["image"] == path and s["photoSharp"]
                      and s["fullResolution"] and all(p in s.get("previewsAhead", []) for p in ahead), current=True)

    def step(self, key, target_index, target):
        """ms from the key changing the list to the first frame with `target` sharp."""
        subprocess.run(["xdotool", "key", "--window", self.window, key], env=self.env, check=True)
        pressed = self.wait_for(f"{key} taken", lambda s: s["documents"]["index"] == target_index)
        sharp = self.wait_for(f"{os.path.basename(target)} sharp", lambda s: s["event"] == "frame"
                              and s["image"] == target and s["photoSharp"])
        return (sharp["t"] - pressed["t"]) * 1000


def measure(cropper, photo, work, runs):
    paths = _folder(photo, work)
    ahead_ms, cold_ms = [], []
    with Xvfb(1280, 800) as display:
        session = Session(cropper, paths[0], work, display)
        try:
            session.settled_on(paths[0], [paths[1]])
            for _ in range(runs):
                ahead_ms.append(session.step("Next", 1, paths[1]))
                session.settled_on(paths[1], [paths[0], paths[2]])
                ahead_ms.append(session.step("Prior", 0, paths[0]))
                session.settled_on(paths[0], [paths[1]])
                cold_ms.append(session.step("End", COUNT - 1, paths[-1]))
                session.settled_on(paths[-1], [paths[-2]])
                cold_ms.append(session.step("Home", 0, paths[0]))
                session.settled_on(paths[0], [paths[1]])
        finally:
            session.close()
    return {"ahead_ms": median(ahead_ms), "cold_ms": median(cold_ms), "ahead_all": ahead_ms, "cold_all": cold_ms,
            "ahead_max": max(ahead_ms), "steps": len(ahead_ms)}
