import Foundation
import PodiumCore
import Testing

/// Paths and scratch space shared by the test targets.
public enum Fixtures {
  /// The package's root folder, found from this source file's location.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The optional outside corpus of third-party decks (docs/TESTING.md, "The outside corpus"):
  /// `$PODIUM_SHARED`, or the folder `shared` beside the checkout. Only the tests named
  /// `corpus...` read it, through `corpus`; everything else runs from the repository alone.
  public static var shared: URL {
    if let override = ProcessInfo.processInfo.environment["PODIUM_SHARED"] {
      return URL(fileURLWithPath: override)
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
  }

  /// The outside corpus's `compat` folder, or nil when it is not there: a clone alone. The
  /// tests that need it are enabled by `hasCorpus` and say why they did not run otherwise.
  public static var corpus: URL? {
    let folder = shared.appendingPathComponent("compat")
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder),
      isFolder.boolValue
    else { return nil }
    return folder
  }

  public static var hasCorpus: Bool { corpus != nil }

  /// The reason a corpus test gives when it does not run, printed in the test output.
  public static let noCorpus: Comment =
    "the outside corpus (../shared/compat beside the checkout, or $PODIUM_SHARED) is not here"

  /// The project's own fixtures shared by several test targets (Tests/Fixtures).
  public static let own = packageRoot.appendingPathComponent("Tests/Fixtures")

  /// `text` read as a config.yaml from a fresh folder: the settings and the diagnostics' lines.
  public static func configuration(_ text: String) throws -> (Configuration, [String]) {
    let path = try temporaryDirectory("podium-config").appendingPathComponent("config.yaml").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let (config, diagnostics) = Configuration.load(path: path)
    return (config, diagnostics.map(\.description))
  }

  /// The bundled tour deck (Decks/tour.md), the deck README's first command presents.
  public static let tour = packageRoot.appendingPathComponent("Decks/tour.md").path

  /// The tour deck parsed; the test fails when it does not parse.
  public static func tourDeck() throws -> Deck {
    try #require(DeckParser.parse(fileAt: tour).deck)
  }

  /// Podium's own beamer PDFs, with their LaTeX sources and a `.pdfpc` (Tests/Fixtures/pdf).
  public static let pdfs = own.appendingPathComponent("pdf")

  /// A real PNG of one pixel, for tests that need an image file a deck can show.
  ///
  /// Made on each use rather than kept in a global: a global `Data` holds its bytes through a
  /// pointer that carries enum tag bits, which LeakSanitizer cannot follow, so it reported the
  /// bytes as leaked at exit (scripts/sanitize).
  public static var onePixelPNG: Data {
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    )!
  }

  /// The outside corpus's decks; empty without it (callers are corpus tests, see `corpus`).
  public static var compatDecks: [URL] {
    guard let folder = corpus else { return [] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".md") && $0 != "SOURCES.md" }.sorted()
      .map { folder.appendingPathComponent($0) }
  }

  /// The project's own decks in every dialect Podium reads: each dialect's beside its tests
  /// (Tests/PodiumCoreTests/Dialects/NAME/Fixtures), and the others in Tests/Fixtures/decks.
  public static var ownDecks: [URL] {
    let dialects = packageRoot.appendingPathComponent("Tests/PodiumCoreTests/Dialects")
    let rooms = ((try? FileManager.default.contentsOfDirectory(atPath: dialects.path)) ?? [])
      .sorted().map { dialects.appendingPathComponent($0).appendingPathComponent("Fixtures") }
    return ([own.appendingPathComponent("decks")] + rooms).flatMap { folder in
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
    }
  }

  /// One of `ownDecks`, by its file's name.
  public static func ownDeck(_ name: String) -> URL? {
    ownDecks.first { $0.lastPathComponent == name }
  }

  public static var bundledDecks: [URL] {
    let folder = packageRoot.appendingPathComponent("Decks")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
  }

  /// A new empty folder under the system's temporary folder (`$TMPDIR`); `short` names it
  /// with 8 characters of its UUID rather than 36, for a folder that will hold sockets.
  public static func temporaryDirectory(_ name: String = "podium-test", short: Bool = false)
    throws -> URL
  {
    let unique = UUID().uuidString
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-\(short ? String(unique.prefix(8)) : unique)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The environment of a speaker whose `config.yaml` holds `config` (nil: no file): a new
  /// `XDG_CONFIG_HOME`.
  public static func configurationHome(_ config: String?) throws -> [String: String] {
    let folder = try temporaryDirectory("podium-xdg")
    if let config {
      let podium = folder.appendingPathComponent("podium")
      try FileManager.default.createDirectory(at: podium, withIntermediateDirectories: true)
      try Data(config.utf8).write(to: podium.appendingPathComponent("config.yaml"))
    }
    return ["XDG_CONFIG_HOME": folder.path]
  }

  /// Writes `text` to `name` in a new temporary folder and returns the file's path.
  public static func writeDeck(_ text: String, named name: String = "deck.md") throws -> String {
    let folder = try temporaryDirectory()
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// Writes raw bytes (for encoding tests).
  public static func writeDeck(bytes: [UInt8], named name: String = "deck.md") throws -> String {
    let folder = try temporaryDirectory()
    let url = folder.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url.path
  }

  /// A deck of `count` slides in the style of a real talk: headings, lists, code, notes and
  /// builds, for scale tests.
  public static func largeDeck(slides count: Int) -> String {
    var text = "---\ntitle: Large deck\nduration: 2h\n---\n\n"
    for index in 1...count {
      if index > 1 { text += "\n---\n\n" }
      text += "# Slide \(index)\n\n"
      switch index % 4 {
      case 0:
        text += "- point one with **bold**\n- point two with `code`\n  - nested *detail*\n"
        text += "\n<!-- pause -->\n\n- revealed later\n"
      case 1:
        text += "```swift\nlet slide = \(index)\nprint(slide)\n```\n"
      case 2:
        text += "| a | b |\n|:--|--:|\n| \(index) | x |\n"
      default:
        text += "A paragraph of text that wraps over a couple of lines in the final layout.\n"
      }
      text += "\n???\n\nNotes for slide \(index).\n"
    }
    return text
  }
}

extension DeckParseResult {
  /// The diagnostics as `line:col: severity: message`, without the file name, for assertions.
  public var messages: [String] {
    diagnostics.map { diagnostic in
      let place = diagnostic.location.map { "\($0.line):\($0.column): " } ?? ""
      return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.message)"
    }
  }
}
