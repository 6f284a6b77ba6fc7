import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// pandoc's decks as their authors built them (issue 46): the build file beside the deck names
/// the writer, the slide level, `--toc`, `-i` and metadata files; with none, a deck with no
/// slide break and several headings is split as pandoc's default slide level splits it.
@Suite struct PandocBuildTests {
  /// A deck at /talk/slides.md with `files` beside it, parsed from its file.
  func parsed(_ deck: String, _ files: [String: String]) -> DeckParseResult {
    var all = files
    all["/talk/slides.md"] = deck
    return DeckParser.parse(fileAt: "/talk/slides.md", files: InMemoryFiles(all))
  }

  static let sections = """
    # One

    ## A

    text

    ## B

    text

    # Two

    ## C

    text
    """

  @Test func aMakefilesVariablesWriterSlideLevelAndMetadataFileAreRead() throws {
    let makefile = """
      META = metadata.yaml
      SOURCE = slides.md
      LEVEL := 2

      all:
      \tpandoc -H header.tex -f markdown -t beamer --slide-level=$(LEVEL) \\
      \t  -s -o slides.tex $(META) $(SOURCE)
      """
    let metadata = "---\ntitle: A Talk\nauthor: Someone\ntoc: true\n---\n"
    let build = try #require(
      PandocBuild.parse(makefile, deck: "slides.md", file: "/talk/Makefile"))
    #expect(build.writer == "beamer")
    #expect(build.slideLevel == 2)
    #expect(build.metadataFiles == ["/talk/metadata.yaml"])
    let result = parsed(
      Self.sections, ["/talk/Makefile": makefile, "/talk/metadata.yaml": metadata])
    let deck = try #require(result.deck)
    #expect(deck.dialect == .pandoc)
    #expect(deck.metadata.title == "A Talk")
    // The title, the table of contents (the sections), then beamer's section pages and frames.
    #expect(deck.slides.count == 7)
    #expect(deck.slides.map(\.title).dropFirst(2) == ["One", "A", "B", "Two", "C"])
    #expect(deck.slides[1].blocks.map(\.plainText) == ["One\nTwo"], "the contents: sections")
  }

  @Test func aShellScriptsCommandAndTheDecksOwnFrontMatterOverTheMetadataFile() throws {
    let script = """
      #!/usr/bin/env bash
      pandoc .pandoc-config.yaml slides.md \\
        -t revealjs --toc --slide-level 2 -o index.html
      """
    let config = "title: From the file\ndate: today\n"
    let deck = try #require(
      parsed(
        "---\ntitle: From the deck\n---\n\n" + Self.sections,
        ["/talk/build.sh": script, "/talk/.pandoc-config.yaml": config]
      ).deck)
    #expect(deck.metadata.title == "From the deck", "the deck's own block comes last")
    #expect(deck.metadata.date == "today")
    // reveal.js: the title, the contents, each section's title slide and its slides.
    #expect(deck.slides.count == 1 + 1 + (1 + 2) + (1 + 1))
  }

  @Test func aCommandForAnotherDeckIsNotThisOnesButAWorkflowIs() throws {
    let other = "all:\n\tpandoc other.md -t beamer -o other.pdf\n"
    let build = PandocBuild.parse(other, deck: "slides.md", file: "/talk/Makefile")
    #expect(build?.namesDeck == false)
    let workflow = """
      jobs:
        slides:
          steps:
            - run: pandoc talk/slides.md -t revealjs -s -o public/index.html --slide-level=2
      """
    let found = PandocBuild.find(
      for: "/repo/talk/slides.md",
      files: InMemoryFiles([
        "/repo/talk/slides.md": Self.sections, "/repo/.github/workflows/pages.yml": workflow,
      ]))
    #expect(found?.writer == "revealjs")
    #expect(found?.slideLevel == 2)
    #expect(found?.file == "/repo/.github/workflows/pages.yml")
  }

  @Test func headingsWithNoSlideBreakAreSplitAsPandocSplitsThemWithANote() throws {
    let text = (1...4).map { "# Part \($0)\n\nSome text about it.\n" }.joined(separator: "\n")
    let result = parsed(text, [:])
    let deck = try #require(result.deck)
    #expect(deck.dialect == .pandoc)
    #expect(deck.slides.count == 4)
    #expect(
      result.diagnostics.contains {
        $0.message.hasPrefix("no slide breaks ('---'): read as pandoc reads it")
      })
    // With a break, or two headings only, the deck stays Podium's own.
    #expect(parsed("# A\n\nx\n\n# B\n\ny\n", [:]).deck?.dialect == .standard)
    #expect(parsed("# A\n\n---\n\n# B\n\n# C\n\n# D\n", [:]).deck?.dialect == .standard)
    #expect(
      parsed("---\ndialect: podium\n---\n\n" + text, [:]).deck?.slides.count == 1,
      "dialect: podium keeps one slide")
  }

  @Test func aTitleBlocksContinuationLinesAreMoreAuthors() throws {
    let deck = try #require(
      parsed("% Basics\n% Ann Author\n  Ben Author\n% 2013-12-06\n\n### Why\n\ntext\n", [:]).deck)
    #expect(deck.metadata.title == "Basics")
    #expect(deck.metadata.author == "Ann Author, Ben Author")
    #expect(deck.metadata.date == "2013-12-06")
    #expect(deck.slides.count == 2, "the title slide and one frame")
  }

  /// pandoc's plain `html5` writer with `--section-divs` under the author's reveal.js template
  /// (a Makefile from the wild corpus): no slide writer runs, so `---` is a rule and each
  /// heading's `<section>` is a slide; the template writes the title slide itself, here always
  /// (an empty one when the deck has no title), and the table of contents only under `$if(toc)$`.
  @Test func anHTML5BuildWithSectionDivsShowsEachHeadingsSectionAndTheTemplatesOwnSlides() throws {
    let makefile = """
      all:
      	pandoc -t html5 --template=templates/reveal.html --standalone --section-divs \
      	  -s slides.md -o index.html
      """
    let template = """
      <div class="reveal"><div class="slides">
      <section><h1>$title$</h1>$for(author)$<h3>$author$</h3>$endfor$</section>
      $if(toc)$<section><h2>Outline</h2>$toc$</section>$endif$
      $body$
      </div></div>
      """
    let deck = try #require(
      parsed(
        "# Risk\n\n---\n\nRyan\n\n# Why\n\n---\n\ntext\n\n## Detail\n\nmore\n",
        ["/talk/Makefile": makefile, "/talk/templates/reveal.html": template]
      ).deck)
    // `# Why` holds `## Detail`: a stack, whose slide is Detail's, with Why's text on it.
    #expect(deck.slides.map(\.title) == ["", "Risk", "Detail"])
    #expect(deck.slides[1].blocks.count == 3, "the rule stays on the slide, between its lines")
    #expect(
      deck.slides[2].blocks.map(\.plainText) == ["", "text", "Detail", "more"],
      "the stack's rule and text, then its slide's heading and text")

    // The same build with pandoc's own template: a title slide only when there is a title.
    let plain = try #require(
      parsed("# Risk\n\n---\n\nRyan\n\n# Why\n\ntext\n", ["/talk/Makefile": makefile]).deck)
    #expect(plain.slides.map(\.title) == ["Risk", "Why"])
    // Without --section-divs there are no sections: read as reveal.js, `---` breaks slides.
    let flat = makefile.replacingOccurrences(of: " --section-divs", with: "")
      .replacingOccurrences(of: "-t html5", with: "-t html")
    let unsectioned = try #require(
      parsed("# Risk\n\n---\n\nRyan\n\n# Why\n\ntext\n", ["/talk/Makefile": flat]).deck)
    #expect(unsectioned.slides.map(\.title) == ["Risk", "Ryan", "Why"])
    let conditional = try #require(PandocTemplate(template))
    #expect(conditional.slides { $0 == "toc" } == (title: true, contents: true))
    #expect(conditional.slides { _ in false } == (title: true, contents: false))
    #expect(PandocTemplate("\\begin{document}$body$") == nil, "a LaTeX template")
    // An HTML page whose only slides are the body's: a title in the metadata shows no slide.
    let page = "<html><body><div class=\"reveal\"><div class=\"slides\">$body$</div></div>"
    #expect(
      try #require(PandocTemplate(page)).slides { _ in true } == (title: false, contents: false))
    let untitled = try #require(
      parsed(
        "% A title\n\n# One\n\ntext\n",
        ["/talk/Makefile": makefile, "/talk/templates/reveal.html": page]
      ).deck)
    #expect(untitled.slides.map(\.title) == ["One"])

    // A section under a variable the command line sets (-V) is there; under one unset, not.
    let banner = template.replacingOccurrences(
      of: "$body$", with: "$if(banner)$<section><h1>$title$</h1></section>$endif$$body$"
    )
    .replacingOccurrences(of: "<section><h1>$title$</h1>$for", with: "<div>$for")
    .replacingOccurrences(of: "$endfor$</section>", with: "$endfor$</div>")
    let withBanner = makefile.replacingOccurrences(of: "-t html5", with: "-t html5 -V banner=1")
    let bannered = try #require(
      parsed(
        "# Risk\n\ntext\n",
        ["/talk/Makefile": withBanner, "/talk/templates/reveal.html": banner]
      ).deck)
    #expect(bannered.slides.count == 2)
    let unbannered = try #require(
      parsed(
        "# Risk\n\ntext\n", ["/talk/Makefile": makefile, "/talk/templates/reveal.html": banner]
      )
      .deck)
    #expect(unbannered.slides.count == 1)
  }

  /// pandoc's `ensureStartWithH`: blocks before the first heading, a lone HTML comment too, are
  /// a slide of their own (beamer: an empty frame; the author's PDF has it).
  @Test func aCommentBeforeTheFirstHeadingIsASlideOfItsOwnAsPandocMakesIt() throws {
    let deck = try #require(
      parsed(
        "---\ntitle: T\noutput: beamer_presentation\n---\n\n<!-- TODO -->\n\n# A\n\ntext\n\n# B\n\nmore\n",
        [:]
      ).deck)
    #expect(deck.slides.count == 4)
    #expect(deck.slides.map(\.title) == ["T", nil, "A", "B"])
  }

  /// A reveal.js talk written as raw `<section>`s (reveal.js's own markup, which pandoc passes
  /// through): each innermost section is a slide, a stack's own is none, and the Markdown
  /// right under a raw tag is Markdown, as pandoc reads it (CommonMark's HTML block would
  /// swallow the code fence under `<h2>`).
  @Test func rawSectionsOfARevealTalkAreItsSlides() throws {
    let deck = """
      % Raw sections

      # One

      - a
      </section>

      <section id="two">
      <h1>Two</h1>

      - b
      </section>

      <section id="stack" class="stack">

      <section id="three">
      <h2>Three</h2>
      <h2>and a half</h2>
      ```haskell
      main = print 3

      </section>
      ```
      </section>

      <section id=four>
      Four
      </section>
      </section><!-- #stack -->

      ```html
      <section>
      ```
      """
    let makefile = "all:\n\tpandoc -s -t revealjs -o index.html slides.md\n"
    let result = parsed(deck, ["/talk/Makefile": makefile])
    let slides = try #require(result.deck?.slides)
    #expect(slides.map(\.title) == ["Raw sections", "One", "Two", "Three", "Four"])
    #expect(slides.allSatisfy { $0.notes.isEmpty }, "the tags are no notes")
    let code = slides[3].blocks.compactMap { block -> String? in
      if case .code(let code) = block.kind { return code.code } else { return nil }
    }
    #expect(code == ["main = print 3\n\n</section>"], "a tag inside code is code")
    #expect(slides[4].blocks.map(\.plainText).first == "Four")
    // A heading with a styled raw section under it: one slide, the section the heading's.
    let wrapped = parsed(
      "% W\n\n## Who\n\n<section style=\"text-align: left\">\n\nMe\n</section>\n\n## Next\n\nx\n",
      ["/talk/Makefile": makefile])
    #expect(wrapped.deck?.slides.map(\.title) == ["W", "Who", "Next"])
    #expect(wrapped.deck?.slides[1].blocks.map(\.plainText) == ["Who", "Me"])
    // The tags in the code at the end open no slide; beamer drops raw HTML and reads none.
    let beamer = parsed(
      deck, ["/talk/Makefile": "all:\n\tpandoc -t beamer -o talk.pdf slides.md\n"])
    #expect(beamer.deck?.slides.map(\.title) == ["Raw sections", "One"])
  }

  /// pandoc's `native_divs`: a `<div>` on a line of its own is a fenced div, and the Markdown
  /// right under it is Markdown (a code fence, here), where CommonMark's HTML block would run on
  /// to the next blank line. reveal.js's `<aside class="notes">` is the slide's notes.
  @Test func rawDivsAreFencedDivsAndAnAsideOfNotesIsNotes() throws {
    let deck = """
      % Divs

      # One

      <div class="fragment">
      ~~~haskell
      main = pure ()

      ~~~
      </div>

      <aside class="notes">
      Say *this*.
      </aside>

      <div style="color: red">
      Kept as HTML
      </div>
      """
    let slides = try #require(parsed(deck, [:]).deck?.slides)
    #expect(slides.map(\.title) == ["Divs", "One"])
    let one = slides[1]
    let code = one.blocks.compactMap { block -> CodeBlock? in
      if case .code(let code) = block.kind { return code } else { return nil }
    }
    #expect(code.map(\.code) == ["main = pure ()\n"] && code.first?.language == "haskell")
    #expect(one.stepCount == 2, "the fragment is a build step")
    #expect(one.notes.map(\.plainText) == ["Say this."])
    #expect(one.blocks.map(\.plainText).last == "Kept as HTML")
  }
}
