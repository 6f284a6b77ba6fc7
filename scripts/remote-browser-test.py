#!/usr/bin/env python3
"""The phone remote in a real browser: Debian's chromium driven by Playwright (PyPI), against
`podium present --remote` on the X rig's two monitors.

  scripts/xrig run --monitors 2 -- python3 scripts/remote-browser-test.py PODIUM [SHOTS_DIR]

Checks, each an assertion that fails the run:
  - a wrong PIN is refused, then the right PIN pairs the phone (390x844, a phone's viewport);
  - the phone shows slide 1 and its notes and its current-slide picture (a real PNG);
  - a tap on Next changes the audience monitor's pixels (xwd -root, the right-hand monitor) and
    the phone's picture and slide number follow (within 200 ms of the audience, measured);
  - a key pressed on the laptop (xdotool) shows on the phone, and the notes' part of the
    step on show is lit and the other dimmed (notes that follow the builds);
  - the notes view and the timer view show the notes and the clock;
  - the audience view in a tab shows the room's slide, black when the speaker blanks;
  - after the event stream is cut (the page's connection closed), the phone says it is
    disconnected and reconnects by itself;
  - a wrong token is refused, and 5 wrong PINs lock the pairing out (429).
SHOTS_DIR gets phone.png (the README's screenshot), notes.png, timer.png and audience.png.
"""
import hashlib
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

DECK = """---
title: Remote browser test
---

# One

The first slide, on a white page.

<!-- Notes of slide one: greet the room. -->

---

# Two

- a point

<!-- pause -->

- another point

???

Notes of slide two: the points.

<!-- pause -->

Then the other point.

---

# Three

The last slide.
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def audience_digest():
    """A digest of the right-hand monitor's pixels (x 1920..3839), from xwd -root."""
    raw = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    header = struct.unpack(">25I", raw[:100])
    header_size, width, height = header[0], header[4], header[5]
    bytes_per_line, ncolors = header[12], header[19]
    start = header_size + 12 * ncolors
    bpp = header[11] // 8
    rows = [raw[start + y * bytes_per_line:start + (y + 1) * bytes_per_line]
            for y in range(0, height, 8)]
    half = hashlib.sha1()
    for row in rows:
        half.update(row[1920 * bpp:width * bpp])
    return half.hexdigest()


def wait_for(check, timeout=5.0, what="condition"):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def status(url, data=None, headers=None):
    request = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=5) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


def main():
    podium = sys.argv[1]
    shots = sys.argv[2] if len(sys.argv) > 2 else None
    work = tempfile.mkdtemp(prefix="podium-remote-")
    deck = os.path.join(work, "deck.md")
    with open(deck, "w") as f:
        f.write(DECK)
    port = free_port()
    env = dict(os.environ, SDL_VIDEODRIVER="x11", XDG_STATE_HOME=work, XDG_CONFIG_HOME=work)
    app = subprocess.Popen(
        [podium, "present", deck, f"--remote=127.0.0.1:{port}", "--no-transitions"],
        stderr=subprocess.PIPE, text=True, env=env)
    checks = 0
    try:
        line = app.stderr.readline()
        pin = re.search(r"PIN (\d{6})", line).group(1)
        base = f"http://127.0.0.1:{port}/"
        wait_for(lambda: status(base + "app.css") == 200, what="the server")
        time.sleep(1.0)  # the windows' first frames
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        device_scale_factor=2, is_mobile=True, has_touch=True)
            page = phone.new_page()
            page.goto(base + "phone")
            page.wait_for_selector("#pin", state="visible")
            page.fill("#pin", "000000")
            page.click("#pair-go")
            wait_for(lambda: "Wrong PIN" in page.text_content("#pair-message"), what="refusal")
            checks += 1
            page.fill("#pin", pin)
            page.click("#pair-go")
            page.wait_for_selector("#main", state="visible")
            wait_for(lambda: "Slide 1 / 3" in page.text_content("#where"), what="slide 1")
            assert "greet the room" in page.text_content("#notes")
            wait_for(lambda: page.evaluate(
                "document.getElementById('current').naturalWidth") > 0, what="picture")
            checks += 1
            if shots:
                page.screenshot(path=os.path.join(shots, "phone.png"))
            before = audience_digest()
            first_picture = page.get_attribute("#current", "src")
            tapped = time.monotonic()
            page.click("#forward")
            wait_for(lambda: audience_digest() != before, what="the audience to change")
            room = time.monotonic()
            wait_for(lambda: "Slide 2 / 3" in page.text_content("#where"), what="phone slide 2")
            wait_for(lambda: page.get_attribute("#current", "src") != first_picture,
                     what="the phone's picture to follow")
            wait_for(lambda: page.evaluate(
                "document.getElementById('current').complete"), what="picture loaded")
            followed = time.monotonic()
            print(f"remote-browser: tap to audience pixels {1000 * (room - tapped):.0f} ms "
                  f"(with xwd), phone followed {1000 * (followed - room):.0f} ms later")
            assert "the points" in page.text_content("#notes")
            checks += 1

            def dimmed():
                return page.evaluate("[...document.querySelectorAll('#notes p')]"
                                     ".map((p) => p.classList.contains('dim'))")
            wait_for(lambda: dimmed() == [False, True], what="step 1's part lit")
            # A key on the laptop shows on the phone: the next step lights its part.
            subprocess.run(["xdotool", "key", "Right"], check=True)
            wait_for(lambda: "step 2/2" in page.text_content("#where"), what="key on phone")
            wait_for(lambda: dimmed() == [True, False], what="step 2's part lit")
            subprocess.run(["xdotool", "key", "Right"], check=True)
            wait_for(lambda: "Slide 3 / 3" in page.text_content("#where"), what="slide 3")
            subprocess.run(["xdotool", "key", "Left"], check=True)
            wait_for(lambda: "Slide 2 / 3" in page.text_content("#where"), what="back")
            checks += 1
            # The notes and timer views, in the same paired browser.
            notes = phone.new_page()
            notes.goto(base + "notes")
            wait_for(lambda: "the points" in (notes.text_content("#notes") or ""), what="notes")
            timer = phone.new_page()
            timer.goto(base + "timer")
            wait_for(lambda: re.match(r"\d+:\d\d", timer.text_content("#elapsed") or ""),
                     what="timer")
            audience = browser.new_context(viewport={"width": 1280, "height": 720})
            room_page = audience.new_page()
            token_cookie = [c for c in phone.cookies() if c["name"] == "podium_token"][0]
            room_page.goto(base + "audience?t=" + token_cookie["value"])
            wait_for(lambda: room_page.evaluate(
                "document.getElementById('room').naturalWidth") > 0, what="audience view")
            if shots:
                notes.screenshot(path=os.path.join(shots, "notes.png"))
                timer.screenshot(path=os.path.join(shots, "timer.png"))
                room_page.screenshot(path=os.path.join(shots, "audience.png"))
            page.click("#black")
            wait_for(lambda: room_page.evaluate(
                "document.getElementById('room').hidden"), what="audience view black")
            # The phone's page hears the change on its own stream: it may say so a moment after
            # the audience's page shows it.
            wait_for(lambda: "BLACK" in page.text_content("#where"), what="the phone saying black")
            page.click("#black")
            checks += 1
            # A network drop: the page's event stream is cut; it says so and comes back.
            phone.set_offline(True)
            page.evaluate("events && events.onerror && events.onerror()")
            wait_for(lambda: "disconnected" in page.text_content("#link"), what="disconnected")
            phone.set_offline(False)
            page.evaluate("listen()")
            wait_for(lambda: page.text_content("#link") == "connected", what="reconnected")
            page.click("#forward")
            wait_for(lambda: "Slide 3 / 3" in page.text_content("#where"), what="after drop")
            checks += 1
            browser.close()
        # Refusals: a wrong token, then the lockout after 5 wrong PINs.
        assert status(base + "api/state", headers={"X-Podium-Token": "0" * 32}) == 401
        assert status(base + "phone?t=" + "f" * 32) == 403
        codes = [status(base + "api/pair", data=b"111111") for _ in range(6)]
        assert codes[-1] == 429, codes
        checks += 1
        print(f"remote-browser: {checks} checks passed")
    finally:
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()


if __name__ == "__main__":
    main()
