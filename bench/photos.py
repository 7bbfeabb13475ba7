"""The benchmark's own test photos: camera-sized JPEGs with detail at every scale (a plasma fractal), hard edges,
sensor-like noise, quality 92 with 4:2:0 chroma, EXIF Orientation 6 and an embedded sRGB profile. The 12 MP one
carries a 160×120 EXIF thumbnail (IFD1) like a camera's; the 24 MP one has an Orientation 1 twin (same bytes of
picture) for the lossless crop that turns no block. Made once and kept under the work folder; a change of recipe
makes new ones."""

import os
import subprocess

from icc import srgb_profile

RECIPE = "v1"
THUMBNAIL_RECIPE = "t1"  # the EXIF thumbnail added to the 12 MP photo
CONVERT = "/usr/bin/convert"  # ImageMagick itself, whatever else is on PATH


class Photo:
    def __init__(self, path, stored, displayed, orientation=6):
        self.path = path
        self.orientation = orientation
        self.stored = stored  # (width, height) as the pixels are stored
        self.displayed = displayed  # upright, Orientation applied

    @property
    def megapixels(self):
        return self.stored[0] * self.stored[1] / 1e6


def _draw_edges(width, height):
    """A few hard edges of the kind photos have: a dark line, a circle, a bright frame."""
    return [
        "-fill", "none", "-stroke", "#202020", "-strokewidth", str(width // 660),
        "-draw", f"line {width // 20},{height // 13} {width * 19 // 20},{height * 12 // 13}",
        "-draw", f"circle {width // 2},{height // 2} {width // 2},{height * 4 // 5}",
        "-stroke", "#f0f0e0", "-strokewidth", str(width // 1200),
        "-draw", f"rectangle {width * 3 // 20},{height * 7 // 40} {width * 2 // 5},{height * 19 // 40}",
    ]


def _make(path, width, height, seed, icc_path):
    temporary = path + ".part.jpg"
    subprocess.run([CONVERT, "-size", f"{width}x{height}", "-seed", str(seed), "plasma:fractal",
                    *_draw_edges(width, height),
                    "-seed", str(seed + 1), "-attenuate", "1.0", "+noise", "Gaussian", "-gaussian-blur", "0x0.5",
                    "-sampling-factor", "2x2", "-quality", "92", temporary], check=True)
    subprocess.run(["exiftool", "-q", "-overwrite_original", "-n", "-Orientation=6",
                    "-Make=Cropper", "-Model=Benchmark Camera", "-DateTimeOriginal=2024:05:04 10:11:12",
                    "-ExposureTime=0.004", "-FNumber=5.6", "-ISO=400", "-FocalLength=35",
                    "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
                    "-XMP-dc:Title=Benchmark photo", f"-ICC_Profile<={icc_path}", temporary], check=True)
    os.replace(temporary, path)


def _with_exif_thumbnail(source, path, width, height):
    """A copy of `source` carrying an EXIF thumbnail made from the same picture, in stored orientation, as cameras
    write them: 160×120, baseline, no metadata of its own."""
    thumb = path + ".thumb.jpg"
    temporary = path + ".part.jpg"
    subprocess.run([CONVERT, source, "-thumbnail", f"{width}x{height}!", "-strip", "-sampling-factor", "2x1",
                    "-quality", "80", thumb], check=True)
    subprocess.run(["exiftool", "-q", "-o", temporary, f"-ThumbnailImage<={thumb}", source], check=True)
    os.remove(thumb)
    os.replace(temporary, path)


def _with_orientation(source, path, orientation):
    temporary = path + ".part.jpg"
    subprocess.run(["exiftool", "-q", "-n", "-o", temporary, f"-Orientation={orientation}", source], check=True)
    os.replace(temporary, path)


def make_photos(directory, log):
    """The 24 MP and the 12 MP photo, made when missing."""
    os.makedirs(directory, exist_ok=True)
    icc_path = os.path.join(directory, "srgb.icc")
    with open(icc_path, "wb") as f:
        f.write(srgb_profile())
    photos = {}
    for name, (width, height), seed in [("24mp", (6000, 4000), 7), ("12mp", (4000, 3000), 21)]:
        path = os.path.join(directory, f"{name}-{RECIPE}.jpg")
        if not os.path.exists(path):
            log(f"making the {name} test photo ({width}x{height})…")
            _make(path, width, height, seed, icc_path)
        photos[name] = Photo(path, (width, height), (height, width))
    upright = os.path.join(directory, f"24mp-{RECIPE}-orientation1.jpg")
    if not os.path.exists(upright):
        _with_orientation(photos["24mp"].path, upright, 1)
    photos["24mp-upright"] = Photo(upright, (6000, 4000), (6000, 4000), orientation=1)
    thumbnailed = os.path.join(directory, f"12mp-{RECIPE}-{THUMBNAIL_RECIPE}.jpg")
    if not os.path.exists(thumbnailed):
        log("adding an EXIF thumbnail to the 12 MP photo…")
        _with_exif_thumbnail(photos["12mp"].path, thumbnailed, 160, 120)
    photos["12mp"] = Photo(thumbnailed, (4000, 3000), (3000, 4000))
    return photos
