import Foundation
import PodiumCore
import PodiumSDL
import PodiumTestSupport
import Testing

@testable import PodiumPDF

/// The CommonMark and GFM specifications' examples (../shared/compat/spec, each `NNNN.md`
/// beside the `NNNN.html` the spec expects), each as a deck: it opens, exports a PDF that
/// `qpdf --check` finds whole, and the PDF's words are the words of the spec's HTML
/// (whitespace and list markers aside), but for the differences `SpecDifferences` names, each
/// documented in docs/TESTING.md and docs/DECK-FORMAT.md.
@Suite(.serialized) struct SpecCorpusTests {
  static let specs = ["commonmark", "gfm", "gfm-ext"]

  struct Outcome {
    var examples = 0
    var matching = 0
    var damaged: [String] = []
    var differing: [Int: (shown: String, expected: String)] = [:]
  }

  @Test(.enabled(if: Fixtures.hasCorpus, Fixtures.noCorpus), arguments: specs)
  func corpusSpecExamplesOpenExportWholeAndShowTheSpecsText(spec: String) throws {
    let folder = try #require(Fixtures.corpus).appendingPathComponent("spec/\(spec)")
    let numbers = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".md") }.compactMap { Int($0.dropLast(3)) }.sorted()
    #expect(numbers.count > 20)
    let out = try Fixtures.temporaryDirectory("podium-spec")
    let fonts = FontLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let images = ImageLibrary()
    let loader = DeckLoader(math: nil)
    var outcome = Outcome()
    for number in numbers {
      let name = String(format: "%04d", number)
      let deckPath = folder.appendingPathComponent(name + ".md").path
      let html = try String(
        contentsOf: folder.appendingPathComponent(name + ".html"), encoding: .utf8)
      outcome.examples += 1
      let loaded = loader.load(deckPath)
      guard let deck = loaded.deck else {
        Issue.record("\(spec) \(name) did not open: \(loaded.diagnostics)")
        continue
      }
      let pdf = out.appendingPathComponent(name + ".pdf").path
      _ = try PDFExporter(
        deck: deck, theme: loaded.theme,
        options: PDFExporter.Options(
          outputPath: pdf, size: PixelSize(width: 960, height: 540), writesNotesFile: false),
        fonts: fonts, measurer: measurer, images: images
      ).run()
      if let problems = try PDFValidity.problems(ofPDFAt: pdf) {
        outcome.damaged.append("\(name): \(problems)")
      }
      let shown = try Self.words(ofPDFAt: pdf)
      let expected = SpecText.words(ofHTML: html)
      if shown == expected {
        outcome.matching += 1
      } else {
        outcome.differing[number] = (shown, expected)
      }
      try? FileManager.default.removeItem(atPath: pdf)
    }
    #expect(outcome.damaged.isEmpty, "\(outcome.damaged)")
    let documented = SpecDifferences.examples(of: spec)
    let undocumented = outcome.differing.keys.filter { !documented.contains($0) }.sorted()
    let nowMatching = documented.filter { outcome.differing[$0] == nil }.sorted()
    print(
      "spec \(spec): \(outcome.matching) of \(outcome.examples) examples show the spec's text; "
        + "\(outcome.differing.count) differ, \(documented.count) documented")
    for number in undocumented {
      let (shown, expected) = outcome.differing[number] ?? ("", "")
      print("SPEC-DIFF \(spec) \(number)\n  shown:    \(shown)\n  expected: \(expected)")
    }
    #expect(undocumented.isEmpty, "\(spec): differences no entry names: \(undocumented)")
    #expect(nowMatching.isEmpty, "\(spec): documented differences that now match: \(nowMatching)")
  }

  /// The PDF's text as `pdftotext -raw` reads it: in the order Podium draws it, page after
  /// page.
  static func words(ofPDFAt path: String) throws -> String {
    let result = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-raw", "-enc", "UTF-8", path, "-"])
    return SpecText.words(ofShownText: result.stdout)
  }
}
