import Foundation
import Testing

@testable import PodiumCore

/// pandoc's slide shows (its manual, "Slide shows"): the slide level, section title slides in
/// beamer's way and reveal.js's, the title slide, and the syntax inside slides.
@Suite struct PandocDeckTests {
  /// Counts and titles of a deck.
  private func titles(_ text: String) throws -> [String?] {
    let parsed = try deck(text)
    #expect(parsed.dialect == .pandoc)
    return parsed.slides.map(\.title)
  }

  /// An academic talk as R Markdown or pandoc users write it: sections (`#`) and slides (`##`).
  static let talk = """
    ---
    title: Sparse Models
    author: [Ada Lovelace, Charles Babbage]
    institute: University of Somewhere
    date: March 2024
    FORMAT
    ---

    # Introduction

    ## Motivation

    - Models are large

    # Method

    A word under the section.

    ## Formulation

    Text.

    ---

    An untitled slide.

    ---

    ## Results

    It works.
    """

  @Test func theSlideLevelIsTheHighestHeadingFollowedByContent() throws {
    // `# Method` is followed by a paragraph: the slide level is 1, and `##` are in-slide headings.
    let plain = Self.talk.replacingOccurrences(
      of: "FORMAT", with: "output: revealjs::revealjs_presentation")
    #expect(
      try titles(plain) == [
        "Sparse Models", "Introduction", "Method", "An untitled slide.", "Results",
      ])
    // Without the paragraph, `##` is followed by content and `#` only by headings: level 2.
    let level2 = plain.replacingOccurrences(of: "A word under the section.\n", with: "")
    #expect(
      try titles(level2) == [
        "Sparse Models", "Introduction", "Motivation", "Method", "Formulation",
        "An untitled slide.", "Results",
      ])
  }

  /// The one rule that differs: a section's own content is on its title slide in reveal.js, on a
  /// frame of its own after beamer's section page.
  @Test func sectionsFollowTheOutputTheFrontMatterNames() throws {
    let reveal = try deck(Self.talk.replacingOccurrences(of: "FORMAT", with: "slide-level: 2"))
    #expect(
      reveal.slides.map(\.title) == [
        "Sparse Models", "Introduction", "Motivation", "Method", "Formulation",
        "An untitled slide.", "Results",
      ])
    #expect(reveal.slides[3].blocks.map(\.plainText) == ["Method", "A word under the section."])
    #expect(reveal.slides[1].layout == .title && reveal.slides[0].layout == .title)
    #expect(
      reveal.slides[0].blocks.map(\.plainText) == [
        "Sparse Models", "Ada Lovelace, Charles Babbage", "University of Somewhere", "March 2024",
      ])

    let beamer = try deck(
      Self.talk.replacingOccurrences(of: "FORMAT", with: "slide-level: 2\ndocumentclass: beamer"))
    #expect(
      beamer.slides.map(\.title) == [
        "Sparse Models", "Introduction", "Motivation", "Method", "Method", "Formulation",
        "An untitled slide.", "Results",
      ])
    #expect(beamer.slides[3].layout == .title && beamer.slides[4].layout == .default)
    // `section-titles: false`: no section pages; the section's content keeps its frame.
    let bare = try deck(
      Self.talk.replacingOccurrences(
        of: "FORMAT",
        with: "output:\n  beamer_presentation:\n    slide_level: 2\nsection-titles: false"))
    #expect(
      bare.slides.map(\.title) == [
        "Sparse Models", "Motivation", "Method", "Formulation", "An untitled slide.", "Results",
      ])
  }

  @Test func notesPausesBuildsAndColumns() throws {
    let parsed = try deck(
      """
      ---
      dialect: pandoc
      ---

      ## Builds

      ::: notes
      Say *why*.
      :::

      First

      . . .

      Second

      ::: incremental
      - a
      - b
      :::

      ## Columns

      :::: columns
      ::: {.column width="40%"}
      Left
      :::
      ::: column
      Right
      :::
      ::::

      Below
      """)
    let builds = parsed.slides[0]
    #expect(builds.notes.map(\.plainText) == ["Say why."])
    #expect(builds.blocks.map(\.plainText) == ["Builds", "First", "Second", "a\nb"])
    // reveal.js (no output named): the pause, then each item a fragment, the first too.
    #expect(builds.stepCount == 4)
    let columns = parsed.slides[1]
    guard case .columns(let layout) = columns.blocks[1].kind else {
      Issue.record("no columns: \(columns.blocks.map(\.kind))")
      return
    }
    #expect(layout.widths == [40, 60])
    #expect(layout.columns.map { $0.map(\.plainText) } == [["Left"], ["Right"]])
    #expect(columns.blocks.last?.plainText == "Below")
  }

  /// Divs pandoc lays out without a complaint are never an error here: a column outside any
  /// columns, more columns than the layout, columns in a column, an environment never closed.
  @Test func oddDivsAndLaTeXAreNeverErrors() throws {
    let result = parse(
      """
      ---
      dialect: pandoc
      ---

      ## Odd

      ::: column
      Alone
      :::

      :::: columns
      ::: column
      A
      :::: columns
      ::: column
      Inner
      :::
      ::::
      :::
      ::: column
      B
      :::
      ::: column
      C
      :::
      ::::

      \\begin{tikzpicture}

      After
      """)
    #expect(!result.hasErrors, "\(result.diagnostics)")
    let text = result.deck?.slides.flatMap { $0.blocks.map(\.plainText) } ?? []
    #expect(text.joined(separator: " ").contains("After"), "\(text)")
  }

  @Test func metadataValuesAreMarkdownAsPandocReadsThem() throws {
    let parsed = try deck(
      """
      ---
      title: "Sparse *Models*"
      subtitle: "**Fast** and `small`"
      author: Ada Lovelace
      output: beamer_presentation
      ---

      ## One

      Text.
      """)
    let title = try #require(parsed.slides.first)
    #expect(title.title == "Sparse Models")
    guard case .heading(_, let runs) = title.blocks[0].kind,
      case .paragraph(let subtitle) = title.blocks[1].kind
    else {
      Issue.record("not a title and a subtitle: \(kinds(title.blocks))")
      return
    }
    #expect(runs.map(\.text) == ["Sparse ", "Models"])
    #expect(runs.last?.style.contains(.emphasis) == true)
    #expect(subtitle.map(\.text) == ["Fast", " and ", "small"])
    #expect(subtitle[0].style.contains(.strong) && subtitle[2].style.contains(.code))
    // A value that is no line of inlines is shown as written.
    #expect(SlideBuilder.inlineRuns("# Not a heading").map(\.text) == ["# Not a heading"])
  }

  @Test func headingAttributesRawLaTeXAndCitations() throws {
    let result = parse(
      """
      % Talk title
      % A. Author
      % 2024

      ## Results {.standout}

      As shown [@smith2020].

      ## Maths {#sec:maths}

      \\begin{align}
      a &= b \\label{eq:1}\\\\
      c &= d
      \\end{align}

      \\vspace{1em}

      \\vspace{2em}

      ![Plot](plot.png){width=50%}

      And again [@doe2021].
      """)
    let parsed = try #require(result.deck)
    #expect(parsed.metadata.title == "Talk title" && parsed.metadata.author == "A. Author")
    #expect(parsed.slides.map(\.title) == ["Talk title", "Results", "Maths"])
    #expect(parsed.slides[1].layout == .center)
    let maths = parsed.slides[2].blocks
    guard case .paragraph(let runs) = maths[1].kind else {
      Issue.record("not a formula: \(maths[1].kind)")
      return
    }
    #expect(runs.first?.style.contains(.displayMath) == true)
    #expect(runs.first?.text == "\\begin{aligned}a &= b \\\\\nc &= d\\end{aligned}")
    guard case .image(let image) = maths[2].kind else {
      Issue.record("not an image")
      return
    }
    #expect(image.width == 640.0 / 720)
    let warnings = result.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }
    #expect(
      warnings.filter { $0.contains("citations") } == [
        "7: citations are shown as their keys: Podium does not read a bibliography"
      ])
    #expect(
      warnings.contains {
        $0.hasPrefix("16: raw LaTeX '\\vspace' is not shown")
      })
    #expect(!warnings.contains { $0.hasPrefix("18:") })
  }

  /// A picture in a LaTeX wrapper, as beamer decks centre them: the picture, not the TeX.
  @Test func aPictureInALaTeXWrapperIsThePicture() throws {
    let result = parse(
      """
      ---
      title: T
      ---

      ## Next

      \\centerline{\\includegraphics[width=3in]{img/mermaid.png}}

      \\vspace{\\baselineskip}

      Text

      ::: notes
      Say it.
      :::
      """)
    #expect(result.deck?.dialect == .pandoc)
    let slide = try #require(result.deck?.slides.last)
    #expect(kinds(slide.blocks) == ["h2", "image", "p"])
    guard case .image(let image) = slide.blocks[1].kind else { return }
    #expect(image.source == "img/mermaid.png")
    let texts = slide.blocks.map(\.plainText).joined()
    #expect(!texts.contains("\\"))
    #expect(result.diagnostics.contains { $0.message.hasPrefix("raw LaTeX '\\vspace'") })
  }

  @Test func allowFrameBreaksSplitsALongFrame() throws {
    let items = (1...20).map { "\($0). item \($0)" }.joined(separator: "\n")
    let parsed = try deck(
      "---\noutput: beamer_presentation\n---\n\n## References {.allowframebreaks}\n\n\(items)\n")
    #expect(parsed.slides.map(\.title) == ["References I", "References II"])
    guard case .list(let second) = parsed.slides[1].blocks[1].kind else {
      Issue.record("not a list")
      return
    }
    #expect(second.start == 15 && second.items.count == 6)
  }

  /// A titled document of sections without a separator is pandoc's: one overfull slide
  /// otherwise. beamer's `\note{}` is the slide's notes, on one line or several.
  @Test func titledSectionsAndBeamerNotes() throws {
    let parsed = try deck(
      """
      ---
      title: Lab meeting
      author: A. Student
      ---

      # Results

      Accuracy went up.

      \\note{Mention the baseline.}

      # Next steps

      \\note{
      - ask for *data*
      }

      More work.

      # Questions
      """)
    #expect(parsed.dialect == .pandoc)
    #expect(parsed.slides.map(\.title) == ["Lab meeting", "Results", "Next steps", "Questions"])
    #expect(parsed.slides[1].notes.map(\.plainText) == ["Mention the baseline."])
    #expect(parsed.slides[2].notes.map(\.plainText) == ["ask for data"])
    #expect(parsed.slides[2].blocks.map(\.plainText) == ["Next steps", "More work."])
  }

  /// Two sections are enough: pandoc makes three slides of this (its title slide and one a
  /// heading), Podium's own reading one slide with both.
  @Test func aTitledTalkOfTwoSectionsIsPandocs() throws {
    let parsed = try deck(
      """
      ---
      title: My Talk
      author: Jane Doe
      date: 1 Feb 2020
      ---

      ## Science

      Aim: understand things

      ## Reality

      More text
      """)
    #expect(parsed.dialect == .pandoc)
    #expect(parsed.slides.map(\.title) == ["My Talk", "Science", "Reality"])
    // One section stays Podium's: a one-slide deck with a title in its front matter is common.
    #expect(try deck("---\ntitle: T\nauthor: A\n---\n\n## Only\n\ntext\n").dialect == .standard)
  }

  @Test func otherDecksAreNotPandocs() throws {
    #expect(
      try deck("---\ntheme: gaia\nmarp: true\n---\n\n# A\n\n---\n\n# B\n").dialect == .standard)
    #expect(try deck("# A\n\ntext\n\n---\n\n# B\n").dialect == .standard)
    #expect(try deck("%title: An mdp deck\n\n# A\n").dialect == .mdp)
  }

  /// pandoc's reveal.js writer makes every item of an incremental list a fragment, the first
  /// too (`<li class="fragment">`); beamer's `[<+->]` shows the first item with the frame.
  @Test func incrementalListsFirstItemFollowsTheOutput() throws {
    let body = "\n## Steps\n\n::: incremental\n- a\n- b\n- c\n:::\n\n## Quoted\n\n> - x\n> - y\n"
    let reveal = try deck("---\noutput: revealjs::revealjs_presentation\n---\n" + body)
    #expect(reveal.slides.map(\.stepCount) == [4, 3])
    guard case .list(let list) = reveal.slides[0].blocks.last?.kind else {
      Issue.record("no list")
      return
    }
    #expect(list.items.map(\.step) == [1, 2, 3])
    let beamer = try deck("---\noutput: beamer_presentation\n---\n" + body)
    #expect(beamer.slides.map(\.stepCount) == [3, 2])
  }

  /// An unnumbered section (`\section*`) gets no section page in beamer; reveal.js still makes
  /// its title slide.
  @Test func unnumberedSectionsHaveNoBeamerSectionPage() throws {
    let body =
      "\n# Intro {-}\n\n## One\n\nA\n\n# Method {.unnumbered}\n\n## Two\n\nB\n\n# Results\n\n## Three\n\nC\n"
    #expect(
      try titles("---\noutput: beamer_presentation\n---\n" + body) == [
        "One", "Two", "Results", "Three",
      ])
    #expect(
      try titles("---\noutput: revealjs::revealjs_presentation\n---\n" + body) == [
        "Intro", "One", "Method", "Two", "Results", "Three",
      ])
  }

  /// `{visibility=hidden}`: reveal.js removes the slide; beamer shows it.
  @Test func hiddenSlidesAreRevealsOnly() throws {
    let body = "\n## One\n\nA\n\n## Two {visibility=hidden}\n\nB\n\n## Three\n\nC\n"
    #expect(
      try titles("---\noutput: revealjs::revealjs_presentation\n---\n" + body) == [
        "One", "Three",
      ])
    #expect(
      try titles("---\noutput: beamer_presentation\n---\n" + body) == [
        "One", "Two", "Three",
      ])
  }
}

/// reveal.js's Markdown decks: `Note:` starts the slide's notes.
@Suite struct RevealNotesTests {
  @Test func noteLinesAreTheRestOfTheSlidesNotes() throws {
    let parsed = try deck(
      """
      # One

      Shown

      Note: Say *this*
      and that.

      ---

      # Two
      Note: Only this line.

      ```
      Note: code stays code
      ```
      """)
    #expect(parsed.slides[0].blocks.map(\.plainText) == ["One", "Shown"])
    #expect(parsed.slides[0].notes.map(\.plainText) == ["Say this and that."])
    #expect(parsed.slides[1].notes.map(\.plainText) == ["Only this line."])
    #expect(parsed.slides[1].blocks.last?.plainText == "Note: code stays code")
  }
}
