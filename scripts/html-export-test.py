#!/usr/bin/env python3
"""`podium export -o talk.html` in a real browser: Debian's chromium driven by Playwright (PyPI),
headless, with every request the page makes recorded and all but the file itself blocked.

  python3 scripts/html-export-test.py PODIUM [SHOTS_DIR]

Exports Tests/Fixtures/html-export/talk.md (5 slides shown, one with three build steps, notes,
a picture and code) to talk.html and, with --steps, to PNGs at the same size, then checks, each
an assertion that fails the run:
  - every build step on screen matches its PNG: SSIM at least 0.97 (FFmpeg's ssim filter, as
    the Swift tests measure it), the screenshot not a blank page;
  - Right, Space, PageDown, Down and Enter go on, Left, PageUp, Up and Backspace back, Home and
    End to the ends, a number and Enter to that slide; the address's hash follows (#2, #2.3)
    and a link to #2.3 (or #5, a skipped slide: the next one) opens there;
  - n shows the notes of the slide on screen (and which slide and step), n again hides them;
  - a click on the right goes on and on the left goes back, a swipe (touch events through the
    browser's input, not made up in the page) left goes on and right goes back;
  - in a square window the slide is letterboxed: black bands above and below, the slide whole;
  - f asks for full screen, b (or .) blacks the screen and back;
  - the page made no request but for itself: none to the network, no error in the page;
  - a beamer PDF deck's pages (Tests/Fixtures/pdf) match their PNGs too.
SHOTS_DIR gets each step's screenshot, the notes and the letterboxed window.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECK = os.path.join(ROOT, "Tests", "Fixtures", "html-export", "talk.md")
BEAMER = os.path.join(ROOT, "Tests", "Fixtures", "pdf", "beamer-overlays.pdf")
WIDTH, HEIGHT = 1280, 720
MINIMUM_SSIM = 0.97


def ssim(a, b):
    """SSIM of two pictures of one size, as FFmpeg's ssim filter measures it (All:)."""
    result = subprocess.run(
        ["ffmpeg", "-v", "info", "-nostdin", "-i", a, "-i", b, "-lavfi", "ssim", "-f", "null",
         "-"], capture_output=True, text=True)
    match = re.search(r"All:([0-9.]+)", result.stderr)
    if not match:
        raise AssertionError(f"ffmpeg ssim: {result.stderr[-400:]}")
    return float(match.group(1))


def grey_rows(png):
    """The picture's rows of grey bytes, decoded by FFmpeg."""
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=width,height", "-of", "csv=p=0", png], capture_output=True, text=True, check=True)
    width, height = (int(v) for v in probe.stdout.strip().split(","))
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-nostdin", "-i", png, "-f", "rawvideo", "-pix_fmt", "gray",
         "-"], capture_output=True, check=True).stdout
    return [raw[y * width:(y + 1) * width] for y in range(height)]


def export(podium, deck, out, *arguments):
    result = subprocess.run([podium, "export", deck, "-o", out, *arguments],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"podium export {deck} -o {out}: {result.stderr}")
    return result.stdout


def expect_steps_match(page, pngs, shots, name):
    """Screenshots each step from the first, going on with Right, against `pngs` in order."""
    scores = []
    for number, png in enumerate(pngs):
        shot = os.path.join(shots, f"{name}-{number + 1}.png")
        page.screenshot(path=shot)
        rows = grey_rows(shot)
        assert len(set(b for row in rows[::16] for b in row[::16])) > 2, f"{shot} is blank"
        score = ssim(shot, png)
        scores.append(score)
        assert score >= MINIMUM_SSIM, f"{name} step {number + 1}: SSIM {score:.4f} ({shot})"
        page.keyboard.press("ArrowRight")
    print(f"html-export: {name}: {len(pngs)} steps, SSIM {min(scores):.4f} to {max(scores):.4f}")


def main():
    podium = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="podium-html-")
    shots = sys.argv[2] if len(sys.argv) > 2 else os.path.join(work, "shots")
    os.makedirs(shots, exist_ok=True)
    html = os.path.join(work, "talk.html")
    size = f"{WIDTH}x{HEIGHT}"
    line = export(podium, DECK, html, "--size", size)
    assert line.startswith("Exported 7 build steps to "), line
    export(podium, DECK, os.path.join(work, "png"), "--steps", "--size", size)
    pngs = sorted(os.path.join(work, "png", n) for n in os.listdir(os.path.join(work, "png")))
    assert len(pngs) == 7, pngs
    print(f"html-export: talk.html is {os.path.getsize(html)} bytes")
    url = "file://" + html
    checks = 0
    requests, errors = [], []
    passed = False
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

            def watch(context):
                context.on("request", lambda request: requests.append(request.url))
                context.route("**/*", lambda route: route.continue_()
                              if route.request.url.split("#")[0] in (url, beamer_url)
                              else route.abort())

            beamer_url = "file://" + os.path.join(work, "beamer.html")
            # The recorder hears a page that does ask the network.
            probe = browser.new_context()
            watch(probe)
            probe_page = probe.new_page()
            probe_page.set_content('<img src="http://127.0.0.1:9/x.png">')
            probe_page.wait_for_timeout(300)
            assert any(u.startswith("http://127.0.0.1:9/") for u in requests), requests
            requests.clear()
            probe.close()

            context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
            watch(context)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(url)
            page.wait_for_function("document.documentElement.classList.contains('js')")
            assert page.evaluate("location.hash") == "#1"
            expect_steps_match(page, pngs, shots, "step")
            checks += 1

            def where():
                return page.evaluate("location.hash")

            page.keyboard.press("Home")
            order = ["#1", "#2", "#2.2", "#2.3", "#3", "#4", "#6"]
            for key, expected in zip(["Space", "PageDown", "ArrowDown", "Enter", "ArrowRight",
                                      "ArrowRight", "ArrowRight"], order[1:] + ["#6"]):
                page.keyboard.press(key)
                assert where() == expected, f"{key}: {where()} (expected {expected})"
            for key, expected in zip(["ArrowLeft", "PageUp", "ArrowUp", "Backspace"],
                                     ["#4", "#3", "#2.3", "#2.2"]):
                page.keyboard.press(key)
                assert where() == expected, f"{key}: {where()} (expected {expected})"
            page.keyboard.press("End")
            assert where() == "#6", where()
            page.keyboard.press("Home")
            assert where() == "#1", where()
            page.keyboard.type("4")
            page.keyboard.press("Enter")
            assert where() == "#4", where()
            checks += 1

            # The notes of the slide on screen, behind n.
            page.keyboard.press("Home")
            page.keyboard.press("ArrowRight")
            assert not page.is_visible("#notes")
            page.keyboard.press("n")
            assert page.is_visible("#notes")
            text = page.inner_text("#notes")
            assert "Notes of slide two: 2 < 3 & more." in text, text
            assert "Slide 2 of 6, step 1 of 3" in text, text
            assert "Welcome" not in text and "No notes" not in text, text
            page.screenshot(path=os.path.join(shots, "notes.png"))
            page.keyboard.press("ArrowRight")
            assert "step 2 of 3" in page.inner_text("#notes")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            text = page.inner_text("#notes")
            assert "Slide 3 of 6" in text and "slide two" not in text, text
            assert "No notes for this slide." in text, text
            page.keyboard.press("n")
            assert not page.is_visible("#notes")
            checks += 1

            # A link opens at its step; a skipped slide's, at the next slide.
            page.goto(url + "#2.3")
            page.wait_for_function(
                "document.querySelector('.step.current[data-slide=\"2\"][data-step=\"3\"]')")
            shot = os.path.join(shots, "link-2.3.png")
            page.screenshot(path=shot)
            assert ssim(shot, pngs[3]) >= MINIMUM_SSIM, "#2.3 opens slide 2's third step"
            page.goto(url + "#5")
            page.wait_for_function("location.hash === '#6'")
            page.evaluate("location.hash = '#3'")
            page.wait_for_function("location.hash === '#3'")
            assert page.evaluate(
                "document.querySelector('.step.current').getAttribute('data-slide')") == "3"
            checks += 1

            # Clicks: the right two thirds go on, the left third back.
            page.mouse.click(WIDTH * 0.8, HEIGHT / 2)
            assert where() == "#4", where()
            page.mouse.click(WIDTH * 0.1, HEIGHT / 2)
            assert where() == "#3", where()
            checks += 1

            # f: full screen, asked of the browser.
            page.keyboard.press("f")
            page.wait_for_function("document.fullscreenElement !== null", timeout=3000)
            page.keyboard.press("f")
            page.wait_for_function("document.fullscreenElement === null", timeout=3000)
            checks += 1

            # b (or a clicker's .): black, and back.
            page.keyboard.press("b")
            shot = os.path.join(shots, "black.png")
            page.screenshot(path=shot)
            assert max(max(row) for row in grey_rows(shot)) < 8, "b: a black screen"
            page.keyboard.press(".")
            assert where() == "#3" and not page.evaluate(
                "document.documentElement.classList.contains('black')")
            checks += 1

            # A square window: the slide whole between black bands.
            page.set_viewport_size({"width": 900, "height": 900})
            page.goto(url + "#1")
            page.wait_for_function(
                "document.querySelector('.step.current[data-slide=\"1\"]')")
            shot = os.path.join(shots, "letterboxed.png")
            page.screenshot(path=shot)
            rows = grey_rows(shot)
            band = round((900 - 900 * HEIGHT / WIDTH) / 2)
            assert max(rows[band - 4]) < 8 and max(rows[900 - band + 3]) < 8, "black bands"
            assert max(rows[band + 4]) > 100 and max(rows[900 - band - 4]) > 100, "the slide"
            checks += 1
            context.close()

            # Touch: swipes through the browser's own touch input.
            touch = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT},
                                        has_touch=True, is_mobile=False)
            watch(touch)
            phone = touch.new_page()
            phone.goto(url + "#3")
            phone.wait_for_function(
                "document.querySelector('.step.current[data-slide=\"3\"]')")
            cdp = touch.new_cdp_session(phone)

            def swipe(x0, x1):
                y = HEIGHT / 2
                cdp.send("Input.dispatchTouchEvent",
                         {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
                for step in range(1, 6):
                    x = x0 + (x1 - x0) * step / 5
                    cdp.send("Input.dispatchTouchEvent",
                             {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
                cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                phone.wait_for_timeout(100)

            # A tap on the right goes on (before the swipes: after touch events sent through
            # the DevTools protocol, Chromium makes no click of Playwright's taps).
            phone.tap("#stage", position={"x": WIDTH * 0.8, "y": HEIGHT / 2})
            assert phone.evaluate("location.hash") == "#4", phone.evaluate("location.hash")
            swipe(900, 300)
            assert phone.evaluate("location.hash") == "#6", phone.evaluate("location.hash")
            swipe(300, 900)
            swipe(300, 900)
            assert phone.evaluate("location.hash") == "#3", phone.evaluate("location.hash")
            touch.close()
            checks += 1

            # A PDF deck: its pages as vectors, against the PNG export of the same pages.
            beamer = os.path.join(work, "beamer.html")
            export(podium, BEAMER, beamer, "--size", size)
            export(podium, BEAMER, os.path.join(work, "beamer-png"), "--steps", "--size", size)
            beamer_pngs = sorted(os.path.join(work, "beamer-png", n)
                                 for n in os.listdir(os.path.join(work, "beamer-png")))
            context = browser.new_context()
            watch(context)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(beamer_url)
            box = page.evaluate(
                "document.querySelector('.step svg').getAttribute('viewBox').split(' ')")
            page.set_viewport_size({"width": int(box[2]), "height": int(box[3])})
            expect_steps_match(page, beamer_pngs, shots, "beamer")
            context.close()
            checks += 1
            browser.close()
        outside = [u for u in requests if u.split("#")[0] not in (url, beamer_url)
                   and not u.startswith("data:")]
        assert not outside, f"requests beyond the file: {outside}"
        assert not errors, f"errors in the page: {errors}"
        checks += 1
        print(f"html-export: {checks} checks passed ({len(requests)} requests, all the files' own)")
        passed = True
    finally:
        if passed:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"html-export: the files are in {work}", file=sys.stderr)


if __name__ == "__main__":
    main()
