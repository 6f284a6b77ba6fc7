import Foundation

/// Directives: Podium's own and Marp's, from comments and the front matter.
extension SlideBuilder {
  /// Carries out one directive of a comment. Podium's (`layout`, `background`, `class`, `fit`,
  /// `duration`) hold for this slide; Marp's local ones for this slide and the next unless
  /// written `_name`; Marp's global ones are gathered for the deck.
  mutating func apply(_ directive: CommentCommand.Directive, at here: SourceLocation) {
    let value = directive.value
    if CommentCommand.marpGlobal.contains(directive.key) {
      globals.append((directive, here))
      return
    }
    if CommentCommand.marpLocal.contains(directive.key) {
      applyMarpLocal(directive, at: here)
      return
    }
    switch directive.key {
    case "layout":
      if let layout = SlideLayout(rawValue: value.lowercased()) {
        directives.layout = layout
      } else {
        diagnostics.error(
          "unknown layout '\(value)'; expected \(SlideLayout.allCases.map(\.rawValue).joined(separator: ", "))",
          at: here)
      }
    case "background":
      if let background = parseBackground(value, at: here) { directives.background = background }
    case "class":
      var classes = Set<SlideClass>()
      for word in value.split(whereSeparator: \.isWhitespace) {
        // Marp's gaia theme calls its inverted colours the `gaia` class.
        let name = word.lowercased() == "gaia" ? "invert" : word.lowercased()
        if let slideClass = SlideClass(rawValue: name) {
          classes.insert(slideClass)
        } else {
          diagnostics.error("unknown class '\(word)'; expected lead or invert", at: here)
        }
      }
      directives.classes.formUnion(classes)
    case "fit":
      if let flag = parseBool(value) {
        directives.fit = flag
      } else {
        diagnostics.error("fit must be true or false, not '\(value)'", at: here)
      }
    case "duration":
      if let duration = TalkDuration(parsing: value) {
        directives.duration = duration
      } else {
        diagnostics.error(
          "duration '\(value)' is not a length of time; expected e.g. 90s or 2m", at: here)
      }
    default:
      break
    }
  }

  static let namedColors: [String: RGBAColor] = [
    "black": RGBAColor(red: 0, green: 0, blue: 0),
    "white": RGBAColor(red: 255, green: 255, blue: 255),
    "red": RGBAColor(red: 255, green: 0, blue: 0), "green": RGBAColor(red: 0, green: 128, blue: 0),
    "blue": RGBAColor(red: 0, green: 0, blue: 255),
    "gray": RGBAColor(red: 128, green: 128, blue: 128),
    "grey": RGBAColor(red: 128, green: 128, blue: 128),
    "navy": RGBAColor(red: 0, green: 0, blue: 128),
    "orange": RGBAColor(red: 255, green: 165, blue: 0),
    "yellow": RGBAColor(red: 255, green: 255, blue: 0),
    "purple": RGBAColor(red: 128, green: 0, blue: 128),
    "teal": RGBAColor(red: 0, green: 128, blue: 128),
  ]

  mutating func parseBackground(_ raw: String, at here: SourceLocation) -> SlideBackground? {
    var value = raw.trimmingCharacters(in: .whitespaces)
    if value.isEmpty {
      diagnostics.error("background needs a colour (e.g. #1b2b34) or an image path", at: here)
      return nil
    }
    if value.hasPrefix("#") {
      if let color = RGBAColor(hex: value) { return .color(color) }
      diagnostics.error(
        "background colour '\(value)' is not valid; expected #rgb, #rrggbb or #rrggbbaa", at: here)
      return nil
    }
    if let color = Self.namedColors[value.lowercased()] { return .color(color) }
    // Marp writes `backgroundImage: url('x.png')`.
    if value.hasPrefix("url(") && value.hasSuffix(")") {
      value = String(value.dropFirst(4).dropLast()).trimmingCharacters(
        in: CharacterSet(charactersIn: "'\" "))
    }
    return .image(imageReference(source: value, alt: "", at: here))
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
      } else {
        apply(directive, at: location)
      }
    }
    directives = SlideDirectives()
  }

  /// Marp's local directives: `paginate`, `header`, `footer`, `color`, `backgroundColor` and
  /// `backgroundImage`.
  private mutating func applyMarpLocal(
    _ directive: CommentCommand.Directive, at here: SourceLocation
  ) {
    var target = SlideDirectives()
    let value = directive.value
    switch directive.key {
    case "paginate":
      guard let flag = parseBool(value) else {
        diagnostics.error("paginate must be true or false, not '\(value)'", at: here)
        return
      }
      target.paginate = flag
    case "header": target.header = value
    case "footer": target.footer = value
    case "color":
      guard let color = Self.color(value) else {
        diagnostics.error(
          "colour '\(value)' is not valid; expected #rgb, #rrggbb, #rrggbbaa or a colour name",
          at: here)
        return
      }
      target.color = color
    default:  // backgroundColor, backgroundImage
      guard let background = parseBackground(value, at: here) else { return }
      target.background = background
    }
    directives.takeMarpLocals(from: target)
    if !directive.spot { carried.takeMarpLocals(from: target) }
  }

  /// `#rgb`, `#rrggbb`, `#rrggbbaa` or a colour's name.
  static func color(_ raw: String) -> RGBAColor? {
    let value = raw.trimmingCharacters(in: .whitespaces)
    return RGBAColor(hex: value) ?? namedColors[value.lowercased()]
  }
}
