/// Marp's built-in themes in the colours, fonts, proportions and placement of marp-core 4.4's
/// `default.scss` (over github-markdown-css), `gaia.scss` and `uncover.scss`: sizes are Marp's
/// CSS pixels on its 1280x720 slide, as fractions of the slide's height. Fonts are the faces
/// Chromium finds for their CSS stacks on Debian: Noto Sans (github-markdown-css), Lato (gaia;
/// headings in Lato Black), Roboto (uncover); code in Liberation Mono, also the nearest packaged
/// face to gaia's Roboto Mono (the same 0.6 em advance).
extension Theme {
  /// No ground: Marp's themes give a quote none (a deck's CSS may).
  private static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

  /// Marp's default theme: GitHub's Markdown look, white, a `#246` blue h1, 29 px text, every
  /// slide's content in the middle of the slide, top to bottom, and at its left.
  public static let marpDefault: Theme = {
    let ink = hex(0x1F2328)
    let rule = hex(0xD1D9E0)
    let muted = hex(0xF6F8FA)
    var theme = marp(
      name: "default",
      fonts: Fonts(body: "Noto Sans", heading: "Noto Sans", code: "Liberation Mono"),
      colors: Colors(
        background: hex(0xFFFFFF), text: ink, heading: ink, accent: hex(0x0969DA),
        muted: hex(0x777777), codeBackground: muted, quoteBackground: clear,
        tableHeaderBackground: hex(0xFFFFFF), tableRule: rule, placeholder: hex(0xEFF1F3)),
      inverted: Colors(
        background: hex(0x0D1117), text: hex(0xF0F6FC), heading: hex(0xF0F6FC),
        accent: hex(0x4493F8), muted: hex(0x999999), codeBackground: hex(0x151B23),
        quoteBackground: clear, tableHeaderBackground: hex(0x0D1117),
        tableRule: hex(0x3D444D), placeholder: hex(0x262C36)),
      textPixels: 29, headings: (1.6, 1.3, 1.1), code: 0.85,
      padding: (horizontal: 78.5, vertical: 78.5),
      palette: CodePalette(
        plain: ink, keyword: hex(0xCF222E), type: hex(0x953800), string: hex(0x0A3069),
        comment: hex(0x59636E), number: hex(0x0550AE), function: hex(0x953800),
        punctuation: ink, attribute: hex(0x0550AE)))
    let corner = CSSLook.Corner(
      size: 18, lineHeight: 27, side: 30, edge: 21,
      color: RGBAColor(red: 102, green: 102, blue: 102, alpha: 191))
    let below = CSSLook.Margins(top: .init(), bottom: .init(px: 16))
    theme.cssLook = CSSLook(
      middle: true, leadCentres: false, lineHeight: 1.5, headingLineHeight: 1.25,
      // github-markdown-css's h1 and h2 have 0.3 em of padding under them too.
      heading: .init(top: .init(px: 24), bottom: .init(px: 16, em: 0.3)), paragraph: below,
      list: below,
      code: .init(
        scale: 0.85, lineHeight: 1.15, paddingX: .init(px: 16), paddingY: .init(px: 16),
        background: muted, border: rule, shrinkWrapped: nil, shadow: nil, margins: below),
      table: .init(
        paddingX: .init(px: 13), paddingY: .init(px: 6), grid: rule, headerBackground: nil,
        headerText: nil, headerRule: 0, rowRule: 0, stripe: muted, stripeOddRows: false,
        centred: false, margins: below),
      listIndent: .init(em: 2), itemGap: .init(em: 0.25),
      pageNumber: .init(size: 24, lineHeight: 36, side: 30, edge: 21, color: hex(0x777777)),
      header: corner, footer: corner,
      inlineCodeBackground: RGBAColor(red: 129, green: 139, blue: 152, alpha: 31),
      inlineCodeScale: 0.85)
    theme.cssLook?.h1Color = hex(0x224466)
    theme.quoteBar = rule
    return theme
  }()

  /// Gaia: warm cream with slate ink and a blue accent; `invert` (Marp's `gaia` class) is the
  /// slate ground with cream ink. Content from the top; `lead` centres it.
  public static let gaia: Theme = {
    let cream = hex(0xFFF8E1)
    let slate = hex(0x455A64)
    // `color.mix($color-dark, $color-light, 80%)`, gaia's dimmed ink.
    let dimmed = hex(0x6A7A7D)
    var theme = marp(
      name: "gaia", fonts: Fonts(body: "Lato", heading: "Lato Black", code: "Liberation Mono"),
      colors: Colors(
        background: cream, text: slate, heading: slate, accent: hex(0x0288D1), muted: dimmed,
        codeBackground: slate, quoteBackground: clear, tableHeaderBackground: slate,
        tableRule: slate, placeholder: hex(0xE6E0CB)),
      inverted: Colors(
        background: slate, text: cream, heading: cream, accent: hex(0x81D4FA),
        muted: hex(0xDAD7CA), codeBackground: cream, quoteBackground: clear,
        tableHeaderBackground: cream, tableRule: cream, placeholder: hex(0x56707C)),
      textPixels: 35, headings: (1.8, 1.5, 1.3), code: 0.7,
      padding: (horizontal: 70, vertical: 70),
      // highlight.js's sunburst, which gaia loads.
      palette: CodePalette(
        plain: hex(0xF8F8F8), keyword: hex(0xE28964), type: hex(0xF8F8F8),
        string: hex(0x65B042), comment: hex(0xAEAEAE), number: hex(0x3387CC),
        function: hex(0xF8F8F8), punctuation: hex(0xF8F8F8), attribute: hex(0xCDA869)))
    let corner = CSSLook.Corner(size: 23.1, lineHeight: 50, side: 25, edge: 10, color: dimmed)
    let above = CSSLook.Margins(top: .init(em: 1), bottom: .init())
    theme.cssLook = CSSLook(
      middle: false, leadCentres: true, lineHeight: 1.35, headingLineHeight: 1.35,
      heading: .init(top: .init(em: 0.5), bottom: .init()), paragraph: above,
      list: .init(top: .init(em: 1), bottom: .init(em: 1)),
      code: .init(
        scale: 0.7, lineHeight: 1.35, paddingX: .init(em: 0.5), paddingY: .init(em: 0.5),
        background: slate, border: nil, shrinkWrapped: nil, shadow: nil, margins: above),
      table: .init(
        paddingX: .init(em: 0.4), paddingY: .init(em: 0.2), grid: slate, headerBackground: slate,
        headerText: cream, headerRule: 0, rowRule: 0,
        stripe: RGBAColor(red: 69, green: 90, blue: 100, alpha: 26), stripeOddRows: true,
        centred: false, margins: above),
      listIndent: .init(px: 40), itemGap: .init(em: 0.3),
      pageNumber: .init(size: 28, lineHeight: 50, side: 25, edge: 10, color: dimmed),
      header: corner, footer: corner, inlineCodeBackground: dimmed, inlineCodeScale: 0.8,
      inlineCodeText: cream)
    theme.cssLook?.letterSpacing = 1.25
    // Quotes between curly quote marks (`blockquote::before`, not drawn), with no bar or ground.
    theme.cssLook?.quote.bar = .init()
    return theme
  }()

  /// Uncover: near-white with charcoal ink, every slide's content in the middle; `invert` is
  /// charcoal with white ink.
  public static let uncover: Theme = {
    let ink = hex(0x202228)
    // `color.mix(#fdfcff, #202228, 95%)`, uncover's code ground.
    let codeGround = hex(0xF2F1F4)
    var theme = marp(
      name: "uncover", fonts: Fonts(body: "Roboto", heading: "Roboto", code: "Liberation Mono"),
      colors: Colors(
        background: hex(0xFDFCFF), text: ink, heading: ink, accent: hex(0x009DD5),
        muted: hex(0x6B6C70), codeBackground: codeGround, quoteBackground: clear,
        tableHeaderBackground: hex(0xFDFCFF), tableRule: ink, placeholder: hex(0xE4E4EA)),
      inverted: Colors(
        background: ink, text: hex(0xFFFFFF), heading: hex(0xFFFFFF), accent: hex(0x26C9FF),
        muted: hex(0xA0A1A6), codeBackground: hex(0x2E3038), quoteBackground: clear,
        tableHeaderBackground: ink, tableRule: hex(0xFFFFFF), placeholder: hex(0x383A42)),
      textPixels: 40, headings: (2, 1.7, 1.4), code: 0.7,
      padding: (horizontal: 70, vertical: 30),
      // highlight.js's color-brewer, uncover's light code colours.
      palette: CodePalette(
        plain: ink, keyword: hex(0x3182BD), type: hex(0x3182BD), string: hex(0x756BB1),
        comment: hex(0x636363), number: hex(0x31A354), function: hex(0x3182BD), punctuation: ink,
        attribute: hex(0xE6550D)))
    theme.centersContent = true
    let corner = CSSLook.Corner(
      size: 18, lineHeight: 25.2, side: 70, edge: 30,
      color: RGBAColor(red: 32, green: 34, blue: 40, alpha: 102))
    let below = CSSLook.Margins(top: .init(), bottom: .init(px: 15))
    theme.cssLook = CSSLook(
      middle: true, leadCentres: true, lineHeight: 1.4, headingLineHeight: 1.4,
      heading: .init(top: .init(px: 15), bottom: .init(px: 30)), paragraph: below, list: below,
      code: .init(
        scale: 0.7, lineHeight: 1.15, paddingX: .init(em: 0.6), paddingY: .init(em: 0.4),
        background: codeGround, border: nil, shrinkWrapped: 456,
        shadow: RGBAColor(red: 0, green: 0, blue: 0, alpha: 40),
        margins: .init(top: .init(px: 15), bottom: .init(px: 30))),
      table: .init(
        paddingX: .init(em: 0.5), paddingY: .init(em: 0.15), grid: nil, headerBackground: nil,
        headerText: nil, headerRule: 3, rowRule: 1, stripe: nil, stripeOddRows: false,
        centred: true, margins: below),
      listIndent: .init(px: 40), itemGap: .init(),
      pageNumber: .init(size: 24, lineHeight: 33.6, side: 30, edge: 30, color: ink),
      header: corner, footer: corner, inlineCodeBackground: codeGround, inlineCodeScale: 1)
    theme.cssLook?.pageCorner = RGBAColor(red: 32, green: 34, blue: 40, alpha: 13)
    theme.cssLook?.pageCornerSide = 140
    theme.cssLook?.letterSpacing = 3
    // Between quote pictures (`blockquote::before`, not drawn), `padding: 0 2em`, no bar or
    // ground.
    theme.cssLook?.quote.bar = .init()
    theme.cssLook?.quote.paddingX = .init(em: 2)
    return theme
  }()

  /// A theme in Marp's proportions: `textPixels` on its 1280x720 slide, headings and code in
  /// ems, the slide's padding in CSS pixels.
  private static func marp(
    name: String, fonts: Fonts, colors: Colors, inverted: Colors, textPixels: Double,
    headings: (Double, Double, Double), code: Double,
    padding: (horizontal: Double, vertical: Double), palette: CodePalette
  ) -> Theme {
    Theme(
      name: name, colors: colors, inverted: inverted, fonts: fonts,
      sizes: Sizes(
        body: textPixels / 720, title: headings.0, h1: headings.0, h2: headings.1,
        h3: headings.2, code: code, footer: 0.6, minimumScale: 0.55, lineSpacing: 1.12),
      margins: Margins(
        horizontal: padding.horizontal / 1280, top: padding.vertical / 720,
        bottom: padding.vertical / 720),
      code: palette)
  }
}
