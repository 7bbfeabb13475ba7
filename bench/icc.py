"""A small sRGB ICC v2 display profile (matrix + tone curves), built from the published sRGB numbers,
so the test photos carry a real embedded profile without depending on a package that ships one."""

import struct


def _s15(value):
    return struct.pack(">i", round(value * 65536))


def _xyz(x, y, z):
    return b"XYZ " + bytes(4) + _s15(x) + _s15(y) + _s15(z)


def _srgb_to_linear(v):
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _curve(entries=1024):
    table = b"".join(struct.pack(">H", round(_srgb_to_linear(i / (entries - 1)) * 65535)) for i in range(entries))
    return b"curv" + bytes(4) + struct.pack(">I", entries) + table


def _text_description(text):
    ascii_text = text.encode("ascii") + b"\0"
    # ASCII part, then empty Unicode and ScriptCode parts (67 bytes of ScriptCode as v2 requires).
    return b"desc" + bytes(4) + struct.pack(">I", len(ascii_text)) + ascii_text + bytes(8) + bytes(3 + 67)


def _pad(data):
    return data + bytes(-len(data) % 4)


def srgb_profile():
    curve = _curve()
    # D50-adapted sRGB primaries (Bradford), the colorants an sRGB monitor profile carries.
    tags = [
        (b"desc", _text_description("sRGB (Cropper benchmark)")),
        (b"cprt", b"text" + bytes(4) + b"No copyright, use freely\0"),
        (b"wtpt", _xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", _xyz(0.4361, 0.2225, 0.0139)),
        (b"gXYZ", _xyz(0.3851, 0.7169, 0.0971)),
        (b"bXYZ", _xyz(0.1431, 0.0606, 0.7141)),
        (b"rTRC", curve),
        (b"gTRC", curve),
        (b"bTRC", curve),
    ]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, body, placed = [], b"", {}
    for signature, data in tags:
        if data not in placed:  # the three curves share one copy
            placed[data] = offset + len(body)
            body += _pad(data)
        entries.append(struct.pack(">4sII", signature, placed[data], len(data)))
    size = 128 + table_size + len(body)
    header = (struct.pack(">I", size) + bytes(4) + struct.pack(">I", 0x02100000) + b"mntrRGB XYZ "
              + struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + b"acsp" + bytes(4) + bytes(4) + bytes(4) + bytes(4)
              + bytes(8) + struct.pack(">I", 0) + _s15(0.9642) + _s15(1.0) + _s15(0.8249) + bytes(4) + bytes(16)
              + bytes(28))
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + body


if __name__ == "__main__":
    import sys
    sys.stdout.buffer.write(srgb_profile())
