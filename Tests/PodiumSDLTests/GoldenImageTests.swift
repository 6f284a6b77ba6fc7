import Foundation
import PodiumCore
import PodiumPDF
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Renders slides with real fonts and compares them with PNGs in `__Goldens__` beside this file.
/// `RECORD_GOLDENS=1` re-records (and fails, so a recording run never passes); a failing
/// comparison leaves the actual image in /tmp/podium-golden-failures to look at.
@Suite(.serialized) struct GoldenImageTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Goldens__")
  let fonts = FontLibrary()
  let images = ImageLibrary(pages: PopplerPages())

  func render(
    _ markdown: String, slide: Int = 0, step: Int? = nil, size: PixelSize, theme: Theme? = nil,
    base: String? = nil, forSpeaker: Bool = false
  ) throws -> (RGBImage, SlideFrame) {
    let parsed = DeckParser.parse(
      text: markdown, file: "golden.md",
      baseDirectory: base ?? Fixtures.packageRoot.appendingPathComponent("Decks").path)
    var deck = try #require(parsed.deck)
    if !deck.formulaOccurrences.isEmpty {
      let math = try MathTypesetter.forTests()
      deck.formulas = math.typeset(deck.formulaOccurrences.map(\.formula)).formulas
    }
    let chosen = theme ?? ThemeLoader.theme(for: deck.metadata.theme).0
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: chosen, measurer: measurer, images: images)
    let target = deck.slides[slide]
    let laid = engine.layout(target, in: deck, step: step ?? target.stepCount - 1, size: size)
    let frame = forSpeaker ? laid.forSpeaker : laid
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.draw(frame)
    return (RGBImage(canvas), frame)
  }

  func check(
    _ name: String, _ image: RGBImage, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let golden = Self.goldens.appendingPathComponent("\(name).png")
    let record = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"
    if record || !FileManager.default.fileExists(atPath: golden.path) {
      try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
      try write(image, to: golden.path)
      Issue.record(
        "recorded golden \(golden.path); look at it, then run again without RECORD_GOLDENS",
        sourceLocation: sourceLocation)
      return
    }
    let expected = try RGBImage(contentsOf: golden.path)
    guard let difference = image.difference(from: expected) else {
      Issue.record(
        "\(name): size \(image.width)x\(image.height), golden \(expected.width)x\(expected.height)",
        sourceLocation: sourceLocation)
      return
    }
    // Anti-aliasing may move by a shade between FreeType builds; layout changes move whole glyphs.
    if difference.differing > 0.002 || difference.mean > 1.0 {
      let failures = URL(fileURLWithPath: "/tmp/podium-golden-failures")
      try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
      try write(image, to: failures.appendingPathComponent("\(name).png").path)
      Issue.record(
        "\(name) differs from its golden: \(String(format: "%.3f%%", difference.differing * 100)) of pixels, mean \(String(format: "%.2f", difference.mean)); actual in /tmp/podium-golden-failures/\(name).png",
        sourceLocation: sourceLocation)
    }
  }

  private func write(_ image: RGBImage, to path: String) throws {
    var bgrx = [UInt8](repeating: 0, count: image.width * image.height * 4)
    for index in 0..<(image.width * image.height) {
      bgrx[index * 4] = image.pixels[index * 3 + 2]
      bgrx[index * 4 + 1] = image.pixels[index * 3 + 1]
      bgrx[index * 4 + 2] = image.pixels[index * 3]
    }
    let png = try bgrx.withUnsafeBytes {
      try PNGEncoder().encode(
        bgrx: $0, width: image.width, height: image.height, pitch: image.width * 4)
    }
    try Data(png).write(to: URL(fileURLWithPath: path))
  }

  static let small = PixelSize(width: 960, height: 540)

  // MARK: - Element kinds, light theme

  @Test func titleSlide() throws {
    let (image, _) = try render(
      "# Scaling the Unscalable\n\nA. Speaker · Conf 2026\n", size: Self.small)
    #expect(image.count(of: Theme.light.colors.heading) > 2_000, "the title's ink is there")
    #expect(image.pixel(x: 5, y: 5) == Theme.light.colors.background)
    try check("title-light", image)
  }

  @Test func textAndLists() throws {
    let (image, _) = try render(
      """
      ## Why demos fail

      Every failure had **one** of *four* causes, ~~none~~ of them `exotic`, see [the log](https://x.test).

      1. The network
         - captive portals
           - blocked ports
      2. Leftover state
      - [x] checked
      """, size: Self.small)
    #expect(
      image.count(of: Theme.light.colors.accent) > 50, "bullets and the link use the accent colour")
    try check("text-lists-light", image)
  }

  @Test func quotesAndAlerts() throws {
    let (image, _) = try render(
      "## Quotes\n\n> The audience never sees an error.\n\n> [!WARNING]\n> Mind the gap\n",
      size: Self.small)
    #expect(image.count(of: Theme.light.colors.quoteBackground, tolerance: 2) > 10_000)
    try check("quotes-light", image)
  }

  @Test func codeIsHighlighted() throws {
    let (image, _) = try render(
      """
      ## Code

      ```swift
      // The time left in a talk
      func remaining(_ seconds: Int) -> String {
        let s = max(seconds, 0)
        return String(format: "%02d:%02d", s / 60, s % 60)
      }
      ```
      """, size: Self.small)
    #expect(image.count(of: Theme.light.code.keyword, tolerance: 30) > 30, "keywords are coloured")
    #expect(image.count(of: Theme.light.code.string, tolerance: 30) > 30, "strings are coloured")
    #expect(image.count(of: Theme.light.code.comment, tolerance: 20) > 30, "comments are coloured")
    try check("code-light", image)
  }

  @Test func tables() throws {
    let (image, _) = try render(
      "## Table\n\n| Name | Taste | Score |\n|:--|:-:|--:|\n| Potato | Great | 10 |\n| Carrot | Yuck | 2 |\n",
      size: Self.small)
    #expect(image.count(of: Theme.light.colors.tableHeaderBackground, tolerance: 2) > 5_000)
    try check("table-light", image)
  }

  @Test func imagesAndPlaceholders() throws {
    let (image, frame) = try render(
      "## Two displays\n\n![Two displays](images/two-displays.png)\n\n---\n\n## Missing\n\n![chart](charts/q3.png)\n",
      size: Self.small)
    #expect(frame.commands.contains { if case .image = $0 { return true } else { return false } })
    // The illustration's dark blue fills most of the image area.
    #expect(image.count(of: RGBAColor(red: 0x10, green: 0x22, blue: 0x48), tolerance: 30) > 20_000)
    try check("image-light", image)
    // A missing picture: the room sees its alt text where it would be (as a browser shows a
    // picture it cannot load), the console the placeholder naming the file over it.
    let deck =
      "## Two displays\n\n![Two displays](images/two-displays.png)\n\n---\n\n## Missing\n\n![chart](charts/q3.png)\n"
    let (room, _) = try render(deck, slide: 1, size: Self.small)
    #expect(room.count(of: Theme.light.colors.placeholder, tolerance: 2) == 0)
    #expect(room.count(of: Theme.light.colors.muted, tolerance: 40) > 30, "the alt text")
    try check("image-missing-room-light", room)
    let (missing, _) = try render(deck, slide: 1, size: Self.small, forSpeaker: true)
    #expect(missing.count(of: Theme.light.colors.placeholder, tolerance: 2) > 10_000)
    try check("image-missing-light", missing)
  }

  @Test func backgroundsCoverAndContain() throws {
    // A 16:9 picture covering a 4:3 slide: cropped at the sides, never stretched.
    let (cover, _) = try render(
      "---\naspect: 4:3\n---\n\n![bg](images/two-displays.png)\n\n<!-- class: invert -->\n\n# Over a photo\n",
      size: PixelSize(width: 720, height: 540))
    #expect(
      cover.count(of: Theme.light.colors.background, tolerance: 2) < 1_000,
      "the photo covers the slide")
    #expect(
      cover.pixel(x: 5, y: 270) != RGBAColor(red: 0, green: 0, blue: 0),
      "no bars: the slide fills the canvas")
    try check("background-cover", cover)
    // Contained: the whole picture, with the slide's colour above and below it.
    let (contain, _) = try render(
      "---\naspect: 4:3\n---\n\n![bg contain](images/two-displays.png)\n",
      size: PixelSize(width: 720, height: 540))
    #expect(contain.pixel(x: 360, y: 20) == Theme.light.colors.background)
    #expect(contain.pixel(x: 360, y: 520) == Theme.light.colors.background)
    #expect(contain.pixel(x: 5, y: 270) != Theme.light.colors.background)
    try check("background-contain", contain)
  }

  // MARK: - Themes, sizes, aspect

  @Test func darkTheme() throws {
    let markdown =
      "---\ntheme: dark\nfooter: Podium · golden\npaginate: true\n---\n\n## Dark theme\n\n- A point\n- Another point\n\n```python\ndef greet():\n    return \"hi\"\n```\n"
    let (image, _) = try render(markdown, size: Self.small)
    #expect(image.pixel(x: 5, y: 5) == Theme.dark.colors.background)
    #expect(image.count(of: Theme.dark.colors.heading, tolerance: 10) > 500)
    try check("content-dark", image)
  }

  @Test func threeSizesKeepTheirProportions() throws {
    let markdown = "## One slide, three sizes\n\n- Crisp on 4K\n- Legible on 720p\n"
    var ratios: [Double] = []
    for size in [
      PixelSize(width: 1280, height: 720), PixelSize(width: 1920, height: 1080),
      PixelSize(width: 3840, height: 2160),
    ] {
      let (image, frame) = try render(markdown, size: size)
      let texts = frame.commands.compactMap {
        if case .text(let item) = $0 { return item } else { return nil }
      }
      let last = try #require(texts.last)
      ratios.append((last.y + last.width) / Double(size.height))
      try check("sizes-\(size.height)p", image)
    }
    // The last line sits at the same place relative to the slide, within 1%.
    #expect((ratios.max() ?? 0) - (ratios.min() ?? 0) < 0.01 * (ratios.max() ?? 1))
  }

  @Test func fourThreeDeckIsPillarboxed() throws {
    let (image, _) = try render("---\naspect: 4:3\n---\n\n# Old projector\n", size: Self.small)
    let black = RGBAColor(red: 0, green: 0, blue: 0)
    #expect(image.pixel(x: 10, y: 270) == black)
    #expect(image.pixel(x: 950, y: 270) == black)
    #expect(
      image.pixel(x: 120, y: 270) == Theme.light.colors.background,
      "the bar is (960 - 720) / 2 = 120 px wide")
    #expect(image.pixel(x: 119, y: 270) == black)
    try check("pillarbox-4x3", image)
  }

  // MARK: - presenterm layouts

  @Test func presentermColumnsAtFullHD() throws {
    let size = PixelSize(width: 1920, height: 1080)
    // Its last `end_slide` makes it a presenterm deck; Podium's light theme, to see the layout.
    let (image, frame) = try render(
      """
      Column layouts
      ===

      <!-- column_layout: [7, 3] -->

      <!-- column: 0 -->

      Use column layouts to structure your presentation:

      * Define the number of columns.
      * Adjust column widths as needed.

      ```rust
      fn potato() -> u32 {
          42
      }
      ```

      <!-- column: 1 -->

      ![Two displays](images/two-displays.png)

      <!-- reset_layout -->

      <!-- alignment: center -->

      Layouts can be reset at any time.

      <!-- end_slide -->
      """, size: size, theme: .light)
    let code = try #require(
      frame.commands.first { if case .text(let t) = $0 { t.text == "fn" } else { false } })
    guard case .text(let fn) = code else { return }
    #expect(fn.x < 1920 * 0.7, "the code stays in the left 70%")
    #expect(
      image.count(of: Theme.light.colors.codeBackground, tolerance: 2) > 50_000,
      "the code block's panel is drawn in its column")
    try check("presenterm-columns-1080p", image)
  }

  @Test func presentermSectionSlideIsCentred() throws {
    let size = PixelSize(width: 1920, height: 1080)
    let (image, _) = try render(
      "<!-- jump_to_middle -->\n\nFarming potatoes\n===\n\n<!-- end_slide -->\n", size: size,
      theme: .light)
    // The heading's ink sits around the middle of the slide, both ways.
    var rows: [Int] = []
    var columns: [Int] = []
    for y in stride(from: 0, to: 1080, by: 2) {
      for x in stride(from: 0, to: 1920, by: 2)
      where image.pixel(x: x, y: y) == Theme.light.colors.heading {
        rows.append(y)
        columns.append(x)
      }
    }
    let middleY = Double(rows.reduce(0, +)) / Double(max(1, rows.count))
    let middleX = Double(columns.reduce(0, +)) / Double(max(1, columns.count))
    #expect(rows.count > 500, "the heading is drawn")
    #expect(abs(middleY - 540) < 60 && abs(middleX - 960) < 60, "(\(middleX), \(middleY))")
    try check("presenterm-section-1080p", image)
  }

  // MARK: - Marp

  @Test func marpSplitBackgroundAndFittedHeadingAtFullHD() throws {
    let size = PixelSize(width: 1920, height: 1080)
    let (image, frame) = try render(
      """
      ![bg left:40%](images/two-displays.png)

      <!-- _backgroundColor: #123 -->
      <!-- _color: #fff -->

      # <!--fit--> Two displays

      The console on yours, :sparkles: the slides on theirs.
      """, size: size)
    let white = RGBAColor(red: 255, green: 255, blue: 255)
    let navy = RGBAColor(red: 0x11, green: 0x22, blue: 0x33)
    #expect(image.pixel(x: 1900, y: 1060) == navy, "the slide's own colour on the right")
    #expect(image.pixel(x: 10, y: 540) != navy, "the picture covers the left 40%")
    #expect(image.count(of: white, tolerance: 8) > 20_000, "white text on the right")
    let heading = try #require(
      frame.commands.first {
        if case .text(let item) = $0 { item.text == "Two displays" } else { false }
      })
    guard case .text(let item) = heading else { return }
    #expect(item.x > 768 && item.x + item.width < 1920, "in the right 60%")
    try check("marp-split-fit-1080p", image)
  }

  @Test func marpImageFiltersOnPixels() throws {
    let (image, _) = try render(
      """
      ![bg grayscale](images/two-displays.png)
      ![bg sepia blur:6px](images/two-displays.png)
      ![bg hue-rotate:180deg opacity:50%](images/two-displays.png)
      """, size: Self.small)
    // Grey on the left third: every sampled pixel has equal red, green and blue.
    for y in stride(from: 20, to: 540, by: 50) {
      let grey = image.pixel(x: 150, y: y)
      #expect(
        abs(Int(grey.red) - Int(grey.green)) <= 1 && abs(Int(grey.green) - Int(grey.blue)) <= 1,
        "grey at 150,\(y)")
    }
    // Sepia in the middle third: warm, red above blue.
    let warm = image.pixel(x: 480, y: 60)
    #expect(warm.red > warm.blue, "sepia is warm")
    try check("marp-filters", image)
  }

  @Test(arguments: [
    ("gaia", "", Theme.gaia.colors.background),
    ("gaia", "lead", Theme.gaia.colors.background),
    ("gaia", "invert", Theme.gaia.inverted.background),
    ("uncover", "", Theme.uncover.colors.background),
    ("uncover", "invert", Theme.uncover.inverted.background),
  ])
  func marpThemesAndClassesAtFullHD(theme: String, slideClass: String, ground: RGBAColor) throws {
    let classLine = slideClass.isEmpty ? "" : "<!-- _class: \(slideClass) -->\n\n"
    let (image, _) = try render(
      """
      ---
      theme: \(theme)
      paginate: true
      ---

      \(classLine)## Why demos fail

      - The **network** and its captive portals
      - Leftover state, see [the log](https://x.test)

      > The audience never sees an error.
      """, size: PixelSize(width: 1920, height: 1080))
    #expect(image.pixel(x: 4, y: 4) == ground, "the theme's ground")
    // Text covers about 2% of the slide (4% with a quote on its own ground): more than 1%.
    #expect(image.count(of: ground, tolerance: 0) < 1920 * 1080 * 99 / 100, "text is drawn")
    try check("marp-\(theme)\(slideClass.isEmpty ? "" : "-" + slideClass)-1080p", image)
  }

  // MARK: - Handouts

  static let handoutDeck = """
    ---
    title: Shipping on stage
    author: A. Speaker
    ---

    # Shipping on stage

    What breaks in live demos, and how to stop it

    ???

    Welcome. Ask who has had a demo fail on stage: every hand goes up.

    ---

    ## Why demos fail

    - The network
    - Leftover state
    - A resolution nobody tested

    ???

    Three causes cover almost every failure we logged. **Network first**: captive portals and
    blocked ports.

    ---

    ## Two displays

    ![Two displays](images/two-displays.png)

    ---

    ## Code

    ```swift
    let ok = demo.run()
    ```

    ???

    Keep the code short enough to read from the back row.

    ---

    ## Questions?
    """

  /// A handout page of the deck above, printed on A4 as `podium export --handout` prints it.
  func handout(perPage: Int, page: Int) throws -> RGBImage {
    let parsed = DeckParser.parse(
      text: Self.handoutDeck, file: "golden.md",
      baseDirectory: Fixtures.packageRoot.appendingPathComponent("Decks").path)
    let deck = try #require(parsed.deck)
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: .dark, measurer: measurer, images: images)
    let plan = ExportPlan(layout: .handouts(Handout(perPage: perPage, paper: .a4)))
    let pages = plan.pages(in: deck)
    let size = Paper.a4.pixelSize
    let frame = engine.frame(
      for: pages[page], of: plan, in: deck, pageCount: pages.count, size: size)
    let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
    canvas.draw(frame)
    return RGBImage(canvas)
  }

  @Test func handoutsOfOneTwoThreeAndSix() throws {
    let white = RGBAColor(red: 255, green: 255, blue: 255)
    let one = try handout(perPage: 1, page: 1)
    #expect(one.count(of: white, tolerance: 0) > one.width * one.height / 3, "white paper")
    #expect(one.count(of: Theme.dark.colors.background, tolerance: 2) > 100_000, "the slide")
    try check("handout-1-a4", one)
    let two = try handout(perPage: 2, page: 0)
    let three = try handout(perPage: 3, page: 0)
    let six = try handout(perPage: 6, page: 0)
    func dark(_ image: RGBImage) -> Int {
      image.count(of: Theme.dark.colors.background, tolerance: 2)
    }
    #expect(dark(two) > dark(one), "two slides on the page: more of their dark ground than one")
    #expect(dark(six) > dark(three), "six slides: more of their dark ground than three")
    try check("handout-2-a4", two)
    try check("handout-3-a4", three)
    try check("handout-6-a4", six)
  }

  // MARK: - Scripts

  @Test func cjkAndRightToLeftText() throws {
    let (image, _) = try render(
      "## 多言語 · Languages\n\n日本語のテキストと中文文本\n\nمرحبا بالعالم\n\nשלום עולם\n\nEmoji 🎤 on stage\n",
      size: Self.small)
    #expect(image.count(of: Theme.light.colors.text, tolerance: 40) > 3_000)
    try check("scripts-cjk-rtl", image)
  }

  /// Every script a speaker writes, shaped per script run and ordered by FriBidi: Devanagari's
  /// ि before its consonant, Thai's marks over their letters, Korean in a Korean font, Arabic
  /// joined beside Hebrew in one heading, one space each side of "Swift 6" in Arabic, and a bold
  /// English word in Arabic that stays before the English after it.
  @Test func complexScriptsAndBidirectionalText() throws {
    let (image, frame) = try render(
      """
      # हिन्दी · ภาษาไทย · 한국어

      ## مرحبا بالعالم שלום עולם

      نكتب البرامج بلغة Swift 6 كل يوم

      نحب **Swift** and C

      """,
      size: Self.small)
    #expect(frame.snapshot.contains("Swift 6"))
    #expect(image.count(of: Theme.light.colors.text, tolerance: 40) > 3_000)
    try check("scripts-complex-bidi", image)
  }
}

extension GoldenImageTests {
  /// Marp's math, typeset by TeX and drawn from its PDF page at the slide's own size, in the
  /// text's colour on the dark theme: inline in a paragraph and a list, displayed alone, and
  /// lines aligned with `\begin{align}` as KaTeX accepts inside `$$`.
  @Test func mathInlineAndDisplayAtFullHD() throws {
    let markdown = #"""
      # The ==Gaussian== integral

      - Inline: $e^{i\pi} + 1 = 0$ and $\sum_{k=1}^{n} k = \frac{n(n+1)}{2}$
      - Money is not math: $5 and $10

      $$
      \int_{-\infty}^{\infty} e^{-x^2}\,dx = \sqrt{\pi}
      $$

      $$ \begin{align} f(x) &= x^2 + 2x + 1 \\ &= (x + 1)^2 \end{align} $$
      """#
    let (image, frame) = try render(
      markdown, size: PixelSize(width: 1920, height: 1080), theme: .dark)
    let formulas = frame.commands.filter {
      if case .image(let item) = $0 { return item.page != nil } else { return false }
    }
    #expect(formulas.count == 4)
    try check("math-1080p", image)
  }
}
