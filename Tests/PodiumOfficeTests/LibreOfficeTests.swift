import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumOffice

/// Converting office decks with the real LibreOffice (scripts/setup --office), and what happens
/// when it is missing, fails or hangs (a stand-in `soffice` script for those).
@Suite(.serialized) struct LibreOfficeTests {
  static let pptx = OfficeFileTests.pptx

  func tool(_ name: String, _ arguments: [String]) throws -> String {
    try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments).stdout
  }

  func reader() throws -> LibreOfficeReader {
    var reader = LibreOfficeReader.standard()
    reader.cacheDirectory = try Fixtures.temporaryDirectory("podium-office").path
    return reader
  }

  @Test func aDeckIsConvertedOnceWithItsHiddenSlidesAndKept() throws {
    let reader = try reader()
    #expect(reader.soffice != nil, "LibreOffice is installed by scripts/setup --tests")
    let pdf = try reader.pdf(of: Self.pptx, format: .pptx, step: nil).get()
    #expect(pdf.hasPrefix(reader.cacheDirectory))
    #expect(try tool("pdfinfo", [pdf]).contains("Pages:           6"))
    let text = try tool("pdftotext", ["-f", "4", "-l", "4", pdf, "-"])
    #expect(text.contains("Backup numbers"), "the hidden slide is a page too: \(text)")
    // Kept: asked again, the same file, not converted again.
    let written = try FileManager.default.attributesOfItem(atPath: pdf)[.modificationDate] as? Date
    #expect(try reader.pdf(of: Self.pptx, format: .pptx, step: nil).get() == pdf)
    let again = try FileManager.default.attributesOfItem(atPath: pdf)[.modificationDate] as? Date
    #expect(written == again)
    // Nothing but the PDF is left in the cache: no profile, no work folder.
    let left = try FileManager.default.contentsOfDirectory(atPath: reader.cacheDirectory)
    #expect(left == [(pdf as NSString).lastPathComponent])
  }

  @Test func eachStepShowsTheShapesOfItsClicks() throws {
    let reader = try reader()
    for (step, shown, hidden) in [
      (0, [String](), ["First", "Second"]), (1, ["First"], ["Second"]),
    ] {
      let pdf = try reader.pdf(of: Self.pptx, format: .pptx, step: step).get()
      let text = try tool("pdftotext", ["-f", "5", "-l", "5", pdf, "-"])
      #expect(text.contains("Two steps"))
      for word in shown { #expect(text.contains(word), "step \(step): \(text)") }
      for word in hidden { #expect(!text.contains(word), "step \(step): \(text)") }
    }
  }

  @Test func withoutLibreOfficeTheErrorNamesThePackage() throws {
    var reader = try reader()
    reader.soffice = nil
    let problem = try #require(
      reader.pdf(of: Self.pptx, format: .pptx, step: nil).failureValue)
    #expect(problem.message.contains("libreoffice-impress"))
    #expect(problem.message.contains("scripts/setup --office"))
  }

  /// A stand-in for `soffice` that runs `body`.
  func standIn(_ body: String) throws -> String {
    let path = try Fixtures.temporaryDirectory().appendingPathComponent("soffice").path
    try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
  }

  @Test func aConverterThatHangsIsStoppedWithEverythingItStarted() throws {
    let pids = try Fixtures.temporaryDirectory().appendingPathComponent("pids").path
    var reader = try reader()
    reader.soffice = try standIn("sleep 60 &\necho $! > \(pids)\nsleep 60")
    reader.timeLimit = 1
    let problem = try #require(
      reader.pdf(of: Self.pptx, format: .pptx, step: nil).failureValue)
    #expect(problem.message == "LibreOffice did not finish within 1 s and was stopped")
    let written = try String(contentsOfFile: pids, encoding: .utf8)
    let child = try #require(Int32(written.trimmingCharacters(in: .whitespacesAndNewlines)))
    // The script's own child went with it (its process group was killed).
    #expect(eventually(timeout: 5) { kill(child, 0) != 0 ? true : nil } == true)
  }

  @Test func aConverterThatFailsSaysWhatItSaid() throws {
    var reader = try reader()
    reader.soffice = try standIn("echo 'Error: source file could not be loaded'\nexit 3")
    let problem = try #require(
      reader.pdf(of: Self.pptx, format: .pptx, step: nil).failureValue)
    #expect(
      problem.message == "LibreOffice failed (exit 3): Error: source file could not be loaded")
    reader.soffice = try standIn("exit 0")
    let nothing = try #require(reader.pdf(of: Self.pptx, format: .pptx, step: nil).failureValue)
    #expect(nothing.message == "LibreOffice could not convert it: it wrote no PDF")
  }
}

extension Result {
  var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
