#!/usr/bin/env python3
"""The web host in a real browser: headless Chromium, driven by Selenium.

Starts the server, opens the page at two window sizes, and after every step
(a wheel scroll, a drag of the scroll bar, a jump, a resize, rows inserted
above and a refresh, a failing loader and its retry, a switch of source,
hostile messages) waits until the page is idle, then compares the rows on
screen, read from the DOM (their text and rectangles), with the truth
computed independently (SQL on the same database file). Over raw sockets, it
checks what the server refuses and what one client can cost it. Saves screenshots
to .build/screenshots/ and prints the timings.

    python3 Examples/BrowserTests/test_web_host.py --server Examples/.build/release/WebHost
"""

import argparse
import json
import os
import socket
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver import ActionChains
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

SIZES = [(1280, 900), (480, 720)]
TOLERANCE = 1.0  # px


class Mismatch(AssertionError):
    pass


def check(condition, message):
    if not condition:
        raise Mismatch(message)


# MARK: - The server


class Server:
    def __init__(self, binary, data, root):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.log = open(os.path.join(data, "server.log"), "w+")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--data", data, "--root", root],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 180  # the first start creates the table
        while time.monotonic() < deadline:
            check(self.process.poll() is None, f"the server exited: {self.output()}")
            try:
                urllib.request.urlopen(self.url + "/stats", timeout=1).read()
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise Mismatch(f"the server did not start: {self.output()}")
        line = next(l for l in self.output().splitlines() if l.startswith("database: "))
        self.database = line.split()[1]
        self.root = root

    def output(self):
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def stats(self):
        return json.loads(urllib.request.urlopen(self.url + "/stats", timeout=5).read())

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


# MARK: - The page


class Page:
    def __init__(self, url, size, shots):
        options = Options()
        options.binary_location = "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage",
                         f"--window-size={size[0]},{size[1]}"]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.size = size
        self.shots = shots
        self.driver.get(url)

    def console_errors(self):
        """The errors the page logged to the console since the last call."""
        return [entry["message"] for entry in self.driver.get_log("browser")
                if entry["level"] == "SEVERE"]

    def js(self, script, *arguments):
        return self.driver.execute_script(script, *arguments)

    def wait_idle(self, what, timeout=30):
        """Until the page says it is idle three polls in a row: nothing in
        flight between page and server, no load pending, rows measured."""
        deadline = time.monotonic() + timeout
        streak = 0
        while time.monotonic() < deadline:
            streak = streak + 1 if self.js("return window.hostIdle()") else 0
            if streak >= 3:
                return
            time.sleep(0.03)
        raise Mismatch(f"{what}: the page is not idle after {timeout} s: "
                       + self.js("return document.getElementById('status').textContent"))

    def screen(self):
        """The rows on screen, read from the DOM in one script while the
        page is idle (a chat's message may arrive at any time: the rows are
        read between two of the page's frames, never across one)."""
        for _ in range(100):
            screen = self.read_screen()
            if screen is not None:
                return screen
            self.wait_idle("reading the screen")
        raise Mismatch("the page never stayed idle long enough to read the screen")

    def read_screen(self):
        return self.js("""
            if (!window.hostIdle()) return null;
            const scroller = document.getElementById('scroller');
            const view = scroller.getBoundingClientRect();
            const top = view.top, bottom = view.top + scroller.clientHeight;
            const rows = [];
            for (const element of document.querySelectorAll('#content .row')) {
              const r = element.getBoundingClientRect();
              if (r.bottom <= top + 0.5 || r.top >= bottom - 0.5) continue;
              // A row under the sticky header is hidden but keeps its place.
              rows.push({key: element.dataset.key, position: Number(element.dataset.position),
                         top: r.top, bottom: r.bottom, style: element.className,
                         hidden: element.style.visibility === 'hidden',
                         title: element.children[0].textContent,
                         body: element.children[1].textContent});
            }
            rows.sort((a, b) => a.top - b.top);
            const header = document.querySelector('#stickyLayer .row');
            const sticky = header && {title: header.children[0].textContent,
                                      top: header.getBoundingClientRect().top,
                                      bottom: header.getBoundingClientRect().bottom};
            return {top, bottom, rows, sticky, scrollTop: scroller.scrollTop,
                    scrollHeight: scroller.scrollHeight, viewport: scroller.clientHeight,
                    delta: window.hostDelta(), offset: window.hostOffset(),
                    motion: window.hostMotion(),
                    status: document.getElementById('status').textContent,
                    retry: !document.getElementById('retry').hidden,
                    problems: [...document.querySelectorAll('#problems li')].map(li => li.textContent)};
        """)

    def shot(self, name):
        os.makedirs(self.shots, exist_ok=True)
        self.driver.save_screenshot(
            os.path.join(self.shots, f"{name}-{self.size[0]}x{self.size[1]}.png"))

    def scroller(self):
        return self.driver.find_element(By.ID, "scroller")

    def wheel(self, dy, times=1):
        origin = ScrollOrigin.from_element(self.scroller())
        for _ in range(times):
            ActionChains(self.driver).scroll_from_origin(origin, 0, dy).perform()

    def key(self, key):
        self.scroller().send_keys(key)

    def record(self, on):
        """Starts recording every frame the page paints, or stops and
        returns the frames: the rows on screen (key, position, top and
        bottom in the viewport), the offset, and the scroll input and the
        server's corrections applied so far."""
        return self.js("return window.hostRecord(arguments[0])", on)

    def drag_scroll_bar(self, dy):
        """Drags the scroll bar's thumb by `dy` pixels, as a mouse does."""
        geometry = self.js("""
            const s = document.getElementById('scroller');
            const r = s.getBoundingClientRect();
            const bar = s.offsetWidth - s.clientWidth;
            const track = s.clientHeight - 2 * bar;  // between the arrow buttons
            const thumb = Math.max(20, track * s.clientHeight / s.scrollHeight);
            const thumbTop = bar + (track - thumb) * s.scrollTop / (s.scrollHeight - s.clientHeight);
            return {x: r.width - bar / 2, y: thumbTop + thumb / 2, width: r.width, height: r.height, bar};
        """)
        check(geometry["bar"] > 0, "the scroller has no scroll bar to drag")
        element = self.scroller()
        actions = ActionChains(self.driver)
        actions.move_to_element_with_offset(
            element, int(geometry["x"] - geometry["width"] / 2),
            int(geometry["y"] - geometry["height"] / 2))
        actions.click_and_hold().move_by_offset(0, dy // 2).move_by_offset(0, dy - dy // 2)
        actions.release().perform()

    def resize_and_back(self, step, check_screen):
        """To the other window size and back, the screen checked at each once idle."""
        other = SIZES[1] if self.size == SIZES[0] else SIZES[0]
        for size, what in [(other, "resize"), (self.size, "resize back")]:
            self.driver.set_window_size(*size)
            self.wait_idle(step(what))
            check_screen(what)

    def drag_row(self, source_key, target_key):
        """Drags the row under `source_key` onto the one under `target_key`,
        as a mouse does: press, a few moves, release."""
        source, target = (self.driver.find_element(By.CSS_SELECTOR, f'#content .row[data-key="{key}"]')
                          for key in (source_key, target_key))
        actions = ActionChains(self.driver)
        actions.move_to_element(source).click_and_hold().move_by_offset(0, 8)
        actions.move_to_element(target).move_by_offset(0, 1).release().perform()

    def type_into(self, form, value):
        field = self.driver.find_element(By.CSS_SELECTOR, f"#{form} input")
        field.clear()
        field.send_keys(str(value), Keys.ENTER)

    def click(self, selector):
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def quit(self):
        """Closes the browser; fails on any error the page logged."""
        try:
            errors = self.console_errors()
        finally:
            self.driver.quit()
        check(not errors, f"the page logged errors: {errors[:3]}")


# MARK: - The truth


class Table:
    """The table's rows in order, straight from SQLite."""

    def __init__(self, path):
        self.connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)

    def count(self):
        return self.connection.execute("SELECT COUNT(*) FROM item").fetchone()[0]

    def rows(self, start, count):
        return self.connection.execute(
            "SELECT id, title, body FROM item ORDER BY id LIMIT ? OFFSET ?",
            (count, start)).fetchall()

    def position_of(self, id):
        return self.connection.execute(
            "SELECT COUNT(*) FROM item WHERE id < ?", (id,)).fetchone()[0]


def check_rows(screen, label, truth_rows, count):
    """No missing, blank, overlapping or wrong row on screen."""
    rows = screen["rows"]
    check(rows, f"{label}: no row on screen")
    for a, b in zip(rows, rows[1:]):
        check(b["position"] == a["position"] + 1,
              f"{label}: row {b['position']} follows row {a['position']} on screen")
        check(abs(b["top"] - a["bottom"]) <= TOLERANCE,
              f"{label}: rows {a['position']} and {b['position']} "
              + ("overlap" if b["top"] < a["bottom"] else "leave a gap")
              + f" ({a['bottom']:.2f} then {b['top']:.2f})")
    first, last = rows[0], rows[-1]
    check(first["top"] <= screen["top"] + TOLERANCE,
          f"{label}: blank above row {first['position']} ({first['top']:.2f} > {screen['top']:.2f})")
    if last["position"] < count - 1:
        check(last["bottom"] >= screen["bottom"] - TOLERANCE,
              f"{label}: blank below row {last['position']}")
    if screen["scrollTop"] == 0 and screen["delta"] == 0:
        check(first["position"] == 0, f"{label}: at the top, row {first['position']} is first")
    expected = truth_rows(first, len(rows))
    for row, truth in zip(rows, expected):
        check("placeholder" not in row["style"],
              f"{label}: row {row['position']} is still a placeholder")
        check(row["title"] == truth[0] and row["body"] == truth[1],
              f"{label}: row {row['position']} shows {row['title']!r} / {row['body'][:40]!r}, "
              f"the truth is {truth[0]!r} / {truth[1][:40]!r}")
    check(len(expected) == len(rows), f"{label}: rows on screen past the end of the data")


def anchor(screen):
    """The row read: the first on screen, and where it is in the list's viewport."""
    first = screen["rows"][0]
    return first["key"], first["top"] - screen["top"]


def check_anchor(screen, before, label):
    key, top = before
    match = [row for row in screen["rows"] if row["key"] == key]
    check(match, f"{label}: the row read ({key}) left the screen")
    moved = match[0]["top"] - screen["top"] - top
    check(abs(moved) <= TOLERANCE, f"{label}: the row read ({key}) moved {moved:.2f} px")
    return moved


def check_thumb(screen, label, count):
    """The scroll bar's thumb is where the reader is: its place along the
    track against the first row's place among the rows, within 1%."""
    track = screen["scrollHeight"] - screen["viewport"]
    thumb = screen["scrollTop"] / track if track > 0 else 0
    place = screen["rows"][0]["position"] / max(1, count - len(screen["rows"]))
    check(abs(thumb - min(1, place)) <= 0.01,
          f"{label}: the thumb is at {100 * thumb:.2f}% of the track, the reader at {100 * place:.2f}%")


def check_moved(before, after, amount, label, count):
    """A scroll of `amount` px moved the content by exactly that (the
    server's corrections for rows measured meanwhile aside), or to the end;
    and the rows on screen are about that many rows on."""
    moved = (after["offset"] - before["offset"]) - (
        after["motion"]["corrections"] - before["motion"]["corrections"])
    last = after["rows"][-1]
    at_end = last["position"] == count - 1 and abs(last["bottom"] - after["bottom"]) <= TOLERANCE
    check(abs(moved - amount) <= TOLERANCE or (at_end and moved < amount),
          f"{label}: a scroll of {amount} px moved the content {moved:.2f} px")
    rows = after["rows"][0]["position"] - before["rows"][0]["position"]
    check(at_end or amount / 200 <= rows <= amount / 20 + 2,
          f"{label}: a scroll of {amount} px moved {rows} rows")


def check_frames(frames, label, truth_count=None):
    """Every frame painted while the recording ran: rows on screen that
    stayed there moved only by the scroll input (except at the very top of
    the content, and while the end is followed), no rows overlapped or left
    a gap, and the top edge was never empty. Returns the largest move."""
    check(frames, f"{label}: no frame recorded")
    worst = 0.0
    for number, (a, b) in enumerate(zip(frames, frames[1:])):
        at_end = a["offset"] >= a["content"] - a["viewport"] - 1
        if a["offset"] <= 0.5 or b["offset"] <= 0.5 or at_end:
            continue
        tops = {key: top for key, _, top, _ in a["rows"]}
        step = b["input"] - a["input"]
        for key, position, top, _ in b["rows"]:
            if key not in tops:
                continue
            moved = top - tops[key] + step
            worst = max(worst, abs(moved))
            check(abs(moved) <= TOLERANCE,
                  f"{label}: frame {number + 1}: row {position} moved {moved:.2f} px besides "
                  f"the scroll of {step:.2f} px")
    for number, frame in enumerate(frames):
        rows = sorted(frame["rows"], key=lambda row: row[1])
        check(rows and rows[0][2] <= 0.5, f"{label}: frame {number}: nothing at the top edge")
        for (_, p, _, bottom), (_, q, top, _) in zip(rows, rows[1:]):
            check(q == p + 1 and abs(top - bottom) <= TOLERANCE,
                  f"{label}: frame {number}: rows {p} and {q} "
                  + ("overlap" if top < bottom else "leave a gap") + f" ({bottom:.2f}, {top:.2f})")
    return worst


# MARK: - The table view


def test_table(server, size, shots, report):
    table = Table(server.database)

    def truth(first, count):
        return [(f"#{id} {title}", body) for id, title, body in table.rows(first["position"], count)]

    page = Page(server.url, size, shots)
    step = lambda what: f"table {size[0]}x{size[1]}: {what}"

    def insert_above_and_refresh(source):
        """3 rows arrive above the reader, then refresh(): the row read stays put."""
        label = step(f"{source}: 3 rows inserted above, refresh")
        before = anchor(page.screen())
        page.click("#insertAtTop")
        page.wait_idle(label)
        screen = page.screen()
        check_rows(screen, label, truth, table.count())
        report.setdefault("refresh drift px", []).append(check_anchor(screen, before, label))

    def steps_after_jump(source, row):
        """After a jump: wheel steps of 0.5 to 5 viewports, Page Down and
        End each move the content by exactly that much, or to the end, and
        the thumb follows."""
        page.type_into("goToRow", row + 1)  # numbered from 1
        page.wait_idle(step(f"{source}: go to row {row}"))
        for viewports in [0.5, 1, 2, 3, 5, "Page Down", "End"]:
            label = step(f"{source}: {viewports} after the jump to {row}")
            before = page.screen()
            if viewports == "Page Down":
                amount = before["viewport"] * 0.875
                page.key(Keys.PAGE_DOWN)
            elif viewports == "End":
                amount = float("inf")
                page.key(Keys.END)
            else:
                amount = round(viewports * before["viewport"])
                page.wheel(amount)
            page.wait_idle(label)
            screen = page.screen()
            check_rows(screen, label, truth, table.count())
            check_thumb(screen, label, table.count())
            if amount == float("inf"):
                last = screen["rows"][-1]
                check(last["position"] == table.count() - 1
                      and abs(last["bottom"] - screen["bottom"]) <= TOLERANCE,
                      f"{label}: End shows row {last['position']} at {last['bottom']:.2f}")
            else:
                check_moved(before, screen, amount, label, table.count())
        report.setdefault("table: wheel steps, Page Down, End after jumps", []).append(f"{source} ok")

    try:
        page.wait_idle(step("first rows"))
        check_rows(page.screen(), step("first rows"), truth, table.count())
        page.shot("table-first-rows")

        page.wheel(400, times=6)
        page.wait_idle(step("wheel down"))
        check_rows(page.screen(), step("wheel down"), truth, table.count())

        before = page.screen()["scrollTop"]
        page.drag_scroll_bar(page.size[1] // 3)
        page.wait_idle(step("scroll bar drag"))
        screen = page.screen()
        check(screen["scrollTop"] - before > 10 * (screen["bottom"] - screen["top"]),
              step(f"the drag moved the scroll offset only from {before} to {screen['scrollTop']}"))
        check_rows(screen, step("scroll bar drag"), truth, table.count())
        page.shot("table-scroll-bar-drag")

        page.wheel(-300, times=4)
        page.wait_idle(step("wheel up after the drag"))
        check_rows(page.screen(), step("wheel up after the drag"), truth, table.count())

        # Positions; the field numbers rows from 1, as their labels do.
        for row in [500_000, 999_999, 0, 123_457, 993_908]:
            page.type_into("goToRow", row + 1)
            page.wait_idle(step(f"go to row {row}"))
            screen = page.screen()
            check_rows(screen, step(f"go to row {row}"), truth, table.count())
            if row < table.count() - 40:
                first = screen["rows"][0]
                check(first["position"] == row and abs(first["top"] - screen["top"]) <= TOLERANCE,
                      step(f"go to row {row} shows row {first['position']} at {first['top']:.2f}"))
                # Until rows arrive above ("insert at top"), labels are numbers too.
                if table.count() == 1_000_000:
                    check(first["title"].endswith(f" Row {row + 1}"),
                          step(f"typing {row + 1} shows {first['title']} first"))
            else:
                check(screen["rows"][-1]["position"] == table.count() - 1,
                      step(f"go to row {row} does not show the last row"))
            check_thumb(screen, step(f"go to row {row}"), table.count())
        page.shot("table-jump")
        steps_after_jump("positional", 400_000)

        id = 1_234_568
        page.type_into("goToID", id)
        page.wait_idle(step(f"go to id {id}"))
        screen = page.screen()
        check_rows(screen, step(f"go to id {id}"), truth, table.count())
        check(screen["rows"][0]["title"].startswith(f"#{id} "),
              step(f"go to id {id} shows {screen['rows'][0]['title']} first"))

        page.type_into("goToID", "no such id")
        page.wait_idle(step("go to a bad id"))
        check(any("whole number" in p for p in page.screen()["problems"]),
              step("a bad id is not reported on the page"))

        page.resize_and_back(
            step, lambda what: check_rows(page.screen(), step(what), truth, table.count()))

        page.wheel(250, times=2)
        page.wait_idle(step("before rows arrive above"))
        insert_above_and_refresh("positional")

        page.click("#fail")
        page.type_into("goToRow", 750_001)
        page.wait_idle(step("loads fail"))
        screen = page.screen()
        check(screen["retry"], step("a failed load shows no retry bar"))
        check(all("placeholder" in row["style"] for row in screen["rows"]),
              step("rows shown although loads fail"))
        page.shot("table-failed-load")
        page.click("#fail")
        page.click("#retry button")
        page.wait_idle(step("retry"))
        screen = page.screen()
        check(not screen["retry"], step("the retry bar stays after a retry that loaded"))
        check_rows(screen, step("retry"), truth, table.count())

        page.driver.find_element(By.CSS_SELECTOR, "#source option[value=keyset]").click()
        page.wait_idle(step("keyset source"))
        check_rows(page.screen(), step("keyset source"), truth, table.count())
        page.type_into("goToRow", 300_001)
        page.wait_idle(step("keyset: go to row 300000"))
        screen = page.screen()
        check_rows(screen, step("keyset: go to row 300000"), truth, table.count())
        check(screen["rows"][0]["position"] == 300_000, step("keyset: the jump missed"))
        check_thumb(screen, step("keyset: go to row 300000"), table.count())
        page.wheel(-500, times=8)
        page.wait_idle(step("keyset: wheel up (prepends)"))
        check_rows(page.screen(), step("keyset: wheel up (prepends)"), truth, table.count())
        page.wheel(500, times=12)
        page.wait_idle(step("keyset: wheel down (appends)"))
        check_rows(page.screen(), step("keyset: wheel down (appends)"), truth, table.count())
        insert_above_and_refresh("keyset")
        page.shot("table-keyset")
        steps_after_jump("keyset", 600_000)

        timings = page.js("return window.hostTimings")
        report.setdefault("first rows on screen after page load ms (after the socket opened)", []).append(
            f"{timings['firstRows']:.0f} ({timings['firstRows'] - timings['connected']:.0f})")
        stats = server.stats()  # with the table open, before the hostile flood

        def load_of(row):
            loads = [load for load in stats["positionalLoads"] if load["start"] <= row < load["end"]]
            return f"{loads[-1]['millis']:.0f}" if loads else "?"

        # Each positional jump beside the load that brought its row (the
        # failed one and the keyset one have no such load).
        report.setdefault("go to row: shown ms (its row's positional load ms)", []).extend(
            f"{jump['row']}: {jump['ms']:.0f} ({load_of(jump['row'])})"
            for jump in timings["jumps"][:4])
        report.setdefault("server resident MB (of it not code)", []).append(
            f"{stats['residentBytes'] / 1e6:.1f} ({stats['residentAnonymousBytes'] / 1e6:.1f})")
        report["server"] = stats
        test_hostile(server, page, step, truth, table)
    finally:
        page.quit()


def test_hostile(server, page, step, truth, table):
    """Malformed and hostile messages, on the page's own connection and on a
    second one that floods: the server answers, the page says what went
    wrong, and both pages keep working."""
    page.js("""
        window.rogue = new WebSocket(`ws://${location.host}/socket`);
        window.rogueFrames = [];
        rogue.onmessage = (event) => rogueFrames.push(JSON.parse(event.data));
    """)
    deadline = time.monotonic() + 10
    while not page.js("return window.rogue.readyState === 1"):
        check(time.monotonic() < deadline, step("the second connection did not open"))
        time.sleep(0.05)
    hostile = [
        "not json", "{}", '{"t":"scroll"}', '{"t":"scroll","y":1e999}', '{"t":"scroll","y":"NaN"}',
        '{"t":"viewport","w":-5,"h":100}', '{"t":"viewport","w":100,"h":1e300}',
        '{"t":"measure","rows":[{"k":"nope","h":-3}]}', '{"t":"measure","rows":[{"k":"i2","h":1e308}]}',
        '{"t":"goToRow","row":-1}', '{"t":"goToRow","row":99999999999}', '{"t":"goToID","id":"x"}',
        '{"t":"view","name":"nowhere"}', '{"t":"explode"}',
        json.dumps({"t": "measure", "rows": [{"k": f"i{i}", "h": 10} for i in range(2000)]}),
    ]
    page.js("for (const text of arguments[0]) window.rogue.send(text);", hostile)
    # A flood: 20,000 messages as fast as the socket takes them.
    page.js("for (let i = 0; i < 20000; i++) window.rogue.send('{\"t\":\"scroll\",\"y\":' + i + '}');")
    deadline = time.monotonic() + 30
    while True:
        refusals = page.js("return window.rogueFrames.flatMap(f => f.refusals || [])")
        if any("dropped" in r for r in refusals) and len(refusals) >= len(hostile) - 1:
            break
        check(time.monotonic() < deadline,
              step(f"the server did not refuse the hostile messages: {refusals}"))
        time.sleep(0.1)
    # The same through the page's own connection: the page shows it.
    page.js("window.hostSendRaw('{\"t\":\"scroll\",\"y\":null}')")
    page.wait_idle(step("a hostile message on the page's connection"))
    # The message carries no sequence number for the page to wait on: its
    # answer is the refusal itself.
    deadline = time.monotonic() + 30
    while not any("scroll offset" in p for p in page.screen()["problems"]):
        check(time.monotonic() < deadline, step("the page does not show the refusal"))
        time.sleep(0.1)
    page.js("window.rogue.close()")
    page.wheel(300, times=3)
    page.wait_idle(step("after hostile messages"))
    check_rows(page.screen(), step("after hostile messages"), truth, table.count())
    check(server.process.poll() is None, step("the server died"))


# MARK: - The server's bounds, over raw sockets

def raw_request(server, head):
    """A request's first response line, and the connection."""
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=15)
    connection.sendall(head)
    answer = b""
    while b"\r\n" not in answer:
        chunk = connection.recv(4096)
        if not chunk:
            break
        answer += chunk
    return answer.split(b"\r\n")[0].decode(), connection


def handshake(server, extra=b""):
    return (b"GET /socket HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n" % server.port) + extra + b"\r\n"


def client_frame(payload, opcode=1, fin=True, masked=True, length=None):
    length = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | opcode])
    mask_bit = 0x80 if masked else 0
    if length < 126:
        head += bytes([mask_bit | length])
    elif length < 65536:
        head += bytes([mask_bit | 126]) + struct.pack(">H", length)
    else:
        head += bytes([mask_bit | 127]) + struct.pack(">Q", length)
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(byte ^ key[i % 4] for i, byte in enumerate(payload))


def close_code(connection):
    """The code of the server's close frame, skipping its text frames."""
    def read(count):
        data = b""
        while len(data) < count:
            chunk = connection.recv(count - len(data))
            check(chunk, "the server hung up without a close frame")
            data += chunk
        return data
    while True:
        head = read(2)
        length = head[1] & 0x7F
        if length == 126:
            length = struct.unpack(">H", read(2))[0]
        elif length == 127:
            length = struct.unpack(">Q", read(8))[0]
        payload = read(length)
        if head[0] & 0x0F == 8:
            return struct.unpack(">H", payload[:2])[0]


def test_server_bounds(server):
    """What one client can cost the server, and who it answers: each refusal
    with its status or close code, and the server still serving after."""
    refusals = [
        ("a page of another site", handshake(server, b"Origin: http://evil.example\r\n"), "403"),
        ("a rebound host name", b"GET /stats HTTP/1.1\r\nHost: evil.example:80\r\n\r\n", "403"),
        ("a head past 16 KiB", b"GET / HTTP/1.1\r\nX: " + b"a" * 20_000 + b"\r\n\r\n", "431"),
        ("a POST", b"POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "405"),
        ("an old WebSocket", handshake(server).replace(b"Version: 13", b"Version: 8"), "426"),
        ("not HTTP", b"hello\r\n\r\n", "400"),
    ]
    for label, head, status in refusals:
        line, connection = raw_request(server, head)
        connection.close()
        check(line.split(" ")[1:2] == [status], f"{label}: {line!r}, expected {status}")
    frames = [
        ("an unmasked frame", client_frame(b"{}", masked=False), 1002),
        ("a frame of 2^40 bytes", client_frame(b"", length=1 << 40)[:14], 1009),
        ("a message of 80,000 bytes in two frames",
         client_frame(b"a" * 40_000, fin=False) + client_frame(b"a" * 40_000, opcode=0), 1009),
        ("a continuation of nothing", client_frame(b"a", opcode=0), 1002),
        ("the page's own close", client_frame(struct.pack(">H", 1001), opcode=8), 1001),
    ]
    for label, data, code in frames:
        line, connection = raw_request(server, handshake(server))
        check(line.startswith("HTTP/1.1 101"), f"{label}: the handshake got {line!r}")
        connection.sendall(data)
        got = close_code(connection)
        connection.close()
        check(got == code, f"{label}: closed with {got}, expected {code}")
    held = [socket.create_connection(("127.0.0.1", server.port), timeout=15) for _ in range(64)]
    line, extra = raw_request(server, b"GET /stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    extra.close()
    for connection in held:
        connection.close()
    check(line.startswith("HTTP/1.1 503"), f"a 65th connection: {line!r}, expected 503")
    deadline = time.monotonic() + 30
    while server.stats()["sessions"] != 0:  # the closed sockets' sessions end
        check(time.monotonic() < deadline, "sessions left open after the bounds' checks")
        time.sleep(0.1)


# MARK: - The chat view

SENDERS = ["Ada", "Grace", "Linus", "Barbara"]
WORDS = ["the", "list", "scrolls", "rows", "a", "million", "measured", "window", "anchor",
         "reads", "page", "loads", "history", "message", "keeps", "place"]


def message_text(id):
    """The text of message `id`, computed as the server's generator does."""
    x = ((id & 0xFFFFFFFF) * 2654435761 + 12345) & 0xFFFFFFFF
    count = 3 + x % 40
    if x % 11 == 0:
        count += 80
    words = []
    for _ in range(count):
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        words.append(WORDS[(x >> 16) % 16])
    return " ".join(words)


def reply_text(prompt):
    """The assistant's reply to the prompt with id `prompt`, in full, as the
    server's generator writes it."""
    x = ((prompt & 0xFFFFFFFF) * 2246822519 + 7) & 0xFFFFFFFF
    words = []
    for _ in range(1500):
        x = (x * 1664525 + 1013904223) & 0xFFFFFFFF
        words.append(WORDS[(x >> 16) % 16])
    return " ".join(words)


def check_prompt(frames, prompt, label):
    """Every frame painted while a reply streamed: once at the top, the
    prompt stays there while its reply fits below it, and never goes below
    the top after. Returns the frames it was held in."""
    key, reply = f"m{prompt}", f"m{prompt + 1}"
    held, started = 0, False
    for number, frame in enumerate(frames):
        rows = {row[0]: row for row in frame["rows"]}
        if key not in rows:
            continue
        top = rows[key][2]
        started = started or abs(top) <= TOLERANCE
        if not started:
            continue  # the frame before the one that put it at the top
        below = rows[reply][3] - top if reply in rows else 0
        if below <= frame["viewport"] - TOLERANCE:
            check(abs(top) <= TOLERANCE,
                  f"{label}: frame {number}: the prompt is {top:.2f} px from the top while its "
                  f"reply fits ({below:.0f} px of {frame['viewport']} px)")
            held += 1
        else:
            check(top <= TOLERANCE, f"{label}: frame {number}: the prompt went {top:.2f} px down")
    check(held >= 10, f"{label}: the prompt was at the top in only {held} frames")
    return held


def chat_status(page):
    text = page.screen()["status"]
    return {k: v for k, v in (part.split(": ") for part in text.split(" · "))}


def test_chat(server, size, shots, report, whole_window=False):
    """With `whole_window`, the page reports every row of its window after
    every frame, unchanged ones included (`?report=window`)."""
    page = Page(server.url + ("/?report=window" if whole_window else ""), size, shots)
    mode = ", whole window reported" if whole_window else ""
    step = lambda what: f"chat{mode} {size[0]}x{size[1]}: {what}"
    shot = lambda name: page.shot(name + ("-whole-window" if whole_window else ""))

    written = {}  # id -> (title, body): the prompts sent and their replies

    def truth(first, count):
        # Messages are consecutive by id; the first on screen is at the
        # position its id says, counted from the oldest loaded.
        status = chat_status(page)
        start = int(status["oldest"]) + first["position"]
        return [written.get(id, (f"#{id} {SENDERS[id % 4]}", message_text(id)))
                for id in range(start, start + count)]

    def flings(dy, times, what):
        """Wheel flings of `dy` px, back to back, recorded frame by frame."""
        page.record(True)
        for _ in range(times):
            page.wheel(dy)
        page.wait_idle(step(what))
        frames = page.record(False)
        worst = check_frames(frames, step(what))
        check_rows(page.screen(), step(what), truth, 10**9)
        report.setdefault("chat: flings, frames checked, largest move besides the scroll px",
                          []).append(f"{what}{mode}: {len(frames)}, {worst:.2f}")

    def check_at_end(label):
        screen = page.screen()
        # The count of the same reading: a message may arrive at any time.
        status = dict(part.split(": ") for part in screen["status"].split(" · "))
        count = int(status["messages"])
        check_rows(screen, step(label), truth, count)
        last = screen["rows"][-1]
        check(last["position"] == count - 1 and abs(last["bottom"] - screen["bottom"]) <= TOLERANCE,
              step(f"{label}: the end is not in view (row {last['position']} of {count}, "
                   f"bottom {last['bottom']:.2f}, viewport {screen['bottom']:.2f})"))

    try:
        page.wait_idle(step("table first"))
        page.click("#views button[data-view=chat]")
        page.wait_idle(step("chat opens at the end"))
        check_at_end("opens at the end")
        shot("chat-end")

        viewport = page.screen()["viewport"]
        flings(-3 * viewport, 8, "flings up through unmeasured history")
        flings(2 * viewport, 5, "flings down")
        page.key(Keys.END)
        page.wait_idle(step("End"))
        check_at_end("End")

        newest = int(chat_status(page)["newest"])
        for batch in range(10):
            for _ in range(10):
                page.click("#receive")
            page.wait_idle(step(f"appends, batch {batch}"))
            check_at_end(f"{10 * (batch + 1)} appends at the end")
        check(int(chat_status(page)["newest"]) >= newest + 100, step("100 appends did not arrive"))

        drifts = []
        page.wheel(-700, times=2)
        page.wait_idle(step("reading above the end"))
        for load in range(25):
            before = anchor(page.screen())
            oldest = int(chat_status(page)["oldest"])
            page.click("#loadOlder")
            page.wait_idle(step(f"history load {load} while reading below the top"))
            check(int(chat_status(page)["oldest"]) < oldest, step("no history loaded"))
            screen = page.screen()
            check_rows(screen, step(f"history load {load} below the top"), truth, 10**9)
            drifts.append(check_anchor(screen, before, step(f"history load {load} below the top")))

        scroller = page.scroller()
        for load in range(25):
            oldest = int(chat_status(page)["oldest"])
            scroller.send_keys(Keys.HOME)
            page.wait_idle(step(f"history load {load} at the top"))
            screen = page.screen()
            check(int(chat_status(page)["oldest"]) < oldest,
                  step(f"reaching the top loaded no history ({oldest})"))
            first = screen["rows"][0]
            check(first["title"].startswith(f"#{oldest} "),
                  step(f"after the load at the top, {first['title']} is first, not #{oldest}"))
            drift = first["top"] - screen["top"]
            check(abs(drift) <= TOLERANCE, step(f"the message read at the top moved {drift:.2f} px"))
            drifts.append(drift)
            check_rows(screen, step(f"history load {load} at the top"), truth, 10**9)
        shot("chat-history")
        report.setdefault("chat: 50 history loads, largest move of the message read px", []).append(
            round(max(abs(d) for d in drifts), 2))

        page.type_into("goToMessage", 1_234)
        page.wait_idle(step("go to message 1234"))
        screen = page.screen()
        check_rows(screen, step("go to message 1234"), truth, 10**9)
        check(screen["rows"][0]["title"].startswith("#1234 ")
              and abs(screen["rows"][0]["top"] - screen["top"]) <= TOLERANCE,
              step(f"go to message 1234 shows {screen['rows'][0]['title']} first"))

        page.key(Keys.END)
        page.wait_idle(step("End, before a prompt"))
        page.record(True)
        prompt = "How does the list keep the reader's place?"
        page.type_into("ask", prompt)
        # A picture of the prompt at the top while its reply streams in.
        deadline = time.monotonic() + 10
        while not page.js("""
                const f = window.hostFrame, s = f && f.status;
                return !!s && s.reply === 'streaming' && s.prompt !== undefined
                  && document.querySelector(`#content [data-key='m${s.prompt}']`) !== null;"""):
            check(time.monotonic() < deadline, step("the reply did not start streaming"))
            time.sleep(0.02)
        shot("chat-assistant-streaming")
        page.wait_idle(step("a reply streams in"), timeout=60)
        frames = page.record(False)
        sent = int(chat_status(page)["prompt"])
        written[sent] = (f"#{sent} You", prompt)
        written[sent + 1] = (f"#{sent + 1} Assistant", reply_text(sent))
        held = check_prompt(frames, sent, step("a reply streams in"))
        check_frames(frames, step("a reply streams in"))
        check_at_end("the reply filled the view: the end is followed")
        shot("chat-assistant")
        report.setdefault("chat: frames the prompt was held at the top while its reply streamed",
                          []).append(held)

        page.resize_and_back(step, lambda what: check_rows(page.screen(), step(what), truth, 10**9))
    finally:
        page.quit()


# MARK: - The files view


def make_tree(root):
    """A directory tree whose listing the test knows: 40 folders of 30
    files and 3 subfolders of 20 files each, and a few files at the top."""
    for d in range(40):
        folder = os.path.join(root, f"d{d:02}")
        for s in range(3):
            sub = os.path.join(folder, f"sub{s}")
            os.makedirs(sub, exist_ok=True)
            for f in range(20):
                open(os.path.join(sub, f"s{f:02}.txt"), "w").close()
        for f in range(30):
            open(os.path.join(folder, f"file{f:02}.txt"), "w").close()
    for f in range(5):
        open(os.path.join(root, f"top{f}.md"), "w").close()
    return root


def listing(path):
    """A folder's entries as the outline orders them: folders first, then
    by name in byte order; links are not followed."""
    entries = list(os.scandir(path))
    entries.sort(key=lambda e: (not e.is_dir(follow_symlinks=False), e.name.encode()))
    return entries


def moved_listing(path, moves):
    """A folder's entries as the page shows them after `moves`, the drags
    made, in order: (path, new folder, sibling path or None). An entry
    moved away is gone from its folder; one moved in goes before its
    sibling, or at the end."""
    moved = {entry: folder for entry, folder, _ in moves}
    entries = [(e.name, e.path, e.is_dir(follow_symlinks=False)) for e in listing(path)
               if e.path not in moved]
    arrivals = {}
    for entry, folder, sibling in moves:
        arrivals = {p: a for p, a in arrivals.items() if p != entry}
        arrivals[entry] = (folder, sibling)
    for entry, (folder, sibling) in arrivals.items():
        if folder != path:
            continue
        item = (os.path.basename(entry), entry, os.path.isdir(entry))
        at = next((k for k, e in enumerate(entries) if e[1] == sibling), len(entries))
        entries.insert(at, item)
    return entries


def outline_rows(root, expanded, moves=()):
    """The visible rows, depth first: (title, depth)."""
    rows = []

    def visit(path, depth):
        for name, entry, folder in moved_listing(path, moves):
            open_ = folder and entry in expanded
            marker = ("▾ " if open_ else "▸ ") if folder else ""
            rows.append((marker + name, depth))
            if open_:
                visit(entry, depth + 1)

    visit(root, 0)
    return rows


def test_files(server, size, shots, report):
    page = Page(server.url, size, shots)
    step = lambda what: f"files {size[0]}x{size[1]}: {what}"
    root = server.root
    expanded = set()
    # The drags made: (path, new folder, sibling or None).
    moves = []

    def truth(first, count):
        rows = outline_rows(root, expanded, moves)
        return [(title, "") for title, _ in rows[first["position"]:first["position"] + count]]

    def check_files(label):
        screen = page.screen()
        check_rows(screen, step(label), truth, len(outline_rows(root, expanded, moves)))
        return screen

    def toggle(path):
        page.js("window.hostSend({t: 'toggle', id: 'f' + arguments[0]})", path)
        if path in expanded:
            expanded.discard(path)
        else:
            expanded.add(path)

    try:
        page.wait_idle(step("table first"))
        page.click("#views button[data-view=files]")
        page.wait_idle(step("files open"))
        check_files("files open")

        # A click on a folder's row expands it.
        folder = os.path.join(root, "d03")
        page.driver.find_element(By.CSS_SELECTOR, f'.row[data-key="f{folder}"]').click()
        expanded.add(folder)
        page.wait_idle(step("click d03"))
        check_files("expand d03 by a click")
        toggle(os.path.join(folder, "sub1"))
        page.wait_idle(step("expand d03/sub1"))
        check_files("expand d03/sub1")
        page.shot("files-expanded")

        # Drags, which change the page and never the disk: a folder onto its
        # own child is refused; a file onto a closed folder moves into it,
        # at its end; onto a file, before it; onto another top-level folder.
        d03, sub0, sub1 = folder, os.path.join(folder, "sub0"), os.path.join(folder, "sub1")
        f = lambda path: "f" + path
        page.drag_row(f(d03), f(sub0))
        page.wait_idle(step("drag d03 into its own sub0"))
        check(any("inside its own subtree" in p for p in page.screen()["problems"]),
              step("a folder dragged into its own subtree is not refused"))
        check_files("a folder dragged into its own subtree")
        for source, target, sibling, what in [
                (os.path.join(sub1, "s05.txt"), sub0, None, "a file onto a closed folder"),
                (os.path.join(sub1, "s07.txt"), sub1, os.path.join(sub1, "s02.txt"), "a file onto a file"),
                (os.path.join(sub1, "s10.txt"), os.path.join(root, "d01"), None,
                 "a file onto another top-level folder")]:
            page.drag_row(f(source), f(sibling or target))
            moves.append((source, target, sibling))
            page.wait_idle(step(what))
            check_files(what)
        check(os.path.exists(os.path.join(sub1, "s05.txt")), step("a drag moved a file on disk"))
        for path in [sub0, os.path.join(root, "d01")]:
            toggle(path)
            page.wait_idle(step(f"expand {path} after the drag"))
            check_files(f"the dragged file at the end of {os.path.basename(path)}")
        page.shot("files-after-drags")

        # Inside d03, its row scrolled away: collapse it; its row comes back.
        page.wheel(600, times=2)
        page.wait_idle(step("scroll into d03"))
        screen = check_files("inside d03")
        check(all(not row["title"].endswith(" d03") for row in screen["rows"]),
              step("d03's row is still on screen; the test scrolled too little"))
        toggle(folder)
        page.wait_idle(step("collapse d03 from inside"))
        screen = check_files("collapse d03 from inside")
        check(any(row["title"] == "▸ d03" for row in screen["rows"]),
              step("collapsing the folder the viewport is inside lost its row"))
        page.shot("files-collapsed-from-inside")

        # Expand many folders and read from the middle, then the disk changes
        # in a folder above the reader: the rows reload in place, and the
        # row read keeps its place.
        for d in range(0, 40, 3):
            path = os.path.join(root, f"d{d:02}")
            if path not in expanded:
                toggle(path)
        page.wait_idle(step("expand every third folder"))
        check_files("expand every third folder")
        page.wheel(900, times=6)
        page.wait_idle(step("reading in the middle"))
        screen = check_files("reading in the middle")
        before = anchor(screen)
        changed = os.path.join(root, "d00")
        for f in range(6):
            open(os.path.join(changed, f"added{f}.txt"), "w").close()
        os.remove(os.path.join(changed, "file00.txt"))
        expected = len(outline_rows(root, expanded, moves))
        deadline = time.monotonic() + 10
        while int(dict(part.split(": ") for part in page.screen()["status"].split(" · "))["rows"]) != expected:
            check(time.monotonic() < deadline, step("the change on disk did not show"))
            time.sleep(0.1)
        page.wait_idle(step("reload in place"))
        screen = check_files("a folder above reloaded in place")
        report.setdefault("files: reload above the reader, move of the row read px", []).append(
            round(check_anchor(screen, before, step("reload above the reader")), 2))

        page.resize_and_back(step, check_files)

        # An id no row has, from a hostile page: refused, nothing changes.
        page.js("window.hostSend({t: 'toggle', id: 'f/no/such/folder'})")
        page.wait_idle(step("unknown folder"))
        check(any("no folder" in p for p in page.screen()["problems"]),
              step("an unknown folder is not reported"))
        check_files("after an unknown folder")
    finally:
        # The next run starts from the same tree.
        for f in range(6):
            path = os.path.join(root, "d00", f"added{f}.txt")
            if os.path.exists(path):
                os.remove(path)
        open(os.path.join(root, "d00", "file00.txt"), "w").close()
        page.quit()


# MARK: - The sections view


def section_entries(root, moves=()):
    """The rows of the files grouped by folder, after `moves`, the drags
    made in order: (path, folder's section, path of the file it went before
    or None). Each row is (title, is_header, key)."""
    sections = []
    for path, _, _ in os.walk(root, followlinks=False):
        files = [e.path for e in listing(path) if not e.is_dir(follow_symlinks=False)]
        if files:
            sections.append((os.path.relpath(path, root), files))
    sections.sort(key=lambda section: section[0].encode())
    for path, section, before in moves:
        if before == path:
            continue  # onto itself: it stays where it was
        for _, files in sections:
            if path in files:
                files.remove(path)
        files = next(files for name, files in sections if name == section)
        files.insert(files.index(before) if before in files else len(files), path)
    rows = []
    for name, files in sections:
        rows.append((name, True, "h" + name))
        rows.extend((os.path.basename(file), False, "f" + file) for file in files)
    return rows


def section_rows(root, moves=()):
    """The rows of the files grouped by folder: (title, is_header)."""
    return [(title, is_header) for title, is_header, _ in section_entries(root, moves)]


def change_disk(root, tag):
    """Files added, removed and moved between folders; a folder of files
    added, and one emptied of them."""
    for f in range(3):
        open(os.path.join(root, "d05", f"new-{tag}-{f}.txt"), "w").close()
    for name in ["file07.txt", "file08.txt"]:
        path = os.path.join(root, "d10", name)
        if os.path.exists(path):
            os.remove(path)
    for name in ["file11.txt", "file12.txt"]:
        path = os.path.join(root, "d20", name)
        if os.path.exists(path):
            os.rename(path, os.path.join(root, "d21", f"moved-{tag}-{name}"))
    os.makedirs(os.path.join(root, "d05", f"new-{tag}"), exist_ok=True)
    for f in range(2):
        open(os.path.join(root, "d05", f"new-{tag}", f"n{f}.txt"), "w").close()
    emptied = os.path.join(root, f"d3{len(tag) % 10}", "sub2")
    for entry in os.scandir(emptied):
        os.remove(entry.path)


def test_sections(server, size, shots, report):
    page = Page(server.url, size, shots)
    step = lambda what: f"sections {size[0]}x{size[1]}: {what}"
    root = server.root
    # The drags made since the last change applied from disk.
    moves = []

    def truth(first, count):
        rows = section_rows(root, moves)
        return [(title, "") for title, _ in rows[first["position"]:first["position"] + count]]

    def check_sections(label):
        screen = page.screen()
        rows = section_rows(root, moves)
        check_rows(screen, step(label), truth, len(rows))
        # The sticky header is the header of the section at the top.
        top_row = next(row for row in screen["rows"] if row["bottom"] > screen["top"] + TOLERANCE)
        header = next(title for title, is_header in reversed(rows[:top_row["position"] + 1]) if is_header)
        sticky = screen["sticky"]
        if sticky is None:
            # No overlay only while the section's own header is at the top, in place.
            check(rows[top_row["position"]][1] and top_row["top"] >= screen["top"] - TOLERANCE,
                  step(f"{label}: no sticky header over {top_row['title']!r}"))
            return screen
        check(sticky["title"] == header, step(f"{label}: the sticky header is {sticky['title']!r}, not {header!r}"))
        check(sticky["top"] <= screen["top"] + TOLERANCE, step(f"{label}: the sticky header is below the top"))
        following = [row for row in screen["rows"]
                     if rows[row["position"]][1] and row["position"] > top_row["position"]]
        if following:
            check(sticky["bottom"] <= following[0]["top"] + TOLERANCE,
                  step(f"{label}: the sticky header overlaps the next header"))
        return screen

    try:
        page.wait_idle(step("table first"))
        page.click("#views button[data-view=sections]")
        page.wait_idle(step("sections open"))
        check_sections("sections open")
        for k in range(4):
            page.wheel(1100, times=2)
            page.wait_idle(step(f"wheel {k}"))
            check_sections(f"wheel {k}")
        page.shot("sections-sticky-header")

        before = anchor(page.screen())
        change_disk(root, f"{size[0]}")
        page.click("#applyChanges")
        page.wait_idle(step("apply the changes on disk"))
        screen = check_sections("apply the changes on disk")
        if any(row["key"] == before[0] for row in screen["rows"]):
            report.setdefault("sections: change applied, move of the row read px", []).append(
                round(check_anchor(screen, before, step("apply the changes on disk")), 2))
        page.shot("sections-after-change")

        page.resize_and_back(step, check_sections)

        # Drags, by keys, never on disk: a file onto a file of a folder
        # below moves before it; onto a folder's header, to the top of its
        # files.
        def middle_rows(want_header):
            for _ in range(12):
                screen = check_sections("before a drag")
                entries = section_entries(root, moves)
                rows = [row for row in screen["rows"] if not row["hidden"]
                        and row["top"] > screen["top"] + 60 and row["bottom"] < screen["bottom"] - 10]
                files = [row for row in rows if not entries[row["position"]][1]]
                headers = [row for row in rows if entries[row["position"]][1]]
                if len(files) >= 2 and (headers or not want_header):
                    return entries, files, headers
                page.wheel(300)
                page.wait_idle(step("scroll to a header"))
            raise Mismatch(step("no rows to drag on screen"))

        def section_at(entries, position):
            return next(title for title, is_header, _ in reversed(entries[:position + 1]) if is_header)

        entries, files, _ = middle_rows(want_header=False)
        source, target = files[0], files[-1]
        page.drag_row(source["key"], target["key"])
        moves.append((source["key"][1:], section_at(entries, target["position"]), target["key"][1:]))
        page.wait_idle(step("a file onto a file below"))
        check_sections("a file onto a file below")
        entries, files, headers = middle_rows(want_header=True)
        source, header = files[0], headers[-1]
        name = entries[header["position"]][0]
        first = next((key[1:] for _, is_header, key in entries[header["position"] + 1:header["position"] + 2]
                      if not is_header), None)
        page.drag_row(source["key"], header["key"])
        moves.append((source["key"][1:], name, first))
        page.wait_idle(step("a file onto a header"))
        check_sections("a file onto a header")
        check(section_rows(root, moves)[header["position"] + (1 if source["position"] > header["position"] else 0)][0]
              == entries[source["position"]][0], step("the file dragged onto a header is not at its top"))
        page.shot("sections-after-drags")

        # Keys no row has, and a header dragged, from a hostile page: refused,
        # nothing changes.
        page.js("window.hostSend({t: 'drag', id: 'f/no/such/file', to: arguments[0]})", header["key"])
        page.js("window.hostSend({t: 'drag', id: arguments[0], to: arguments[0]})", header["key"])
        page.wait_idle(step("hostile drags"))
        problems = page.screen()["problems"]
        check(any("not shown" in p for p in problems) and any("only a file" in p for p in problems),
              step(f"hostile drags are not refused with their reasons: {problems}"))
        check_sections("after hostile drags")
    finally:
        page.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", required=True)
    parser.add_argument("--shots", default=".build/screenshots")
    parser.add_argument("--only", nargs="*", help="views to test (server, table, chat, files, sections)")
    parser.add_argument("--size", help="one window size, WIDTHxHEIGHT (both sizes if not given)")
    arguments = parser.parse_args()
    sizes = [tuple(int(n) for n in arguments.size.split("x"))] if arguments.size else SIZES
    data = tempfile.mkdtemp(prefix="web-host-")
    root = make_tree(os.path.join(data, "tree"))
    server = Server(os.path.abspath(arguments.server), data, root)
    report = {}
    failures = 0
    try:
        if not arguments.only or "server" in arguments.only:
            try:
                test_server_bounds(server)
                print("ok: the server's bounds")
            except Exception as error:
                failures += 1
                print(f"FAILED: {error}")
        for size in sizes:
            whole_window = lambda *arguments: test_chat(*arguments, whole_window=True)
            for name, test in [("table", test_table), ("chat", test_chat),
                               ("chat, whole window reported", whole_window),
                               ("files", test_files), ("sections", test_sections)]:
                if arguments.only and name.split(",")[0] not in arguments.only:
                    continue
                try:
                    test(server, size, arguments.shots, report)
                    print(f"ok: {name} at {size[0]}x{size[1]}")
                except Exception as error:  # a mismatch, or the page broke the script
                    failures += 1
                    print(f"FAILED: {error}")
    finally:
        server.stop()
    stats = report.pop("server", None)
    print("\nTimings (this machine, one run):")
    for key, values in report.items():
        print(f"  {key}: {values}")
    if stats is None:
        sys.exit(1)
    first_load = next((load["millis"] for load in stats["positionalLoads"] if load["start"] == 0), None)
    print(f"  server time from the page's first message to its first frame with rows: "
          f"{stats['firstRowsMillis']:.2f} ms (last page); a load at row 0: "
          + (f"{first_load:.1f} ms" if first_load is not None else "not in the log"))
    print(f"  server time per scroll message: p50 {stats['scrollP50Micros']:.0f} µs, "
          f"p99 {stats['scrollP99Micros']:.0f} µs, max {stats['scrollMaxMicros']:.0f} µs "
          f"over {stats['scrollMessages']} messages; on the processor: p50 "
          f"{stats['scrollCPUP50Micros']:.0f} µs, p99 {stats['scrollCPUP99Micros']:.0f} µs")
    print(f"  screenshots: {os.path.abspath(arguments.shots)}")
    if failures:
        print(f"{failures} failed")
        sys.exit(1)


if __name__ == "__main__":
    main()
