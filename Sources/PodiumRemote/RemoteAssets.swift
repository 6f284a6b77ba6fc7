/// The remote's web app, built into the binary: four pages (phone, notes, timer, audience), one
/// script and one style sheet. No CDN, no inline script or style: the CSP allows only these.
/// Nothing from a request's path reaches the file system: it is looked up in this table.
enum RemoteAssets {
  struct File {
    var type: String
    var text: String
  }

  static let securityHeaders: [String: String] = [
    "Content-Security-Policy":
      "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
      + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
  ]

  static func file(_ path: String) -> File? {
    switch path {
    case "/", "/phone": return File(type: html, text: page("phone", phoneBody))
    case "/notes": return File(type: html, text: page("notes", notesBody))
    case "/timer": return File(type: html, text: page("timer", timerBody))
    case "/audience": return File(type: html, text: page("audience", audienceBody))
    case "/app.js": return File(type: "text/javascript; charset=utf-8", text: script)
    case "/app.css": return File(type: "text/css; charset=utf-8", text: style)
    default: return nil
    }
  }

  private static let html = "text/html; charset=utf-8"

  private static func page(_ view: String, _ body: String) -> String {
    """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, user-scalable=no">
    <title>Podium \(view)</title><link rel="stylesheet" href="/app.css">
    <script src="/app.js" defer></script></head>
    <body data-view="\(view)">
    \(view == "audience" ? "" : pairForm)
    \(body)
    </body></html>
    """
  }

  private static let pairForm = """
    <form id="pair" hidden><h1>Podium remote</h1>
    <p>Type the PIN the speaker's console shows, or scan its QR code.</p>
    <input id="pin" inputmode="numeric" autocomplete="one-time-code" maxlength="6"
     pattern="[0-9]{6}" placeholder="PIN" aria-label="PIN">
    <button id="pair-go" type="submit">Pair</button><p id="pair-message"></p></form>
    """

  private static let phoneBody = """
    <main id="main" hidden>
    <header><span id="where"></span><span id="times"></span>
    <span id="link" class="link">connecting</span></header>
    <div id="slides"><img id="current" alt="current slide"><img id="next" alt="next slide"></div>
    <section id="notes" class="notes"></section>
    <nav><button id="previous" class="big">&#9664; Previous</button>
    <button id="forward" class="big">Next &#9654;</button></nav>
    <nav><button id="black">Black</button><button id="freeze">Freeze</button>
    <input id="number" inputmode="numeric" maxlength="5" placeholder="#" aria-label="slide">
    <button id="go">Go</button></nav>
    </main>
    """

  private static let notesBody = """
    <main id="main" hidden><header><span id="where"></span><span id="times"></span>
    <span id="link" class="link">connecting</span></header>
    <section id="notes" class="notes big-notes"></section></main>
    """

  private static let timerBody = """
    <main id="main" hidden class="timer"><div id="elapsed"></div><div id="remaining"></div>
    <div id="pace"></div><div id="where"></div><div id="clock"></div>
    <span id="link" class="link">connecting</span></main>
    """

  private static let audienceBody = """
    <main id="main" class="audience"><img id="room" alt=""></main>
    """

  private static let style = """
    * { box-sizing: border-box; }
    html, body { margin: 0; height: 100%; background: #111; color: #eee;
      font: 18px system-ui, sans-serif; }
    [hidden] { display: none !important; }
    form#pair { padding: 2em 1em; text-align: center; }
    form#pair input { font-size: 2em; width: 7em; text-align: center; letter-spacing: .2em; }
    button { font: inherit; padding: .6em 1em; border-radius: .4em; border: 0; background: #333;
      color: #eee; }
    button.big { flex: 1; font-size: 1.6em; padding: 1em .5em; background: #2a5db0; }
    main { display: flex; flex-direction: column; min-height: 100%; }
    header { display: flex; justify-content: space-between; gap: .5em; padding: .4em .6em;
      background: #222; font-variant-numeric: tabular-nums; }
    .link { color: #8c8; } .link.down { color: #f66; font-weight: bold; }
    #slides { display: flex; gap: .4em; padding: .4em; align-items: flex-start; }
    #current { width: 64%; background: #000; } #next { width: 34%; opacity: .8; background: #000; }
    .notes { flex: 1; padding: .4em .8em; font-size: 1.5em; line-height: 1.35; overflow-y: auto; }
    .big-notes { font-size: 2.4em; }
    .notes p { margin: 0 0 .5em; }
    .notes p.dim { opacity: .45; }
    nav { display: flex; gap: .4em; padding: .4em; }
    nav input { width: 4em; font-size: 1.2em; text-align: center; }
    .on { background: #b03030 !important; }
    .timer { align-items: center; justify-content: center; text-align: center;
      font-variant-numeric: tabular-nums; }
    #elapsed { font-size: 22vw; font-weight: bold; } #remaining { font-size: 10vw; }
    #pace, #where, #clock { font-size: 5vw; color: #aaa; } .late { color: #f66 !important; }
    .audience { background: #000; align-items: center; justify-content: center; height: 100%; }
    .audience img { max-width: 100%; max-height: 100vh; }
    .audience.white { background: #fff; }
    """

  private static let script = #"""
    'use strict';
    const view = document.body.dataset.view;
    const $ = (id) => document.getElementById(id);
    let state = null;
    let events = null;
    let notesPlace = null;

    async function start() {
      const answer = await fetch('/api/state', { credentials: 'same-origin' }).catch(() => null);
      if (answer && answer.status === 401) { return askPin(); }
      if (!answer) { setTimeout(start, 1000); return; }
      if ($('pair')) { $('pair').hidden = true; }
      $('main').hidden = false;
      listen();
    }

    function askPin() {
      if (!$('pair')) { setTimeout(start, 2000); return; }
      $('main').hidden = true;
      $('pair').hidden = false;
      $('pin').focus();
    }

    async function pair(event) {
      event.preventDefault();
      const answer = await fetch('/api/pair', { method: 'POST', body: $('pin').value,
        credentials: 'same-origin' }).catch(() => null);
      if (answer && answer.ok) { $('pin').value = ''; return start(); }
      const body = answer ? await answer.json().catch(() => ({})) : {};
      $('pair-message').textContent = !answer ? 'No connection.'
        : answer.status === 429 ? `Too many tries: wait ${body.seconds} s.`
        : answer.status === 410 ? 'This PIN was used: scan the QR code.'
        : `Wrong PIN (${body.triesLeft} tries left).`;
    }

    function listen() {
      if (events) { events.close(); }
      events = new EventSource('/api/events');
      events.onopen = () => link(true);
      events.onmessage = (message) => show(JSON.parse(message.data));
      events.onerror = () => {
        link(false);
        // A refused stream (the token changed) is not retried by the browser: start again.
        if (events.readyState === EventSource.CLOSED) { setTimeout(start, 1000); }
      };
    }

    function link(up) {
      const mark = $('link');
      if (!mark) { return; }
      mark.textContent = up ? 'connected' : 'disconnected: reconnecting';
      mark.classList.toggle('down', !up);
      document.body.classList.toggle('offline', !up);
    }

    function picture(image, slide, step) {
      if (!image || !slide) { if (image) { image.hidden = true; } return; }
      const width = Math.round((image.clientWidth || window.innerWidth) * devicePixelRatio);
      const source = `/api/picture?slide=${slide}&step=${step}&w=${width}`;
      if (image.dataset.source !== source) { image.dataset.source = source; image.src = source; }
      image.hidden = false;
    }

    function text(id, value) { const node = $(id); if (node) { node.textContent = value || ''; } }

    function show(next) {
      state = next;
      const where = `Slide ${next.slide} / ${next.slides}` +
        (next.steps > 1 ? ` · step ${next.step}/${next.steps}` : '') +
        (next.black ? ' · BLACK' : '') + (next.white ? ' · WHITE' : '') +
        (next.frozen ? ' · FROZEN' : '');
      text('where', where);
      const times = next.elapsed + (next.remaining ? ` · ${next.remaining} left` : '') +
        (next.pace ? ` · ${next.pace}` : '');
      text('times', times);
      text('elapsed', next.elapsed);
      text('remaining', next.remaining ? `${next.remaining} left` : '');
      text('pace', next.pace);
      text('clock', next.clock);
      if ($('pace')) { $('pace').classList.toggle('late', (next.pace || '').endsWith('behind')); }
      const notes = $('notes');
      if (notes) {
        notes.replaceChildren(...(next.notes.length ? next.notes : ['No notes for this slide.'])
          .map((line, index) => {
            const p = document.createElement('p');
            p.textContent = line;
            if (next.notesLit && next.notesLit[index] === false) { p.classList.add('dim'); }
            return p;
          }));
        // A step into another place brings its part of the notes into view, first paragraph
        // at the top; the clock's ticks leave the speaker's own scrolling alone.
        const place = `${next.slide}:${next.step}`;
        if (place !== notesPlace) {
          notesPlace = place;
          const lit = (next.notesLit || []).indexOf(true);
          notes.scrollTop = lit > 0 && next.notesLit.includes(false)
            ? notes.children[lit].offsetTop - notes.offsetTop : 0;
        }
      }
      picture($('current'), next.slide, next.step);
      picture($('next'), next.nextSlide, next.nextStep);
      if (view === 'audience') {
        const room = $('room');
        $('main').classList.toggle('white', next.white);
        if (next.black || next.white) { room.hidden = true; } else { picture(room, next.roomSlide, next.roomStep); }
      }
      for (const id of ['previous', 'forward', 'black', 'freeze', 'go']) {
        if ($(id)) { $(id).disabled = next.readOnly; }
      }
      if ($('black')) { $('black').classList.toggle('on', next.black); }
      if ($('freeze')) { $('freeze').classList.toggle('on', next.frozen); }
    }

    function send(command) {
      fetch('/api/command', { method: 'POST', body: command, credentials: 'same-origin' })
        .catch(() => link(false));
    }

    function wire() {
      if ($('pair')) { $('pair').addEventListener('submit', pair); }
      const click = (id, command) => { if ($(id)) { $(id).addEventListener('click', command); } };
      click('forward', () => send('next'));
      click('previous', () => send('previous'));
      click('black', () => send('black'));
      click('freeze', () => send('freeze'));
      click('go', () => {
        const number = parseInt($('number').value, 10);
        if (number > 0) { send(`goto:${number}`); $('number').value = ''; }
      });
      let touch = null;
      const area = $('slides');
      if (area) {
        area.addEventListener('touchstart', (e) => { touch = e.changedTouches[0]; }, { passive: true });
        area.addEventListener('touchend', (e) => {
          if (!touch) { return; }
          const dx = e.changedTouches[0].clientX - touch.clientX;
          const dy = e.changedTouches[0].clientY - touch.clientY;
          touch = null;
          if (Math.abs(dx) > 50 && Math.abs(dx) > 2 * Math.abs(dy)) { send(dx < 0 ? 'next' : 'previous'); }
        }, { passive: true });
      }
      window.addEventListener('resize', () => { if (state) { show(state); } });
    }

    wire();
    start();
    """#
}
