import Foundation

/// The ways into the parser: a deck file, its bytes, with or without the metadata the speaker's
/// settings start a deck from.
extension DeckParser {
  /// Reads and parses the deck file at `path`. Image and theme paths resolve against the file's
  /// folder; every file is read through `files`. `dialect` says which tool's syntax the deck is
  /// written in; nil finds it from the deck.
  public static func parse(
    fileAt path: String, files: any DeckFiles = LocalFiles(), dialect: DeckDialect? = nil
  ) -> DeckParseResult {
    parse(fileAt: path, files: files, dialect: dialect, defaults: DeckMetadata())
  }

  /// Parses a deck file for a speaker whose settings say what decks start from (`defaults`: a
  /// presenterm configuration's, `PresentermConfig`).
  public static func parse(
    fileAt path: String, files: any DeckFiles, dialect: DeckDialect?, defaults: DeckMetadata
  ) -> DeckParseResult {
    var sink = DiagnosticSink(file: path)
    let bytes: [UInt8]
    switch files.contents(of: path, limit: DeckSource.maximumSize, kind: "decks") {
    case .success(let read): bytes = read
    case .failure(let problem):
      sink.error(problem.message, at: nil)
      return DeckParseResult(deck: nil, diagnostics: sink.diagnostics)
    }
    let base = (path as NSString).deletingLastPathComponent
    return parse(
      bytes: bytes, file: path, baseDirectory: base.isEmpty ? "." : base, files: files,
      dialect: dialect, defaults: defaults)
  }

  /// Parses the bytes of a deck file as `parse(fileAt:)` does once it has read them: a byte
  /// order mark is skipped, line ends become LF, and invalid UTF-8 is replaced and reported.
  public static func parse(
    bytes: [UInt8], file: String, baseDirectory: String, files: any DeckFiles = LocalFiles(),
    dialect: DeckDialect? = nil
  ) -> DeckParseResult {
    parse(
      bytes: bytes, file: file, baseDirectory: baseDirectory, files: files, dialect: dialect,
      defaults: DeckMetadata())
  }

  /// `parse(bytes:file:baseDirectory:files:dialect:)` with what the speaker's settings start a
  /// deck from.
  public static func parse(
    bytes: [UInt8], file: String, baseDirectory: String, files: any DeckFiles,
    dialect: DeckDialect?, defaults: DeckMetadata
  ) -> DeckParseResult {
    var sink = DiagnosticSink(file: file)
    let (text, invalid) = DeckSource.decode(bytes)
    if let invalid {
      sink.warning(
        "invalid UTF-8 (the first bad byte is here); bad bytes are shown as \u{FFFD}", at: invalid)
    }
    let context = ParseContext(
      baseDirectory: baseDirectory, files: files, file: ParseContext.absolute(file),
      dialect: dialect, startingMetadata: defaults)
    var result = parse(text: text, file: file, context: context)
    result.diagnostics = sink.diagnostics + result.diagnostics
    return result
  }
}
