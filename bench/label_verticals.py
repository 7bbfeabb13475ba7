"""The hand-labelled verticals of bench/photos (NAME.verticals.json): how they were placed, and drawn for review.

  python3 bench/label_verticals.py propose PHOTO [SCALE]   candidates: OpenCV's LSD, collinear pieces joined, ≥ 10 %
  python3 bench/label_verticals.py snap PHOTO X1,Y1,X2,Y2  an end-point pair placed by eye, snapped to its edge
  python3 bench/label_verticals.py draw OUT_DIR            every photo with its labels drawn and numbered

Coordinates are the photo's pixels in the model's convention: pixel (i, j) covers [i, i + 1) × [j, j + 1).
A candidate is only a proposal: each label is kept because, looking at the photo, the line is vertical in the world
(see bench/photos/README.md)."""

import json
import math
import os
import sys

import cv2
import numpy

PHOTOS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "photos")


def propose(photo, scale=1.0):
    """Near-vertical LSD segments (within 35°) at `scale`, pieces on one line (1.5°, 2 px, gaps under 8 % of the
    height) joined, those reaching 10 % of the height kept: [(from, to)] in full-size pixels."""
    grey = cv2.imread(photo, cv2.IMREAD_GRAYSCALE)
    if scale != 1:
        grey = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    height = grey.shape[0]
    pieces = []
    for x1, y1, x2, y2 in cv2.createLineSegmentDetector().detect(grey)[0].reshape(-1, 4):
        if math.hypot(x2 - x1, y2 - y1) >= 0.03 * height and math.degrees(math.atan2(abs(x2 - x1), abs(y2 - y1))) <= 35:
            pieces.append(((x1, y1), (x2, y2)) if y1 <= y2 else ((x2, y2), (x1, y1)))
    group = list(range(len(pieces)))

    def root(i):
        while group[i] != i:
            i = group[i]
        return i

    def frame(piece):
        (x1, y1), (x2, y2) = piece
        length = math.hypot(x2 - x1, y2 - y1)
        return (x1, y1), ((x2 - x1) / length, (y2 - y1) / length), length
    longest = sorted(range(len(pieces)), key=lambda i: -frame(pieces[i])[2])
    for a in longest:
        (p, d, la) = frame(pieces[a])
        for b in longest:
            (q, e, lb) = frame(pieces[b])
            if a == b or lb > la or root(a) == root(b) or abs(d[0] * e[1] - d[1] * e[0]) > math.sin(math.radians(1.5)):
                continue
            across = [abs((x - p[0]) * -d[1] + (y - p[1]) * d[0]) for x, y in pieces[b]]
            along = sorted((x - p[0]) * d[0] + (y - p[1]) * d[1] for x, y in pieces[b])
            if max(across) < 2 and max(along[0] - la, -along[1], 0) < 0.08 * height:
                group[root(b)] = root(a)
    joined = []
    for r in {root(i) for i in range(len(pieces))}:
        points = numpy.array([point for i in range(len(pieces)) if root(i) == r for point in pieces[i]], float)
        centre = points.mean(0)
        direction = numpy.linalg.svd(points - centre)[2][0]
        t = (points - centre) @ direction
        a, b = centre + direction * t.min(), centre + direction * t.max()
        if numpy.hypot(*(b - a)) >= 0.1 * height:
            a, b = sorted([a, b], key=lambda point: point[1])
            joined.append(tuple((float(v) + 0.5) / scale for v in a) + tuple((float(v) + 0.5) / scale for v in b))
    return sorted(joined)


def snap(photo, a, b, radius=5):
    """End points placed by eye (within `radius` px of the edge) moved onto it: along the segment, the signed
    gradient across it peaks (to a tenth of a pixel) where the edge is; a line fitted to those peaks, rows off it
    by more than 2.5 × the median dropped, twice over, the second time within 2 px. Returns (from, to, residual)."""
    grey = cv2.GaussianBlur(cv2.imread(photo, cv2.IMREAD_GRAYSCALE).astype(numpy.float64), (0, 0), 0.7)
    gx, gy = cv2.Sobel(grey, cv2.CV_64F, 1, 0, ksize=3), cv2.Sobel(grey, cv2.CV_64F, 0, 1, ksize=3)
    a, b = numpy.array(a, float) - 0.5, numpy.array(b, float) - 0.5
    for reach in (radius, 2):
        length = numpy.hypot(*(b - a))
        along, across = (b - a) / length, numpy.array([-(b - a)[1], (b - a)[0]]) / length
        rows = []
        for t in numpy.arange(0, length + 1e-9):
            centre = a + along * t
            samples = [centre + across * o for o in range(-reach, reach + 1)]
            rows.append((centre, numpy.array([gx[round(y), round(x)] * across[0] + gy[round(y), round(x)] * across[1]
                                              if 0 <= round(x) < grey.shape[1] and 0 <= round(y) < grey.shape[0]
                                              else 0 for x, y in samples])))
        sign = 1 if sum(r for _, r in rows).max() >= -sum(r for _, r in rows).min() else -1
        peaks = []
        for centre, profile in rows:
            profile = profile * sign
            k = int(numpy.argmax(profile))
            if 0 < k < len(profile) - 1 and profile[k] > 0:
                bend = profile[k - 1] - 2 * profile[k] + profile[k + 1]
                peaks.append(centre + across * (k - reach + (0.5 * (profile[k - 1] - profile[k + 1]) / bend if bend else 0)))
        peaks = numpy.array(peaks)
        keep = numpy.ones(len(peaks), bool)
        for _ in range(5):
            centre = peaks[keep].mean(0)
            direction = numpy.linalg.svd(peaks[keep] - centre)[2][0]
            off = numpy.abs((peaks - centre) @ numpy.array([-direction[1], direction[0]]))
            keep = off < max(1.0, 2.5 * numpy.median(off[keep]))
        a, b = (centre + direction * ((point - centre) @ direction) for point in (a, b))
    return [round(float(v) + 0.5, 1) for v in a], [round(float(v) + 0.5, 1) for v in b], float(numpy.median(off[keep]))


def draw(out_dir):
    for name in sorted(n for n in os.listdir(PHOTOS) if n.endswith(".verticals.json")):
        with open(os.path.join(PHOTOS, name)) as f:
            labels = json.load(f)
        picture = cv2.imread(os.path.join(PHOTOS, labels["photo"]))
        scale = 1200 / max(picture.shape[:2])
        picture = cv2.resize(picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
        for i, line in enumerate(labels["verticals"]):
            a, b = (tuple(round(v * scale) for v in line[end]) for end in ("from", "to"))
            cv2.line(picture, a, b, (0, 0, 255) if line["placed"] == "detected" else (255, 0, 255), 1, cv2.LINE_AA)
            cv2.putText(picture, str(i), (a[0] + 2, a[1] + 12), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 255, 255), 1)
        cv2.imwrite(os.path.join(out_dir, labels["photo"].replace(".jpg", ".png")), picture)


if __name__ == "__main__":
    command, rest = sys.argv[1], sys.argv[2:]
    if command == "propose":
        for line in propose(rest[0], float(rest[1]) if len(rest) > 1 else 1.0):
            print("%.1f,%.1f,%.1f,%.1f" % line)
    elif command == "snap":
        x1, y1, x2, y2 = (float(v) for v in rest[1].split(","))
        print(*snap(rest[0], (x1, y1), (x2, y2)))
    elif command == "draw":
        draw(rest[0])
