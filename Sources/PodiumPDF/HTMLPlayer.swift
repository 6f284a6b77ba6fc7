import PodiumCore

/// The page `podium export -o talk.html` writes around the slides' SVGs: its style sheet, its
/// script and the notes, all inline, so the file opens offline in any browser and asks the
/// network for nothing (its Content-Security-Policy forbids every fetch but `data:` pictures).
///
/// The script shows one build step at a time, scaled to the window with the deck's shape kept
/// (black borders); Right, Down, Space, Enter, PageDown, a click on the right two thirds or a
/// swipe to the left go on, Left, Up, Backspace, PageUp, a click on the left third or a swipe to
/// the right go back, Home and End to the first and last step, a slide number then Enter to that
/// slide; `n` shows the notes, `f` full screen, `b` or `.` a black screen (clickers send them),
/// `?` the keys. The address's hash follows the step (`#5` is slide 5's first step, `#5.2` its
/// second), so a link opens there.
enum HTMLPlayer {
  /// One build step of the page.
  struct Step {
    /// The deck's number for the slide (1-based), and the step's among its own (1-based).
    var slide: Int
    var step: Int
    var stepCount: Int
    /// The inline `<svg>` element.
    var svg: String
  }

  /// The notes of one slide, a paragraph each block.
  struct Notes {
    var slide: Int
    var paragraphs: [String]
  }

  static func page(
    title: String, size: PixelSize, slideCount: Int, definitions: [String], steps: [Step],
    notes: [Notes]
  ) -> String {
    var html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta http-equiv="Content-Security-Policy" content="\(policy)">
      <meta name="generator" content="Podium">
      <title>\(escaped(title))</title>
      <style>\(style(size))</style></head>
      <body>
      <svg id="shared" width="0" height="0" aria-hidden="true"><defs>

      """
    for element in definitions {
      html += element
      html += "\n"
    }
    html += "</defs></svg>\n<main id=\"stage\" data-slides=\"\(slideCount)\">\n"
    for step in steps {
      html +=
        "<section class=\"step\" data-slide=\"\(step.slide)\" data-step=\"\(step.step)\" "
        + "data-steps=\"\(step.stepCount)\">"
      html += step.svg
      html += "</section>\n"
    }
    html +=
      "</main>\n<aside id=\"notes\" hidden><p id=\"where\"></p>\n"
      + "<p id=\"no-notes\" hidden>No notes for this slide.</p>\n"
    for slide in notes {
      html += "<div class=\"note\" data-slide=\"\(slide.slide)\" hidden>"
      for paragraph in slide.paragraphs {
        html += "<p>\(escaped(paragraph))</p>"
      }
      html += "</div>\n"
    }
    html += "</aside>\n"
    html += help
    html += "<script>\n\(script)</script>\n</body></html>\n"
    return html
  }

  /// Nothing from anywhere: pictures are `data:` addresses, style and script are here.
  static let policy =
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
    + "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"

  /// Text as HTML shows it as text.
  static func escaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  private static let help = """
    <div id="help" hidden><table>
    <tr><td>Right, Space, PageDown, click, swipe left</td><td>next build step</td></tr>
    <tr><td>Left, Backspace, PageUp, swipe right</td><td>previous step</td></tr>
    <tr><td>Home, End</td><td>first, last</td></tr>
    <tr><td>a number, then Enter</td><td>that slide</td></tr>
    <tr><td>n</td><td>the speaker's notes</td></tr>
    <tr><td>f</td><td>full screen</td></tr>
    <tr><td>b or .</td><td>black screen, and back</td></tr>
    <tr><td>?</td><td>these keys</td></tr>
    </table></div>

    """

  private static func style(_ size: PixelSize) -> String {
    """
    html,body{margin:0;height:100%;background:#000;overscroll-behavior:none}
    body{display:flex;flex-direction:column;overflow:hidden;color:#dce3ea;
    font:20px/1.45 system-ui,sans-serif}
    [hidden]{display:none!important}
    #stage{flex:1 1 auto;position:relative;min-height:0;touch-action:pan-y pinch-zoom}
    .step svg{display:block;width:100%;height:100%}
    .js .step{position:absolute;top:0;left:0;right:0;bottom:0;display:none}
    .js .step.current{display:block}
    html:not(.js) body{overflow:auto}
    html:not(.js) .step{aspect-ratio:\(size.width)/\(size.height);margin:0 auto 8px;max-width:100vw}
    .black #stage{visibility:hidden}
    .step a{cursor:pointer}
    .idle,.idle *{cursor:none}
    #notes{flex:0 0 32%;overflow:auto;box-sizing:border-box;padding:12px 28px;background:#1b2129;
    border-top:1px solid #39424d}
    #notes p{margin:0 0 .6em}
    #where,#no-notes{color:#8b98a5;font-size:15px}
    #help{position:fixed;left:50%;top:50%;transform:translate(-50%,-50%);background:#1b2129e8;
    padding:16px 24px;border-radius:8px;font-size:16px}
    #help td{padding:3px 12px}
    """
  }

  private static let script = """
    (function () {
      'use strict';
      var root = document.documentElement;
      root.classList.add('js');
      var steps = [].slice.call(document.querySelectorAll('.step'));
      var notes = document.getElementById('notes');
      var where = document.getElementById('where');
      var help = document.getElementById('help');
      var stage = document.getElementById('stage');
      var slideCount = stage.getAttribute('data-slides');
      var current = -1, typed = '', idle = 0;
      function data(i, name) { return +steps[i].getAttribute('data-' + name); }
      function hashOf(i) {
        return '#' + data(i, 'slide') + (data(i, 'step') > 1 ? '.' + data(i, 'step') : '');
      }
      function show(i) {
        if (!steps.length) return;
        i = Math.max(0, Math.min(steps.length - 1, i));
        if (i !== current) {
          if (current >= 0) steps[current].classList.remove('current');
          current = i;
          steps[i].classList.add('current');
          var slide = steps[i].getAttribute('data-slide');
          var noted = false;
          [].forEach.call(notes.querySelectorAll('.note'), function (note) {
            note.hidden = note.getAttribute('data-slide') !== slide;
            noted = noted || !note.hidden;
          });
          document.getElementById('no-notes').hidden = noted;
          where.textContent = 'Slide ' + slide + ' of ' + slideCount +
            (data(i, 'steps') > 1 ? ', step ' + data(i, 'step') + ' of ' + data(i, 'steps') : '');
        }
        if (location.hash !== hashOf(i)) history.replaceState(null, '', hashOf(i));
      }
      // #5 is slide 5's first step, #5.2 its second; a slide not in the page, the next one.
      function fromHash() {
        var match = /^#(\\d+)(?:\\.(\\d+))?$/.exec(location.hash);
        if (!match) return 0;
        var slide = +match[1], step = match[2] ? +match[2] : 1;
        for (var i = 0; i < steps.length; i++) {
          if (data(i, 'slide') > slide) return i;
          if (data(i, 'slide') === slide &&
              (data(i, 'step') >= step || data(i, 'step') === data(i, 'steps'))) return i;
        }
        return steps.length - 1;
      }
      function slideStart(slide) {
        for (var i = 0; i < steps.length; i++) if (data(i, 'slide') >= slide) return i;
        return steps.length - 1;
      }
      function fullScreen() {
        if (document.fullscreenElement) {
          document.exitFullscreen();
        } else if (root.requestFullscreen) {
          root.requestFullscreen().catch(function () {});
        }
      }
      document.addEventListener('keydown', function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        var key = event.key;
        if (/^[0-9]$/.test(key)) { typed += key; event.preventDefault(); return; }
        if (key === 'Enter' && typed) {
          show(slideStart(+typed));
        } else if (key === 'ArrowRight' || key === 'ArrowDown' || key === 'PageDown' ||
            key === 'Enter' || (key === ' ' && !event.shiftKey)) {
          show(current + 1);
        } else if (key === 'ArrowLeft' || key === 'ArrowUp' || key === 'PageUp' ||
            key === 'Backspace' || key === ' ') {
          show(current - 1);
        } else if (key === 'Home') {
          show(0);
        } else if (key === 'End') {
          show(steps.length - 1);
        } else if (key === 'n' || key === 'N') {
          notes.hidden = !notes.hidden;
        } else if (key === 'f' || key === 'F') {
          fullScreen();
        } else if (key === 'b' || key === 'B' || key === '.') {
          root.classList.toggle('black');
        } else if (key === '?') {
          help.hidden = !help.hidden;
        } else if (key === 'Escape') {
          help.hidden = true;
        } else {
          return;
        }
        typed = '';
        event.preventDefault();
      });
      // A swipe's touchend is cancelled, so no click follows it; one that came all the same
      // within half a second is not taken as a second move.
      var touch = null, swiped = 0;
      stage.addEventListener('touchstart', function (event) {
        var t = event.changedTouches[0];
        touch = { x: t.clientX, y: t.clientY };
      }, { passive: true });
      stage.addEventListener('touchend', function (event) {
        if (!touch) return;
        var t = event.changedTouches[0];
        var dx = t.clientX - touch.x, dy = t.clientY - touch.y;
        touch = null;
        if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) {
          swiped = Date.now();
          show(dx < 0 ? current + 1 : current - 1);
          event.preventDefault();
        }
      });
      stage.addEventListener('click', function (event) {
        // A link on the slide opens (in a new tab) instead.
        if (Date.now() - swiped < 500 || event.target.closest('a')) return;
        show(event.clientX < stage.clientWidth / 3 ? current - 1 : current + 1);
      });
      document.addEventListener('mousemove', function () {
        root.classList.remove('idle');
        clearTimeout(idle);
        idle = setTimeout(function () { root.classList.add('idle'); }, 2000);
      });
      window.addEventListener('hashchange', function () { show(fromHash()); });
      show(fromHash());
    })();

    """
}
