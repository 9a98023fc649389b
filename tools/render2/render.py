#!/usr/bin/env python3
"""render2: a second, independent scene renderer for `warden eval throws`.

    render.py --out DIR --count N --seed S [--tilt-max DEG] [--tilt-min DEG]
              [--print alt|plain] [--cast C] [--warden PATH]

Writes scene-NNNNN.jpg, scene-NNNNN.json (truth), scene-NNNNN.calibration.json
and scene-NNNNN.calibration.reference.jpg, the format the reader's eval reads
(models/dice-sets/README.md, "Scenes for `warden eval throws`"). The
calibration is what a real one gives: `warden calibration detect --size-mm`
run on the calibration still (markers seen through the distorted lens), plus
the board look sampled from that still. See README.md here.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import cv2
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from geom import Board, Camera, place_die  # noqa: E402
import board_print  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BOARD_FILE = "calibration/boards/catacombs-default.json"
EDGE_MM = 11.0
SUPER = 1.5  # the ideal image is drawn this much finer, then resampled
SIZES = [(1280, 720), (1920, 1080), (1600, 1200), (1280, 960)]
# Base albedo (BGR) of the dice, varied per die.
DIE_BGR = {"red": (0.10, 0.09, 0.72), "green": (0.18, 0.55, 0.10),
           "blue": (0.70, 0.28, 0.08), "white": (0.86, 0.87, 0.86)}
ICON_BGR = {"red": (0.93, 0.93, 0.92), "green": (0.93, 0.93, 0.92),
            "blue": (0.93, 0.93, 0.92), "white": (0.12, 0.10, 0.10)}
TILT_BANDS = [0.0, 15.0, 25.0, 35.0]


def scene_rng(seed, i):
    return np.random.default_rng([seed, i, 0x52454E44])


# ------------------------------------------------------------ sampling
def sample_camera(rng, tilt, board, lens=True):
    w, h = SIZES[rng.integers(len(SIZES))]
    hfov = rng.uniform(55, 75)
    f = w / 2 / math.tan(math.radians(hfov / 2))
    cx, cy = w / 2 + rng.uniform(-0.015, 0.015) * w, h / 2 + rng.uniform(-0.015, 0.015) * h
    k1, k2 = rng.uniform(-0.18, 0.02), rng.uniform(0.0, 0.06)
    if not lens:
        k1 = k2 = 0.0  # drawn all the same, so other draws stay as with the lens
    az, roll = rng.uniform(0, 360), rng.uniform(-8, 8)
    target = (board.centre[0] + rng.uniform(-25, 25), board.centre[1] + rng.uniform(-25, 25))
    # The whole marked frame (markers and their quiet zone) must be in view.
    ext = board_print.MARKER_MM / 2 + board_print.MARKER_QUIET_MM + 8
    fr = board.frame
    pts = np.array([[x, y, 0.0] for x in (-ext, fr[0] + ext) for y in (-ext, fr[1] + ext)])

    def fits(d):
        cam = Camera.orbit(w, h, f, cx, cy, k1, k2, target, d, tilt, az, roll)
        if (cam.to_cam(pts)[:, 2] <= 1).any():
            return False
        px = cam.project(pts)
        m = 0.02 * w
        return bool(((px[:, 0] > m) & (px[:, 0] < w - m) & (px[:, 1] > m) & (px[:, 1] < h - m)).all())

    lo, hi = 200.0, 6000.0
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if fits(mid) else (mid, hi)
    d = hi * rng.uniform(1.0, 1.12)
    return Camera.orbit(w, h, f, cx, cy, k1, k2, target, d, tilt, az, roll)


def top_corners(world, faces, normals):
    top = int(np.argmin(normals[:, 2]))
    return top, world[faces[top]]


def sample_dice(rng, board, webs):
    n = int(rng.integers(1, 5))
    dice = []
    tries = 0
    while len(dice) < n and tries < 400:
        tries += 1
        if rng.random() < 0.4:
            at = near_border(rng, board)
        else:
            a, rr = rng.uniform(0, math.tau), 290 * math.sqrt(rng.random())
            at = (board.centre[0] + rr * math.cos(a), board.centre[1] + rr * math.sin(a))
        if any(math.dist(at, d["at"]) < 32 for d in dice):
            continue
        top_face, yaw = int(rng.integers(12)), rng.uniform(0, math.tau)
        world, faces, normals = place_die(EDGE_MM, at, top_face, yaw)
        _, corners = top_corners(world, faces, normals)
        cmm = [(float(p[0]), float(p[1])) for p in corners]
        # No die in an open hole (it would fall in); keep corners decidable.
        if any(board.region(p)[0] == "hole" and board.region(p)[1] not in webs for p in cmm):
            continue
        if any(board.region(p)[0] == "hole" for p in cmm) and board.region(at)[0] != "hole":
            continue
        clear = min(board.clearance(p) for p in cmm)
        if clear < 1.5:
            continue
        color = ["red", "green", "blue", "white"][int(rng.integers(4))]
        n_icon = 2 if color == "white" else 6
        labels = ["blank"] * 12
        for k in rng.choice(12, n_icon, replace=False):
            labels[k] = "icon"
        base = np.array(DIE_BGR[color])
        if color == "white":
            base = base * rng.uniform(0.88, 1.05) + rng.uniform(-0.03, 0.03, 3)
        else:
            hsv = cv2.cvtColor(np.float32(base).reshape(1, 1, 3), cv2.COLOR_BGR2HSV)[0, 0]
            hsv[0] = (hsv[0] + rng.uniform(-9, 9)) % 360
            hsv[1] = np.clip(hsv[1] * rng.uniform(0.8, 1.1), 0, 1)
            hsv[2] = np.clip(hsv[2] * rng.uniform(0.75, 1.2), 0, 1)
            base = cv2.cvtColor(hsv.reshape(1, 1, 3), cv2.COLOR_HSV2BGR)[0, 0]
        dice.append({"at": at, "world": world, "faces": faces, "normals": normals,
                     "color": color, "labels": labels, "albedo": np.clip(base, 0, 1),
                     "gloss": rng.uniform(0.2, 0.8), "spot": rng.uniform(0.12, 0.3),
                     "edge": rng.uniform(0.7, 1.2), "clearance": clear})
    return dice


def near_border(rng, board):
    cx, cy = board.centre
    s = board.spec
    if rng.random() < 0.5:
        radii = [g["outer_mm"] for g in s["rings"]] + [s["bone_rim"]["outer_mm"]]
        rr = radii[int(rng.integers(len(radii)))] + rng.uniform(-9, 9)
        a = rng.uniform(0, math.tau)
    else:
        rings = [g for g in s["rings"] if len(g["sectors"]) > 1]
        g = rings[int(rng.integers(len(rings)))]
        sec = g["sectors"][int(rng.integers(len(g["sectors"])))]
        rr = rng.uniform(g["inner_mm"] + 8, g["outer_mm"] - 8)
        a = math.radians(sec["from_deg"]) + rng.uniform(-9, 9) / rr
    return (cx + rr * math.cos(a), cy + rr * math.sin(a))


def sample_lights(rng, board):
    lights = []
    for _ in range(1 if rng.random() < 0.5 else 2):
        a, off = rng.uniform(0, math.tau), rng.uniform(100, 600)
        pos = np.array([board.centre[0] + off * math.cos(a), board.centre[1] + off * math.sin(a),
                        -rng.uniform(700, 1600)])
        lights.append({"pos": pos, "power": rng.uniform(0.45, 0.8)})
    return lights, rng.uniform(0.35, 0.55)


# ------------------------------------------------------------ drawing
def irradiance(x, y, lights, ambient, shadows=None, ao=None):
    e = np.full(x.shape, ambient, np.float32)
    if ao is not None:
        e *= 1 - 0.45 * ao
    for k, L in enumerate(lights):
        dx, dy, hz = L["pos"][0] - x, L["pos"][1] - y, -L["pos"][2]
        d = np.sqrt(dx * dx + dy * dy + hz * hz)
        c = L["power"] * (hz / d) ** 3
        if shadows is not None:
            c = c * (1 - 0.85 * shadows[k])
        e += c
    return e


def shadow_masks(dice, lights, shape):
    """Soft shadows (per light) and contact darkening of the dice on the
    board, in texture pixels."""
    masks = []
    for L in lights:
        m = np.zeros(shape, np.float32)
        for d in dice:
            lz = L["pos"][2]
            s = lz / (lz - d["world"][:, 2])
            p = L["pos"][None, :2] + (d["world"][:, :2] - L["pos"][None, :2]) * s[:, None]
            hull = cv2.convexHull(np.array([board_print.to_px(q) for q in p], np.float32))
            cv2.fillConvexPoly(m, np.round(hull * 16).astype(np.int32), 1.0, cv2.LINE_AA, 4)
        masks.append(cv2.GaussianBlur(m, (0, 0), 1.8 * board_print.TEX_PX_PER_MM))
    ao = np.zeros(shape, np.float32)
    for d in dice:
        cv2.circle(ao, tuple(int(round(v)) for v in board_print.to_px(d["at"])),
                   int(11 * board_print.TEX_PX_PER_MM), 1.0, -1, cv2.LINE_AA)
    ao = cv2.GaussianBlur(ao, (0, 0), 5 * board_print.TEX_PX_PER_MM)
    return masks, ao


def shade_face(d, fi, eye, lights, ambient, albedo):
    """Flat Lambert colour of a face (BGR, linear)."""
    n = d["normals"][fi]
    c = d["world"][d["faces"][fi]].mean(0)
    col = np.array(albedo) * ambient
    for L in lights:
        l = L["pos"] - c
        dist = np.linalg.norm(l)
        att = L["power"] * (-L["pos"][2] / dist) ** 2
        col = col + np.array(albedo) * att * max(0.0, float(n @ (l / dist)))
    return col


def highlights(spec, d, fi, eye, lights, to_canvas, px_per_mm):
    """Specular spots: where each lamp's mirror image lies on the face (a
    flat glossy face shows the lamp as a spot, not an evenly lit face)."""
    idx = d["faces"][fi]
    n = d["normals"][fi]
    c = d["world"][idx].mean(0)
    R = np.linalg.norm(d["world"][idx[0]] - c)
    eye_m = eye - 2 * float((eye - c) @ n) * n
    for L in lights:
        dirv = L["pos"] - eye_m
        den = float(dirv @ n)
        if abs(den) < 1e-9:
            continue
        t = float((c - eye_m) @ n) / den
        p = eye_m + t * dirv
        off = np.linalg.norm(p - c)
        if not (0 < t < 1) or off > 1.1 * R:
            continue
        dist = np.linalg.norm(L["pos"] - c)
        att = L["power"] * (-L["pos"][2] / dist) ** 2
        q = to_canvas(p[None])[0]
        rad = max(1.0, d["spot"] * R * px_per_mm)
        cv2.circle(spec, (int(round(q[0] * 16)), int(round(q[1] * 16))), int(round(rad * 16)),
                   float(d["gloss"] * att * 2.5), -1, cv2.LINE_AA, 4)


def star(c, u, w, r_out, r_in, turn):
    pts = []
    for k in range(10):
        a = turn + k * math.pi / 5
        r = r_out if k % 2 == 0 else r_in
        pts.append(c + r * (math.cos(a) * u + math.sin(a) * w))
    return np.array(pts)


def draw_dice(canvas, cam, to_canvas, dice, lights, ambient, rng):
    spec = np.zeros(canvas.shape[:2], np.float32)
    order = sorted(dice, key=lambda d: -np.linalg.norm(cam.eye - d["world"].mean(0)))
    for d in order:
        for fi in range(12):
            idx = d["faces"][fi]
            fc = d["world"][idx].mean(0)
            if float((cam.eye - fc) @ d["normals"][fi]) <= 0:
                continue
            poly = to_canvas(d["world"][idx])
            col = shade_face(d, fi, cam.eye, lights, ambient, d["albedo"])
            cv2.fillPoly(canvas, [np.round(poly * 16).astype(np.int32)], tuple(float(v) for v in col),
                         cv2.LINE_AA, 4)
            if d["labels"][fi] == "icon":
                n = d["normals"][fi]
                u = d["world"][idx[0]] - fc
                R = np.linalg.norm(u)
                u /= R
                w = np.cross(n, u)
                g = star(fc - 0.05 * n, u, w, 0.62 * R, 0.3 * R, 0.3)
                icol = shade_face(d, fi, cam.eye, lights, ambient, ICON_BGR[d["color"]])
                cv2.fillPoly(canvas, [np.round(to_canvas(g) * 16).astype(np.int32)],
                             tuple(float(v) for v in icol), cv2.LINE_AA, 4)
            ecol = tuple(float(v) * d["edge"] for v in col)
            cv2.polylines(canvas, [np.round(poly * 16).astype(np.int32)], True, ecol, 1, cv2.LINE_AA, 4)
            mm = np.linalg.norm(poly[0] - poly[2]) / np.linalg.norm(d["world"][idx[0]] - d["world"][idx[2]])
            highlights(spec, d, fi, cam.eye, lights, to_canvas, mm)
    spec = cv2.GaussianBlur(spec, (0, 0), 1.2 * SUPER)
    canvas += spec[..., None]


def render(board, cam, tex, dice, lights, ambient, rng, with_dice=True):
    """Linear image (float32 BGR) seen by `cam`, lens distortion included."""
    x, y = board_print.mm_grid(board.frame)
    if with_dice and dice:
        masks, ao = shadow_masks(dice, lights, x.shape)
        e = irradiance(x, y, lights, ambient, masks, ao)
    else:
        e = irradiance(x, y, lights, ambient)
    lit = tex * e[..., None]
    # Ideal (undistorted) canvas covering what the distorted frame sees.
    W, H = cam.width, cam.height
    uu, vv = np.meshgrid(np.arange(W, dtype=np.float64), np.arange(H, dtype=np.float64))
    xu = cam.undistort_px(np.column_stack([uu.ravel(), vv.ravel()]))
    lo = xu.min(0) * cam.f * SUPER - 4
    hi = xu.max(0) * cam.f * SUPER + 4
    cw, ch = int(math.ceil(hi[0] - lo[0])), int(math.ceil(hi[1] - lo[1]))
    A = np.array([[cam.f * SUPER, 0, -lo[0]], [0, cam.f * SUPER, -lo[1]], [0, 0, 1]])
    Hc = A @ cam.board_homography_ideal() @ board_print.tex_to_mm()
    canvas = cv2.warpPerspective(lit, Hc, (cw, ch), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

    def to_canvas(p):
        n = cam.normalised(p)
        return n * cam.f * SUPER - lo

    if with_dice:
        draw_dice(canvas, cam, to_canvas, dice, lights, ambient, rng)
    canvas = cv2.GaussianBlur(canvas, (0, 0), 0.45 * SUPER)
    mx = (xu[:, 0] * cam.f * SUPER - lo[0]).reshape(H, W).astype(np.float32)
    my = (xu[:, 1] * cam.f * SUPER - lo[1]).reshape(H, W).astype(np.float32)
    return cv2.remap(canvas, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)


def photograph(img, look, rng, cast=True):
    """Lens vignette, white balance, blur, sensor noise, 8-bit."""
    H, W = img.shape[:2]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    r2 = ((xx - W / 2) ** 2 + (yy - H / 2) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2)
    img = img * (1 - look["vignette"] * r2)[..., None] * look["exposure"]
    if cast:
        img = img * np.array(look["gains"], np.float32)
    if look["blur"] > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), look["blur"])
    img = np.clip(img, 0, 1) ** (1 / 1.1)
    sigma = np.sqrt(look["shot"] * img + look["read"] ** 2)
    img = img + sigma * rng.standard_normal(img.shape).astype(np.float32)
    return np.clip(img * 255 + 0.5, 0, 255).astype(np.uint8)


def sample_look(rng, cast):
    g = [1.0, 1.0, 1.0]
    if cast > 0:
        warm = rng.uniform(-cast, cast)
        g = [1 - warm, 1 + rng.uniform(-cast / 2, cast / 2), 1 + warm]
    return {"vignette": rng.uniform(0.1, 0.35), "exposure": rng.uniform(0.9, 1.15), "gains": g,
            "blur": rng.uniform(0.2, 1.1), "shot": rng.uniform(0.0003, 0.002),
            "read": rng.uniform(0.004, 0.014), "jpeg": int(rng.integers(60, 91))}


# ------------------------------------------------------------ calibration
def board_look(still, t2i, area):
    """The board's look as the calibration crate keeps it: mean BGR of a
    5×5 pixel box round the centre of each 8 mm cell, hex, row by row."""
    cell = 8.0
    cols, rows = int(math.ceil(area[0] / cell)), int(math.ceil(area[1] / cell))
    H, W = still.shape[:2]
    out = []
    t2i = np.asarray(t2i, float)
    for j in range(rows):
        for i in range(cols):
            p = np.array([min((i + 0.5) * cell, area[0]), min((j + 0.5) * cell, area[1]), 1.0])
            q = t2i @ p
            s = "000000"
            if q[2] != 0:
                x, y = math.floor(q[0] / q[2] + 0.5), math.floor(q[1] / q[2] + 0.5)
                if 2 <= x and 2 <= y and x + 2 < W and y + 2 < H:
                    m = still[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3).mean(0)
                    s = "".join(f"{int(math.floor(v + 0.5)):02x}" for v in m)
            out.append(s)
    return {"version": 1, "cell_mm": cell, "cols": cols, "rows": rows, "bgr": "".join(out)}


def calibrate(warden, still_path, board, out_path):
    """`warden calibration detect` on the still; None when it fails."""
    fr = board.frame
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as t:
        tmp = t.name
    try:
        r = subprocess.run([warden, "calibration", "detect", "--image", still_path,
                            "--size-mm", f"{fr[0]:g},{fr[1]:g}", "--out", tmp],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None, r.stderr.strip() or r.stdout.strip()
        with open(tmp) as f:
            prof = json.load(f)
    finally:
        os.unlink(tmp)
    still = cv2.imread(still_path)
    lens = prof.get("lens")
    if lens:
        # The profile's homography holds on lens-corrected pixels (a lens
        # estimated by `calibration detect`): sample the look there, as the
        # calibration crate does.
        K = np.array([[lens["fx"], 0, lens["cx"]], [0, lens["fy"], lens["cy"]], [0, 0, 1]])
        still = cv2.undistort(still, K, np.array(lens["distortion"], float))
    prof["board"] = {"geometry": BOARD_FILE}
    prof["board_look"] = board_look(still, prof["table_to_image"], prof["area_mm"])
    with open(out_path, "w") as f:
        json.dump(prof, f, indent=1)
    return prof, None


# ------------------------------------------------------------ scenes
def make_scene(args, board, i, out):
    rng = scene_rng(args.seed, i)
    bands = [b for b in TILT_BANDS if args.tilt_min <= b <= args.tilt_max]
    if len(bands) >= 2 and not args.uniform_tilt:
        # Scene i is in band i mod n, so every band gets its share.
        k = i % (len(bands) - 1)
        tilt = rng.uniform(bands[k], bands[k + 1])
    else:
        tilt = rng.uniform(args.tilt_min, args.tilt_max)
    webs = [h["name"] for h in board.spec["holes"] if rng.random() < 0.25]
    style = args.print
    tex = board_print.draw_board(board, webs, style, rng)
    lights, ambient = sample_lights(rng, board)
    look = sample_look(rng, args.cast)
    name = f"scene-{i:05d}"
    for attempt in range(6):
        cam = sample_camera(rng, tilt, board, lens=not args.no_lens)
        still = photograph(render(board, cam, tex, [], lights, ambient, rng, with_dice=False),
                           look, rng, cast=False)
        still_path = os.path.join(out, name + ".calibration.reference.jpg")
        cv2.imwrite(still_path, still, [cv2.IMWRITE_JPEG_QUALITY, 95])
        prof, why = calibrate(args.warden, still_path, board, os.path.join(out, name + ".calibration.json"))
        if prof is not None:
            break
        print(f"{name}: calibration failed ({why}); new camera", file=sys.stderr)
    else:
        raise RuntimeError(f"{name}: no camera gave a calibration")
    dice = sample_dice(rng, board, webs)
    img = photograph(render(board, cam, tex, dice, lights, ambient, rng), look, rng)
    cv2.imwrite(os.path.join(out, name + ".jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, look["jpeg"]])
    truth = []
    for d in dice:
        top, corners = top_corners(d["world"], d["faces"], d["normals"])
        cmm = [[float(p[0]), float(p[1])] for p in corners]
        section, border, tie = board.landing(cmm, webs)
        cpx = cam.project(corners)
        c3 = corners.mean(0)
        truth.append({"color": d["color"], "face": d["labels"][top],
                      "corners_px": cpx.tolist(), "corners_mm": cmm,
                      "center_px": cam.project(c3[None])[0].tolist(),
                      "center_mm": [float(c3[0]), float(c3[1])],
                      "top_height_mm": float(-c3[2]), "section": section, "border": border,
                      "tie": tie, "corner_clearance_mm": float(d["clearance"]), "at_rest": True})
    h_true = true_board_to_image(cam)
    doc = {"format": "tw-render2/1", "seed": args.seed, "index": i, "image": name + ".jpg",
           "width": cam.width, "height": cam.height, "board": BOARD_FILE, "webs": webs,
           "print": style, "cast_gains_bgr": look["gains"], "jpeg_quality": look["jpeg"],
           "elevation_deg": cam.elevation_deg(), "tilt_deg": tilt,
           "lens": {"focal_px": cam.f, "principal_px": [cam.cx, cam.cy], "k1": cam.k1, "k2": cam.k2},
           "camera": {"rotation": cam.R.tolist(), "eye": cam.eye.tolist()},
           "lights": [{"pos_mm": L["pos"].tolist(), "power": L["power"]} for L in lights],
           "board_to_image_undistorted": h_true.tolist(),
           "die_edge_mm": EDGE_MM, "dice": truth}
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(doc, f, indent=1)
    return doc


def true_board_to_image(cam):
    """Board mm → pixels of the same camera without its distortion."""
    K = np.array([[cam.f, 0, cam.cx], [0, cam.f, cam.cy], [0, 0, 1]])
    h = K @ cam.board_homography_ideal()
    return h / h[2, 2]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--tilt-max", type=float, default=35.0)
    p.add_argument("--tilt-min", type=float, default=0.0)
    p.add_argument("--uniform-tilt", action="store_true",
                   help="tilt uniform in [min, max] instead of spread evenly over the 0/15/25/35° bands")
    p.add_argument("--print", choices=["alt", "plain"], default="alt")
    p.add_argument("--cast", type=float, default=0.0)
    p.add_argument("--no-lens", action="store_true",
                   help="k1 = k2 = 0 (a diagnostic: the same scenes through a distortion-free lens)")
    p.add_argument("--first", type=int, default=0, help="index of the first scene (to split runs)")
    p.add_argument("--warden", default=os.environ.get("WARDEN", "warden"),
                   help="warden binary used for `calibration detect`")
    args = p.parse_args(argv)
    if not (0 <= args.tilt_min <= args.tilt_max <= 60):
        p.error("--tilt-min/--tilt-max: need 0 <= min <= max <= 60")
    if not (0 <= args.cast < 0.9):
        p.error("--cast: need 0 <= C < 0.9")
    board = Board(os.path.join(REPO, BOARD_FILE))
    os.makedirs(args.out, exist_ok=True)
    nd = nb = 0
    for i in range(args.first, args.first + args.count):
        doc = make_scene(args, board, i, args.out)
        nd += len(doc["dice"])
        nb += sum(d["border"] for d in doc["dice"])
    print(f"{args.out}: {args.count} scenes, {nd} dice ({nb} across a border), seed {args.seed}")


if __name__ == "__main__":
    main()
