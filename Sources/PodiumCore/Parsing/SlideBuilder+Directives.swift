import Foundation

/// Directives: Podium's own and Marp's, from comments and the front matter.
extension SlideBuilder {
  /// Carries out one directive of a comment. Podium's (`layout`, `background`, `class`, `fit`,
  /// `duration`, `advance`) hold for this slide; Marp's local ones for this slide and the next unless
  /// written `_name`; Marp's global ones are gathered for the deck.
  mutating func apply(_ directive: CommentCommand.Directive, at here: SourceLocation) {
    let value = directive.value
    if directive.spot || CommentCommand.globalDirectiveKeys.contains(directive.key)
      || CommentCommand.localDirectiveKeys.contains(directive.key)
    {
      usedDialectDirective = true
    }
    if CommentCommand.globalDirectiveKeys.contains(directive.key) {
      globals.append((directive, here))
      // The deck's CSS for classes styles the HTML elements that name them (SlideBuilder+HTML).
      if directive.key == "style" { readClassCSS(value) }
      return
    }
    if CommentCommand.localDirectiveKeys.contains(directive.key) {
      applyLocalDirective(directive, at: here)
      return
    }
    switch directive.key {
    case "layout":
      if let layout = SlideLayout(rawValue: value.lowercased()) {
        directives.layout = layout
      } else {
        unknownValue(
          "unknown layout '\(value)'; expected \(SlideLayout.allCases.map(\.rawValue).joined(separator: ", "))",
          shownWithout: "the slide uses the default layout", at: here)
      }
    case "background":
      if let background = parseBackground(value, at: here) { directives.background = background }
    case "class":
      applyClasses(value, spot: directive.spot, at: here)
    case "fit":
      if let flag = parseBool(value) {
        directives.fit = flag
      } else {
        unknownValue(
          "fit must be true or false, not '\(value)'", shownWithout: "the slide is not fitted",
          at: here)
      }
    case "duration":
      if let duration = TalkDuration(parsing: value) {
        directives.duration = duration
      } else {
        unknownValue(
          "duration '\(value)' is not a length of time; expected e.g. 90s or 2m",
          shownWithout: "the slide has no time of its own", at: here)
      }
    case "advance":
      if let seconds = AdvanceTime.seconds(parsing: value) {
        directives.advance = .slide(seconds)
      } else {
        unknownValue(
          "advance '\(value)' is not a length of time; expected e.g. 8s, 1.5s or 1m",
          shownWithout: "the slide waits for the speaker", at: here)
      }
    default:
      break
    }
  }

  /// A directive's value Podium does not know: an error in Podium's own decks; a warning, the
  /// slide shown without it, where the deck's own tool shows the slide anyway.
  private mutating func unknownValue(
    _ message: String, shownWithout consequence: String, at here: SourceLocation
  ) {
    if rules.unknownDirectiveValuesAreWarnings {
      diagnostics.warning("\(message); \(consequence)", at: here)
    } else {
      diagnostics.error(message, at: here)
    }
  }

  /// A background: a CSS colour, a gradient (drawn as its first colour), or an image's path,
  /// bare or as Marp's `url('x.png')`. What cannot be drawn is a warning: Marp hands the value
  /// to the browser, which shows the slide whatever it makes of it.
  mutating func parseBackground(_ raw: String, at here: SourceLocation) -> SlideBackground? {
    var value = raw.trimmingCharacters(in: .whitespaces)
    if value.isEmpty {
      diagnostics.warning(
        "background needs a colour (e.g. #1b2b34) or an image path; none is drawn", at: here)
      return nil
    }
    if let color = CSSColor.parse(value) { return .color(color) }
    let lowered = value.lowercased()
    if lowered.contains("gradient(") {
      if let gradient = LinearGradient.parse(value) { return .gradient(gradient) }
      guard let color = CSSColor.firstColor(in: value) else {
        diagnostics.warning(
          "background '\(value)' has no colour Podium can read; none is drawn", at: here)
        return nil
      }
      diagnostics.warning(
        "only linear gradients of colours Podium reads are drawn: the background is the gradient's first colour",
        at: here)
      return .color(color)
    }
    if value.hasPrefix("#") || lowered.hasPrefix("rgb") || lowered.hasPrefix("hsl") {
      diagnostics.warning(
        "background colour '\(value)' is not valid; expected #rgb, #rrggbb, #rrggbbaa, rgb(), hsl() or a colour name; none is drawn",
        at: here)
      return nil
    }
    // Marp writes `backgroundImage: url('x.png')`.
    if lowered.hasPrefix("url(") && value.hasSuffix(")") {
      value = String(value.dropFirst(4).dropLast()).trimmingCharacters(
        in: CharacterSet(charactersIn: "'\" "))
    }
    return .image(imageReference(source: value, alt: "", at: here))
  }

  /// `class: lead invert`: Marp's classes replace the slide's (`_class` for this slide only; a
  /// plain `class` in a Marp deck for the slides after it too). Other names mean something only
  /// to the deck's own CSS: they are kept, and warned about once each.
  private mutating func applyClasses(_ value: String, spot: Bool, at here: SourceLocation) {
    var classes = Set<SlideClass>()
    var others: [String] = []
    for word in value.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
      // Marp's gaia theme calls its inverted colours the `gaia` class.
      let name = word.lowercased() == "gaia" ? "invert" : word.lowercased()
      if let slideClass = SlideClass(rawValue: name) {
        classes.insert(slideClass)
      } else {
        others.append(String(word))
        // A Marp deck's CSS may style it: `DeckCSS` names a class no CSS of the deck names.
        if !rules.carriesClasses && !warnedClasses.contains(String(word)) {
          warnedClasses.insert(String(word))
          diagnostics.warning(
            "class '\(word)' is not one Podium draws (lead, invert); kept on the slide, but the deck's CSS rules for it are not carried out",
            at: here)
        }
      }
    }
    if rules.carriesClasses {
      directives.classes = classes
      directives.otherClasses = others
      if !spot {
        carried.classes = classes
        carried.otherClasses = others
      }
    } else {
      directives.classes.formUnion(classes)
      directives.otherClasses += others
    }
  }

  /// Marp's directives from the front matter: `_name` for the first slide, the others (and
  /// `class`) for every slide.
  mutating func applyDeckWide(_ list: [(CommentCommand.Directive, SourceLocation)]) {
    for (directive, location) in list {
      if directive.spot {
        firstSlideDirectives.append((directive, location))
      } else if directive.key == "class" {
        apply(directive, at: location)
        carried.classes = directives.classes
        carried.otherClasses = directives.otherClasses
      } else {
        apply(directive, at: location)
      }
    }
    directives = SlideDirectives()
  }

  /// Marp's local directives: `paginate`, `header`, `footer`, `color`, `backgroundColor`,
  /// `backgroundImage` and `transition`. A value Podium cannot use is a warning: Marp draws it.
  private mutating func applyLocalDirective(
    _ directive: CommentCommand.Directive, at here: SourceLocation
  ) {
    var target = SlideDirectives()
    let value = directive.value
    switch directive.key {
    case "paginate":
      // Marpit: `hold` and `skip` keep the page number where it is, `skip` hides it too;
      // anything but `true` is false.
      switch value.trimmingCharacters(in: .whitespaces).lowercased() {
      case "hold": (target.paginate, target.pageHeld) = (true, true)
      case "skip": (target.paginate, target.pageHeld) = (false, true)
      default:
        let flag = parseBool(value)
        if flag == nil {
          diagnostics.warning(
            "paginate is true, false, hold or skip, not '\(value)'; read as false, as Marp does",
            at: here)
        }
        (target.paginate, target.pageHeld) = (flag ?? false, false)
      }
    case "header": target.header = value
    case "footer": target.footer = value
    case "color":
      guard let color = Self.color(value) else {
        diagnostics.warning(
          "colour '\(value)' is not valid; expected #rgb, #rrggbb, rgb(), hsl() or a colour name; the theme's is kept",
          at: here)
        return
      }
      target.color = color
    case "transition":
      guard let transition = SlideTransition(parsing: value) else {
        diagnostics.warning(
          "transition '\(value)' is not a transition; expected a name and a time, e.g. fade or push 0.8s",
          at: here)
        return
      }
      if transition.effect.map({ $0.rawValue != transition.name }) == true,
        warnedTransitions.insert(transition.name).inserted
      {
        let kind =
          SlideTransition.builtInNames.contains(transition.name)
          ? "is one Podium does not draw"
          : "is not one of Marp's built-in transitions (a deck's own CSS keyframes are not run)"
        diagnostics.warning(
          "transition '\(transition.name)' \(kind); it is drawn as a fade (Podium draws "
            + "fade, slide, push, cover, reveal and none)", at: here)
      }
      target.transition = transition
    default:  // backgroundColor, backgroundImage
      guard let background = parseBackground(value, at: here) else { return }
      target.background = background
    }
    directives.takeLocalDirectives(from: target)
    if !directive.spot { carried.takeLocalDirectives(from: target) }
  }

  /// A CSS colour: `#rgb`, `#rrggbb`, `rgb()`, `hsl()`, a colour's name.
  static func color(_ raw: String) -> RGBAColor? {
    CSSColor.parse(raw)
  }
}
