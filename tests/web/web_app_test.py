#!/usr/bin/env python3
"""camelot serve in a real browser: Debian's chromium, headless, driven by chromium-driver
through python3-selenium. The analysis board shows the engine's lines, takes a canter, any move
and a jump by clicks, and goes back; the server refuses paths and bad requests and goes on.
Run by ctest (tests/CMakeLists.txt) with the camelot program as its argument."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

CAMELOT = sys.argv.pop(1) if len(sys.argv) > 1 else "build/cli/camelot"
# One white man on F6 must jump the black man on F7 (R6); one more piece each keeps the game on.
JUMP_CFEN = "2/8/10/11m/12/12/12/12/12/5m6/5M6/12/K11/10/8/2 w 0 0 0"
GRAND_START = ("2/8/2GggggG2/4GggG4/6gg6/1B10Y1/1bB8Yy1/2bbb6yyy2/2bbb6yyy2/1bB8Yy1/1B10Y1/"
               "6rr6/4RrrR4/2RrrrrR2/8/2 r 0 0 0 0 0")
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
WCF_GAMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data",
                         "wcf-human-games.txt")
# A run's first generations, as camelot train writes them (Elo measured every other one).
METRICS = """generation,elapsed_seconds,positions_per_second,policy_loss,value_loss,elo_random,elo_greedy
1,60,200000,3.0,1.0,,
2,120,210000,2.8,0.9,150,-200
3,180,205000,2.6,0.8,,
"""


class WebApp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.run_directory = tempfile.mkdtemp(prefix="web-app-run-")
        cls.addClassCleanup(shutil.rmtree, cls.run_directory, True)
        profile = tempfile.mkdtemp(prefix="web-app-chromium-")
        cls.addClassCleanup(shutil.rmtree, profile, True)
        with open(os.path.join(cls.run_directory, "metrics.csv"), "w") as metrics:
            metrics.write(METRICS)
        # The opening database of the WCF title match's games.
        cls.database = os.path.join(cls.run_directory, "openings.db")
        subprocess.run([CAMELOT, "openings", "import", cls.database, WCF_GAMES], check=True,
                       stdout=subprocess.DEVNULL)
        cls.server = subprocess.Popen([CAMELOT, "serve", "--port", "0", "--searches", "1",
                                       "--runs", cls.run_directory, "--db", cls.database],
                                      stdout=subprocess.PIPE, text=True)
        # Stopped whatever happens next, so that a failure never leaves it serving.
        cls.addClassCleanup(lambda: (cls.server.terminate(), cls.server.wait(timeout=10)))
        line = cls.server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"serve printed {line!r}"
        cls.base = match.group(0)
        options = webdriver.ChromeOptions()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--no-proxy-server", f"--user-data-dir={profile}"]:
            options.add_argument(argument)
        cls.browser = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        cls.addClassCleanup(cls.browser.quit)

    def get(self, path):
        with NO_PROXY.open(self.base + path.lstrip("/"), timeout=10) as response:
            return response.status, json.loads(response.read())

    def legal(self, fen="startpos", moves=()):
        query = urllib.parse.urlencode({"fen": fen, "moves": " ".join(moves)})  # a GFEN: Grand
        return [m["move"] for m in self.get("api/legal?" + query)[1]["moves"]]

    def wait(self, condition, seconds=20):
        return WebDriverWait(self.browser, seconds, poll_frequency=0.05).until(lambda _: condition())

    # The page redraws as answers come, so lists are read in one script, not element by element.
    def texts(self, selector):
        return self.browser.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)", selector)

    def played(self):
        return [text.split(" ")[0] for text in self.texts("#moves li")]

    def engine_moves(self):
        return self.texts("#lines td.move a")

    def click_path(self, move, legal=()):
        squares = re.split(r"[-x]", move)
        # A path that a longer move goes on from is ended by clicking its last square again.
        longer = any(re.split(r"[-x]", m)[:len(squares)] == squares and m != move for m in legal)
        for square in squares + (squares[-1:] if longer else []):
            self.wait(lambda: self.click(square))

    def click(self, square):
        """Clicks a square; false when the board was redrawn under the click (then try again)."""
        try:
            self.browser.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').click()
            return True
        except StaleElementReferenceException:
            return False

    def test_the_analysis_board(self):
        self.browser.get(self.base)
        # The engine's lines appear while it thinks, each a legal move.
        lines = self.wait(lambda: self.engine_moves() or None)
        start_moves = self.legal()
        for move in lines:
            self.assertIn(move, start_moves)
        # A canter by clicks: F6 over F7 to F8.
        self.click_path("F6-F8")
        self.wait(lambda: self.played() == ["F6-F8"])
        # Any legal reply of Black's, by clicks on its path.
        replies = self.legal(moves=["F6-F8"])
        reply = replies[0]
        self.click_path(reply, replies)
        self.wait(lambda: self.played() == ["F6-F8", reply])
        self.wait(lambda: self.engine_moves() or None)
        # Back takes the last move back.
        self.browser.find_element(By.ID, "back").click()
        self.wait(lambda: self.played() == ["F6-F8"])
        # A pasted position, and the compulsory jump by clicks.
        field = self.browser.find_element(By.ID, "fen-input")
        field.send_keys(JUMP_CFEN + "\n")
        self.wait(lambda: self.browser.find_element(By.ID, "fen").text == JUMP_CFEN)
        self.click_path("F6xF8")
        self.wait(lambda: self.played() == ["F6xF8"])
        self.wait(lambda: "Black to move" in self.browser.find_element(By.ID, "status").text)
        # Grand Camelot's start (G14): its wider board, a move by clicks, and its engine lines.
        field = self.browser.find_element(By.ID, "fen-input")
        field.clear()
        field.send_keys(GRAND_START + "\n")
        self.wait(lambda: self.browser.find_element(By.ID, "fen").text == GRAND_START)
        self.assertEqual(len(self.browser.find_elements(By.CSS_SELECTOR, "[data-square]")), 180)  # G1
        self.wait(lambda: self.engine_moves() or None)
        self.click_path("H5-H6", self.legal(GRAND_START))
        self.wait(lambda: self.played() == ["H5-H6"])
        self.wait(lambda: "Green to move" in self.browser.find_element(By.ID, "status").text)

    def test_a_whole_game_by_clicks_against_random(self):
        self.browser.get(self.base + "play.html")
        self.wait(lambda: self.browser.find_elements(By.CSS_SELECTOR, "#level option") or None)
        self.browser.execute_script(
            "const s = document.getElementById('level'); s.value = '0'; s.dispatchEvent(new Event('change'));")
        self.wait(lambda: "rating 0" in self.browser.find_element(By.ID, "rating").text)
        kinds = set()
        for _ in range(400):
            self.wait(lambda: self.status() in ("Your move.", "over"))
            if self.status() == "over":
                break
            played = self.played()
            moves = self.legal(moves=played)
            move = max(moves, key=self.preference)
            kinds.add(self.kind(move))
            self.click_path(move, moves)
            self.wait(lambda: self.played()[:len(played) + 1] == played + [move])
        self.assertEqual(self.status(), "over")
        self.assertIn("White wins", self.browser.find_element(By.ID, "status").text)
        self.assertTrue({"jump", "canter"} <= kinds, kinds)
        # Undo takes back the last move and its reply; the saved game is a games-file line.
        record = self.browser.execute_script(
            "return fetch('/api/record', {method: 'POST', body: JSON.stringify("
            "{moves: 'F6-F8 F11-F9', white: 'person', black: 'random'})}).then(r => r.json())")
        line = json.loads(record["line"])
        self.assertEqual(line["moves"], ["F6-F8", "F11-F9"])
        self.assertEqual(line["white"], "person")

    def test_grand_camelot_with_the_person_in_one_seat(self):
        self.browser.get(self.base + "play.html")
        self.wait(lambda: self.browser.find_elements(By.CSS_SELECTOR, "#level option") or None)
        self.browser.execute_script(
            "const v = document.getElementById('variant'); v.value = 'grand';"
            "v.dispatchEvent(new Event('change'));")
        self.wait(lambda: len(self.browser.find_elements(By.CSS_SELECTOR, "[data-square]")) == 180)
        self.wait(lambda: self.status() == "Your move.")
        self.browser.execute_script(
            "const s = document.getElementById('level'); s.value = '0'; s.dispatchEvent(new Event('change'));")
        # Red (the person) moves three times by clicks; Green, Blue and Yellow answer each time.
        for turn in range(3):
            self.wait(lambda: self.status() == "Your move." and len(self.played()) == 4 * turn)
            moves = self.legal(GRAND_START, self.played())
            move = next(m for m in moves if m != "pass")
            self.click_path(move, moves)
            self.wait(lambda: len(self.played()) == 4 * turn + 4)
        record = self.browser.execute_script(
            "return fetch('/api/record', {method: 'POST', body: JSON.stringify({variant: 'grand', "
            "moves: arguments[0], white: 'person', black: 'random'})}).then(r => r.json())",
            " ".join(self.played()))
        line = json.loads(record["line"])
        self.assertEqual(line["variant"], "grand")
        self.assertEqual(line["moves"], self.played())

    def status(self):
        text = self.browser.find_element(By.ID, "status").text
        return "over" if text.startswith("The game is over") else text

    @staticmethod
    def kind(move):
        if "x" in move:
            return "jump"
        a, b = re.split(r"[-x]", move)[:2]
        far = max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:]))) == 2
        return "canter" if far else "plain"

    @staticmethod
    def preference(move):
        # Captures first (the rules make them compulsory anyway), then canters, then the move
        # that ends furthest up the board: White heads for Black's castle.
        squares = re.split(r"[-x]", move)
        return ("x" in move, WebApp.kind(move) == "canter", int(squares[-1][1:]))

    def test_a_runs_charts_follow_it(self):
        self.browser.get(self.base + "runs.html")
        self.wait(lambda: "3 generations" in self.browser.find_element(By.ID, "run-state").text)
        drawn = ("const c = document.getElementById(arguments[0]);"
                 "return c.getContext('2d').getImageData(0, 0, c.width, c.height).data"
                 ".filter((v, i) => i % 4 === 3 && v > 0).length")
        for chart in ["elo-chart", "loss-chart", "rate-chart"]:
            self.assertGreater(self.browser.execute_script(drawn, chart), 500, chart)
        # The run goes on: the page reads its new generation.
        with open(os.path.join(self.run_directory, "metrics.csv"), "a") as metrics:
            metrics.write("4,240,208000,2.5,0.8,300,-100\n")
        self.browser.execute_script("document.getElementById('run').dispatchEvent(new Event('change'))")
        self.wait(lambda: "4 generations" in self.browser.find_element(By.ID, "run-state").text)

    def test_a_games_file_replayed_with_its_values(self):
        # The first WCF title-match game's recovered plies, as a games-file line, and a line
        # that is not a record.
        with open(WCF_GAMES) as games:
            moves = next(line for line in games if not line.startswith("#")).split()[:-1]
        games_file = os.path.join(self.run_directory, "games.jsonl")
        with open(games_file, "w") as out:
            out.write(json.dumps({"game": 1, "white": "Troyka", "black": "Nolan",
                                  "moves": moves, "result": "none"}) + "\nnot a record\n")
        self.browser.get(self.base + "replay.html")
        self.browser.find_element(By.ID, "file").send_keys(games_file)
        self.wait(lambda: f"ply 0 of {len(moves)}" in self.browser.find_element(By.ID, "ply").text)
        self.assertEqual(self.browser.find_element(By.ID, "message").text,
                         "1 line was not a standard game record")
        self.assertEqual(self.texts("#moves li"), moves)
        for _ in range(3):
            self.browser.find_element(By.ID, "forward").click()
        self.wait(lambda: "ply 3 of" in self.browser.find_element(By.ID, "ply").text)
        status, legal = self.get("api/legal?" + urllib.parse.urlencode({"moves": " ".join(moves[:3])}))
        on_board = self.browser.execute_script(
            "return document.querySelectorAll('#board circle:not(.target)').length")
        self.assertEqual(on_board, sum(c.isalpha() for c in legal["fen"].split()[0]))
        drawn = ("const c = document.getElementById('value-chart');"
                 "return c.getContext('2d').getImageData(0, 0, c.width, c.height).data"
                 ".filter((v, i) => i % 4 === 3 && v > 0).length")
        self.assertGreater(self.browser.execute_script(drawn), 500)

    def test_three_moves_into_the_explorer(self):
        with open(WCF_GAMES) as games:
            first = next(line for line in games if not line.startswith("#")).split()
        self.browser.get(self.base + "explorer.html")
        self.wait(lambda: "3 games through this position" in
                  self.browser.find_element(By.ID, "summary").text)
        # The first game's three moves: two clicked in the table, the third on the board.
        for ply, move in enumerate(first[:2]):
            self.wait(lambda: move in self.texts("#book td.move a"))
            self.browser.find_element(By.CSS_SELECTOR, f'#book a[data-move="{move}"]').click()
            self.wait(lambda: self.browser.find_element(By.ID, "line").text == " ".join(first[:ply + 1]))
        self.click_path(first[2], self.legal(moves=first[:2]))
        self.wait(lambda: self.browser.find_element(By.ID, "line").text == " ".join(first[:3]))
        self.wait(lambda: "1 game through this position" in
                  self.browser.find_element(By.ID, "summary").text)
        self.assertEqual(self.texts("#book td.move a"), [first[3]])
        # The engine's view on request.
        self.browser.find_element(By.ID, "engine").click()
        self.wait(lambda: "value" in self.browser.find_element(By.ID, "engine-view").text, 30)

    def test_the_server_refuses_what_it_does_not_serve(self):
        for path in ["../etc/passwd", "web/index.html", "CMakeLists.txt", "api/nothing",
                     "api/run?index=1", "metrics.csv"]:
            with self.assertRaises(urllib.error.HTTPError) as refused:
                self.get(path)
            self.assertEqual(refused.exception.code, 404, path)
        with self.assertRaises(urllib.error.HTTPError) as bad:
            self.get("api/legal?fen=" + urllib.parse.quote("2/8 w"))
        self.assertEqual(bad.exception.code, 400)
        self.assertIn("bad CFEN", json.loads(bad.exception.read())["error"])
        for body, reason in [(b"[1]", "not a JSON object"),
                             (b'{"player": "net:/etc/passwd"}', "player: only mcts"),
                             (b'{"player": "engine:sh"}', "player: only mcts"),
                             (b'{"time_ms": 3600000}', "time_ms: at most 30000"),
                             (b'{"colour": 1}', "unknown"),
                             (b"x" * 20000, "")]:
            request = urllib.request.Request(self.base + "api/analysis", data=body, method="POST")
            with self.assertRaises(urllib.error.HTTPError) as refused:
                NO_PROXY.open(request, timeout=10)
            self.assertIn(refused.exception.code, (400, 413), body[:40])
            if reason:
                self.assertIn(reason, json.loads(refused.exception.read())["error"])
        # A few thousand malformed and oversized requests, then a correct answer still.
        bad_gets = ["api/legal?fen=" + "1" * 600, "api/legal?moves=" + "Z9-Z9", "api/analysis?id=x",
                    "api/analysis?id=999999", "%2e%2e/%2e%2e/etc/passwd", "index.html/../x"]
        bad_posts = [b"", b"{", b'{"fen": 5}', b'{"top": 0}', b'{"moves": [1]}', b"y" * 40000]
        for i in range(2400):
            try:
                if i % 2:
                    self.get(bad_gets[i // 2 % len(bad_gets)])
                else:
                    request = urllib.request.Request(self.base + "api/analysis",
                                                     data=bad_posts[i // 2 % len(bad_posts)],
                                                     method="POST")
                    NO_PROXY.open(request, timeout=10)
                self.fail(f"request {i} was not refused")
            except urllib.error.HTTPError as refused:
                self.assertIn(refused.code, (400, 404, 413), i)
        status, legal = self.get("api/legal?moves=F7-F8")
        self.assertEqual(status, 200)
        self.assertEqual(len(legal["moves"]), len(self.legal(moves=["F7-F8"])))


if __name__ == "__main__":
    unittest.main()
