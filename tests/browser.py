#!/usr/bin/env python3
"""browser.py PAGE SCREENSHOT - load ptreport's HTML page in headless
Chromium and check it as a reader's browser shows it (tests/72-ptreport-html.t).

Chromium is driven through its DevTools protocol over a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on file descriptors
3 and 4), with nothing but Python's standard library: no port, no
websocket, no package.  Prints one line per check, "PASS text" or
"FAIL text", "DIAG text" for what a reader of the test log should see,
or a single "SKIP why" when Chromium cannot run here.  The page must be
the one ptreport all made from tests/data/html, in the folder of its
TSV reports (its rows, plots and links are named below).
"""
import base64
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

DEADLINE = 90  # seconds for everything, Chromium's start included


class Browser:
    def __init__(self, exe, profile):
        # Chromium reads commands on fd 3 and writes answers on fd 4.
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        def child():
            a, b = os.dup(to_chrome_r), os.dup(from_chrome_w)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.log = open(os.path.join(profile, "chromium.log"), "w")
        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars",
             # Nothing may leave the machine, whatever the page asks for.
             "--host-resolver-rules=MAP * ~NOTFOUND",
             "--window-size=1280,900", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            close_fds=False, preexec_fn=child)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buf = b""
        self.n = 0
        self.events = []
        self.end = time.time() + DEADLINE

    def send(self, method, params=None, session=None):
        self.n += 1
        msg = {"id": self.n, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_chrome, json.dumps(msg).encode() + b"\0")
        return self.n

    def recv(self):
        while b"\0" not in self.buf:
            left = self.end - time.time()
            if left <= 0 or not select.select([self.from_chrome], [], [], left)[0]:
                raise TimeoutError("no answer from chromium in %d s" % DEADLINE)
            data = os.read(self.from_chrome, 1 << 16)
            if not data:
                raise EOFError("chromium closed its pipe")
            self.buf += data
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=None):
        i = self.send(method, params, session)
        while True:
            msg = self.recv()
            if msg.get("id") == i:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            self.events.append(msg)

    def wait_event(self, name):
        for k, msg in enumerate(self.events):
            if msg.get("method") == name:
                del self.events[k]
                return msg
        while True:
            msg = self.recv()
            if msg.get("method") == name:
                return msg
            self.events.append(msg)

    def close(self):
        try:
            self.send("Browser.close")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()
        self.log.close()


def main():
    page, shot = os.path.abspath(sys.argv[1]), sys.argv[2]
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        print("SKIP chromium is not installed (Debian: apt-get install chromium; "
              "scripts/deps installs it when run as root)")
        return
    profile = tempfile.mkdtemp(prefix="pt-chromium.")
    b = None
    try:
        t0 = time.time()
        try:
            b = Browser(exe, profile)
            target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
            s = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        except (OSError, EOFError, TimeoutError, RuntimeError) as e:
            log = ""
            try:
                with open(os.path.join(profile, "chromium.log")) as f:
                    log = " ".join(l.strip() for l in f.readlines()[-2:])
            except OSError:
                pass
            print("SKIP chromium cannot run here: %s %s" % (e, log[:300]))
            return
        for domain in ("Runtime", "Log", "Page", "Network"):
            b.call(domain + ".enable", None, s)
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}, s)
        url = "file://" + page
        b.call("Page.navigate", {"url": url}, s)
        b.wait_event("Page.loadEventFired")

        def js(expr):
            r = b.call("Runtime.evaluate", {"expression": expr, "returnByValue": True}, s)
            if "exceptionDetails" in r:
                raise RuntimeError("%s: %s" % (expr, r["exceptionDetails"].get("text")))
            return r["result"].get("value")

        def until(expr, seconds=3):
            # What an event changes shows at once; a slow machine gets a little time.
            end = time.time() + seconds
            while not js(expr) and time.time() < end:
                time.sleep(0.05)

        def check(ok, text):
            print(("PASS " if ok else "FAIL ") + text)

        def click(selector):
            # A real click at the element's place, as a mouse gives it.
            box = js("(function () { var e = document.querySelector(%s); e.scrollIntoView();"
                     " var r = e.getBoundingClientRect();"
                     " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
                     % json.dumps(selector))
            for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
                b.call("Input.dispatchMouseEvent",
                       {"type": kind, "x": box[0], "y": box[1], "button": "left",
                        "clickCount": 1}, s)

        def column(table, col):
            return js("Array.prototype.map.call(document.querySelectorAll('#%s tbody tr'),"
                      " function (r) { return r.cells[%d].textContent; })" % (table, col))

        check(js("document.documentElement.className") == "js", "the page's script ran")
        check(js("!document.getElementById('filters').hidden"),
              "the filter form shows once the script runs")
        tables = js("Array.prototype.map.call(document.querySelectorAll('table'),"
                    " function (t) { return t.id + ':' + t.tBodies[0].rows.length; })")
        print("DIAG tables (id:rows): " + " ".join(tables))
        want = {"t-summary", "t-ignored", "t-offlist", "t-cycle", "t-maintainers"}
        have = {t.split(":")[0] for t in tables if int(t.split(":")[1]) > 0}
        check(want <= have, "every table is there with rows: " + " ".join(sorted(want - have)))
        check(len(tables) == len(want) + 1 and "t-waiting:0" in tables,
              "no table of every merged cluster or every patch: those are the TSV reports'"
              " (beside them the waiting queue, empty here: tests/87-morning.t draws"
              " one with rows)")
        check(js("document.querySelector('#waiting h2').textContent") == "Waiting for a reply"
              and js("document.querySelector('nav a').getAttribute('href')") == "#waiting",
              "the waiting queue heads the page and its navigation")

        # The TSV reports the page links lie beside it: each link leads to a file
        # that has the rows its text says.
        links = js("Array.prototype.map.call(document.querySelectorAll('a.tsv'),"
                   " function (a) { return [a.href, a.textContent,"
                   " a.parentNode.textContent]; })")
        print("DIAG TSV links: %s" % " ".join(l[0].rsplit("/", 1)[-1] for l in links))
        bad = []
        for href, name, text in links:
            path = urllib.parse.unquote(urllib.parse.urlsplit(href).path)
            rows = re.search(re.escape(name) + r" \(([0-9]+) rows?, ", text)
            try:
                with open(path, encoding="utf-8") as f:
                    n = sum(1 for _ in f) - 1
            except OSError as e:
                bad.append("%s: %s" % (href, e))
                continue
            if os.path.dirname(path) != os.path.dirname(page) or not rows or int(rows.group(1)) != n:
                bad.append("%s: %d rows, the page says %s" % (href, n, rows and rows.group(1)))
        check(len(links) == 6 and not bad, "the page's 6 TSV links lead to the files beside it, "
              "with the rows they say: %d links %s" % (len(links), "; ".join(bad)))
        plots = js("Array.prototype.map.call(document.querySelectorAll('svg'),"
                   " function (p) { return p.id + ':' + p.querySelectorAll('rect').length + ':'"
                   " + Math.round(p.getBoundingClientRect().width); })")
        print("DIAG plots (id:bars:width): " + " ".join(plots))
        check(len(plots) == 3 and all(int(p.split(":")[1]) > 0 and int(p.split(":")[2]) > 300
                                      for p in plots),
              "three plots drawn, with bars, at a readable width")

        # The hostile subject is text in the table, and nothing of it ran or loaded.
        subj = js("(function () { var a = document.querySelector('#t-ignored tbody a');"
                  " return a ? [a.textContent, a.getAttribute('href')] : null; })()")
        print("DIAG the first ignored patch: %r" % (subj,))
        check(subj is not None and
              subj[0] == '[PATCH] <script>alert(1)</script> "><img src=x onerror=alert(1)>',
              "the subject with <script> and <img onerror> is shown as text")
        check(subj is not None and subj[1] ==
              "https://mail.example/r/x%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert%282%29%3E@evil.example",
              "its Message-ID is percent-encoded in the link")
        check(js("document.images.length") == 0 and
              js("document.scripts.length") == 1 and
              js("document.querySelectorAll('[onerror],[onclick],[onload]').length") == 0,
              "no img, one script (the page's own), no on* handler in the document")

        # Sorting: click a column's header, the order changes; again, it turns.
        # The maintainers' median hours (24, 3, 24, 3, 120, 3) are in no order,
        # neither as numbers nor as text, so a sort that is not numeric shows.
        before = column("t-maintainers", 9)
        click("#t-maintainers thead th:nth-child(10)")
        up = column("t-maintainers", 9)
        click("#t-maintainers thead th:nth-child(10)")
        down = column("t-maintainers", 9)
        print("DIAG median hours before: %s; after a click: %s; after two: %s"
              % (before, up, down))

        def nums(v):
            return [float(x) for x in v if x]

        check(up != before and len(up) == 6 and nums(up) == sorted(nums(up)),
              "a click on 'median h' sorts the rows by hours, as numbers, ascending")
        check(len(down) == 6 and nums(down) == sorted(nums(down), reverse=True),
              "a second click sorts them descending")
        check(js("document.querySelector('#t-maintainers thead th:nth-child(10)')"
                 ".getAttribute('aria-sort')") == "descending",
              "the header says how the table is sorted (aria-sort)")
        # The ignored patches' maintainers: Eve's none, Carl's bob@b.org.
        before = column("t-ignored", 7)
        click("#t-ignored thead th:nth-child(8)")
        up = column("t-ignored", 7)
        click("#t-ignored thead th:nth-child(8)")
        down = column("t-ignored", 7)
        check(before == ["", "bob@b.org"] and up == down == ["bob@b.org", ""],
              "a sort puts empty cells last, either way: %s, %s, %s" % (before, up, down))
        click("#t-ignored thead th:nth-child(3)")
        authors = column("t-ignored", 2)
        check(authors == sorted(authors), "a click on 'author' sorts the ignored patches by "
              "author: %s" % authors)

        # Filtering: an author, then a list, then dates.
        rows = js("document.querySelectorAll('#t-ignored tbody tr').length")
        click("#filters input[name=author]")
        b.call("Input.insertText", {"text": "carl"}, s)
        until("document.getElementById('t-ignored-n').textContent.indexOf('shown') >= 0")
        shown = js("Array.prototype.filter.call(document.querySelectorAll('#t-ignored tbody tr'),"
                   " function (r) { return !r.hidden; }).length")
        count = js("document.getElementById('t-ignored-n').textContent")
        check(0 < shown < rows and count == "%d of %d rows shown" % (shown, rows),
              "typing an author filters the rows (%s)" % count)
        js("document.querySelector('#filters button[type=reset]').click()")
        time.sleep(0.1)
        js("var l = document.querySelector('#filters select'); l.value ="
           " 'net.lists.example.org'; l.dispatchEvent(new Event('input', {bubbles: true}))")
        lists = js("Array.prototype.map.call(document.querySelectorAll('#t-ignored tbody tr'),"
                   " function (r) { return r.hidden ? '' : r.cells[1].textContent; })")
        check(set(x for x in lists if x) == {"net.lists.example.org"} and "" in lists,
              "choosing a list shows its patches only")
        js("document.querySelector('#filters button[type=reset]').click()")
        time.sleep(0.1)
        js("var f = document.querySelector('#filters input[name=from]'); f.value = '2021-01-20';"
           " f.dispatchEvent(new Event('input', {bubbles: true}))")
        dates = js("Array.prototype.map.call(document.querySelectorAll('#t-ignored tbody tr'),"
                   " function (r) { return r.hidden ? '' : r.cells[0].textContent; })")
        check(dates and all(d >= "2021-01-20" for d in dates if d) and "" in dates
              and any(dates), "a from date hides the earlier patches: %s" % dates)
        js("document.querySelector('#filters button[type=reset]').click()")
        time.sleep(0.1)

        # The whole page from its top (up to 8000 pixels down), for a person to review.
        js("window.scrollTo(0, 0)")
        height = min(8000, js("document.documentElement.scrollHeight"))
        png = b.call("Page.captureScreenshot",
                     {"format": "png", "captureBeyondViewport": True,
                      "clip": {"x": 0, "y": 0, "width": 1280, "height": height, "scale": 1}}, s)
        with open(shot, "wb") as f:
            f.write(base64.b64decode(png["data"]))
        print("DIAG screenshot: %s" % shot)

        # Without script: the same page shows every row of every table, and the plots.
        b.call("Emulation.setScriptExecutionDisabled", {"value": True}, s)
        b.call("Page.navigate", {"url": url}, s)
        b.wait_event("Page.loadEventFired")
        noscript = js("[document.documentElement.className,"
                      " document.getElementById('filters').getClientRects().length,"
                      " Array.prototype.filter.call(document.querySelectorAll('tbody tr'),"
                      "  function (r) { return r.getClientRects().length > 0; }).length,"
                      " document.querySelectorAll('tbody tr').length,"
                      " document.querySelectorAll('svg rect').length]")
        print("DIAG without script: class %r, form boxes %d, rows shown %d of %d, bars %d"
              % tuple(noscript))
        check(noscript[0] != "js" and noscript[1] == 0 and noscript[2] == noscript[3] > 0
              and noscript[4] > 0,
              "without script every row of every table shows, and the plots; the form does not")

        # What the page said and asked for, all along.
        b.call("Runtime.evaluate", {"expression": "1"}, s)
        errors, requests, dialogs = [], [], []
        for ev in b.events:
            m, p = ev.get("method"), ev.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert", "warning"):
                errors.append("console.%s: %s" % (p["type"], " ".join(
                    str(a.get("value", a.get("description"))) for a in p.get("args", []))))
            elif m == "Runtime.exceptionThrown":
                errors.append("exception: %s" % p["exceptionDetails"].get("text"))
            elif m == "Log.entryAdded" and p["entry"]["level"] in ("error", "warning"):
                errors.append("%s: %s" % (p["entry"]["source"], p["entry"]["text"]))
            elif (m == "Network.requestWillBeSent" and p["request"]["url"] != url and
                  not p["request"]["url"].startswith("data:")):
                requests.append(p["request"]["url"])
            elif m == "Page.javascriptDialogOpening":
                dialogs.append(p.get("message"))
        for e in errors:
            print("DIAG " + e)
        check(not errors, "no console error, warning or exception")
        check(not requests, "no request but the page itself: %s" % " ".join(requests[:5]))
        check(not dialogs, "no alert() ran")
        print("DIAG chromium: %.1f s" % (time.time() - t0))
    finally:
        if b:
            b.close()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
