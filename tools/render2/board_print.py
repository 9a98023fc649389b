"""render2's own board print: the geometry of the board JSON drawn top-down
into a texture (TEX_PX_PER_MM pixels a mm) in one of two styles.

- `plain`: flat fills in a palette of its own, thin dark borders, upright
  numerals, no texture.
- `alt`: another palette on paper (fibre noise, blotches), gold section
  lines, a printed double border round the frame, bone segments, serif
  numerals and a printed vignette towards the frame corners.
Both carry cut-out ArUco markers (DICT_4X4_50, ids 0–3, 50 mm, white quiet
zone) centred on the frame corners, id 0 top-left, clockwise, which is what
`warden calibration detect --size-mm W,H` looks for.
"""
import math

import cv2
import numpy as np

TEX_PX_PER_MM = 2.5
MARGIN_MM = 200.0
MARKER_MM = 50.0
MARKER_QUIET_MM = 12.5

# BGR 0..1, per section value / region.
PALETTES = {
    "plain": {10: (0.15, 0.20, 0.80), 5: (0.35, 0.55, 0.30), 4: (0.55, 0.45, 0.30),
              3: (0.60, 0.62, 0.58), 2: (0.30, 0.30, 0.45), 1: (0.50, 0.45, 0.40),
              "hole": (0.06, 0.05, 0.05), "bone": (0.78, 0.80, 0.80),
              "outside": (0.25, 0.30, 0.32), "line": (0.08, 0.08, 0.08),
              "text": (0.95, 0.95, 0.95), "table": (0.30, 0.36, 0.42)},
    "alt": {10: (0.10, 0.55, 0.75), 5: (0.25, 0.28, 0.55), 4: (0.50, 0.40, 0.22),
            3: (0.42, 0.56, 0.45), 2: (0.48, 0.33, 0.40), 1: (0.55, 0.62, 0.66),
            "hole": (0.08, 0.07, 0.10), "bone": (0.70, 0.82, 0.86),
            "outside": (0.22, 0.24, 0.20), "line": (0.30, 0.65, 0.80),
            "text": (0.15, 0.12, 0.10), "table": (0.20, 0.27, 0.35)},
}


def mm_grid(frame):
    n = int(round((frame[0] + 2 * MARGIN_MM) * TEX_PX_PER_MM))
    m = int(round((frame[1] + 2 * MARGIN_MM) * TEX_PX_PER_MM))
    u = (np.arange(n, dtype=np.float32) + 0.5) / TEX_PX_PER_MM - MARGIN_MM
    v = (np.arange(m, dtype=np.float32) + 0.5) / TEX_PX_PER_MM - MARGIN_MM
    return np.meshgrid(u, v)


def to_px(p):
    return ((p[0] + MARGIN_MM) * TEX_PX_PER_MM, (p[1] + MARGIN_MM) * TEX_PX_PER_MM)


def tex_to_mm():
    """Texture pixel (u, v) → board mm, 3×3."""
    s = 1.0 / TEX_PX_PER_MM
    return np.array([[s, 0, 0.5 * s - MARGIN_MM], [0, s, 0.5 * s - MARGIN_MM], [0, 0, 1.0]])


def smooth_noise(shape, scale_px, rng):
    small = rng.standard_normal((max(2, shape[0] // scale_px), max(2, shape[1] // scale_px))).astype(np.float32)
    big = cv2.resize(small, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)
    return big / (big.std() + 1e-6)


def draw_board(board, webs, style, rng):
    """Albedo texture (float32 BGR 0..1) of the board print."""
    pal = PALETTES[style]
    frame = board.frame
    x, y = mm_grid(frame)
    cx, cy = board.centre
    r = np.hypot(x - cx, y - cy)
    th = np.degrees(np.arctan2(y - cy, x - cx)) % 360.0
    tex = np.empty(x.shape + (3,), np.float32)
    inside_frame = (x >= 0) & (x <= frame[0]) & (y >= 0) & (y <= frame[1])
    tex[:] = pal["table"]
    tex[inside_frame] = pal["outside"]
    tint = np.array([rng.uniform(0.9, 1.1) for _ in range(3)], np.float32)
    for ring in board.spec["rings"]:
        in_ring = (r >= ring["inner_mm"]) & (r < ring["outer_mm"])
        for sec in ring["sectors"]:
            span = sec["to_deg"] - sec["from_deg"]
            m = in_ring & (((th - sec["from_deg"]) % 360.0) < span)
            tex[m] = np.clip(np.array(pal[sec["value"]], np.float32) * tint, 0, 1)
    rim = board.spec["bone_rim"]
    bone = (r >= rim["inner_mm"]) & (r < rim["outer_mm"])
    tex[bone] = pal["bone"]
    if style == "alt":
        gap = (th % 12.0) < 0.9
        tex[bone & gap] = (0.25, 0.30, 0.32)
        knob = bone & (np.abs(r - (rim["inner_mm"] + rim["outer_mm"]) / 2) > 12) & ((th % 12.0) < 3.0)
        tex[knob] *= 0.85
    for h in board.spec["holes"]:
        d = np.hypot(x - h["centre_mm"][0], y - h["centre_mm"][1])
        m = d < h["radius_mm"]
        shade = np.clip(0.6 + 0.4 * d[m] / h["radius_mm"], 0, 1)[:, None]
        tex[m] = np.array(pal["hole"], np.float32) * shade
    u8 = None
    line = tuple(float(c) for c in pal["line"])
    lw = 2 if style == "plain" else 3
    centre_px = to_px(board.centre)
    radii = {rim["inner_mm"], rim["outer_mm"]}
    for ring in board.spec["rings"]:
        radii.update([ring["inner_mm"], ring["outer_mm"]])
        if len(ring["sectors"]) > 1:
            for sec in ring["sectors"]:
                a = math.radians(sec["from_deg"])
                p0 = (cx + ring["inner_mm"] * math.cos(a), cy + ring["inner_mm"] * math.sin(a))
                p1 = (cx + ring["outer_mm"] * math.cos(a), cy + ring["outer_mm"] * math.sin(a))
                cv2.line(tex, ipt(to_px(p0)), ipt(to_px(p1)), line, lw, cv2.LINE_AA, 4)
    for rr in radii:
        if rr > 0:
            cv2.circle(tex, ipt(centre_px), int(round(rr * TEX_PX_PER_MM * 16)), line, lw, cv2.LINE_AA, 4)
    for h in board.spec["holes"]:
        cv2.circle(tex, ipt(to_px(h["centre_mm"])), int(round(h["radius_mm"] * TEX_PX_PER_MM * 16)),
                   line, lw, cv2.LINE_AA, 4)
    draw_values(tex, board, pal, style)
    for h in board.spec["holes"]:
        if h["name"] in webs:
            draw_web(tex, h, rng)
    if style == "alt":
        # Printed double border inside the frame, and the print's vignette.
        for inset, w in ((6, 4), (12, 2)):
            p0, p1 = to_px((inset, inset)), to_px((frame[0] - inset, frame[1] - inset))
            cv2.rectangle(tex, ipt(p0), ipt(p1), line, w, cv2.LINE_AA, 4)
        vign = 1 - 0.25 * np.clip((r - rim["outer_mm"]) / 140.0, 0, 1)
        tex[inside_frame] *= vign[inside_frame][:, None]
        paper = 1 + 0.035 * smooth_noise(x.shape, 3, rng) + 0.03 * smooth_noise(x.shape, 60, rng)
        tex *= paper[..., None]
    else:
        tex *= (1 + 0.008 * rng.standard_normal(x.shape).astype(np.float32))[..., None]
    draw_markers(tex, frame)
    return np.clip(tex, 0, 1)


def ipt(p):
    """Fixed-point pixel (4 fractional bits) for OpenCV drawing."""
    return (int(round(p[0] * 16)), int(round(p[1] * 16)))


def draw_values(tex, board, pal, style):
    font = cv2.FONT_HERSHEY_SIMPLEX if style == "plain" else cv2.FONT_HERSHEY_TRIPLEX
    cx, cy = board.centre
    col = tuple(float(c) for c in pal["text"])
    for ring in board.spec["rings"]:
        rr = (ring["inner_mm"] + ring["outer_mm"]) / 2
        for sec in ring["sectors"]:
            if ring["inner_mm"] == 0:
                at = (cx, cy)
            else:
                a = (sec["from_deg"] + sec["to_deg"]) / 2
                if len(ring["sectors"]) == 1:
                    a = 250.0
                at = (cx + rr * math.cos(math.radians(a)), cy + rr * math.sin(math.radians(a)))
                for _ in range(6):
                    if board.region(at)[0] != "hole":
                        break
                    a += 12
                    at = (cx + rr * math.cos(math.radians(a)), cy + rr * math.sin(math.radians(a)))
            text = str(sec["value"])
            scale = 1.6 if style == "plain" else 1.9
            th = 4 if style == "plain" else 3
            (w, h), _ = cv2.getTextSize(text, font, scale, th)
            px = to_px(at)
            org = (int(px[0] - w / 2), int(px[1] + h / 2))
            x0, y0 = org[0] - 4, org[1] - h - 8
            mask = np.zeros((h + 16, w + 8), np.uint8)
            cv2.putText(mask, text, (4, h + 8), font, scale, 255, th, cv2.LINE_AA)
            a = (mask.astype(np.float32) / 255.0)[..., None]
            roi = tex[y0:y0 + mask.shape[0], x0:x0 + mask.shape[1]]
            roi[:] = roi * (1 - a) + np.array(col, np.float32) * a


def draw_web(tex, hole, rng):
    c = hole["centre_mm"]
    R = hole["radius_mm"] * 0.97
    col = (0.85, 0.86, 0.88)
    spokes = rng.integers(7, 11)
    a0 = rng.uniform(0, math.tau)
    for k in range(spokes):
        a = a0 + k * math.tau / spokes
        cv2.line(tex, ipt(to_px(c)), ipt(to_px((c[0] + R * math.cos(a), c[1] + R * math.sin(a)))),
                 col, 1, cv2.LINE_AA, 4)
    for frac in (0.3, 0.5, 0.7, 0.9):
        pts = []
        for k in range(spokes + 1):
            a = a0 + k * math.tau / spokes
            rr = R * frac * (0.93 if k % 2 else 1.0)
            pts.append(ipt(to_px((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))))
        cv2.polylines(tex, [np.array(pts, np.int32)], False, col, 1, cv2.LINE_AA, 4)


def draw_markers(tex, frame):
    dic = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    side = int(round(MARKER_MM * TEX_PX_PER_MM))
    quiet = int(round(MARKER_QUIET_MM * TEX_PX_PER_MM))
    corners = [(0, 0), (frame[0], 0), (frame[0], frame[1]), (0, frame[1])]
    for mid, at in enumerate(corners):
        img = cv2.aruco.generateImageMarker(dic, mid, side, borderBits=1).astype(np.float32) / 255.0
        img = 0.04 + 0.9 * img  # ink is not pure black, paper not pure white
        px, py = to_px(at)
        x0, y0 = int(round(px - side / 2)), int(round(py - side / 2))
        tex[y0 - quiet:y0 + side + quiet, x0 - quiet:x0 + side + quiet] = 0.94
        tex[y0:y0 + side, x0:x0 + side] = img[..., None]
