#!/usr/bin/env python3
"""The soak test's talk: runs `podium present` on a rig's two monitors for SECONDS, disturbs it
(keys, clicks, monitor changes, edits of the deck, kill -9 and --resume), then checks the trace
and the memory. scripts/soak starts the rig and runs this; its comment says what is checked.

    python3 scripts/soak.py PODIUM WORK SECONDS SEED RIG IMAGE

PODIUM is the binary, WORK a folder for the deck, the trace and the output, SEED the random
seed, RIG what scripts/soak started: `openbox` or `none` (scripts/xrig's X server with that
window manager) or `sway` (scripts/wlrig's Wayland compositor, this script running as the rig's
user), IMAGE a PNG for the deck's image slide. Exits 1 on any failed check.

What differs between the rigs (how keys and clicks are sent, which monitor changes they can
make and what the trace must show for each) is in their drivers, XRig and WaylandRig below;
the talk, the schedule and the checks are the same for both.
"""

import itertools
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zlib

podium, work, seconds, seed, wm, image = sys.argv[1:]
# The rigs' display commands (plug, unplug, mode): the same steps as the tests' XorgServer and
# WaylandRig.
SCRIPTS = os.path.dirname(os.path.abspath(__file__))
seconds, seed = int(seconds), int(seed)
rng = random.Random(seed)
failures = []


def fail(message):
    failures.append(message)
    print(f"soak: FAIL: {message}", flush=True)


# --- The deck: versions with different slide counts and build steps, and broken edits. ---
talk = os.path.join(work, "talk")
os.makedirs(os.path.join(talk, "images"))
shutil.copy(image, os.path.join(talk, "images", "two-displays.png"))
# A clip with sound, looping, and an animated GIF, made by ffmpeg: they play through every
# disturbance (an unplug, a resolution change, an edit, a kill) as the slides do.
for arguments in (
    ["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=30:duration=3", "-f", "lavfi", "-i",
     "sine=frequency=440:duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
     os.path.join(talk, "images", "clip.mp4")],
    ["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=10:duration=1", "-loop", "0",
     os.path.join(talk, "images", "animated.gif")],
):
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-nostdin", *arguments], check=True)
# SOAK_DECK=pdf presents a PDF instead: each version is the Markdown deck below exported by
# podium's own PDF export, a page per build step (pages of one slide share its label, so the
# PDF has the same slides and steps); broken edits are a PDF cut short, garbage that ends as a
# PDF does, and an empty file.
pdf_mode = os.environ.get("SOAK_DECK") == "pdf"
deck_path = os.path.join(talk, "deck.pdf" if pdf_mode else "deck.md")


def good_deck(version, hostile=False):
    """A deck of 8 to 10 slides, with builds, notes, code, a table and an image; returns the text
    and the build steps of each slide, counted from the pauses written. A hostile version adds a
    slide of formulas that takes seconds to load: one TeX never finishes (a macro that expands
    for ever, named anew each time so that no cache knows it), one whose fatal error ends TeX's
    run, and a good one beside them."""
    slides = []
    slides.append(
        f"# Soak test\n\nEdit {version} of the deck\n\n???\nNotes for the title, edit {version}.\n"
    )
    pauses = 2 + version % 2
    slides.append(
        "## Builds\n\n"
        + "\n<!-- pause -->\n\n".join(f"- point {i + 1}" for i in range(pauses + 1))
        + "\n\n???\nThe **builds** slide: "
        + "walk the points. " * 20
        + "\n"
    )
    slides.append(
        "## Code\n\n```swift\nfunc greet(_ name: String) -> String {\n  // a comment\n"
        f'  return "Hello, \\(name), edit {version}"\n}}\n```\n\n'
        "<!-- pause -->\n\nAnd after the code.\n"
    )
    slides.append(
        "## A table\n\n| display | role | size |\n| --- | --- | ---: |\n"
        "| DUMMY0 | console | 1920x1080 |\n"
        f"| DUMMY1 | audience | 1920x1080 |\n| edit | {version} | x |\n\n"
        "<!-- a note as a comment -->\n"
    )
    slides.append("## An image\n\n![Two displays](images/two-displays.png)\n")
    if not pdf_mode:
        slides.append(
            "## A clip\n\n![loop](images/clip.mp4)\n\n<!-- pause -->\n\n"
            "![An animation](images/animated.gif)\n"
        )
    slides.append(
        "## Long notes\n\nScroll them with [ and ] or the wheel.\n\n???\n"
        + "\n".join(f"- note line {i + 1} with `code` and *emphasis*" for i in range(60))
        + "\n"
    )
    slides.append(
        "## Nested\n\n- one\n  - one a\n  - one b\n\n<!-- pause -->\n\n"
        "- two\n  - two a\n    - deeper\n"
    )
    for extra in range(version % 3):
        slides.append(f"## Extra {extra + 1}\n\n- a point\n\n<!-- pause -->\n\n- another point\n")
    if hostile:
        name = "podiumloop" + "".join(chr(97 + b % 26) for b in os.urandom(10))
        slides.append(
            "## Formulas\n\nMass and energy: $E=mc^2$\n\n$$\\input{nofile}$$\n\n"
            f"Never done: $\\def\\{name}{{\\{name}}}\\{name}$\n"
        )
    slides.append("# The end\n\nQuestions?\n")
    front = (
        f"---\ntitle: Soak {version}\ntheme: dark\naspect: 16:9\nduration: 10m\n"
        f'footer: "soak · edit {version}"\npaginate: true\n---\n\n'
    )
    text = front + "\n---\n\n".join(slides)
    steps = [slide.count("<!-- pause -->") + 1 for slide in slides]
    return text, steps


BROKEN = {
    "bad-aspect": "---\ntitle: Broken\naspect: 5:banana\n---\n\n# One\n\n---\n\n## Two\n",
    "empty": "",
    "bad-yaml": "---\ntitle: [unclosed\n---\n\n# One\n",
}


exported = {}


def as_pdf(text):
    """The deck's Markdown exported to a PDF, a page per build step, as bytes (each version
    once: they are made before the talk, so that an edit is only a write)."""
    if text in exported:
        return exported[text]
    source = os.path.join(talk, ".soak-source.md")
    output = os.path.join(work, "soak-export.pdf")
    with open(source, "w") as handle:
        handle.write(text)
    subprocess.run(
        [podium, "export", source, "-o", output, "--steps"], check=True, capture_output=True
    )
    os.unlink(source)
    with open(output, "rb") as handle:
        exported[text] = handle.read()
    return exported[text]


if pdf_mode:
    for made in range(1, 12):
        as_pdf(good_deck(made)[0])
    whole = as_pdf(good_deck(1)[0])
    BROKEN = {
        "cut-short": whole[: len(whole) // 2],
        "garbage": b"%PDF-1.7\nnot a PDF at all\n%%EOF\n",
        "empty": b"",
    }


def write(text, how):
    """Writes the deck as editors do (and LaTeX, for a PDF): atomically (a new file renamed over
    it), in place (truncated, then written in two parts), or deleted and created again. A PDF
    deck's version is its Markdown exported; bytes are written as they are."""
    if isinstance(text, str):
        data = as_pdf(text) if pdf_mode and text else text.encode()
    else:
        data = text
    if how == "atomic":
        temporary = deck_path + f".tmp{rng.randrange(1 << 30)}"
        with open(temporary, "wb") as handle:
            handle.write(data)
        os.replace(temporary, deck_path)
    elif how == "in-place":
        with open(deck_path, "wb") as handle:
            half = len(data) // 2
            handle.write(data[:half])
            handle.flush()
            time.sleep(0.01)
            handle.write(data[half:])
    elif how == "recreate":
        if os.path.exists(deck_path):
            os.unlink(deck_path)
        with open(deck_path, "wb") as handle:
            handle.write(data)
    else:
        raise ValueError(how)


version = 1
write(good_deck(version)[0], "atomic")

# --- The trace, read as it grows. ---
# Each podium process (a new one after every kill -9) writes a trace of its own; their events are
# read into one list, their times moved to the run's clock by when each process started.
trace_path = os.path.join(work, "trace.jsonl")
events = []
partial = ""
handle = None
trace_offset = 0.0
process_first_event = 0  # where the running process's events begin in `events`


def poll_trace():
    global partial, handle
    if handle is None:
        if not os.path.exists(trace_path):
            return
        handle = open(trace_path)
    chunk = handle.read()
    if not chunk:
        return
    lines = (partial + chunk).split("\n")
    partial = lines.pop()
    for line in lines:
        if line.strip():
            event = json.loads(line)
            event["t"] = round(event.get("t", 0) + trace_offset, 3)
            events.append(event)


# Each disturbance expects events in the trace, in order, after the moment it happened.
pending = []
done_ops = []


class Expect:
    def __init__(self, what, steps, mark, timeout=15, display=False):
        self.what, self.steps, self.mark, self.display = what, steps, mark, display
        self.deadline, self.issued, self.found = time.monotonic() + timeout, time.monotonic(), 0
        self.position = self.mark

    def check(self):
        while self.found < len(self.steps):
            description, predicate = self.steps[self.found]
            hit = next((i for i in range(self.position, len(events)) if predicate(events[i])), None)
            if hit is None:
                if time.monotonic() > self.deadline:
                    waited = self.deadline - self.issued
                    fail(f"{self.what}: no {description} in the trace within {waited:.0f} s")
                    return True
                return False
            self.found += 1
            self.position = hit + 1
        done_ops.append((self.what, time.monotonic() - self.issued))
        return True


def disturb(action, what, *steps, timeout=15, display=False):
    """Does `action` and expects `steps` in the trace after the moment before it. `display`: a
    monitor change (a cable, a resolution), after which the next one waits for its answer."""
    poll_trace()
    mark = len(events)
    action()
    pending.append(Expect(what, steps, mark, timeout, display))


def display_change_pending():
    """Whether a monitor change is not answered yet. The next one waits for it: SDL 2.26 reads
    the X server's state when it takes an output's event, not the state the event was sent in,
    so an output plugged in and pulled again within a second can go by unseen (the talk still
    shows what the monitors are: a CI run saw neither a replug nor the unplug 0.8 s after it).
    Each change answered before the next is checked on its own, and one never answered still
    fails at its timeout."""
    return any(p.display for p in pending)


def is_(name, **fields):
    return lambda e: e.get("event") == name and all(e.get(k) == v for k, v in fields.items())


# --- The rigs: what differs between X and Wayland, one driver each. ---
def quietly(*command):
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class Rig:
    """What both rigs share: the presenter's monitor at 0 and the audience's at 1920, both
    1920x1080, one of them switched to 1280x720 now and then by the rig's script."""

    def __init__(self, script, presenter, audience):
        self.script, self.presenter, self.audience = script, presenter, audience
        self.modes = {presenter: "1920x1080", audience: "1920x1080"}
        self.unplugged = False  # the audience's monitor (X only)

    def command(self, *arguments):
        """One of the rig's display commands (plug, unplug, mode): the same steps as the tests'
        XorgServer and WaylandRig."""
        result = subprocess.run(
            [os.path.join(SCRIPTS, self.script), *arguments], capture_output=True, text=True
        )
        if result.returncode != 0:
            fail(f"{self.script} {' '.join(arguments)}: {result.stderr.strip()}")

    def monitors(self):
        """The monitors that are on, as (left edge, mode): where clicks can land."""
        audience = [] if self.unplugged else [(1920, self.modes[self.audience])]
        return [(0, self.modes[self.presenter])] + audience

    def keys(self, delay, *names):
        self.send([("key", delay, names)])

    def start(self):
        pass

    def before_talk(self):
        """Called before each podium process starts (the first, and each --resume)."""

    def stop(self):
        pass


class XRig(Rig):
    """scripts/xrig's X server: input from one xdotool process a burst; the projector (DUMMY1)
    unplugged and plugged back, 50 times in the full soak, all but the first after the mark. A
    new resolution brings a window event only with a window manager (docs/TESTING.md)."""

    tool, environment = "xdotool", {}
    draws_ink = True
    cables = "DUMMY1 pulled out and plugged back"

    def __init__(self):
        super().__init__("xrig", "DUMMY0", "DUMMY1")
        self.mode_window_events = wm != "none"
        self.cables_before_mark = 1

    def describe(self):
        return f"X, window manager {wm}, display {os.environ['DISPLAY']}"

    def cable_count(self, scale):
        return max(5, round(50 * scale))

    def planned_cables(self, count):
        return {"unplug": count, "replug": count}

    def send(self, actions):
        command = []
        for kind, *values in actions:
            if kind == "key":
                command += ["key", "--delay", str(values[0]), *values[1]]
            elif kind == "drag":
                (x, y), *rest = values[0]
                command += ["mousemove", str(x), str(y), "mousedown", "1"]
                for x, y in rest:
                    command += ["mousemove", str(x), str(y), "sleep", "0.012"]
                command += ["mouseup", "1"]
            else:
                command += ["mousemove", str(values[0]), str(values[1])]
                command += ["click", str(values[2])] if kind == "click" else []
        quietly("xdotool", *command)

    def cable(self, index):
        """Pulls the projector's cable; returns what plugs it back."""
        self.unplugged = True
        figures["unplug"] += 1
        disturb(
            lambda: self.command("unplug", "DUMMY1"),
            f"unplug {figures['unplug']}",
            ("display-disconnected", is_("display-disconnected")),
            ("stage mirrored", is_("stage", mode="mirrored")),
            ("audience window on display 0", audience_window(display=0)),
            display=True,
        )
        return self.replug

    def replug(self):
        self.unplugged = False
        self.modes["DUMMY1"] = "1920x1080"
        figures["replug"] += 1
        disturb(
            lambda: self.command("plug", "DUMMY1", "1920x1080", "DUMMY0"),
            f"replug {figures['replug']}",
            ("display-connected", is_("display-connected")),
            ("stage extended", is_("stage", mode="extended")),
            ("audience window on display 1", audience_window(display=1)),
            display=True,
        )


class WaylandRig(Rig):
    """scripts/wlrig's sway (headless, HEADLESS-1 and HEADLESS-2), Podium on SDL's native
    Wayland driver. Keys from scripts/probe/wl-keyboard, one keyboard for the whole soak as a
    laptop's is (wtype's keyboard for each run of keys brought a keymap each, which SDL 2.26
    keeps: libsdl-org/SDL#9023), clicks and the wheel from sway's own cursor commands (one
    swaymsg for a run of them), which reach windows only while scripts/probe/wl-pointer gives
    the seat a pointer. sway 1.7 can add an output but not remove
    one (`output X disable` keeps it visible to programs, and brings no event): its monitor
    change is a new output plugged in, a bounded number of times (1, or 2 in runs of 300 s and
    more), all before the mark since each adds an audience window for good."""

    tool, environment = "wl-keyboard and swaymsg", {"SDL_VIDEODRIVER": "wayland"}
    # sway 1.7's cursor commands move no pointer while a button is held: no strokes on Wayland
    # (InkWaylandEndToEndTests drags through a virtual pointer of its own).
    draws_ink = False
    cables = "new outputs, HEADLESS-3 on"

    def __init__(self):
        super().__init__("wlrig", "HEADLESS-1", "HEADLESS-2")
        self.mode_window_events = True
        self.pointer = self.keyboard = None

    def describe(self):
        return f"Wayland, sway, {os.environ['WAYLAND_DISPLAY']}, SDL's wayland driver"

    def cable_count(self, scale):
        self.cables_before_mark = 1 if scale < 0.5 else 2
        return self.cables_before_mark

    def planned_cables(self, count):
        return {"plug": count}

    def start(self):
        """The seat's pointer and keyboard, before the talk starts (SDL binds each when the
        seat has one)."""
        self.pointer = subprocess.Popen(
            [os.environ["SOAK_POINTER"]], stdout=subprocess.PIPE, text=True
        )
        if self.pointer.stdout.readline().strip() != "ready":
            fail("wl-pointer gave the seat no pointer: clicks reach no window")
        self.keyboard = subprocess.Popen(
            [os.environ["SOAK_KEYBOARD"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        if self.keyboard.stdout.readline().strip() != "ready":
            fail("wl-keyboard gave the seat no keyboard: keys reach no window")

    def type(self, words):
        """Types a line of wl-keyboard's words and waits until the compositor has them."""
        self.keyboard.stdin.write(" ".join(words) + "\n")
        self.keyboard.stdin.flush()
        answer = self.keyboard.stdout.readline().strip()
        if answer != "ok":
            fail(f"wl-keyboard: {answer or 'ended'} (typing {' '.join(words)})")

    def before_talk(self):
        """Makes the soak's keyboard the seat's before podium starts, as a laptop's is always
        there. A seat whose last keyboard went (scripts/wlrig's own, at the start) has none, and
        a program that starts then gets its keyboard's modifiers before any keymap, which SDL
        2.26 reads through a null xkb_state and crashes (libsdl-org/SDL#9022; the talk after a
        kill -9 did, every time). A Shift pressed on this keyboard makes it the seat's, and it
        stays until the soak ends."""
        self.type(["Shift_L"])

    def stop(self):
        for process in (self.keyboard, self.pointer):
            if process:
                process.terminate()
                process.wait()

    def send(self, actions):
        for keys, group in itertools.groupby(actions, key=lambda action: action[0] == "key"):
            if keys:
                words = []
                for _, delay, names in group:
                    for name in names:
                        words += [name] + ([f"sleep:{delay}"] if delay else [])
                self.type(words)
                continue
            commands = []
            for kind, x, y, *button in group:
                commands.append(f"seat - cursor set {x} {y}")
                if kind == "click":
                    commands.append(f"seat - cursor press button{button[0]}")
                    if button[0] not in (4, 5):  # the wheel turns on the press alone
                        commands.append(f"seat - cursor release button{button[0]}")
            quietly("swaymsg", ", ".join(commands))

    def cable(self, index):
        """Plugs in a new output (HEADLESS-3, HEADLESS-4): SDL's next display, which gets an
        audience window of its own. Nothing to undo."""
        figures["plug"] += 1
        display = 1 + figures["plug"]
        disturb(
            lambda: self.command("plug"),
            f"plug {figures['plug']} (HEADLESS-{display + 1})",
            ("display-connected", is_("display-connected", index=display)),
            (
                f"stage extended to {display} audience displays",
                lambda e: e.get("event") == "stage"
                and e.get("mode") == "extended"
                and len(e.get("audience", [])) == display,
            ),
            (f"audience window on display {display}", audience_window(display=display)),
            display=True,
        )
        return None


rig = WaylandRig() if wm == "sway" else XRig()


# --- The talk. ---
log = open(os.path.join(work, "podium-output.txt"), "w")
env = dict(os.environ)
env.pop("PODIUM_TRACE", None)
# Clips' sound goes to SDL's dummy device, which takes it at a real device's pace: the sound
# is the clips' clock, as on stage.
env["SDL_AUDIODRIVER"] = "dummy"
# The talk's journal (what --resume reads after a kill -9) is kept with the run.
env["XDG_STATE_HOME"] = os.path.join(work, "state")
env.update(rig.environment)
rig.start()
started = time.monotonic()


# The phone remote (--remote on loopback): a client that pairs with the PIN the terminal shows,
# taps Next and Previous between the keys, and now and then opens the event stream, reads the
# state and drops the connection (a phone that reconnects). After kill -9 and --resume the new
# process has a new token and PIN: the client pairs again. SOAK_REMOTE=0 leaves it out.
remote_on = os.environ.get("SOAK_REMOTE", "1") != "0"
with socket.socket() as probe_socket:
    probe_socket.bind(("127.0.0.1", 0))
    remote_port = probe_socket.getsockname()[1]
remote_base = f"http://127.0.0.1:{remote_port}/"
remote = {
    "token": None, "taps": 0, "refused": 0, "events": 0, "reconnects": 0, "pairings": 0,
    "stream_due": False, "stream_failures": 0,
}
# PINs tried already: each is good once, and a process started after a kill prints a new one (an
# old one tried again would count towards the lockout).
remote_pins = set()


def remote_call(path, data=None, timeout=3):
    headers = {"X-Podium-Token": remote["token"]} if remote["token"] else {}
    request = urllib.request.Request(remote_base + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, reply.headers, reply
    except urllib.error.HTTPError as error:
        return error.code, error.headers, None
    except OSError:
        return None, None, None


def remote_pair():
    pins = re.findall(r"PIN (\d{6})", open(os.path.join(work, "podium-output.txt")).read())
    if not pins or pins[-1] in remote_pins:
        return
    remote_pins.add(pins[-1])
    status, headers, _ = remote_call("api/pair", data=pins[-1].encode())
    if status == 200:
        remote["token"] = re.search(r"podium_token=([0-9a-f]+)", headers["Set-Cookie"]).group(1)
        remote["pairings"] += 1
        # A phone that has just paired opens the stream first: every pairing reads a state, so a
        # run whose dice never chose a reconnection still checks the stream.
        remote["stream_due"] = True


def remote_batch():
    if not remote_on or rng.random() > 0.3:
        return
    if remote["token"] is None:
        remote_pair()
        return
    if remote["stream_due"] or rng.random() < 0.15:
        # A phone whose connection dropped: the stream again, its first state, then gone.
        remote["stream_due"] = False
        request = urllib.request.Request(
            remote_base + "api/events", headers={"X-Podium-Token": remote["token"]})
        try:
            with urllib.request.urlopen(request, timeout=3) as stream:
                for line in stream:
                    if line.startswith(b"data: "):
                        json.loads(line[6:])
                        remote["events"] += 1
                        break
            remote["reconnects"] += 1
        except urllib.error.HTTPError as error:
            if error.code == 401:
                remote["token"] = None
            else:
                remote["stream_failures"] += 1
        except OSError:
            remote["stream_failures"] += 1
        return
    status, _, _ = remote_call("api/command", data=rng.choice([b"next", b"previous"]))
    if status == 204:
        remote["taps"] += 1
    elif status == 401:
        remote["token"] = None
    else:
        remote["refused"] += 1


def start_talk(*arguments):
    """Starts podium present on the deck, tracing into the run's next trace file."""
    rig.before_talk()
    if remote_on:
        arguments = (*arguments, f"--remote=127.0.0.1:{remote_port}")
    # Recorded all along (no microphone: the rig's audio is SDL's dummy driver): each start
    # after a kill -9 begins a file of its own, soak-2.mkv, ...
    recording = ["--record", os.path.join(work, "soak.mkv"), "--mic", "none"]
    process = subprocess.Popen(
        [podium, "present", deck_path, "--trace", trace_path, *recording, *arguments],
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    open(os.path.join(work, "podium.pid"), "w").write(str(process.pid))
    return process


app = start_talk()
while time.monotonic() - started < 20 and not any(e.get("event") == "show" for e in events):
    poll_trace()
    time.sleep(0.05)
if not any(e.get("event") == "show" for e in events):
    fail("the talk did not start within 20 s")
    print(open(os.path.join(work, "podium-output.txt")).read())
    rig.stop()
    sys.exit(1)


# Keys by weight: moving through the deck most, everything else a speaker (or a cat) might press.
# Never q (twice ends the talk) nor alt+F4 (the window manager closes the window: that ends it).
KEYS = [
    ("Right", 14),
    ("Left", 8),
    ("space", 5),
    ("Next", 4),
    ("Prior", 3),
    ("Down", 2),
    ("Up", 2),
    ("Return", 2),
    ("BackSpace", 1),
    ("n", 1),
    ("p", 1),
    ("Home", 1),
    ("End", 1),
    ("period", 2),
    ("b", 2),
    ("w", 2),
    ("f", 2),
    ("F5", 1),
    ("Escape", 2),
    ("o", 2),
    ("Tab", 2),
    ("bracketleft", 2),
    ("bracketright", 2),
    ("equal", 1),
    ("minus", 1),
    ("t", 1),
    ("r", 1),
    ("x", 2),
    ("alt+Left", 1),
    ("z", 1),
    ("DIGITS", 3),
]
key_names = [k for k, _ in KEYS]
key_weights = [w for _, w in KEYS]


def on_a_window():
    """A point on a monitor that is on (the talk's windows cover the monitors)."""
    left, mode = rng.choice(rig.monitors())
    width, height = (int(v) for v in mode.split("x"))
    return left + rng.randrange(0, width), rng.randrange(0, height)


counts = {"keys": 0, "clicks": 0, "wheel": 0, "moves": 0, "batches": 0, "gestures": 0, "drags": 0}

# Ink (X only): a tool picked, a stroke or two dragged across the console's view of the slide (or
# the slide itself while the talk is mirrored), now and then undo, redo, the next colour or a
# clear, and the tool put down again: its key pressed once per width it has (docs/INK.md). The
# tools' keys come only from here, so a tool is never left in hand.
INK_TOOLS = [("d", 3, 5), ("h", 2, 3), ("e", 1, 1)]  # key, widths, weight


def ink_gesture(tool=None, extras=True):
    key, widths, _ = tool or rng.choices(INK_TOOLS, [weight for *_, weight in INK_TOOLS])[0]
    width, height = (int(v) for v in rig.modes[rig.presenter].split("x"))
    actions = [("key", 40, [key])]
    for _ in range(rng.randint(1, 2)):
        # Inside the console's view of the current slide at every size it takes, and inside the
        # slide of a mirrored talk.
        x, y = rng.uniform(0.12, 0.40) * width, rng.uniform(0.22, 0.45) * height
        dx, dy = rng.uniform(0.005, 0.012) * width, rng.uniform(-0.01, 0.01) * height
        actions.append(("drag", [(int(x + i * dx), int(y + i * dy)) for i in range(10)]))
        counts["drags"] += 1
    more = rng.sample(["ctrl+z", "ctrl+y", "k", "c"], rng.randint(0, 2)) if extras else []
    actions.append(("key", 40, more + [key] * widths))
    counts["keys"] += 1 + len(more) + widths
    counts["gestures"] += 1
    rig.send(actions)



def input_batch():
    """One burst of input (from a single xdotool process on X): keys, digits and Enter, clicks,
    the wheel."""
    actions = []
    for _ in range(rng.randint(1, 8)):
        choice = rng.choices(key_names, key_weights)[0]
        roll = rng.random()
        if roll < 0.10:
            x, y = on_a_window()
            button = rng.choice([1, 1, 1, 3, 3, 4, 5, 4, 5])
            actions.append(("click", x, y, button))
            counts["wheel" if button in (4, 5) else "clicks"] += 1
        elif roll < 0.14:
            actions.append(("move", *on_a_window()))
            counts["moves"] += 1
        elif choice == "DIGITS":
            digits = [str(d) for d in str(rng.randint(1, 12))]
            actions.append(("key", rng.randint(20, 60), [*digits, "Return"]))
            counts["keys"] += len(digits) + 1
        else:
            actions.append(("key", rng.randint(20, 90), [choice]))
            counts["keys"] += 1
    rig.send(actions)
    counts["batches"] += 1
    if rig.draws_ink and rng.random() < 0.06:
        ink_gesture()


# --- The disturbances, spread over the run. ---
scale = seconds / 600
# The monitor changes of the rig: X unplugs the projector and plugs it back, Wayland plugs in
# new outputs (the drivers say how many and when).
n_cable = rig.cable_count(scale)
n_resolution = max(4, round(20 * scale))
n_reload = max(4, round(20 * scale))
n_reload += n_reload % 2
# Memory is compared from the 1-minute mark (a third of a shorter run) to the end. Before the
# mark each kind of disturbance happens once (an unplug cycle, or every plug-in on Wayland, each
# monitor at 1280x720, a good edit with formulas TeX works on for seconds): what the talk keeps
# the first time it meets them (fonts at new sizes, layouts, math) is settled by then, and what
# grows after is growth with use.
mark = min(60.0, max(20.0, seconds / 3))
# The last fifth is a talk going on after the storms: keys and clicks only. Windows that live
# that long with caches that fill up show it in memory; windows replaced every few seconds never
# would.
calm = seconds * 0.8
# How long a monitor stays unplugged or at the other resolution, and the rest before the next
# change: shorter in a short run, so that every planned change fits in.
unplug_hold, mode_hold, rest = ((1, 4), (2, 5), 1.5) if seconds >= 300 else ((1, 1.6), (1, 2), 0.8)
# kill -9 and --resume, a few times, all before the mark: memory from the mark to the end is
# one process's (the deck is good then, too: broken edits come after the mark).
n_kill = max(2, round(3 * scale))
warm_up = [("cable", index) for index in range(rig.cables_before_mark)]
# A highlighter stroke before the mark too (X): the first one a window draws makes its scratch
# texture (docs/INK.md), which memory after the mark must not count.
warm_up += [("ink", 0)] if rig.draws_ink else []
warm_up += [("kill", 0), ("resolution", 0), ("edit", 0), ("kill", 1)]
warm_up += [("resolution", 1)] + [("kill", index) for index in range(2, n_kill)]


def spread(count, kind, first, start, stop):
    width = (stop - start) / max(1, count - first)
    return [
        (start + width * (i - first + rng.uniform(0.1, 0.6)), kind, i) for i in range(first, count)
    ]


schedule = sorted(
    [(3 + (mark - 12) * n / len(warm_up), kind, index) for n, (kind, index) in enumerate(warm_up)]
    + spread(n_cable, "cable", rig.cables_before_mark, mark, calm)
    + spread(n_resolution, "resolution", 2, mark, calm)
    + spread(n_reload, "edit", 1, mark, calm)
)


def warmed_up():
    return not any(when < mark - 8 for when, _, _ in schedule) and not restore


display_busy_until = 0.0
restore = []  # (time, action)
figures = {
    "kills": 0,
    "unplug": 0,
    "replug": 0,
    "plug": 0,
    "resolution": 0,
    "edits_good": 0,
    "edits_broken": 0,
    "edits_hostile": 0,
    "edits_written": 0,
    "deletes": 0,
}
hostile_texts = []  # the hostile versions written
hostile_marks = []  # (trace index before the write, what shows it was read or superseded)
broken_cycle = (
    ["cut-short", "deleted", "empty", "folder-moved", "garbage"]
    if pdf_mode
    else ["bad-aspect", "deleted", "empty", "folder-moved", "bad-yaml"]
)
writes = ["atomic", "in-place", "recreate"]
deleted = False  # the deck is not there (deleted, or its folder moved away)
moved_away = talk + ".away"


def audience_window(**sizes):
    return lambda e: (
        e.get("event") == "window"
        and e.get("role") == "audience"
        and all(e.get(k) == v for k, v in sizes.items())
    )


def set_mode(output, mode):
    rig.modes[output] = mode
    figures["resolution"] += 1
    width, height = (int(v) for v in mode.split("x"))
    role = "audience" if output == rig.audience else "presenter"
    # Without a window manager on X no window event follows (docs/TESTING.md): nothing to expect.
    disturb(
        lambda: rig.command("mode", output, mode),
        f"resolution {figures['resolution']} ({output} {mode})",
        *(
            []
            if not rig.mode_window_events
            else [
                (
                    f"{role} window of {mode}",
                    lambda e: (
                        e.get("event") == "window"
                        and e.get("role") == role
                        and e.get("w") == width
                        and e.get("h") == height
                    ),
                )
            ]
        ),
        display=True,
    )


def good_edit(how, what, hostile=False):
    global version, deleted
    version += 1
    text, steps = good_deck(version, hostile)
    deleted = False
    figures["edits_good"] += 1
    if hostile:
        figures["edits_hostile"] += 1
        hostile_texts.append(text)

    def edit():
        if os.path.exists(moved_away):
            os.rename(moved_away, talk)  # the folder back, as a checkout of the branch brings it
        write(text, how)

    # A hostile edit takes seconds to read: an edit written meanwhile supersedes it (its read is
    # stopped and never shown), and then the later edit's reload or failure is what follows.
    edits_then = figures["edits_written"]

    def shown(e):
        if e.get("event") == "reload" and e.get("steps") == steps:
            return True
        superseded = hostile and figures["edits_written"] > edits_then
        return superseded and e.get("event") in ("reload", "reload-failed")

    disturb(
        edit,
        f"{what} {version} ({how})",
        (f"reload with {len(steps)} slides", shown),
        timeout=40 if hostile else 15,
    )
    if hostile:
        hostile_marks.append((pending[-1].mark, shown))


def edit(index):
    global deleted
    figures["edits_written"] += 1
    if index % 2 == 0:
        # Every other good edit of a Markdown deck is hostile: seconds of TeX, off the loop. The
        # first is (edit 0, before the mark): the first formulas the talk meets cost it about 10
        # MB it keeps (TeX's output read, math fonts), which memory after the mark must not count.
        hostile = not pdf_mode and (index // 2) % 2 == 0
        good_edit(writes[(index // 2) % len(writes)], "hostile edit" if hostile else "good edit",
                  hostile)
        return
    kind = broken_cycle[(index // 2) % len(broken_cycle)]
    figures["edits_broken"] += 1
    if kind in ("deleted", "folder-moved"):
        deleted = True
        figures["deletes"] += 1

        def gone(e):
            return e.get("event") == "reload-failed" and e.get("reason") == "deleted"

        if kind == "deleted":
            disturb(lambda: os.unlink(deck_path), "deck deleted", ("reload-failed (deleted)", gone))
        else:
            # The whole folder goes, as with a checkout of a branch without it.
            disturb(
                lambda: os.rename(talk, moved_away),
                "folder moved away",
                ("reload-failed (deleted)", gone),
            )
    else:
        how = writes[(index // 2) % 2]
        disturb(
            lambda: write(BROKEN[kind], how),
            f"broken edit ({kind}, {how})",
            ("reload-failed", is_("reload-failed")),
        )


def journal_state(path):
    """The last good state line of a journal (`CRC32 JSON`, JSON lines): what --resume restores.
    The checksum is checked here as podium checks it."""
    state = None
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    for line in data.split(b"\n")[:-1]:
        checksum, _, body = line.partition(b" ")
        if f"{zlib.crc32(body):08x}".encode() != checksum:
            continue
        record = json.loads(body)
        if record.get("k") == "state":
            state = record["state"]
    return state


def kill_and_resume():
    """kill -9 in the middle of the talk, then podium present --resume: the talk must come back
    where the journal left it, and the journal where the trace says the talk was."""
    global app, trace_path, handle, partial, trace_offset, process_first_event
    figures["kills"] += 1
    number = figures["kills"]
    quiet_from = time.monotonic() - started
    # What the talk was asked to do is done, and its journal line written.
    deadline = time.monotonic() + 15
    while pending and time.monotonic() < deadline:
        poll_trace()
        pending[:] = [p for p in pending if not p.check()]
        time.sleep(0.1)
    time.sleep(0.5)
    poll_trace()
    mine = events[process_first_event:]
    journal = next((e["path"] for e in mine if e.get("event") == "journal"), None)
    shown = next((e for e in reversed(mine) if e.get("event") == "show"), None)
    kept = journal_state(journal) if journal else None
    if kept is None:
        fail(f"kill {number}: no journal with a state line ({journal})")
    elif shown and (kept["slide"] + 1, kept["step"] + 1) != (shown["slide"], shown["step"]):
        fail(
            f"kill {number}: the journal kept slide {kept['slide'] + 1} step {kept['step'] + 1}, "
            f"the talk showed slide {shown['slide']} step {shown['step']}"
        )
    # The ink's generation the journal must bring back: the last ink line this talk journalled,
    # else the one it resumed with (a kill never comes mid-stroke: strokes are whole bursts).
    inked = next(
        (
            e.get("generation", e.get("ink"))
            for e in reversed(mine)
            if e.get("event") == "ink" or (e.get("event") == "resumed" and "ink" in e)
        ),
        None,
    )
    app.kill()
    app.wait()
    # The next process's trace.
    trace_path = os.path.join(work, f"trace-{number + 1}.jsonl")
    handle, partial, process_first_event = None, "", len(events)
    trace_offset = time.monotonic() - started
    app = start_talk("--resume")
    deadline = time.monotonic() + 20
    resumed = None
    while resumed is None and time.monotonic() < deadline and app.poll() is None:
        poll_trace()
        resumed = next(
            (e for e in events[process_first_event:] if e.get("event") == "resumed"), None
        )
        time.sleep(0.05)
    if resumed is None:
        fail(f"kill {number}: podium --resume did not resume within 20 s")
    elif inked is not None and resumed.get("ink") != inked:
        fail(
            f"kill {number}: resumed with ink generation {resumed.get('ink')}; the talk had "
            f"journalled {inked}"
        )
    elif kept is not None:
        wanted = (
            kept["slide"] + 1,
            kept["step"] + 1,
            kept.get("blank", "none"),
            kept.get("frozen_slide") is not None,
        )
        got = (resumed["slide"], resumed["step"], resumed["blank"], resumed["frozen"])
        if wanted != got or abs(resumed["elapsed"] - kept["elapsed"]) > 0.01:
            fail(
                f"kill {number}: resumed {got}, clock {resumed['elapsed']}; the journal had "
                f"{wanted}, clock {kept['elapsed']}"
            )
    # Input paused on purpose: not a wait for a frame.
    quiet.append((quiet_from, time.monotonic() - started))


# --- The run. ---
rss = []
next_sample = 0.0


def sample():
    try:
        with open(f"/proc/{app.pid}/status") as status:
            values = dict(line.split(":", 1) for line in status if ":" in line)

        def kb(key):
            return int(values[key].split()[0])

        rss.append((time.monotonic() - started, kb("VmRSS"), kb("VmHWM"), kb("RssAnon")))
    except (OSError, KeyError, ValueError):
        pass


def latest(name, **fields):
    poll_trace()
    return next(
        (
            e
            for e in reversed(events)
            if e.get("event") == name and all(e.get(k) == v for k, v in fields.items())
        ),
        {},
    )


def normalize():
    """Brings the talk to one state (no overview, no number typed, no blank, no freeze), then walks
    every slide and step and goes back to the first: the windows' caches hold the same kind of
    things at every measurement, so memory compares like with like."""
    one_state()
    steps = next(
        (e["steps"] for e in reversed(events) if e.get("event") in ("deck", "reload")), [1]
    )
    rig.keys(40, "Home", *(["Right"] * sum(steps)), "Home")
    time.sleep(1)


def one_state():
    """No overview, no number typed, no blank, no freeze."""
    for _ in range(4):
        console, audience = latest("present", role="presenter"), latest("present", role="audience")
        keys = (
            (["Escape"] if console.get("overview") or console.get("jump") else [])
            + (
                ["b"]
                if audience.get("view") == "black"
                else ["w"]
                if audience.get("view") == "white"
                else []
            )
            + (["f"] if console.get("frozen") else [])
        )
        if not keys:
            break
        rig.keys(300, *keys)
        time.sleep(0.6)


def settle():
    """Puts every display back, waits for the talk to answer what is pending, brings it to one
    state, lets it rest 3 s and returns the median of three RSS samples: memory compared in the
    same state (two windows at 1920x1080, caches filled the same way) rather than mid-restage."""
    global display_busy_until
    quiet_from = time.monotonic() - started
    for item in sorted(restore, key=lambda r: r[0]):
        item[1]()
    restore.clear()
    deadline = time.monotonic() + 20
    while pending and time.monotonic() < deadline:
        poll_trace()
        pending[:] = [p for p in pending if not p.check()]
        time.sleep(0.1)
    normalize()
    time.sleep(3)
    taken = []
    for _ in range(3):
        if app.poll() is not None:
            return None
        sample()
        taken.append(rss[-1])
        time.sleep(1)
    display_busy_until = time.monotonic() - started + 1.5
    quiet.append((quiet_from, time.monotonic() - started))
    return sorted(taken, key=lambda r: r[1])[1]


quiet = []  # when no input was sent on purpose: (from, to) in seconds of the run

base = None
print(
    f"soak: {seconds} s, seed {seed}, {rig.describe()}; "
    + ", ".join(f"{count} {kind}" for kind, count in rig.planned_cables(n_cable).items())
    + f", {n_resolution} resolution changes, {n_reload} edits planned",
    flush=True,
)
end = started + seconds
progress = started
while time.monotonic() < end - 4:
    now = time.monotonic()
    elapsed = now - started
    if app.poll() is not None:
        fail(f"podium ended during the talk at {elapsed:.0f} s with status {app.returncode}")
        break
    if now >= next_sample:
        sample()
        next_sample = now + 5
    if base is None and elapsed >= mark and warmed_up():
        base = settle()
        continue
    if now - progress >= 60:
        progress = now
        clicks = counts["clicks"] + counts["wheel"]
        edits = figures["edits_good"] + figures["edits_broken"]
        print(
            f"soak: {elapsed:.0f} s: {counts['keys']} keys, {clicks} clicks, "
            f"{figures['unplug']} unplugs, {figures['replug'] + figures['plug']} plugs, "
            f"{figures['resolution']} resolution changes, "
            f"{edits} edits, RSS {rss[-1][1] // 1024 if rss else 0} MB",
            flush=True,
        )
    for item in [r for r in restore if r[0] <= elapsed]:
        restore.remove(item)
        item[1]()
    if schedule and schedule[0][0] <= elapsed:
        when, kind, index = schedule[0]
        if kind == "edit":
            schedule.pop(0)
            edit(index)
        elif kind == "ink":
            schedule.pop(0)
            one_state()
            ink_gesture(INK_TOOLS[1], extras=False)
        elif kind == "kill" and elapsed >= display_busy_until:
            schedule.pop(0)
            kill_and_resume()
            display_busy_until = time.monotonic() - started + rest
        elif kind != "kill" and elapsed >= display_busy_until and not display_change_pending():
            # One display change at a time, each undone (where it can be) before the next.
            schedule.pop(0)
            if kind == "cable":
                undo = rig.cable(index)
                hold = rng.uniform(*unplug_hold) if undo else 0
                if undo:
                    restore.append((elapsed + hold, undo))
            else:
                output = rig.audience if index % 2 == 0 else rig.presenter
                set_mode(output, "1280x720")
                hold = rng.uniform(*mode_hold)
                restore.append((elapsed + hold, lambda o=output: set_mode(o, "1920x1080")))
            display_busy_until = elapsed + hold + rest
    input_batch()
    remote_batch()
    poll_trace()
    pending[:] = [p for p in pending if not p.check()]
    time.sleep(rng.choice([0.02, 0.05, 0.1, 0.2, 0.4]))

input_end = time.monotonic() - started
if remote_on:
    print(
        f"soak: phone remote: {remote['taps']} taps, {remote['events']} states read over "
        f"{remote['reconnects']} reconnections, {remote['pairings']} pairings, "
        f"{remote['refused']} taps refused, {remote['stream_failures']} streams that gave no state",
        flush=True,
    )
    if seconds >= 30 and (remote["taps"] == 0 or remote["events"] == 0):
        fail("the phone remote's client got no tap or no state through")
# The end of the talk: every display back, the deck present, the last expectations met.
if deleted:
    good_edit("atomic", "the deck written again at the end, version")
    figures["edits_good"] -= 1  # not one of the planned edits
last = settle()
for p in pending:
    p.deadline = 0
    p.check()
alive = app.poll() is None
if not alive and not any("podium ended" in f for f in failures):
    fail(f"podium is not running at the end (status {app.returncode})")
last_input = time.monotonic()
exit_status = app.returncode
if alive:
    # q twice ends the talk (a stray single q never does).
    rig.keys(0, "q")
    time.sleep(0.3)
    rig.keys(0, "q")
    try:
        exit_status = app.wait(timeout=15)
    except subprocess.TimeoutExpired:
        fail("q q did not end the talk within 15 s")
        app.kill()
        exit_status = app.wait()
    if exit_status != 0:
        fail(f"podium exited with status {exit_status} after q q")
os.unlink(os.path.join(work, "podium.pid"))


def recordings():
    """The talk's recordings, one a start: each must be a movie ffprobe reads, playing up to
    near where its podium ended; the last, ended by q q, with a chapter per slide shown."""
    found = []
    for name in sorted(f for f in os.listdir(work) if re.fullmatch(r"soak(-\d+)?\.mkv", f)):
        path = os.path.join(work, name)
        probe = subprocess.run(
            ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
             "packet=pts_time", "-of", "csv=p=0", path], capture_output=True, text=True)
        times = [float(t) for t in probe.stdout.split() if t.replace(".", "", 1).isdigit()]
        if probe.returncode != 0 or not times:
            fail(f"recording {name} does not play: {probe.stderr.strip()[:200]}")
        found.append((name, max(times) if times else 0.0, os.path.getsize(path)))
    if len(found) != figures["kills"] + 1:
        fail(f"{len(found)} recordings for {figures['kills'] + 1} starts of podium")
    return found


recorded = recordings()


def office_talk():
    """A PowerPoint deck, once, with an empty cache: the talk must open on its first slides
    while LibreOffice makes the rest, take every part as it comes, show slide 5's click steps
    and end on q q with no LibreOffice left behind. Returns its figures for the summary."""
    deck = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures",
                        "office", "talk.pptx")
    if shutil.which("soffice") is None:
        fail("LibreOffice is missing: run scripts/setup --tests")
        return None
    trace = os.path.join(work, "office.jsonl")
    office_env = dict(env, XDG_CACHE_HOME=os.path.join(work, "office-cache"))
    rig.before_talk()
    begun = time.monotonic()
    process = subprocess.Popen(
        [podium, "present", deck, "--trace", trace], stdout=log, stderr=subprocess.STDOUT,
        env=office_env)

    def read():
        try:
            lines = open(trace).read().splitlines()
        except OSError:
            return []
        return [json.loads(line) for line in lines if line.strip().endswith("}")]

    def wait(test, timeout):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and process.poll() is None:
            if test(read()):
                return time.monotonic() - begun
            time.sleep(0.05)
        return None

    cache = office_env["XDG_CACHE_HOME"]

    def converting():
        return subprocess.run(["pgrep", "-f", cache], capture_output=True).returncode == 0

    first = wait(lambda t: any(e.get("event") == "present" and e.get("role") == "audience"
                               for e in t), 40)
    if first is None:
        fail("the office deck's talk showed the audience nothing within 40 s")
    # The whole deck: no LibreOffice left converting it, and the talk has read the last part.
    complete = wait(lambda t: not converting(), 90)
    if complete is None:
        fail("LibreOffice was still converting the office deck after 90 s")
    time.sleep(1.5)
    # Every step forward, a key at a time, each shown before the next (a debug build draws a
    # PDF slide at 1080p in most of a second): slide 5's three steps, then the last slide.
    for _ in range(8):
        rig.keys(0, "Right")
        time.sleep(1.5)
    shown = wait(lambda t: any(e.get("event") == "show" and e.get("slide") == 6 for e in t), 15)
    steps = {(e["slide"], e["step"]) for e in read() if e.get("event") == "show"}
    if shown is None or not {(5, 1), (5, 2), (5, 3)} <= steps:
        fail(f"the office deck's click steps were not all shown: {sorted(steps)}")
    rig.keys(0, "q")
    time.sleep(0.3)
    rig.keys(0, "q")
    try:
        status = process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        status = process.wait()
        fail("q q did not end the office deck's talk within 15 s")
    if status != 0:
        fail(f"podium exited with status {status} after the office deck's talk")
    time.sleep(0.5)
    left = subprocess.run(["pgrep", "-f", os.path.join(work, "office-cache")],
                          capture_output=True, text=True).stdout.split()
    if left:
        fail(f"LibreOffice processes outlived the office deck's talk: {left}")
    return first, complete


office = office_talk()
rig.stop()
poll_trace()
if partial.strip():
    events.append(json.loads(partial))


# --- The trace, checked as a whole. ---
def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else 0.0


steps = None
deck_version = None
mode = None
last_audience = None
after_failure = None
problems = {}


def problem(kind, message):
    problems.setdefault(kind, []).append(message)


names = [e.get("event") for e in events]
for e in events:
    name = e.get("event")
    if name == "deck":
        steps, deck_version = e["steps"], e["version"]
    elif name == "reload":
        if e.get("version") != deck_version + 1:
            problem(
                "version", f"reload at {e['t']} s: version {e.get('version')} after {deck_version}"
            )
        steps, deck_version = e["steps"], e["version"]
        after_failure = None
    elif name == "board":
        # A whiteboard page put in or taken away: the deck's next version, as a reload makes.
        if e.get("version") != deck_version + 1:
            problem(
                "version", f"board at {e['t']} s: version {e.get('version')} after {deck_version}"
            )
        steps, deck_version = e["steps"], e["version"]
    elif name == "reload-failed":
        after_failure = last_audience
    elif name == "stage":
        mode = e.get("mode")
        # The roles chose again (a cable, a resolution): what the room's window shows may change
        # with them, as from the console over the mirror to the blanked slide; nothing to compare.
        after_failure = None
    elif name in ("show", "present"):
        if steps is None:
            problem("order", f"{name} at {e['t']} s before the deck event")
            continue
        slide, step = e.get("slide"), e.get("step")
        if not (isinstance(slide, int) and 1 <= slide <= len(steps)):
            problem("range", f"{name} at {e['t']} s: slide {slide} of a {len(steps)}-slide deck")
        elif not (isinstance(step, int) and 1 <= step <= steps[slide - 1]):
            problem(
                "range",
                f"{name} at {e['t']} s: step {step} of slide {slide}, which has {steps[slide - 1]}",
            )
        if name == "present":
            if e.get("deck") != deck_version:
                problem(
                    "version",
                    f"present at {e['t']} s: deck version {e.get('deck')}, "
                    f"the good one is {deck_version}",
                )
            if e.get("role") == "audience":
                view = e.get("view")
                if view not in ("slide", "black", "white") and not (
                    view == "console" and mode == "mirrored"
                ):
                    problem(
                        "audience",
                        f"the audience window showed '{view}' at {e['t']} s in {mode} mode",
                    )
                shown = (e.get("slide"), e.get("step"), view, e.get("deck"))
                if "latency_ms" in e or view == "console":
                    # Input in between (or the console over the mirror): nothing to compare.
                    after_failure = None
                elif after_failure is not None:
                    # The first frame after a broken edit, with no input in between, is the same.
                    if shown != after_failure:
                        problem(
                            "broken-edit",
                            f"after a failed reload at {e['t']} s the audience went from "
                            f"{after_failure} to {shown}",
                        )
                    after_failure = None
                last_audience = shown
            elif "overview" in e and not 1 <= e["overview"] <= len(steps):
                problem(
                    "range",
                    f"present at {e['t']} s: the overview's selection is slide {e['overview']} "
                    f"of a {len(steps)}-slide deck",
                )

planned = {
    "kills": n_kill,
    **rig.planned_cables(n_cable),
    "resolution": 2 * n_resolution,
    "edits": n_reload,
}
done = dict(figures, edits=figures["edits_good"] + figures["edits_broken"])
for kind, count in planned.items():
    if done[kind] != count:
        problem("plan", f"{count} {kind} planned, {done[kind]} done in the time")
disconnects = names.count("display-disconnected")
connects = names.count("display-connected")
if disconnects != figures["unplug"]:
    problem(
        "displays", f"{figures['unplug']} unplugs but {disconnects} display-disconnected events"
    )
plugs = figures["replug"] + figures["plug"]
if connects != plugs:
    problem("displays", f"{plugs} plugs but {connects} display-connected events")
restage_failed = names.count("restage-failed")
if restage_failed:
    problem(
        "displays",
        f"{restage_failed} restage-failed events: "
        + "; ".join(
            sorted({e.get("message", "") for e in events if e.get("event") == "restage-failed"})
        ),
    )
reloads = names.count("reload")
failed_reloads = [e for e in events if e.get("event") == "reload-failed"]
if reloads < figures["edits_good"]:
    problem("reload", f"{figures['edits_good']} good edits but {reloads} reload events")
if len(failed_reloads) < figures["edits_broken"]:
    problem(
        "reload",
        f"{figures['edits_broken']} broken edits but {len(failed_reloads)} reload-failed events",
    )

# Hostile edits: the loop went on turning while TeX worked, and each formula got its own reason.
# A read on the loop would show as a stall in its input part (where an edit is taken), as long
# as TeX took; the debug build's own drawing stalls now and then under the soak's load (tens to
# hundreds of ms, in render or console), which bench-present measures in a release build.
hostile_reads = []
for mark_index, shown in hostile_marks:
    end = next((i for i in range(mark_index, len(events)) if shown(events[i])), None)
    if end is None:
        continue  # the edit's own expectation reports it
    hostile_reads.append(events[end].get("ms") if events[end].get("event") == "reload" else None)
    stalls = [
        e
        for e in events[mark_index:end]
        if e.get("event") == "stall"
        and e.get("doing") != "restage"
        and (e.get("doing") == "input" or e.get("ms", 0) > 1000)
    ]
    if stalls:
        problem(
            "stall",
            f"while a hostile edit was read ({events[end].get('ms', 0):.0f} ms) the loop stalled: "
            + ", ".join(f"{e['ms']:.0f} ms in {e['doing']} at {e['t']} s" for e in stalls[:3]),
        )
if hostile_texts:
    checked = os.path.join(talk, "hostile-check.md")
    with open(checked, "w") as handle:
        handle.write(hostile_texts[-1])
    result = subprocess.run([podium, "check", checked], capture_output=True, text=True)
    said = [line for line in (result.stdout + result.stderr).splitlines() if "formula" in line]
    if not any("nofile.tex" in line for line in said):
        problem("formulas", "no warning names the fatal formula's missing file: " + "; ".join(said))
    if not any("did not finish it within" in line for line in said):
        problem("formulas", "no warning says TeX never finished a formula: " + "; ".join(said))
    if any("E=mc" in line for line in said):
        problem("formulas", "the good formula beside the bad ones was not typeset")

# Input must keep reaching the talk: frames caused by input, with no long silence while keys flow.
# The trace's clock starts a moment after the process: its times are a little behind the script's.
input_times = [
    e["t"]
    for e in events
    if e.get("event") == "present" and "latency_ms" in e and e["t"] < input_end
]


def overlap(a, b):
    return sum(max(0.0, min(b, q[1]) - max(a, q[0])) for q in quiet)


gaps = [
    b - a - overlap(a, b) for a, b in zip(input_times, input_times[1:] + [input_end], strict=True)
]
longest_gap = max(gaps) if gaps else float("inf")
if longest_gap > 5:
    at = input_times[gaps.index(longest_gap)]
    problem(
        "input",
        f"no frame answered input for {longest_gap:.1f} s from {at:.1f} s (keys were being sent)",
    )

# Ink: the sidecar the talk kept (through kills, edits, a folder moved away and back) reads back
# whole: `podium check` finds no damaged line in it, and no copy was moved aside as damaged.
ink_events = [e for e in events if e.get("event") == "ink"]
sidecar = deck_path + ".ink"
if os.path.exists(sidecar):
    checked = subprocess.run(
        [podium, "check", deck_path], capture_output=True, text=True, timeout=60
    )
    damaged = [
        line
        for line in (checked.stdout + checked.stderr).splitlines()
        # A damaged line has its line and column; ink for a slide an edit took away has none.
        if re.match(re.escape(sidecar) + r":\d+:\d+:", line)
    ]
    if damaged:
        problem("ink", f"podium check finds damaged lines in the sidecar: {damaged[0]}")
aside = [name for name in os.listdir(talk) if name.endswith(".damaged")]
if aside:
    problem("ink", f"a sidecar was moved aside as damaged: {', '.join(aside)}")

for kind, messages in problems.items():
    fail(f"{kind}: {len(messages)} problem(s), first: " + "; ".join(messages[:3]))

# Memory: from the mark to the end, both settled; less than 10% growth unless SOAK_RSS_LIMIT says
# otherwise (scripts/soak says when).
rss_limit = float(os.environ.get("SOAK_RSS_LIMIT", "10"))
growth = (last[1] - base[1]) / base[1] * 100 if base and last else float("nan")
if not base or not last:
    fail("RSS was not sampled at the mark and at the end")
elif growth >= rss_limit:
    fail(
        f"RSS grew {growth:.1f}% from {base[1] / 1024:.0f} MB at {base[0]:.0f} s "
        f"to {last[1] / 1024:.0f} MB at the end (the limit is {rss_limit:g}%)"
    )

presents = [e for e in events if e.get("event") == "present"]
print()
print(f"soak figures ({seconds} s, seed {seed}, {rig.describe()}):")
print(
    f"  input: {counts['keys']} keys, {counts['clicks']} clicks, {counts['wheel']} wheel turns, "
    f"{counts['moves']} pointer moves, in {counts['batches']} bursts ({rig.tool})"
)
print(
    f"  crashes: {figures['kills']} kill -9, each resumed (--resume) where the journal left it; "
    f"{names.count('resumed')} resumed events"
)
print(
    f"  displays: {figures['unplug']} unplugs and {plugs} plugs ({rig.cables}), "
    f"{figures['resolution']} resolution changes; trace: {disconnects} disconnected, "
    f"{connects} connected, {names.count('stage')} stage (restage) events, "
    f"{restage_failed} restage-failed, {names.count('window')} window events"
)
print(
    f"  edits: {figures['edits_good']} good, {figures['edits_broken']} broken "
    f"({figures['deletes']} deck or folder deletions): {reloads} reload and "
    f"{len(failed_reloads)} reload-failed events; last deck version {deck_version}"
)
if hostile_reads:
    print(
        f"  hostile edits: {figures['edits_hostile']}, each read off the talk's loop: "
        + ", ".join(
            f"read in {ms / 1000:.1f} s" if ms is not None else "superseded by the next edit"
            for ms in hostile_reads
        )
    )
stall_events = [e for e in events if e.get("event") == "stall"]
print(
    f"  stalls (the loop busy over 50 ms): {len(stall_events)}"
    + (
        f", longest {max(e['ms'] for e in stall_events):.0f} ms; by part: "
        + ", ".join(
            f"{part} {sum(1 for e in stall_events if e['doing'] == part)}"
            for part in sorted({e["doing"] for e in stall_events})
        )
        if stall_events
        else ""
    )
)
shown_since = [e["since_write_ms"] for e in events if e.get("event") == "reload-shown"]
if shown_since:
    print(f"  edit to screen: p50 {pct(shown_since, 50):.0f} ms, max {max(shown_since):.0f} ms")
print(
    f"  frames: {names.count('show')} show, {len(presents)} present events "
    f"({sum(1 for e in presents if e.get('role') == 'audience')} audience, "
    f"{sum(1 for e in presents if e.get('role') == 'presenter')} presenter)"
)
for role in ("audience", "presenter"):
    values = [e["latency_ms"] for e in presents if e.get("role") == role and "latency_ms" in e]
    print(
        f"  latency {role:9s}: n={len(values)} p50={pct(values, 50):.0f} ms "
        f"p99={pct(values, 99):.0f} ms max={max(values) if values else 0:.0f} ms"
    )
print(
    "  longest wait for a frame answering input (pauses to measure memory left out): "
    f"{longest_gap:.1f} s"
)
if base and last:
    print(
        f"  RSS (settled): {base[1] / 1024:.1f} MB at {base[0]:.0f} s, "
        f"{last[1] / 1024:.1f} MB at the end "
        f"({growth:+.1f}%); private heap {base[3] / 1024:.1f} -> {last[3] / 1024:.1f} MB; "
        f"peak {max(r[2] for r in rss) / 1024:.1f} MB; {len(rss)} samples, "
        f"{min(r[1] for r in rss) / 1024:.0f} to {max(r[1] for r in rss) / 1024:.0f} MB"
    )
print(
    f"  disturbances answered: {len(done_ops)}; slowest: "
    + ", ".join(f"{what} {took:.1f} s" for what, took in sorted(done_ops, key=lambda d: -d[1])[:3])
)
if rig.draws_ink:
    print(
        f"  ink: {counts['gestures']} gestures, {counts['drags']} strokes dragged; "
        f"{len(ink_events)} ink lines journalled, "
        f"{ink_events[-1]['strokes'] if ink_events else 0} strokes at the last"
    )
print(f"  exit status after q q: {exit_status}")
print(
    "  recordings: "
    + ", ".join(f"{name} {seconds:.0f} s {size / 1048576:.1f} MB" for name, seconds, size in recorded)
)
if office and office[0] is not None and office[1] is not None:
    print(
        f"  office deck (empty cache): first slide on the audience {office[0]:.1f} s, "
        f"every slide and step {office[1]:.1f} s after launch"
    )
with open(os.path.join(work, "rss.tsv"), "w") as out:
    out.write("seconds\tVmRSS_kB\tVmHWM_kB\tRssAnon_kB\n")
    out.writelines("\t".join(map(str, r)) + "\n" for r in rss)
if failures:
    print(f"soak: FAILED, {len(failures)} check(s); replay with SOAK_SEED={seed}")
    sys.exit(1)
print("soak: passed")
