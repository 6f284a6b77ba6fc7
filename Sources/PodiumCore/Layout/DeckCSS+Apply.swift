import Foundation

/// One declaration of a Marp deck's CSS carried out on the theme, where it decides how a slide
/// looks: `section`'s ground, ink, font, size, padding and placement; headings' colours, sizes,
/// weights and alignment; the colours, grounds and borders of links, `strong`, `em`, code,
/// tables, quotes, the header, the footer and the page number (`section::after`).
extension DeckCSS {
  /// Whether `rule` was carried out (its property, for its element, with a value Podium reads).
  static func apply(_ rule: CSSRule, to theme: inout Theme) -> Bool {
    let value = rule.value.trimmingCharacters(in: .whitespaces)
    let color = color(in: value)
    let element = rule.selector.element
    switch element {
    case "section": return section(rule.name, value, color, &theme)
    case "section::after", "header", "footer":
      return corner(element, rule.name, value, color, &theme)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      return heading(Int(element.dropFirst()) ?? 1, rule.name, value, color, &theme)
    case "a", "strong", "em":
      guard rule.name == "color", let color else { return false }
      switch element {
      case "a": theme.colors.accent = color
      case "strong": theme.cssStyle.strongColor = color
      default: theme.cssStyle.emphasisColor = color
      }
      return true
    case "code", "pre": return code(element == "pre", rule.name, value, color, &theme)
    case "table", "th", "td": return table(element, rule.name, value, color, &theme)
    case "blockquote":
      switch rule.name {
      case "background", "background-color":
        guard let color else { return false }
        theme.colors.quoteBackground = color
      case "border-left", "border-left-color", "border", "border-color":
        if none(value) {
          theme.cssLook?.quote.bar = .init()
          return true
        }
        guard let color else { return false }
        theme.quoteBar = color
        if rule.name != "border-left-color" && rule.name != "border-color",
          let width = borderWidth(value, root: bodyPixels(theme))
        {
          theme.cssLook?.quote.bar = width
        }
      case "padding":
        guard let sizes = boxLengths(value, em: bodyPixels(theme)) else { return false }
        theme.cssLook?.quote.paddingY = .init(px: sizes[0])
        theme.cssLook?.quote.paddingX = .init(px: sizes.count > 1 ? sizes[1] : sizes[0])
      case "font-style":
        switch value.lowercased() {
        case "normal": theme.cssLook?.quote.italic = false
        case "italic", "oblique": theme.cssLook?.quote.italic = true
        default: return false
        }
      case "color":
        guard let color else { return false }
        theme.cssStyle.quoteText = color
      default: return false
      }
      return true
    default: return false
    }
  }

  /// The colour a value names: all of it, one of its words (`2px solid #888`), or a gradient's
  /// first colour.
  static func color(in value: String) -> RGBAColor? {
    if let color = CSSColor.parse(value) { return color }
    for word in CSSSelector.split(value, at: " ") where !word.isEmpty {
      if let color = CSSColor.parse(word) { return color }
    }
    return CSSColor.firstColor(in: value)
  }

  /// A CSS length in Marp's pixels on its 720-pixel-high slide: `px`, `pt`, and `em`/`rem`/`%`
  /// of `em` pixels.
  static func pixels(_ value: String, em: Double) -> Double? {
    let text = value.trimmingCharacters(in: .whitespaces).lowercased()
    if text == "0" { return 0 }
    for (unit, factor) in [("px", 1.0), ("pt", 4.0 / 3), ("rem", em), ("em", em), ("%", em / 100)]
    where text.hasSuffix(unit) {
      guard let number = Double(text.dropLast(unit.count)), number >= 0, number < 2000 else {
        return nil
      }
      return number * factor
    }
    return nil
  }

  private static func bodyPixels(_ theme: Theme) -> Double { theme.sizes.body * 720 }

  private static func section(
    _ name: String, _ value: String, _ color: RGBAColor?, _ theme: inout Theme
  ) -> Bool {
    switch name {
    case "background", "background-color", "background-image":
      // A linear gradient drawn over the colour, else its first colour; an image named by
      // `url()` is not drawn from CSS.
      if let gradient = LinearGradient.parse(value) {
        theme.backgroundGradient = gradient
        if name != "background-image" { theme.colors.background = gradient.stops[0].color }
        return true
      }
      guard let color, !value.contains("url(") else { return false }
      theme.colors.background = color
      // `background` sets every part of the ground; `background-color` leaves an image over it.
      if name == "background" { theme.backgroundGradient = nil }
    case "color":
      guard let color else { return false }
      (theme.colors.text, theme.colors.heading) = (color, color)
      theme.cssLook?.h1Color = nil
    case "font-size":
      // The root's 16 px are what a slide's `em` is of.
      guard let size = pixels(value, em: 16), size > 0, size < 400 else { return false }
      theme.sizes.body = size / 720
    case "font-family":
      guard let family = firstFamily(value) else { return false }
      (theme.fonts.body, theme.fonts.heading) = (family, family)
    case "padding", "padding-top", "padding-bottom", "padding-left", "padding-right":
      return padding(name, value, &theme)
    case "text-align":
      switch value.lowercased() {
      case "center": theme.cssStyle.textAlign = .center
      case "right", "end": theme.cssStyle.textAlign = .right
      case "left", "start", "justify":
        // Text at the left: the theme's centring of whole slides is off.
        theme.cssStyle.textAlign = nil
        theme.centersContent = false
        theme.cssLook?.leadCentres = false
      default: return false
      }
    case "justify-content":
      switch value.lowercased() {
      case "flex-start", "start": theme.cssStyle.vertical = .top
      case "center": theme.cssStyle.vertical = .middle
      case "flex-end", "end": theme.cssStyle.vertical = .bottom
      default: return false
      }
    default: return false
    }
    return true
  }

  /// The one to four lengths of a box shorthand (`padding: 0.5em 1em`), in pixels; nil when a
  /// word is not one.
  static func boxLengths(_ value: String, em: Double) -> [Double]? {
    let parts = value.split(separator: " ").map { pixels(String($0), em: em) }
    guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ $0 != nil }) else { return nil }
    return parts.compactMap { $0 }
  }

  /// A border's width (`3px solid #0f3460`: its first length), or nil when it names none.
  static func borderWidth(_ value: String, root: Double) -> CSSLook.Length? {
    CSSSelector.split(value, at: " ").lazy.compactMap { length($0, root: root) }.first
  }

  /// `padding: 70px 80px`: the slide's margins (Podium keeps one for left and right).
  private static func padding(_ name: String, _ value: String, _ theme: inout Theme) -> Bool {
    guard let sizes = boxLengths(value, em: bodyPixels(theme)) else { return false }
    var (top, right, bottom, left): (Double?, Double?, Double?, Double?)
    switch name {
    case "padding-top": top = sizes[0]
    case "padding-bottom": bottom = sizes[0]
    case "padding-left": left = sizes[0]
    case "padding-right": right = sizes[0]
    default:
      top = sizes[0]
      right = sizes.count > 1 ? sizes[1] : sizes[0]
      bottom = sizes.count > 2 ? sizes[2] : sizes[0]
      left = sizes.count > 3 ? sizes[3] : right
    }
    if let top { theme.margins.top = min(top, 300) / 720 }
    if let bottom { theme.margins.bottom = min(bottom, 300) / 720 }
    if let side = left ?? right { theme.margins.horizontal = min(side, 500) / 1280 }
    return true
  }

  private static func firstFamily(_ value: String) -> String? {
    guard let first = value.split(separator: ",").first else { return nil }
    let family = first.trimmingCharacters(in: CharacterSet(charactersIn: "'\" "))
    return family.isEmpty ? nil : family
  }

  private static func heading(
    _ level: Int, _ name: String, _ value: String, _ color: RGBAColor?, _ theme: inout Theme
  ) -> Bool {
    var style = theme.headings[level] ?? Theme.TextStyle()
    switch name {
    case "color":
      guard let color else { return false }
      style.color = color
      if level == 1 { theme.cssLook?.h1Color = color }
    case "font-size":
      let factors = [theme.sizes.h1, theme.sizes.h2, theme.sizes.h3]
      let natural = bodyPixels(theme) * factors[min(level, 3) - 1]
      // A heading's `em` is of the slide's text; Marpit's `:root` is the slide, so `rem` too.
      guard let size = pixels(value, em: bodyPixels(theme)), size > 0, natural > 0 else {
        return false
      }
      style.scale = size / natural
    case "font-weight":
      guard let bold = weight(value) else { return false }
      style.bold = bold
    case "text-align":
      switch value.lowercased() {
      case "center": style.alignment = .center
      case "right", "end": style.alignment = .right
      case "left", "start": style.alignment = .natural
      default: return false
      }
    case "font-family":
      guard let family = firstFamily(value) else { return false }
      theme.fonts.heading = family
      return true
    case "border-bottom":
      if none(value) {
        style.rule = nil
      } else {
        // `3px solid #0f3460`: the first length is the width (CSS's `medium` is 3 px).
        guard let color else { return false }
        style.rule = .init(
          color: color, width: borderWidth(value, root: bodyPixels(theme)) ?? .init(px: 3))
      }
    case "padding-bottom":
      guard let padding = length(value, root: bodyPixels(theme)) else { return false }
      style.paddingBelow = padding
    default: return false
    }
    theme.headings[level] = style
    return true
  }

  /// A CSS length as pixels of the 720-pixel slide plus ems of the element's own font; `rem`
  /// is of `root` pixels (Marpit's root is the slide).
  static func length(_ value: String, root: Double) -> CSSLook.Length? {
    let text = value.trimmingCharacters(in: .whitespaces).lowercased()
    if text.hasSuffix("em") && !text.hasSuffix("rem") {
      guard let number = Double(text.dropLast(2)), number >= 0, number < 100 else { return nil }
      return .init(em: number)
    }
    return pixels(text, em: root).map { .init(px: $0) }
  }

  /// Bold or not, from a `font-weight`.
  static func weight(_ value: String) -> Bool? {
    switch value.lowercased() {
    case "bold", "bolder": return true
    case "normal", "lighter": return false
    default: return Int(value).map { $0 >= 600 }
    }
  }

  private static func code(
    _ block: Bool, _ name: String, _ value: String, _ color: RGBAColor?, _ theme: inout Theme
  ) -> Bool {
    switch (block, name) {
    case (_, "font-family"):
      guard let family = firstFamily(value) else { return false }
      theme.fonts.code = family
    case (false, "color"):
      guard let color else { return false }
      theme.inlineCode = color
      theme.cssLook?.inlineCodeText = color
    case (false, "background"), (false, "background-color"):
      guard let color else { return false }
      theme.cssLook?.inlineCodeBackground = color
    case (false, "font-size"):
      let body = bodyPixels(theme)
      guard let size = pixels(value, em: body), size > 0 else { return false }
      theme.cssLook?.inlineCodeScale = size / body
    case (true, "background"), (true, "background-color"):
      guard let color else { return false }
      theme.colors.codeBackground = color
      theme.cssLook?.code.background = color
    case (true, "color"):
      guard let color else { return false }
      (theme.code.plain, theme.code.punctuation) = (color, color)
    case (true, "border"), (true, "border-color"):
      theme.cssLook?.code.border = none(value) ? nil : color
      return none(value) || color != nil
    case (true, "font-size"):
      guard let size = pixels(value, em: bodyPixels(theme)), size > 0 else { return false }
      let scale = size / bodyPixels(theme)
      theme.sizes.code = scale
      theme.cssLook?.code.scale = scale
    default: return false
    }
    return true
  }

  /// `none`, `0` or `hidden` borders.
  private static func none(_ value: String) -> Bool {
    let words = value.lowercased().split(separator: " ")
    return words.contains("none") || words.contains("hidden") || words.first == "0"
  }

  private static func table(
    _ element: String, _ name: String, _ value: String, _ color: RGBAColor?, _ theme: inout Theme
  ) -> Bool {
    switch (element, name) {
    case (_, "border"), (_, "border-color"):
      theme.cssLook?.table.grid = none(value) ? nil : color
      if !none(value), let color { theme.colors.tableRule = color }
      return none(value) || color != nil
    case ("table", "font-size"):
      let body = bodyPixels(theme)
      guard let size = pixels(value, em: body), size > 0, size < 400 else { return false }
      theme.cssLook?.table.scale = size / body
    case ("table", "border-collapse"):
      return value.lowercased() == "collapse"
    case ("table", "margin"), ("table", "margin-left"):
      theme.cssLook?.table.centred = value.lowercased().contains("auto")
    case ("th", "background"), ("th", "background-color"):
      guard let color else { return false }
      theme.cssLook?.table.headerBackground = color
      theme.colors.tableHeaderBackground = color
    case ("th", "color"):
      guard let color else { return false }
      theme.cssLook?.table.headerText = color
    case ("td", "color"):
      guard let color else { return false }
      theme.cssStyle.cellText = color
    case ("td", "background"), ("td", "background-color"):
      guard let color else { return false }
      theme.cssStyle.cellBackground = color
    case ("th", "padding"), ("td", "padding"):
      let em = bodyPixels(theme)
      let parts = value.split(separator: " ").compactMap { pixels(String($0), em: em) }
      guard let first = parts.first else { return false }
      theme.cssLook?.table.paddingY = .init(px: first)
      theme.cssLook?.table.paddingX = .init(px: parts.count > 1 ? parts[1] : first)
    default: return false
    }
    return true
  }

  private static func corner(
    _ element: String, _ name: String, _ value: String, _ color: RGBAColor?, _ theme: inout Theme
  ) -> Bool {
    guard
      var corner = theme.cssLook.map({ look in
        element == "header" ? look.header : element == "footer" ? look.footer : look.pageNumber
      })
    else { return false }
    switch name {
    case "content" where element == "section::after":
      guard let template = pageContent(value) else { return false }
      theme.cssStyle.pageContent = template
      return true
    case "color":
      guard let color else { return false }
      corner.color = color
    case "font-size":
      guard let size = pixels(value, em: bodyPixels(theme)), size > 0, size < 200 else {
        return false
      }
      corner.lineHeight *= size / max(1, corner.size)
      corner.size = size
    default: return false
    }
    switch element {
    case "header": theme.cssLook?.header = corner
    case "footer": theme.cssLook?.footer = corner
    default: theme.cssLook?.pageNumber = corner
    }
    return true
  }

  /// The page number's `content`: its strings, and `attr(data-marpit-pagination)` and
  /// `attr(data-marpit-pagination-total)` as `{page}` and `{total}`; `none` is no number.
  static func pageContent(_ value: String) -> String? {
    if value.lowercased() == "none" { return "" }
    var template = ""
    var attribute: String?
    for token in CSSToken.tokenize(value) {
      switch token {
      case .whitespace: continue
      case .string(let text) where attribute == nil: template += text
      case .function(let name) where name.lowercased() == "attr" && attribute == nil:
        attribute = ""
      case .ident(let name) where attribute == "":
        attribute = name.lowercased()
      case .closeParen where attribute != nil:
        switch attribute {
        case "data-marpit-pagination": template += "{page}"
        case "data-marpit-pagination-total": template += "{total}"
        default: return nil
        }
        attribute = nil
      default: return nil
      }
    }
    return attribute == nil ? template : nil
  }
}
