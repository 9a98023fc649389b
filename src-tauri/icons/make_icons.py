"""Draws Table Warden's app icon (a white die showing three on green felt) as RGBA PNGs.

Pure standard library so it runs anywhere: `python3 src-tauri/icons/make_icons.py`.
Tauri needs the PNGs at build time for the window icon; the bundle stays inactive.
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def inside_rounded(x, y, x0, y0, x1, y1, r):
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r and x0 <= x <= x1 and y0 <= y <= y1


def pixel(u, v):
    """Colour at unit coordinates (u, v) in [0, 1)."""
    if not inside_rounded(u, v, 0.03, 0.03, 0.97, 0.97, 0.18):
        return (0, 0, 0, 0)
    if inside_rounded(u, v, 0.25, 0.25, 0.75, 0.75, 0.08):
        for px, py in ((0.37, 0.37), (0.5, 0.5), (0.63, 0.63)):
            if (u - px) ** 2 + (v - py) ** 2 <= 0.055 ** 2:
                return (20, 20, 20, 255)
        return (250, 248, 240, 255)
    return (47, 93, 58, 255)


def write_png(path, size):
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            # 2x2 supersampling for smooth edges.
            acc = [0, 0, 0, 0]
            for sy in (0.25, 0.75):
                for sx in (0.25, 0.75):
                    p = pixel((x + sx) / size, (y + sy) / size)
                    for i in range(4):
                        acc[i] += p[i]
            row += bytes(c // 4 for c in acc)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9))
    png += chunk(b"IEND", b"")
    with open(os.path.join(HERE, path), "wb") as f:
        f.write(png)


if __name__ == "__main__":
    for name, size in (("32x32.png", 32), ("128x128.png", 128), ("128x128@2x.png", 256), ("icon.png", 512)):
        write_png(name, size)
        print("wrote", name)
