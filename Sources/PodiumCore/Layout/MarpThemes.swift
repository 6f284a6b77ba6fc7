/// Marp's built-in themes in the colours, proportions and placement of marp-core's
/// `default.scss` (over github-markdown-css), `gaia.scss` and `uncover.scss`: sizes are Marp's CSS
/// pixels on its 1280x720 slide as fractions of the slide's height.
extension Theme {
  /// Marp's default theme: GitHub's Markdown look, white, a `#246` blue title, 29 px text.
  public static let marpDefault: Theme = {
    var theme = marp(
      name: "default",
      colors: Colors(
        background: hex(0xFFFFFF), text: hex(0x1F2328), heading: hex(0x1F2328),
        accent: hex(0x0969DA), muted: hex(0x777777), codeBackground: hex(0xF6F8FA),
        quoteBackground: hex(0xFFFFFF), tableHeaderBackground: hex(0xFFFFFF),
        tableRule: hex(0xD1D9E0), placeholder: hex(0xEFF1F3)),
      inverted: Colors(
        background: hex(0x0D1117), text: hex(0xF0F6FC), heading: hex(0xF0F6FC),
        accent: hex(0x4493F8), muted: hex(0x999999), codeBackground: hex(0x151B23),
        quoteBackground: hex(0x0D1117), tableHeaderBackground: hex(0x0D1117),
        tableRule: hex(0x3D444D), placeholder: hex(0x262C36)),
      textPixels: 29, headings: (1.6, 1.3, 1.1))
    theme.margins = Margins(horizontal: 78.5 / 1280, top: 78.5 / 720, bottom: 78.5 / 720)
    return theme
  }()

  /// Gaia: warm cream with slate ink and a blue accent; `invert` (Marp's `gaia` class) is the
  /// slate ground with cream ink.
  public static let gaia = marp(
    name: "gaia",
    colors: Colors(
      background: hex(0xFFF8E1), text: hex(0x455A64), heading: hex(0x455A64),
      accent: hex(0x0288D1), muted: hex(0x78909C), codeBackground: hex(0xECE8D4),
      quoteBackground: hex(0xF3EDD5), tableHeaderBackground: hex(0xECE8D4),
      tableRule: hex(0xCFD1C4), placeholder: hex(0xE6E0CB)),
    inverted: Colors(
      background: hex(0x455A64), text: hex(0xFFF8E1), heading: hex(0xFFF8E1),
      accent: hex(0x81D4FA), muted: hex(0xB0BEC5), codeBackground: hex(0x3E515A),
      quoteBackground: hex(0x4C636E), tableHeaderBackground: hex(0x3E515A),
      tableRule: hex(0x6B7F88), placeholder: hex(0x56707C)),
    textPixels: 35, headings: (1.8, 1.5, 1.3))

  /// Uncover: near-white with charcoal ink, every slide's content in the middle; `invert` is
  /// charcoal with white ink.
  public static let uncover: Theme = {
    var theme = marp(
      name: "uncover",
      colors: Colors(
        background: hex(0xFDFCFF), text: hex(0x202228), heading: hex(0x202228),
        accent: hex(0x009DD5), muted: hex(0x6B6C70), codeBackground: hex(0xEEEEF2),
        quoteBackground: hex(0xF2F2F6), tableHeaderBackground: hex(0xEEEEF2),
        tableRule: hex(0xCBCBD1), placeholder: hex(0xE4E4EA)),
      inverted: Colors(
        background: hex(0x202228), text: hex(0xFDFCFF), heading: hex(0xFDFCFF),
        accent: hex(0x26C9FF), muted: hex(0xA0A1A6), codeBackground: hex(0x2E3038),
        quoteBackground: hex(0x2A2C33), tableHeaderBackground: hex(0x2E3038),
        tableRule: hex(0x4A4C55), placeholder: hex(0x383A42)),
      textPixels: 40, headings: (1.8, 1.5, 1.2))
    theme.centersContent = true
    return theme
  }()

  /// A theme in Marp's proportions: `textPixels` and 70 px of padding on its 1280x720 slide,
  /// headings in ems; Podium's fonts and code colours.
  private static func marp(
    name: String, colors: Colors, inverted: Colors, textPixels: Double,
    headings: (Double, Double, Double)
  ) -> Theme {
    Theme(
      name: name, colors: colors, inverted: inverted, fonts: standardFonts,
      sizes: Sizes(
        body: textPixels / 720, title: 2.2, h1: headings.0, h2: headings.1, h3: headings.2,
        code: 0.8, footer: 0.6, minimumScale: 0.55, lineSpacing: 1.12),
      margins: Margins(horizontal: 70.0 / 1280, top: 70.0 / 720, bottom: 70.0 / 720),
      code: light.code)
  }
}
