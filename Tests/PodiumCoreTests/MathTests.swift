import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// Marp's and pandoc's `$` and `$$`, `==highlight==`, and formulas typeset by the real pdflatex.
@Suite struct MathTests {
  private func runs(_ markdown: String) throws -> [TextRun] {
    let deck = try #require(DeckParser.parse(text: markdown, file: "m.md", baseDirectory: "/").deck)
    guard case .paragraph(let runs) = try #require(deck.slides.first?.blocks.first).kind else {
      Issue.record("not a paragraph")
      return []
    }
    return runs
  }

  @Test func inlineFormulasKeepTheirTeXWhateverMarkdownItHolds() throws {
    let found = try runs(#"Area $\pi r^2$, and $a_1 * b_2 \\ c$ *here*."#)
    let formulas = found.compactMap(MathFormula.init)
    #expect(
      formulas == [
        MathFormula(tex: #"\pi r^2"#, display: false),
        MathFormula(tex: #"a_1 * b_2 \\ c"#, display: false),
      ])
    #expect(found.contains { $0.text == "here" && $0.style == .emphasis })
  }

  @Test(arguments: [
    "It costs $5 and $10.",  // a closing `$` before a digit, and an opening one before a space
    "A lone $ sign.",
    #"Escaped \$x\$ dollars."#,
    "In code: `$x$` stays code.",
    "Spaced $ x $ is not math.",
  ])
  func dollarsThatAreNotMath(_ markdown: String) throws {
    #expect(try runs(markdown).allSatisfy { !$0.style.contains(.math) })
  }

  @Test func displayFormulasStandAloneCentred() throws {
    let markdown = "Before\n\n$$\n\\int_0^1 x\\,dx\n$$\n\n$$ a \\\\ b $$\n\n```math\nc^2\n```\n"
    let deck = try #require(DeckParser.parse(text: markdown, file: "m.md", baseDirectory: "/").deck)
    let blocks = try #require(deck.slides.first).blocks
    #expect(blocks.count == 4)
    for block in blocks.dropFirst() {
      #expect(block.alignment == .center)
    }
    #expect(
      blocks.flatMap(\.formulas) == [
        MathFormula(tex: "\\int_0^1 x\\,dx", display: true),
        MathFormula(tex: "a \\\\ b", display: true),
        MathFormula(tex: "c^2", display: true),
      ])
    // Line numbers are the file's: the formula after the fence is on line 9.
    #expect(blocks[2].location.line == 7)
  }

  @Test func presentermLatexBlocksAreFormulasAndTypstOnesAWarning() throws {
    let markdown =
      "```latex +render\n\\[ \\sum_i x_i \\]\n```\n\n```typst +render\n$x + 1$\n```\n"
    let parsed = DeckParser.parse(text: markdown, file: "p.md", baseDirectory: "/")
    let blocks = try #require(parsed.deck?.slides.first).blocks
    #expect(blocks[0].formulas == [MathFormula(tex: "\\sum_i x_i", display: true)])
    if case .code(let code) = blocks[1].kind {
      #expect(code.language == "typst")
    } else {
      Issue.record("the typst block is not code")
    }
    #expect(parsed.diagnostics.contains { $0.message.contains("typst") && $0.location?.line == 5 })
  }

  @Test func mathOffInTheFrontMatterLeavesDollarsAlone() throws {
    #expect(try runs("---\nmath: false\n---\n\nSee $x$.").allSatisfy { !$0.style.contains(.math) })
  }

  @Test func highlightsAreMarkedAndUnmatchedMarksStay() throws {
    let found = try runs("A ==marked== word, a == b, and ==two **bold** words==.")
    let marked = found.filter { $0.style.contains(.highlight) }.map(\.text)
    #expect(marked == ["marked", "two ", "bold", " words"])
    #expect(found.plainText == "A marked word, a == b, and two bold words.")
  }
}

/// The typesetter with TeX Live's pdflatex: needs `texlive-latex-base` (scripts/setup --tests).
@Suite struct MathTypesetterTests {
  let folder = NSTemporaryDirectory() + "podium-math-\(UUID().uuidString)"

  @Test func formulasAreTypesetIntoPagesTheirSizeAndKept() throws {
    let math = try MathTypesetter.forTests(cache: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let small = MathFormula(tex: "x", display: false)
    let fraction = MathFormula(tex: #"\frac{a}{b}"#, display: true)
    let result = math.typeset([small, fraction, small])
    #expect(result.problems.isEmpty)
    let x = try #require(result.formulas[small])
    let frac = try #require(result.formulas[fraction])
    // TeX's own sizes at 10 pt: an italic x is 5.72 pt wide and 4.31 high; a displayed fraction
    // rises above the x-height and reaches below the baseline.
    #expect(abs(x.width - 5.72) < 0.05 && abs(x.height - 4.31) < 0.05 && x.depth == 0)
    #expect(frac.height > 8 && frac.depth > 4)
    #expect(x.file == frac.file && x.page != frac.page)
    let pages = try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [x.file]).stdout
    #expect(pages.split(separator: "\n").contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 2") })

    // The second time nothing runs: TeX is gone, the cache answers.
    var offline = math
    offline.tex = "/nonexistent/pdflatex"
    #expect(offline.typeset([small, fraction]).formulas == result.formulas)
  }

  @Test func aFormulaTeXRefusesIsReportedAndTheOthersAreSet() throws {
    let math = try MathTypesetter.forTests(cache: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let bad = MathFormula(tex: #"\frac{1}{\nosuchcommand}"#, display: false)
    let unbalanced = MathFormula(tex: "{x", display: false)
    let good = MathFormula(tex: "y^2", display: false)
    let result = math.typeset([bad, unbalanced, good])
    #expect(result.formulas[good] != nil)
    #expect(result.problems[bad] == #"Undefined control sequence \nosuchcommand"#)
    #expect(result.problems[unbalanced] == "1 '{' never closed")
  }

  @Test func aFormulaTeXNeverFinishesIsSetAsideAndTheOthersAreSet() throws {
    var math = try MathTypesetter.forTests(cache: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    math.formulaLimit = 1.5
    // Sorted by their TeX, the looping formula comes between the two good ones.
    let before = MathFormula(tex: #"\alpha"#, display: false)
    let looping = MathFormula(tex: #"\def\x{\x}\x"#, display: false)
    let after = MathFormula(tex: "z^2", display: true)
    let started = Date()
    let result = math.typeset([before, looping, after])
    let took = Date().timeIntervalSince(started)
    #expect(result.formulas[before] != nil && result.formulas[after] != nil)
    #expect(result.problems[looping] == "TeX did not finish it within 1.5 s")
    #expect(result.problems.count == 1)
    #expect(took < 1.5 + 8, "took \(took) s")

    // Set aside for good: the next load does not wait for it again, nor run TeX at all.
    var offline = math
    offline.tex = "/nonexistent/pdflatex"
    let again = offline.typeset([looping, after])
    #expect(again.problems[looping] == "TeX did not finish it within 1.5 s")
    #expect(again.formulas[after] == result.formulas[after])
  }

  @Test func aFatalFormulaSpoilsNoOtherAndNamesItsOwnReason() throws {
    let math = try MathTypesetter.forTests(cache: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // \input of a missing file ends a nonstop run of TeX at once; so does a macro that grows
    // TeX's input stack until its capacity runs out.
    let missing = MathFormula(tex: #"\input{nofile}"#, display: true)
    let good = MathFormula(tex: "E=mc^2", display: false)
    let recursive = MathFormula(tex: #"\def\r{\r r}\r"#, display: false)
    let undefined = MathFormula(tex: #"\nope"#, display: false)
    let result = math.typeset([missing, good, recursive, undefined])
    #expect(result.formulas[good] != nil)
    #expect(result.problems[good] == nil)
    #expect(result.problems[missing]?.contains("nofile.tex") == true, "\(result.problems)")
    #expect(result.problems[recursive]?.hasPrefix("TeX capacity exceeded") == true)
    #expect(result.problems[undefined] == #"Undefined control sequence \nope"#)
  }

  @Test func aLoadSupersededWhileTeXRunsStopsItAndKeepsNothing() throws {
    var math = try MathTypesetter.forTests(cache: folder)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    math.formulaLimit = 30
    math.shouldStop = { true }
    let looping = MathFormula(tex: #"\def\y{\y}\y"#, display: false)
    let started = Date()
    let result = math.typeset([looping])
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(result.problems[looping] == "stopped: the deck changed again")
    // Nothing was kept: the next load tries it again.
    math.shouldStop = nil
    math.formulaLimit = 1
    #expect(math.typeset([looping]).problems[looping] == "TeX did not finish it within 1 s")
  }

  @Test func theLoaderWarnsAtTheFormulaAndNamesThePackageWhenTeXIsMissing() throws {
    let files = InMemoryFiles(["/d/m.md": "# T\n\nSee $x^2$ and\n\n$$\n\\frac{1}{\\nope}\n$$\n"])
    let without = DeckLoader(
      files: files, math: MathTypesetter(cacheDirectory: folder, tex: nil)
    ).load("/d/m.md")
    #expect(
      without.diagnostics.map(\.description) == [
        "/d/m.md:3:1: warning: 2 formulas are shown as TeX source: pdflatex is not installed "
          + "(install texlive-latex-base, or run scripts/setup --math)"
      ])
    #expect(without.deck?.formulas.isEmpty == true)

    let with = DeckLoader(files: files, math: try MathTypesetter.forTests(cache: folder))
      .load("/d/m.md")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(with.deck?.formulas.count == 1)
    #expect(
      with.diagnostics.map(\.description) == [
        #"/d/m.md:5:1: warning: formula '\frac{1}{\nope}' is shown as TeX source: "#
          + #"Undefined control sequence \nope"#
      ])
  }
}
