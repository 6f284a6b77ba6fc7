import PodiumCore
import PodiumTestSupport
import Testing

/// Inline HTML in decks (issue 27, item 4): the model the builder makes of it, its located
/// warnings, and its layout.
@Suite struct InlineHTMLTests {
  func runs(_ block: Block?) -> [TextRun] {
    switch block?.kind {
    case .paragraph(let runs)?, .heading(_, let runs)?: return runs
    default: return []
    }
  }

  let red = RGBAColor(red: 255, green: 0, blue: 0)

  @Test func aSpanStylesTheMarkdownBetweenItsTags() throws {
    let deck = try deck(#"<span style="color:red">**bold** text</span> after"#)
    let text = runs(deck.slides[0].blocks.first)
    #expect(text.map(\.text) == ["bold", " text", " after"])
    #expect(text[0].style == .strong && text[0].paint?.color == red)
    #expect(text[1].paint?.color == red && text[2].paint == nil)
  }

  @Test func lineBreaksAndTheSmallInlineElements() throws {
    let deck = try deck(
      "a<br>b, x<sup>2</sup> H<sub>2</sub>O <kbd>Ctrl</kbd> <mark>m</mark> <u>u</u> <small>s</small>"
    )
    let text = runs(deck.slides[0].blocks.first)
    func style(of piece: String) -> TextRun.Style? { text.first { $0.text == piece }?.style }
    #expect(text.first?.text == "a\nb, x")
    #expect(style(of: "2") == .superscript)
    #expect(text.contains { $0.text == "2" && $0.style == .subscript })
    #expect(style(of: "Ctrl") == .keyboard && style(of: "m") == .highlight)
    #expect(style(of: "u") == .underline && style(of: "s") == .small)
  }

  @Test func aDivAroundMarkdownBlocksGivesThemItsLook() throws {
    let deck = try deck(
      """
      <div style="text-align:center; color: #00f; font-size: 150%">

      ## Title

      Some *text*

      </div>

      After
      """)
    let blocks = deck.slides[0].blocks
    #expect(blocks.map(\.plainText) == ["Title", "Some text", "After"])
    #expect(blocks.map(\.alignment) == [.center, .center, .natural])
    #expect(blocks.map(\.fontScale) == [1.5, 1.5, 1])
    let blue = RGBAColor(red: 0, green: 0, blue: 255)
    #expect(runs(blocks[1]).allSatisfy { $0.paint?.color == blue })
    #expect(runs(blocks[2]).allSatisfy { $0.paint == nil })
  }

  @Test func flexAndGridElementsPutTheirChildrenInColumns() throws {
    let deck = try deck(
      """
      <div style="display:flex">
      <div>

      Left

      </div>
      <div>

      Right

      </div>
      </div>

      <div style="display: grid; grid-template-columns: 60% 40%"><p>a</p><p>b</p></div>

      <div style="display: grid; grid-template-columns: repeat(3, 1fr)"><p>1</p><p>2</p></div>
      """)
    #expect(
      kinds(deck.slides[0].blocks) == ["columns(p | p)", "columns(p | p)", "columns(p | p)"])
    let widths = deck.slides[0].blocks.compactMap { block -> [Int]? in
      if case .columns(let columns) = block.kind { return columns.widths } else { return nil }
    }
    #expect(widths == [[1, 1], [60, 40], [1, 1]])
  }

  @Test func anHTMLTableIsATable() throws {
    let deck = try deck(
      """
      <table>
      <thead><tr><th align="right">Name</th><th>Value</th></tr></thead>
      <tbody>
      <tr><td><b>a</b></td><td><p>one</p><p>two</p></td></tr>
      <tr><td>b</td></tr>
      </tbody>
      </table>
      """)
    guard case .table(let table) = deck.slides[0].blocks.first?.kind else {
      Issue.record("no table: \(deck.slides[0].blocks)")
      return
    }
    #expect(table.alignments == [.right, .natural])
    #expect(table.header.map(\.plainText) == ["Name", "Value"])
    #expect(table.rows.map { $0.map(\.plainText) } == [["a", "one\ntwo"], ["b", ""]])
    #expect(table.rows[0][0].first?.style == .strong)
  }

  @Test func aSpanOnALineOfItsOwnStylesTheBlocksAfterIt() throws {
    let deck = try deck(
      "<span style=\"color:red\">\n\nRed\n\n</span>\n\n<b>\n\nBold\n\n</b>\n\nPlain\n")
    let blocks = deck.slides[0].blocks
    #expect(blocks.map(\.plainText) == ["Red", "Bold", "Plain"])
    #expect(runs(blocks[0]).first?.paint?.color == red)
    #expect(runs(blocks[1]).first?.style == .strong && runs(blocks[2]).first?.style == [])
  }

  @Test func theDecksCSSForAClassStylesItsElements() throws {
    let result = parse(
      """
      ---
      marp: true
      style: |
        .center { text-align: center; }
        section .cols { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); }
      ---

      <div class="center">

      Centred

      </div>

      <style>
      div.note { color: #ff0000 }
      </style>

      <div class="cols"><div>a</div><div class="note">b</div></div>

      <div class="unknown">x</div>
      """)
    #expect(
      result.messages == [
        "20:1: warning: HTML class 'unknown' is not styled by Podium: the content is shown without its CSS"
      ])
    let blocks = try #require(result.deck?.slides.first?.blocks)
    #expect(kinds(blocks) == ["p", "columns(p | p)", "p"])
    #expect(blocks[0].alignment == .center)
    guard case .columns(let columns) = blocks[1].kind else { return }
    #expect(runs(columns.columns[1].first).first?.paint?.color == red)
  }

  @Test func aBackgroundOrAPlaceMakesABox() throws {
    let deck = try deck(
      """
      <div style="background: #eee; position: absolute; top: 40px; left: 10%">

      Boxed **text**

      </div>
      """)
    guard case .box(let box) = deck.slides[0].blocks.first?.kind else {
      Issue.record("no box: \(deck.slides[0].blocks)")
      return
    }
    #expect(box.background == RGBAColor(red: 238, green: 238, blue: 238))
    #expect(box.placement == BoxBlock.Placement(left: .percent(10), top: .pixels(40)))
    #expect(box.blocks.map(\.plainText) == ["Boxed text"])
  }

  @Test func picturesDetailsAndCentredParagraphs() throws {
    let deck = try deck(
      """
      <p align="center"><img src="https://example.com/a.png" width="360" height="90"></p>

      <details>
      <summary>The <b>summary</b></summary>

      Hidden

      </details>

      <center>Middle</center>
      """)
    let blocks = deck.slides[0].blocks
    guard case .image(let image) = blocks.first?.kind else {
      Issue.record("no picture: \(blocks)")
      return
    }
    #expect(image.width == 0.5 && image.height == 0.125)
    #expect(blocks.dropFirst().map(\.plainText) == ["▶ The summary", "Middle"])
    #expect(blocks.last?.alignment == .center)
  }

  @Test func imagesWithOnlySpacesBetweenSitInARowAsABrowserSetsThem() throws {
    let deck = try deck(
      """
      <p align="center">
        <img src="https://example.com/a.png" width="300">
        <img src="https://example.com/b.png" width="300">
        <a href="https://example.com"><img src="https://example.com/c.png" width="600"></a>
      </p>

      <p><img src="https://example.com/d.png"> and <img src="https://example.com/e.png"></p>

      <p><img src="https://example.com/f.png"><br><img src="https://example.com/g.png"></p>

      <p><img src="https://example.com/h.png"><br><br><img src="https://example.com/i.png"></p>
      """)
    let blocks = deck.slides[0].blocks
    #expect(kinds(blocks).first == "columns(image | image | image)", "\(kinds(blocks))")
    guard case .columns(let row) = blocks.first?.kind else { return }
    // In their widths: 300, 300 and 600 pixels of a 720-pixel-high slide.
    #expect(row.widths == [417, 417, 833])
    // Text or a line break between pictures puts them one under another, as in a browser: a
    // `<br>` only ends the picture's line, a second leaves an empty one.
    #expect(
      Array(kinds(blocks).dropFirst()) == [
        "image", "p", "image", "image", "image", "image", "lines(1)", "image",
      ])
  }

  @Test func scriptsFramesAndEventsNeverRunAndAreWarnedAboutWhereTheyAre() throws {
    let result = parse(
      """
      # Title

      <script>alert(1)</script>

      <iframe src="https://example.com"></iframe>

      Click <span onclick="steal()">here</span>
      """)
    #expect(
      result.messages == [
        "3:1: warning: <script> never runs in Podium: ignored",
        "5:1: warning: <iframe> never runs in Podium: ignored",
        "7:7: warning: event attribute 'onclick' on <span> never runs in Podium (ignored)",
      ])
    let blocks = try #require(result.deck?.slides.first?.blocks)
    // A script's source is no more shown than a browser shows it.
    #expect(blocks.map(\.plainText) == ["Title", "Click here"])
  }

  @Test func unknownElementsClassesAndCSSAreWarnedAboutOnceADeck() throws {
    let result = parse(
      """
      <blink>one</blink> <blink>two</blink> <span style="transform: rotate(3deg)">t</span>

      ---

      <div class="columns">

      Left

      </div>

      <div class="columns" style="transform: none">Right</div>

      <style>h1 { color: red }</style>
      """)
    #expect(
      result.messages == [
        "1:1: warning: HTML element <blink> is not drawn as a browser draws it: its content is shown; later ones are not reported",
        "1:39: warning: CSS 'transform' in a style attribute is not drawn (ignored); later ones are not reported",
        "5:1: warning: HTML class 'columns' is not styled by Podium: the content is shown without its CSS",
      ])
    let slides = try #require(result.deck?.slides)
    #expect(slides[0].blocks.map(\.plainText) == ["one two t"])
    #expect(slides[1].blocks.map(\.plainText) == ["Left", "Right"])
  }

  @Test func superscriptsRiseAndKeysHaveCaps() throws {
    let laid = try frame("x<sup>2</sup> <kbd>K</kbd>")
    let x = try #require(laid.text("x"))
    let two = try #require(laid.text("2"))
    #expect(two.y < x.y && two.font.size < x.font.size)
    let key = try #require(laid.text("K"))
    #expect(key.keyCap != nil)
    // The cap's four bars, around the letter.
    let bars = laid.fills.filter { $0.1 == RGBAColor(red: 128, green: 128, blue: 128, alpha: 200) }
    #expect(bars.count == 4, "\(laid.snapshot)")
    let (left, right) = (key.x - key.font.size / 2, key.x + key.width + key.font.size / 2)
    #expect(bars.allSatisfy { $0.0.x >= left && $0.0.maxX <= right })
    #expect(bars.map(\.0.x).min()! < key.x && bars.map(\.0.maxX).max()! > key.x + key.width)
  }

  @Test func sizesInCSSPixelsAreTheSlidesAndBreaksAloneAreEmptyLines() throws {
    let text = "<span style=\"font-size: 36px\">Big</span> <small>and</small> normal\n\n<br>\n"
    #expect(kinds(try deck(text).slides[0].blocks) == ["p", "lines(1)"])
    // 1920x1080 is 1.5 pixels per CSS pixel of a 720-high slide.
    let laid = try frame(text)
    let big = try #require(laid.text("Big"))
    let normal = try #require(laid.text(" normal"))
    #expect(big.font.size == 54)
    #expect(abs(try #require(laid.text("and")).font.size - normal.font.size * 0.83) < 0.01)
  }

  @Test func anAbsoluteBoxStandsWhereItsSidesSay() throws {
    let laid = try frame(
      """
      Flow text

      <div style="position:absolute; left:96px; top:72px; width:384px; background:#123456">Here</div>
      """)
    // 1920x1080 is 1.5 pixels per CSS pixel of a 720-high slide.
    let band = try #require(laid.fills.first { $0.1 == RGBAColor(red: 18, green: 52, blue: 86) })
    #expect(band.0.x == 144 && band.0.y == 108 && band.0.width == 576)
    let here = try #require(laid.text("Here"))
    #expect(here.x >= 144 && here.y >= 108)
    #expect(laid.text("Flow text") != nil)
  }
}
