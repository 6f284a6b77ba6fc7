import Foundation
import PodiumPDF
import PodiumTestSupport
import Testing

@testable import PodiumCore
@testable import PodiumOffice

/// Converting office decks with the real LibreOffice (scripts/setup --office), in parts made at
/// once, and what happens when it is missing, fails or hangs (a stand-in `soffice` script for
/// those).
@Suite(.serialized) struct LibreOfficeTests {
  static let pptx = OfficeFileTests.pptx
  static let odp = OfficeFileTests.odp

  func tool(_ name: String, _ arguments: [String]) throws -> String {
    try CommandRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments).stdout
  }

  /// A reader with a cache of its own, converting with two LibreOffices at once whatever else
  /// the machine is doing.
  func reader() throws -> LibreOfficeReader {
    var reader = LibreOfficeReader.standard()
    reader.cacheDirectory = try Fixtures.temporaryDirectory("podium-office").path
    reader.workers = 2
    return reader
  }

  @Test func asManyLibreOfficesAsThereAreFreeCores() throws {
    #expect(LibreOfficeReader.freeCores(cores: 2, load: 0.2) == 2)
    #expect(LibreOfficeReader.freeCores(cores: 2, load: 1.2) == 1)
    #expect(LibreOfficeReader.freeCores(cores: 2, load: 6) == 1)
    #expect(LibreOfficeReader.freeCores(cores: 8, load: 2.4) == 6)
    // A minute's average left by a run that has ended: nothing else runs now (this process).
    #expect(LibreOfficeReader.freeCores(cores: 2, load: 0.7, runningNow: 1) == 2)
    #expect(LibreOfficeReader.freeCores(cores: 2, load: 1.6, runningNow: 3) == 1)
    let now = try #require(LibreOfficeReader.currentLoad())
    #expect(now.running >= 1, "this process runs")
    #expect(now.minute >= 0)
  }

  func pages(_ pdf: String) throws -> Int {
    let info = try tool("pdfinfo", [pdf])
    let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
    return Int(line.split(separator: " ").last ?? "") ?? -1
  }

  func text(_ pdf: String, page: Int) throws -> String {
    try tool("pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf, "-"])
  }

  /// The six-slide fixture in two parts: its first two slides, then the rest with slide 5's two
  /// clicks as pages of their own, made at once by two LibreOffices and kept.
  @Test func aDeckIsConvertedOnceWithEveryStepAndKept() throws {
    let reader = try reader()
    #expect(reader.soffice != nil, "LibreOffice is installed by scripts/setup --tests")
    let conversion = try reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole)
      .get()
    #expect(conversion.stepped)
    #expect(conversion.pending.isEmpty)
    #expect(conversion.parts.map(\.slides) == [0..<2, 2..<6])
    let (first, rest) = (conversion.parts[0].file, conversion.parts[1].file)
    #expect(first.hasPrefix(reader.cacheDirectory))
    #expect(try pages(first) == 2)
    // Slides 3 and 4 (hidden, a page too), slide 5 before each click and whole, slide 6.
    #expect(try pages(rest) == 6)
    #expect(try text(rest, page: 2).contains("Backup numbers"))
    for (page, shown, hidden) in [
      (3, [String](), ["First", "Second"]), (4, ["First"], ["Second"]),
      (5, ["First", "Second"], []),
    ] {
      let words = try text(rest, page: page)
      #expect(words.contains("Two steps"), "page \(page): \(words)")
      for word in shown { #expect(words.contains(word), "page \(page): \(words)") }
      for word in hidden { #expect(!words.contains(word), "page \(page): \(words)") }
    }
    #expect(try text(rest, page: 6).contains("Thank you"))
    // Kept: asked again, the same files, not converted again.
    let written = try FileManager.default.attributesOfItem(atPath: rest)[.modificationDate] as? Date
    let again = try reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole).get()
    #expect(again.parts.map(\.file) == conversion.parts.map(\.file))
    let after = try FileManager.default.attributesOfItem(atPath: rest)[.modificationDate] as? Date
    #expect(written == after)
    // Nothing but the PDFs is left in the cache: no profile, no work folder, no copy.
    let left = try FileManager.default.contentsOfDirectory(atPath: reader.cacheDirectory).sorted()
    #expect(left == [first, rest].map { ($0 as NSString).lastPathComponent }.sorted())
  }

  /// A talk asks for the first slides: it has them before the rest, which comes into the cache
  /// while it waits, and asking again joins the conversion running rather than starting another.
  @Test func theFirstSlidesComeFirst() throws {
    var reader = try reader()
    reader.workers = 1
    let early = try reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .firstSlides)
      .get()
    #expect(early.parts[0].ready)
    #expect(early.progress(name: "talk.pptx").total == 6)
    let whole = try reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole).get()
    #expect(whole.pending.isEmpty)
    #expect(
      whole.progress(name: "talk.pptx") == OfficeProgress(name: "talk.pptx", done: 6, total: 6))
    #expect(try pages(whole.parts[1].file) == 6)
  }

  /// An Impress deck long enough is exported as page ranges, one LibreOffice each, hidden slides
  /// in their places.
  @Test func anImpressDeckIsExportedInRangesAtOnce() throws {
    var reader = try reader()
    reader.pagesPerPart = 3
    let conversion = try reader.convert(Self.odp, format: .odp, stepped: true, wait: .whole).get()
    #expect(!conversion.stepped)
    #expect(conversion.parts.map(\.slides) == [0..<3, 3..<6])
    #expect(try conversion.parts.map { try pages($0.file) } == [3, 3])
    #expect(try text(conversion.parts[1].file, page: 1).contains("Backup numbers"))
  }

  /// A PowerPoint 97 file: LibreOffice's OpenDocument copy of it, made beside its PDF, gives the
  /// notes and hidden slides the binary file holds.
  @Test func aPPTsNotesComeFromLibreOfficesCopy() throws {
    let folder = try Fixtures.temporaryDirectory()
    let made = try CommandRunner.run(
      URL(fileURLWithPath: "/usr/bin/soffice"),
      [
        "--headless", "--norestore", "-env:UserInstallation=file://" + folder.path + "/profile",
        "--convert-to", "ppt", "--outdir", folder.path, Self.pptx,
      ])
    #expect(made.status == 0)
    let ppt = folder.appendingPathComponent("talk.ppt").path
    let reader = try reader()
    let conversion = try reader.convert(ppt, format: .ppt, stepped: true, wait: .whole).get()
    let info = try conversion.info.get()
    #expect(info.slides.count == 6)
    // The copy keeps the words; a PowerPoint 97 notes page holds them in an outline list.
    #expect(info.slides[0].notes.hasSuffix("Welcome everyone; this takes ten minutes."))
    #expect(info.slides[3].notes.hasSuffix("The appendix slide."))
    #expect(info.slides.map(\.hidden) == [false, false, false, true, false, false])
    #expect(try pages(conversion.parts[0].file) == 6)
  }

  @Test func withoutLibreOfficeTheErrorNamesThePackage() throws {
    var reader = try reader()
    reader.soffice = nil
    let problem = try #require(
      reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole).failureValue)
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
    let pids = try Fixtures.temporaryDirectory()
    var reader = try reader()
    reader.soffice = try standIn("sleep 60 &\necho $! > \(pids.path)/$$\nsleep 60")
    reader.timeLimit = 1
    let started = Date()
    let problem = try #require(
      reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole).failureValue)
    #expect(problem.message == "LibreOffice did not finish within 1 s and was stopped")
    #expect(Date().timeIntervalSince(started) < 10)
    // Each stand-in's own child went with it (its process group was killed).
    let written = try FileManager.default.contentsOfDirectory(atPath: pids.path)
    #expect(written.count == 2, "one LibreOffice per part: \(written)")
    for name in written {
      let text = try String(contentsOfFile: pids.path + "/" + name, encoding: .utf8)
      let child = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(eventually(timeout: 5) { kill(child, 0) != 0 ? true : nil } == true)
    }
  }

  @Test func aConverterThatFailsSaysWhatItSaid() throws {
    var reader = try reader()
    reader.soffice = try standIn("echo 'Error: source file could not be loaded'\nexit 3")
    let problem = try #require(
      reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole).failureValue)
    #expect(
      problem.message == "LibreOffice failed (exit 3): Error: source file could not be loaded")
    var other = try self.reader()
    other.soffice = try standIn("exit 0")
    let nothing = try #require(
      other.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole).failureValue)
    #expect(nothing.message == "LibreOffice could not convert it: it wrote no PDF")
  }

  /// The deck Podium shows of a conversion: each slide's pages at each step, the notes and hidden
  /// slides from the file; and, while the rest is made, placeholders naming the title, and the
  /// files a talk watches for the rest.
  @Test func theDeckHasAPagePerStepAndPlaceholdersMeanwhile() throws {
    var loader = DeckLoader(math: nil)
    loader.pdf = PopplerPDFReader()
    loader.office = try reader()
    let loaded = loader.load(Self.pptx)
    let deck = try #require(loaded.deck)
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    #expect(deck.slides.map(\.stepCount) == [1, 1, 1, 1, 3, 1])
    #expect(deck.slides[4].pages.map(\.index) == [2, 3, 4])
    #expect(deck.slides[3].directives.hidden)
    #expect(deck.conversion == nil)
    #expect(deck.metadata.namedFonts.map(\.family).contains("Calibri"))
    // The same conversion seen before its second part was made.
    let reader = try #require(loader.office as? LibreOfficeReader)
    var conversion = try reader.convert(Self.pptx, format: .pptx, stepped: true, wait: .whole)
      .get()
    conversion.parts[1].ready = false
    conversion.watched = ["/cache/x.failed"]
    let built = try OfficeDeckBuilder(
      path: Self.pptx, format: .pptx, conversion: conversion, pdf: PopplerPDFReader()
    ).deck().get()
    let early = try #require(built.deck)
    #expect(early.slides.map(\.stepCount) == [1, 1, 1, 1, 3, 1])
    #expect(early.slides[4].pages.isEmpty)
    guard case .image(let image) = early.slides[2].blocks.first?.kind else {
      Issue.record("no placeholder: \(early.slides[2].blocks)")
      return
    }
    #expect(image.alt == "The chart")
    #expect(image.problem == "being converted by LibreOffice")
    let pending = try #require(early.conversion)
    #expect(pending.progress == OfficeProgress(name: "talk.pptx", done: 2, total: 6))
    #expect(pending.description == "converting talk.pptx with LibreOffice: 2 of 6 slides")
    #expect(pending.pending == [conversion.parts[1].file, "/cache/x.failed"])
    let watched = LoadedDeck(path: Self.pptx, deck: early, theme: .dark, diagnostics: [])
      .watchedFiles
    #expect(watched.contains(conversion.parts[1].file))
  }
}

extension Result {
  var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
