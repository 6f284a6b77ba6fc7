import Testing

@testable import PodiumCore

/// The HTML5 parser's fragments as values (`HTMLFragment`, over gumbo).
@Suite struct HTMLFragmentTests {
  func elements(_ nodes: [HTMLFragment.Node]) -> [HTMLFragment.Element] {
    nodes.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
  }

  @Test func namesAreLowercasedAndAttributesKept() throws {
    let fragment = HTMLFragment.parse(#"<SPAN Style="color:red" data-x>a &amp; b</SPAN>"#)
    let span = try #require(elements(fragment.nodes).first)
    #expect(span.name == "span")
    #expect(span.attribute("style") == "color:red" && span.attribute("data-x") == "")
    #expect(span.children == [.text("a & b", HTMLFragment.Position(line: 1, column: 32))])
    #expect(!span.isOpen)
  }

  @Test func unknownElementsKeepTheirWrittenName() throws {
    let fragment = HTMLFragment.parse("<My-Widget size=2>x</My-Widget>")
    #expect(elements(fragment.nodes).map(\.name) == ["my-widget"])
  }

  @Test func anElementWithoutItsEndTagStaysOpen() throws {
    let fragment = HTMLFragment.parse("<div class=\"columns\">\n<div>\nfirst")
    let outer = try #require(elements(fragment.nodes).first)
    let inner = try #require(elements(outer.children).first)
    #expect(outer.isOpen && inner.isOpen)
    #expect(inner.position == HTMLFragment.Position(line: 2, column: 1))
    // `<img>` and `<br>` never stay open; an element closed by the next one's start does not.
    let closed = HTMLFragment.parse("<p>one<p>two<img src=a.png>")
    let paragraphs = elements(closed.nodes)
    #expect(paragraphs.map(\.isOpen) == [false, true])
    #expect(elements(paragraphs[1].children).map(\.isOpen) == [false])
  }

  @Test func endTagsOfElementsOpenedEarlierAreReported() throws {
    let fragment = HTMLFragment.parse("</div>\n</center>\n<div>new</div>\n</p>")
    #expect(fragment.closesBefore == ["div", "center"])
    #expect(fragment.closesAfter == ["p"])
    // HTML5 makes a stray `</p>` an empty paragraph; it still closes one opened earlier.
    #expect(elements(fragment.nodes).map(\.name) == ["div", "p"])
    let inside = HTMLFragment.parse("<!-- </div> -->")
    #expect(inside.closesBefore.isEmpty && inside.closesAfter.isEmpty)
  }

  @Test func deepOrHugeHTMLIsReadAsText() throws {
    let deep = HTMLFragment.parse(String(repeating: "<div>", count: 10_000))
    #expect(deep.refused?.contains("nested deeper than 32") == true)
    #expect(deep.nodes.count == 1)
    let moderate = HTMLFragment.parse(String(repeating: "<b>", count: 30) + "x")
    #expect(moderate.refused == nil)
  }

  @Test func scriptTextIsKeptAsText() throws {
    let fragment = HTMLFragment.parse("<script>alert('<b>')</script>")
    let script = try #require(elements(fragment.nodes).first)
    #expect(script.name == "script")
    guard case .text(let text, _) = script.children.first else {
      Issue.record("no text in \(script)")
      return
    }
    #expect(text == "alert('<b>')")
  }
}
