"""Small checks of render2's geometry (python3 -m unittest test_render).
Not part of the Rust test suite; runs in a second or two."""
import math
import os
import unittest

import numpy as np

from geom import Board, Camera, dodecahedron, place_die
import render

BOARD = os.path.join(render.REPO, render.BOARD_FILE)


class Geometry(unittest.TestCase):
    def setUp(self):
        self.board = Board(BOARD)

    def test_dodecahedron_has_twelve_regular_pentagons(self):
        v, faces, normals = dodecahedron()
        self.assertEqual(len(faces), 12)
        for f in faces:
            edges = [np.linalg.norm(v[f[k]] - v[f[(k + 1) % 5]]) for k in range(5)]
            self.assertTrue(np.allclose(edges, 2 / ((1 + 5 ** 0.5) / 2)))

    def test_die_rests_on_a_face_with_top_at_the_set_height(self):
        world, faces, normals = place_die(11.0, (300, 300), 5, 0.7)
        self.assertAlmostEqual(world[:, 2].max(), 0.0, places=9)  # touches the board
        top, corners = render.top_corners(world, faces, normals)
        # Height of a d12 on a face: 2 × inradius = 2.2270 × edge.
        self.assertAlmostEqual(-corners[:, 2].mean(), 2 * 1.11352 * 11.0, places=2)
        self.assertTrue(np.allclose(corners[:, 2], corners[0, 2]))

    def test_distortion_round_trips(self):
        cam = Camera.orbit(1280, 720, 900, 650, 355, -0.15, 0.05, (300, 300), 1100, 30, 40, 5)
        pts = np.array([[x, y, 0.0] for x in (0, 150, 300, 600) for y in (0, 300, 600)])
        px = cam.project(pts)
        xu = cam.undistort_px(px)
        self.assertLess(np.abs(xu - cam.normalised(pts)).max(), 1e-9)

    def test_undistorted_homography_matches_the_pinhole(self):
        cam = Camera.orbit(1280, 720, 900, 640, 360, 0.0, 0.0, (300, 300), 1100, 25, 200, -3)
        h = render.true_board_to_image(cam)
        for p in ([0, 0], [600, 0], [123, 456]):
            q = h @ [p[0], p[1], 1.0]
            want = cam.project(np.array([[p[0], p[1], 0.0]]))[0]
            self.assertLess(np.abs(q[:2] / q[2] - want).max(), 1e-6)

    def test_landing_rule_most_corners_then_lower_value(self):
        b = self.board
        # Three corners in the bullseye (10), two in inner (5): bullseye.
        s, border, tie = b.landing([[300, 300], [310, 300], [320, 300], [340, 300], [345, 300]], [])
        self.assertEqual((s["value"], border, tie), (10, True, False))
        # Two and two across the 5 / 10 border and one in 10... then a tie
        # between middle-1 (3) and middle-2 (4) with four corners goes to 3.
        c = [[300 + 130 * math.cos(math.radians(a)), 300 + 130 * math.sin(math.radians(a))] for a in (55, 58, 62, 65)]
        s, border, tie = b.landing(c, [])
        self.assertEqual((s["value"], s["name"], tie), (3, "middle-1", True))
        # A covered hole is a web worth 0, an open one a miss.
        hole = [[445, 445], [446, 445], [445, 446]]
        self.assertEqual(b.landing(hole, ["hole-se"])[0]["value"], 0)
        self.assertIsNone(b.landing(hole, [])[0]["value"])
        self.assertEqual(b.region((300, 20))[1], "outside")
        self.assertEqual(b.region((300, 40))[1], "bone rim")

    def test_board_look_is_the_calibration_format(self):
        still = np.full((100, 120, 3), 7, np.uint8)
        look = render.board_look(still, np.eye(3) * [[1], [1], [1]], [48.0, 32.0])
        self.assertEqual((look["cols"], look["rows"]), (6, 4))
        self.assertEqual(len(look["bgr"]), 6 * 4 * 6)
        self.assertTrue(look["bgr"].startswith("070707"))

    @unittest.skipUnless(os.environ.get("WARDEN"), "set WARDEN to a warden binary to compare")
    def test_landing_agrees_with_warden_board_land(self):
        import json
        import subprocess
        rng = np.random.default_rng(7)
        for _ in range(15):
            at = 300 + rng.uniform(-290, 290, 2)
            world, faces, normals = place_die(11.0, at, int(rng.integers(12)), rng.uniform(0, 6.3))
            _, corners = render.top_corners(world, faces, normals)
            c = [[float(p[0]), float(p[1])] for p in corners]
            mine = self.board.landing(c, ["hole-nw"])[0]
            arg = ";".join(f"{x!r},{y!r}" for x, y in c)
            out = subprocess.run([os.environ["WARDEN"], "board", "land", "--corners", arg, "--web", "hole-nw"],
                                 capture_output=True, text=True, check=True).stdout
            theirs = json.loads(out)
            theirs = theirs.get("section", theirs)
            self.assertEqual((mine["value"], mine["name"]), (theirs["value"], theirs["name"]), c)


if __name__ == "__main__":
    unittest.main()
