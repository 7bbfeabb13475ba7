"""The grid batch's slow frames, explained: launches of bench/grid_batch.py's scrolled batch (40 × 12 MP saved while
the wheel scrolls the grid, then a while longer), with every frame over a CPU threshold printed with what the event
loop did before it (the frame stats' `since`, see LoopTrace). For finding event-loop outliers, not timing: the
event loop's CPU per frame is what counts, so it may run on a busy machine (nice it).

    nice -n 15 python3 bench/loop_trace.py --launches 10 [--cropper PATH] [--work DIR] [--threshold 12]
"""

import argparse
import json
import os

from common import Xvfb
from grid_batch import WindowBatch, _folder
from photos import make_photos

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def explain(frame):
    """One line: the frame's CPU, where it went, and what came before it."""
    since = frame.get("since", {})
    parts = ", ".join(f"{name} {since.get(key, 0):.1f}" for name, key in [
        ("render", "renderCpuMs"), ("present", "presentCpuMs"), ("input", "inputCpuMs"),
        ("messages", "messageCpuMs"), ("log", "logCpuMs"), ("tick", "tickCpuMs"), ("loop", "loopCpuMs")])
    work = ", ".join(f"{key} {since[key]}" for key in ["textLayouts", "textCacheTurnovers", "thumbnailsConverted",
                                                        "thumbnailsFitted", "pageFaults", "preempted", "stealTicks"]
                     if since.get(key))
    return (f"cpu {frame['cpuMs']:.1f} ms (wall {frame['renderMs'] + frame['presentMs']:.1f}) — {parts}; "
            f"{since.get('events', 0)} events, messages {json.dumps(since.get('messages', {}))}, "
            f"jobs {json.dumps(since.get('jobs', {}))}; {work or 'nothing new drawn'}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--launches", type=int, default=10)
    parser.add_argument("--linger", type=float, default=2.0, help="seconds of scrolling after the batch's end")
    parser.add_argument("--threshold", type=float, default=12.0, help="frames over this CPU (ms) are printed")
    parser.add_argument("--cropper", default=os.path.join(ROOT, ".build", "release", "cropper"))
    parser.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"))
    parser.add_argument("--save", help="every frame's line of every launch, as JSON, to this file")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    photo = make_photos(os.path.join(args.work, "photos"), print)["12mp"].path
    folder, paths = _folder(photo, args.work)
    launches = []
    with Xvfb(1920, 1080) as display:
        for launch in range(args.launches):
            run = WindowBatch(args.cropper, folder, paths, args.work, display, scroll=True, linger=args.linger)
            during, after = run.lines, run.after
            worst = max(during + after, key=lambda f: f["cpuMs"])
            print(f"launch {launch + 1}: {len(during)} frames while saving, {len(after)} after; worst CPU "
                  f"{max(f['cpuMs'] for f in during):.1f} ms while saving, "
                  f"{max((f['cpuMs'] for f in after), default=0):.1f} ms after (load {os.getloadavg()[0]:.1f})")
            for frame in during + after:
                if frame["cpuMs"] > args.threshold or frame is worst:
                    when = "after" if frame in after else "during"
                    print(f"  {when}: {explain(frame)}")
            launches.append({"during": during, "after": after})
    if args.save:
        with open(args.save, "w") as f:
            json.dump(launches, f)
    worst = [max(f["cpuMs"] for f in launch["during"] + launch["after"]) for launch in launches]
    print(f"worst frame's CPU per launch (ms): {', '.join(f'{w:.1f}' for w in worst)}")


if __name__ == "__main__":
    main()
