/// presenterm's themes as Podium themes: what its theme says of each element (colours,
/// alignment, margins, headings and their prefixes, the slide titles, the introduction slide,
/// the footer, quotes and alerts, code) on the light or dark theme nearest to it, for the fonts,
/// sizes and the console.
extension Theme {
  public init(presenterm style: PresentermStyle) {
    let background = style.color("default.colors.background")
    // `null` is the terminal's own colours: a dark terminal unless the theme is a light one.
    let light = background.map { $0.luminance > 0.5 } ?? style.name.hasSuffix("light")
    self = light ? .light : .dark
    name = style.name
    var colors = self.colors
    colors.background = background ?? (light ? Theme.hex(0xFFFFFF) : Theme.hex(0x1C1C1C))
    colors.text =
      style.color("default.colors.foreground")
      ?? (light ? Theme.hex(0x1C1C1C) : Theme.hex(0xE5E5E5))
    let titleColor = style.color("slide_title.colors.foreground")
    colors.heading = titleColor ?? colors.text
    // presenterm sets bullets and links in the text's colour; only the quote's bar stands out.
    colors.accent = colors.text
    colors.muted = colors.text.mixed(with: colors.background, 0.65)
    colors.quoteBackground = style.color("block_quote.colors.background") ?? colors.background
    colors.tableHeaderBackground = colors.text.mixed(with: colors.background, 0.15)
    colors.tableRule = colors.text.mixed(with: colors.background, 0.4)
    colors.placeholder = colors.text.mixed(with: colors.background, 0.15)
    let codeTheme = CodeTheme.named(style["code.theme_name"], light: light)
    code = codeTheme.palette
    colors.codeBackground =
      style.flag("code.background") == false ? colors.background : codeTheme.background
    self.colors = colors
    if let percent = style.number("default.margin.percent") {
      margins.horizontal = Double(min(max(percent, 0), 40)) / 100
    } else if let columns = style.number("default.margin.fixed") {
      // A fixed margin is in columns; a terminal shows about a hundred across a slide.
      margins.horizontal = Double(min(max(columns, 0), 40)) / 100
    }
    for level in 1...6 {
      headings[level] = style.textStyle("headings.h\(level)", bold: false)
    }
    roles[.slideTitle] = style.textStyle("slide_title", bold: false)
    let intro: [(Block.Role, String)] = [
      (.introTitle, "title"), (.introSubtitle, "subtitle"), (.introEvent, "event"),
      (.introLocation, "location"), (.introDate, "date"), (.introAuthor, "author"),
    ]
    for (role, key) in intro {
      roles[role] = style.textStyle("intro_slide.\(key)", bold: false)
    }
    inlineCode = style.color("inline_code.colors.foreground")
    quoteBar = style.color("block_quote.colors.prefix")
    for alert in QuoteBlock.Alert.allCases {
      alerts[alert] = style.color("alert.styles.\(alert.rawValue).color")
    }
    footer = style.footer
  }
}

extension PresentermStyle {
  /// An element's colour, weight, alignment and prefix (`slide_title`, `headings.h2`...).
  func textStyle(_ element: String, bold: Bool) -> Theme.TextStyle {
    let alignment: Block.Alignment? =
      switch self[element + ".alignment"] {
      case "center": .center
      case "right": .right
      case "left": .natural
      default: nil
      }
    return Theme.TextStyle(
      color: color(element + ".colors.foreground"), bold: flag(element + ".bold") ?? bold,
      alignment: alignment, prefix: self[element + ".prefix"])
  }

  /// The footer the theme draws; none for `empty`, or a template with nothing in it.
  var footer: Theme.Footer? {
    let color = color("footer.colors.foreground")
    switch self["footer.style"] ?? "template" {
    case "progress_bar":
      return .progressBar(color: color)
    case "template":
      let parts = ["left", "center", "right"].map { self["footer." + $0] }
      guard parts.contains(where: { $0 != nil }) else { return nil }
      return .template(left: parts[0], center: parts[1], right: parts[2], color: color)
    default:
      return nil
    }
  }
}

/// The code colours of the syntax themes presenterm's built-in themes name (bat's
/// `base16-eighties.dark` and `GitHub`); another name gets Podium's own for a light or dark
/// background.
struct CodeTheme {
  var background: RGBAColor
  var palette: Theme.CodePalette

  /// Background, then plain, keyword, type, string, comment, number, function, punctuation
  /// and attribute colours, from bat's theme files.
  static let known: [String: [UInt32]] = [
    "base16-eighties.dark": [
      0x2D2D2D, 0xD3D0C8, 0xCC99CC, 0xFFCC66, 0x99CC99, 0x747369, 0xF99157, 0x6699CC, 0xD3D0C8,
      0xF2777A,
    ],
    "github": [
      0xFFFFFF, 0x323232, 0xA71D5D, 0x0086B3, 0x183691, 0x969896, 0x0086B3, 0x795DA3, 0x323232,
      0xED6A43,
    ],
  ]

  static func named(_ name: String?, light: Bool) -> CodeTheme {
    guard let name, let values = known[name.lowercased()]?.map(Theme.hex) else {
      let theme: Theme = light ? .light : .dark
      return CodeTheme(background: theme.colors.codeBackground, palette: theme.code)
    }
    return CodeTheme(
      background: values[0],
      palette: Theme.CodePalette(
        plain: values[1], keyword: values[2], type: values[3], string: values[4],
        comment: values[5], number: values[6], function: values[7], punctuation: values[8],
        attribute: values[9]))
  }
}

extension RGBAColor {
  /// Relative brightness from 0 (black) to 1 (white).
  var luminance: Double {
    (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255
  }

  /// `share` of this colour and the rest of `other`: the muted text and table rules between a
  /// theme's text and background.
  func mixed(with other: RGBAColor, _ share: Double) -> RGBAColor {
    func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) * share + Double(b) * (1 - share)).rounded())
    }
    return RGBAColor(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
  }
}
