/// Slidev's look: its base layout styles (`@slidev/client`'s `layouts-base.css`: `px-14 py-10`
/// padding, `text-[1.1rem]`, `h1` `text-4xl mb-4`, `p` `my-4 leading-6`, `li` `leading-1.8em`,
/// headings at the text's weight as UnoCSS's reset leaves them) on its 980x552 canvas, in the
/// colours of the headmatter's `colorSchema` (`bg-main`: white or `#121212`; `text-main`:
/// `#181818` or `#ddd`) and of the themes decks use most: `default` (`#3AB9D4`), `seriph`
/// (PT Serif, `#5d8392` headings), `apple-basic` (Helvetica Neue) and `dracula`. Sizes are
/// Slidev's CSS pixels turned into Podium's fractions of the slide's height; fonts are the
/// nearest Debian packages to the web fonts Slidev's export embeds (Nunito Sans: Lato; PT Serif:
/// Noto Serif; Fira Code and PT Mono: DejaVu Sans Mono; Helvetica Neue: Liberation Sans).
public struct SlidevTheme: Hashable, Sendable {
  public enum Name: String, Hashable, Sendable, CaseIterable {
    case `default`
    case seriph
    case appleBasic = "apple-basic"
    case dracula
  }

  public var name: Name
  public var dark: Bool

  public init(name: Name, dark: Bool) {
    self.name = name
    self.dark = dark
  }

  /// The theme a headmatter names (`theme: seriph`, `@slidev/theme-seriph`, `Seriph`), nil for
  /// one Podium does not draw (the deck's own `./theme`, a theme from npm it does not know).
  static func named(_ raw: String) -> Name? {
    var name = raw.trimmingCharacters(in: .whitespaces).lowercased()
    for prefix in ["@slidev/theme-", "slidev-theme-"] where name.hasPrefix(prefix) {
      name.removeFirst(prefix.count)
    }
    return Name(rawValue: name)
  }

  /// Slidev's CSS pixels on its 552-pixel-high canvas, in pixels of a 720-pixel-high slide.
  private static func px(_ value: Double) -> Double { value * 720 / 552 }
  private static let textPixels = 17.6

  public var theme: Theme {
    let palette = Self.palette(name: name, dark: dark)
    let other = Self.palette(name: name, dark: !dark)
    let fonts: Theme.Fonts
    switch name {
    case .seriph:
      fonts = .init(body: "Noto Serif", heading: "Noto Serif", code: "DejaVu Sans Mono")
    case .appleBasic:
      fonts = .init(body: "Liberation Sans", heading: "Liberation Sans", code: "DejaVu Sans Mono")
    case .default, .dracula:
      fonts = .init(body: "Lato", heading: "Lato", code: "DejaVu Sans Mono")
    }
    let body = Self.textPixels
    var theme = Theme(
      name: "slidev-\(name.rawValue)\(dark ? "-dark" : "")", colors: palette.colors,
      inverted: other.colors, fonts: fonts,
      sizes: Theme.Sizes(
        body: body / 552, title: 60 / body, h1: 36 / body, h2: 30 / body, h3: 24 / body,
        code: 12 / body, footer: 0.7, minimumScale: 0.5, lineSpacing: 1.12),
      margins: Theme.Margins(horizontal: 56 / 980, top: 40 / 552, bottom: 40 / 552),
      code: palette.code)
    // UnoCSS's reset gives headings the text's weight; Slidev's layouts do not embolden them.
    for level in 1...6 { theme.headings[level] = Theme.TextStyle(bold: false) }
    let corner = CSSLook.Corner(
      size: Self.px(12), lineHeight: Self.px(18), side: Self.px(16), edge: Self.px(12),
      color: palette.colors.muted)
    let paragraph = CSSLook.Margins(top: .init(px: Self.px(16)), bottom: .init(px: Self.px(16)))
    let none = CSSLook.Margins(top: .init(), bottom: .init())
    theme.cssLook = CSSLook(
      middle: false, leadCentres: true, lineHeight: 24 / body, headingLineHeight: 1.25,
      heading: .init(top: .init(), bottom: .init(px: Self.px(16))), paragraph: paragraph,
      list: none,
      code: .init(
        scale: 12 / body, lineHeight: 1.5, paddingX: .init(px: Self.px(8)),
        paddingY: .init(px: Self.px(8)), background: palette.colors.codeBackground, border: nil,
        shrinkWrapped: nil, shadow: nil, margins: paragraph),
      table: .init(
        paddingX: .init(px: Self.px(8)), paddingY: .init(px: Self.px(12)), grid: nil,
        headerBackground: nil, headerText: nil, headerRule: 1, rowRule: 1, stripe: nil,
        stripeOddRows: false, centred: false, margins: paragraph),
      // `li`'s `leading-1.8em` against the paragraphs' 24 px: the difference between items.
      listIndent: .init(em: 1.3), itemGap: .init(em: 1.8 - 24 / body),
      pageNumber: corner, header: corner, footer: corner,
      inlineCodeBackground: palette.colors.codeBackground, inlineCodeScale: 0.9)
    theme.cssLook?.h1Color = palette.h1
    return theme
  }

  private struct Palette {
    var colors: Theme.Colors
    var code: Theme.CodePalette
    var h1: RGBAColor?
  }

  private static func palette(name: Name, dark: Bool) -> Palette {
    let hex = Theme.hex
    var ground = dark ? hex(0x121212) : hex(0xFFFFFF)
    var ink = dark ? hex(0xDDDDDD) : hex(0x181818)
    var primary = hex(0x3AB9D4)
    var h1: RGBAColor?
    switch name {
    case .default: break
    case .seriph:
      primary = hex(0x5D8392)
      h1 = primary
    case .appleBasic:
      primary = dark ? hex(0xFFFFFF) : hex(0x000000)
      ink = dark ? hex(0xFFFFFF) : hex(0x000000)
    case .dracula:
      // Dracula is dark whatever the schema.
      ground = hex(0x282A36)
      ink = hex(0xF8F8F2)
      primary = hex(0xBD93F9)
    }
    let isDark = dark || name == .dracula
    let codeGround = isDark ? hex(0x1B1B1B) : hex(0xF8F8F8)
    // `border-gray-400 border-opacity-20`.
    let rule = RGBAColor(red: 156, green: 163, blue: 175, alpha: 51)
    let colors = Theme.Colors(
      background: ground, text: ink, heading: ink, accent: primary,
      muted: isDark ? hex(0x8A8A8A) : hex(0x8C8C8C), codeBackground: codeGround,
      quoteBackground: codeGround, tableHeaderBackground: ground, tableRule: rule,
      placeholder: isDark ? hex(0x2A2A2A) : hex(0xEEEEEE))
    // Shiki's vitesse-light and vitesse-dark, Slidev's default code themes.
    let code =
      isDark
      ? Theme.CodePalette(
        plain: hex(0xDBD7CA), keyword: hex(0x4D9375), type: hex(0x5DA994), string: hex(0xC98A7D),
        comment: hex(0x758575), number: hex(0x4C9A91), function: hex(0x80A665),
        punctuation: hex(0x666666), attribute: hex(0xBD976A))
      : Theme.CodePalette(
        plain: hex(0x393A34), keyword: hex(0x1E754F), type: hex(0x2E8F82), string: hex(0xB56959),
        comment: hex(0xA0ADA0), number: hex(0x2F798A), function: hex(0x59873A),
        punctuation: hex(0x999999), attribute: hex(0xB07D48))
    return Palette(colors: colors, code: code, h1: h1)
  }
}
