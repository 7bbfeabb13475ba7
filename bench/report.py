"""The results as one table, with the machine it was measured on."""

import datetime
import os
import platform
import subprocess


def machine():
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        kb = int(next(line for line in f if line.startswith("MemTotal")).split()[1])
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "ram_gb": kb / 1024 / 1024,
        "kernel": platform.release(),
        "date": datetime.date.today().isoformat(),
    }


def versions():
    def first_line(command):
        try:
            out = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
            return out.strip().splitlines()[0] if out.strip() else "?"
        except OSError:
            return "not installed"

    def package(name):
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True).stdout
        return out or "?"

    return {
        "feh": first_line(["feh", "--version"]),
        "nsxiv": first_line(["nsxiv", "-v"]),
        "ImageMagick": first_line(["/usr/bin/convert", "-version"]).replace("Version: ", ""),
        "libjpeg-turbo (jpegtran, djpeg)": package("libjpeg-turbo-progs"),
        "TurboJPEG (Cropper)": package("libturbojpeg0"),
        "Xvfb": package("xvfb"),
    }


class Row:
    """One figure of the table. `value` is Cropper's own number, for rows that measure against a budget
    rather than a peer (there the ratio is empty)."""

    def __init__(self, figure, cropper, peer_name, peer, target, met, ratio=None, value=None):
        self.figure, self.cropper, self.peer_name, self.peer = figure, cropper, peer_name, peer
        self.ratio, self.target, self.met, self.value = ratio, target, met, value

    @property
    def key(self):
        """The figure without its parenthesised counts, which change from run to run."""
        return self.figure.split(" (")[0]

    def as_json(self):
        return {"key": self.key, "figure": self.figure, "cropper": self.cropper, "peer_name": self.peer_name,
                "peer": self.peer, "ratio": self.ratio, "value": self.value, "target": self.target, "met": self.met}


def table(rows):
    lines = ["| figure | Cropper | peer | peer value | ratio | target | met |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        met = {True: "yes", False: "**no**", None: "—"}[r.met]
        ratio = f"{r.ratio:.2f}×" if r.ratio is not None else "—"
        lines.append(f"| {r.figure} | {r.cropper} | {r.peer_name} | {r.peer} | {ratio} | {r.target} | {met} |")
    return "\n".join(lines)


def ms(value):
    return "—" if value is None else f"{value:.0f} ms" if value >= 20 else f"{value:.2f} ms"


def mb(value):
    return "—" if value is None else f"{value:.0f} MB"
