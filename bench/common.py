"""What every benchmark shares: a private X display, running commands with a clock, and plain statistics."""

import os
import signal
import subprocess
import sys
import time


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


class Xvfb:
    """A private Xvfb of the given size; the server picks a free display number itself (-displayfd)."""

    def __init__(self, width, height):
        self.size = (width, height)
        self.process = None
        self.display = None

    def __enter__(self):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{self.size[0]}x{self.size[1]}x24",
             "-nolisten", "tcp", "-noreset", "-br"],
            pass_fds=[write_end], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        return self

    def __exit__(self, *exc):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)

    def env(self, **extra):
        environment = dict(os.environ, DISPLAY=self.display, **private_settings())
        environment.update(extra)
        return environment


def private_settings():
    """Settings and recently-used files of the programs under test go to a scratch folder, not the user's."""
    folder = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"cropper-bench-{os.getuid()}")
    return {"XDG_CONFIG_HOME": os.path.join(folder, "config"), "XDG_DATA_HOME": os.path.join(folder, "data")}


class Timing:
    """Wall-clock and CPU (user + system) milliseconds of one finished process."""

    def __init__(self, wall_ms, cpu_ms):
        self.wall_ms, self.cpu_ms = wall_ms, cpu_ms


def timed_run(command, env=None):
    """Times one run; a failing command stops the benchmark with its output."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = (time.perf_counter() - start) * 1000
    process.returncode = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read().decode()
    process.stderr.close()
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({process.returncode}): {errors[-500:]}")
    return Timing(wall, (usage.ru_utime + usage.ru_stime) * 1000)


def running_cpu_ms(pid):
    """User + system CPU of every thread of a running process so far, in ms (at the clock tick's 10 ms)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def alternate(runs, contenders):
    """Runs each contender once per round, in an order that rotates every round, and returns
    {name: [measurement, …]}. `contenders` is a list of (name, zero-argument function)."""
    results = {name: [] for name, _ in contenders}
    for round_number in range(runs):
        shift = round_number % len(contenders)
        for name, measure in contenders[shift:] + contenders[:shift]:
            results[name].append(measure())
    return results


def median(values):
    ordered = sorted(values)
    if not ordered:
        return None
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def percentile(values, share):
    """Nearest-rank percentile: the smallest value with at least `share` of the values at or below it."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def run_section_alone(description, measure, rows, details, photo=None):
    """One section of the bench on its own (`python3 bench/formats.py`): its rows and details printed, with the load
    average, nothing written. With `photo` (one of bench/photos.py's names) it calls
    `measure(framewatch, cropper, photo_path, work, runs)`; without, `measure(cropper, photos, work, runs)`."""
    import argparse
    import json
    import report
    from photos import make_photos
    from run import build_framewatch
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cropper", default=os.path.join(root, ".build", "release", "cropper"))
    parser.add_argument("--work", default=os.path.join(root, ".build", "bench"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    photos = make_photos(os.path.join(args.work, "photos"), log)
    load = os.getloadavg()[0]
    if photo is None:
        measured = measure(args.cropper, photos, args.work, args.runs)
    else:
        measured = measure(build_framewatch(args.work), args.cropper, photos[photo].path, args.work, args.runs)
    print(json.dumps(measured))
    print(report.table(rows(measured)))
    print(details(measured))
    print(f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
