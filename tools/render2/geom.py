"""Geometry for render2: board regions and the landing rule, the d12 mesh,
and a pinhole camera with radial lens distortion (k1, k2).

World frame: board millimetres, x right, y down the printed sheet, z into
the table (a point h mm above the board has z = -h).
Written from the board JSON and the rulebook's landing rule (most top-face
corners, straight down; lower value on a tie), not from crates/synth.
"""
import json
import math

import numpy as np

PHI = (1 + 5 ** 0.5) / 2


# ---------------------------------------------------------------- board
class Board:
    """Regions of a tw-board/1 geometry file."""

    def __init__(self, path):
        with open(path) as f:
            self.spec = json.load(f)
        s = self.spec
        for key in ("frame_mm", "centre_mm", "rings", "bone_rim", "holes"):
            if key not in s:
                raise ValueError(f"{path}: missing field {key!r}")
        self.frame = [float(v) for v in s["frame_mm"]]
        self.centre = [float(v) for v in s["centre_mm"]]

    def region(self, p):
        """(kind, name, value) of a board point; kinds as the reader's truth:
        score, bullseye, hole, bone, outside (web applied by `section`)."""
        x, y = p
        for h in self.spec["holes"]:
            if math.dist(p, h["centre_mm"]) < h["radius_mm"]:
                return ("hole", h["name"], None)
        cx, cy = self.centre
        r = math.hypot(x - cx, y - cy)
        rim = self.spec["bone_rim"]
        if r >= rim["outer_mm"]:
            return ("outside", "outside", None)
        if r >= rim["inner_mm"]:
            return ("bone", "bone rim", None)
        for ring in self.spec["rings"]:
            if ring["inner_mm"] <= r < ring["outer_mm"]:
                th = math.degrees(math.atan2(y - cy, x - cx)) % 360.0
                for sec in ring["sectors"]:
                    if (th - sec["from_deg"]) % 360.0 < sec["to_deg"] - sec["from_deg"]:
                        kind = sec.get("kind", "score")
                        return (kind, sec["name"], sec["value"])
                sec = ring["sectors"][0]
                return (sec.get("kind", "score"), sec["name"], sec["value"])
        return ("bone", "bone rim", None)

    def section(self, p, webs):
        kind, name, value = self.region(p)
        if kind == "hole" and name in webs:
            return {"value": 0, "kind": "web", "name": name}
        return {"value": value, "kind": kind, "name": name}

    @staticmethod
    def rank(s):
        """Lower value first: misses < web (0) < 1 < ... < 10."""
        miss = s["kind"] in ("hole", "bone", "outside")
        v = -1 if miss or s["value"] is None else s["value"]
        order = ["score", "bullseye", "hole", "web", "bone", "outside"]
        return (v, order.index(s["kind"]), s["name"])

    def landing(self, corners, webs):
        """(section, border, tie) by the rulebook for top corners in mm."""
        votes = []
        for p in corners:
            s = self.section(p, webs)
            for v in votes:
                if v[0] == s:
                    v[1] += 1
                    break
            else:
                votes.append([s, 1])
        votes.sort(key=lambda v: (-v[1], self.rank(v[0])))
        tie = len(votes) > 1 and votes[1][1] == votes[0][1]
        return votes[0][0], len(votes) > 1, tie

    def clearance(self, p):
        """Distance (mm) from p to the nearest region border."""
        cx, cy = self.centre
        r = math.hypot(p[0] - cx, p[1] - cy)
        radii = {self.spec["bone_rim"]["inner_mm"], self.spec["bone_rim"]["outer_mm"]}
        best = math.inf
        for ring in self.spec["rings"]:
            radii.update([ring["inner_mm"], ring["outer_mm"]])
            if ring["inner_mm"] <= r < ring["outer_mm"] and len(ring["sectors"]) > 1:
                th = math.atan2(p[1] - cy, p[0] - cx)
                for sec in ring["sectors"]:
                    d = abs(math.sin(th - math.radians(sec["from_deg"]))) * r
                    if math.cos(th - math.radians(sec["from_deg"])) > 0:
                        best = min(best, d)
        for rr in radii:
            if rr > 0:
                best = min(best, abs(r - rr))
        for h in self.spec["holes"]:
            best = min(best, abs(math.dist(p, h["centre_mm"]) - h["radius_mm"]))
        return best


# ---------------------------------------------------------------- d12
def dodecahedron():
    """Unit dodecahedron: vertices (20×3), faces (12 lists of 5 indices,
    counter-clockwise seen from outside), outward unit normals (12×3)."""
    ip = 1 / PHI
    v = [[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
    for a in (-1, 1):
        for b in (-1, 1):
            v += [[0, a * ip, b * PHI], [a * ip, b * PHI, 0], [a * PHI, 0, b * ip]]
    v = np.array(v, float)
    normals = []
    for a in (-1, 1):
        for b in (-1, 1):
            normals += [[0, a * PHI, b], [a * PHI, b, 0], [a, 0, b * PHI]]
    normals = np.array(normals, float)
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    faces = []
    for n in normals:
        d = v @ n
        idx = np.where(np.abs(d - d.max()) < 1e-9)[0]
        c = v[idx].mean(0)
        u = v[idx[0]] - c
        u /= np.linalg.norm(u)
        w = np.cross(n, u)
        ang = [math.atan2((v[i] - c) @ w, (v[i] - c) @ u) for i in idx]
        faces.append([int(i) for _, i in sorted(zip(ang, idx))])
    return v, faces, normals


def rotation_onto(a, b):
    """Rotation matrix taking unit vector a onto unit vector b."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    v = np.cross(a, b)
    c = float(a @ b)
    if c < -1 + 1e-12:
        axis = np.cross(a, [1, 0, 0])
        if np.linalg.norm(axis) < 1e-6:
            axis = np.cross(a, [0, 1, 0])
        axis /= np.linalg.norm(axis)
        return 2 * np.outer(axis, axis) - np.eye(3)
    vx = np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])
    return np.eye(3) + vx + vx @ vx / (1 + c)


def place_die(edge_mm, at, top_face, yaw):
    """World vertices, faces, normals of a d12 of `edge_mm` resting on the
    board at `at` with mesh face `top_face` up and turned by `yaw`."""
    v, faces, normals = dodecahedron()
    k = edge_mm / (2 / PHI)
    up = np.array([0.0, 0.0, -1.0])
    r0 = rotation_onto(normals[top_face], up)
    cy, sy = math.cos(yaw), math.sin(yaw)
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    r = rz @ r0
    inr = float(v[faces[0]].mean(0) @ normals[0]) * k
    centre = np.array([at[0], at[1], -inr])
    world = (r @ (v * k).T).T + centre
    return world, faces, (r @ normals.T).T


# ---------------------------------------------------------------- camera
class Camera:
    """Pinhole with radial distortion: x_d = x_u (1 + k1 r² + k2 r⁴) in
    normalised coordinates; pixel = f·x_d + (cx, cy)."""

    def __init__(self, width, height, f, cx, cy, k1, k2, R, eye):
        self.width, self.height = width, height
        self.f, self.cx, self.cy, self.k1, self.k2 = f, cx, cy, k1, k2
        self.R = np.asarray(R, float)
        self.eye = np.asarray(eye, float)

    @staticmethod
    def orbit(width, height, f, cx, cy, k1, k2, target, dist, tilt_deg, az_deg, roll_deg):
        el, az = math.radians(90 - tilt_deg), math.radians(az_deg)
        t = np.array([target[0], target[1], 0.0])
        eye = t + dist * np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), -math.sin(el)])
        z = (t - eye) / np.linalg.norm(t - eye)
        x0 = np.array([math.sin(az), -math.cos(az), 0.0])
        y0 = np.cross(z, x0)
        y0 /= np.linalg.norm(y0)
        x0 = np.cross(y0, z)
        s, c = math.sin(math.radians(roll_deg)), math.cos(math.radians(roll_deg))
        x = c * x0 + s * y0
        y = c * y0 - s * x0
        return Camera(width, height, f, cx, cy, k1, k2, [x, y, z], eye)

    def to_cam(self, p):
        return (self.R @ (np.atleast_2d(p) - self.eye).T).T

    def normalised(self, p):
        c = self.to_cam(p)
        return c[:, :2] / c[:, 2:3]

    def distort(self, xn):
        r2 = (xn ** 2).sum(1, keepdims=True)
        return xn * (1 + self.k1 * r2 + self.k2 * r2 * r2)

    def project(self, p):
        """Image pixels of world points (N×3), with the lens distortion."""
        xd = self.distort(self.normalised(p))
        return np.column_stack([self.f * xd[:, 0] + self.cx, self.f * xd[:, 1] + self.cy])

    def undistort_px(self, px, iters=12):
        """Normalised undistorted coordinates of distorted pixels (N×2)."""
        xd = np.column_stack([(px[:, 0] - self.cx) / self.f, (px[:, 1] - self.cy) / self.f])
        xu = xd.copy()
        for _ in range(iters):
            r2 = (xu ** 2).sum(1, keepdims=True)
            xu = xd / (1 + self.k1 * r2 + self.k2 * r2 * r2)
        return xu

    def board_homography_ideal(self):
        """Board plane → *undistorted* normalised coords, row-major 3×3."""
        t = -self.R @ self.eye
        m = np.column_stack([self.R[:, 0], self.R[:, 1], t])
        return m / m[2, 2]

    def elevation_deg(self):
        z = self.R[2]
        return math.degrees(math.asin(max(-1.0, min(1.0, z[2]))))
