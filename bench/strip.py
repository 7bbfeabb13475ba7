"""PhotoLibrary's thumbnailer alone (the picker's recent strip is not merged yet): 60 × 12 MP photos thumbnailed
into an empty freedesktop cache, then looked up again in the warm one, against `djpeg -scale 1/8` over the same
files one after another. The 60 files are hard links to the 12 MP test photo: 60 names, 60 cache entries."""

import json
import os
import shutil
import subprocess

from common import alternate, median, timed_run

COUNT = 60


def _files(photo, work):
    folder = os.path.join(work, "strip")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    paths = []
    for index in range(1, COUNT + 1):
        path = os.path.join(folder, f"photo-{index:02}.jpg")
        os.link(photo.path, path)
        paths.append(path)
    return paths


def _thumbnails(helper, cache, paths):
    result = subprocess.run([helper, cache, *paths], check=True, stdout=subprocess.PIPE, text=True)
    report = json.loads(result.stdout)
    if report["failures"] or report["count"] != len(paths):
        raise RuntimeError(f"bench-thumbnails: {result.stdout}")
    return report


def measure(helper, photo, work, runs):
    paths = _files(photo, work)
    cache = os.path.join(work, "thumbnail-cache")

    def cold_then_warm():
        shutil.rmtree(cache, ignore_errors=True)
        start = os.times()
        cold = _thumbnails(helper, cache, paths)
        spent = os.times()
        cold["cpuMs"] = (spent.children_user + spent.children_system
                         - start.children_user - start.children_system) * 1000
        warm = _thumbnails(helper, cache, paths)
        return cold, warm

    def djpeg_all():
        return sum(timed_run(["djpeg", "-scale", "1/8", "-outfile", os.devnull, path]).wall_ms for path in paths)

    results = alternate(runs, [("thumbnailer", cold_then_warm), ("djpeg", djpeg_all)])
    cold = [c for c, _ in results["thumbnailer"]]
    warm = [w for _, w in results["thumbnailer"]]
    return {
        "cold_all_ms": median([c["allMs"] for c in cold]),
        "cold_first_ms": median([c["firstMs"] for c in cold]),
        "cores_used": median([c["cpuMs"] / c["allMs"] for c in cold]),
        "workers": cold[0]["workers"],
        "warm_all_ms": median([w["allMs"] for w in warm]),
        "djpeg_ms": median(results["djpeg"]),
    }
