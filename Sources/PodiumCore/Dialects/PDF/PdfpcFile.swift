import Foundation

/// pdfpc's notes file beside a PDF (`talk.pdfpc`, its format 2, JSON, or its older format of
/// `[sections]`, `PdfpcLegacyFile.swift`): the notes of each page, the talk's duration and end
/// time. Podium reads it beside a PDF it presents and writes it beside a PDF it exports.
public struct PdfpcFile: Codable, Hashable, Sendable {
  public struct Page: Codable, Hashable, Sendable {
    /// The zero-based page.
    public var idx: Int
    public var label: String?
    /// The page's place among its slide's overlays (0 for the first).
    public var overlay: Int?
    public var forcedOverlay: Bool?
    public var hidden: Bool?
    public var note: String?

    public init(
      idx: Int, label: String? = nil, overlay: Int? = nil, forcedOverlay: Bool? = nil,
      hidden: Bool? = nil, note: String? = nil
    ) {
      self.idx = idx
      self.label = label
      self.overlay = overlay
      self.forcedOverlay = forcedOverlay
      self.hidden = hidden
      self.note = note
    }
    enum CodingKeys: String, CodingKey {
      case idx, label, overlay, forcedOverlay, hidden, note
    }

    /// As pdfpc reads a page: Typst's polylux and touying write `label` (and numbers where
    /// strings are expected) as JSON numbers, `idx` and `overlay` sometimes as strings, and
    /// pdfpc (whose JSON reader takes any scalar) reads them all. A value of no kind that
    /// fits is left out, never the whole file.
    public init(from decoder: any Decoder) throws {
      let values = try decoder.container(keyedBy: CodingKeys.self)
      guard let idx = Self.int(values, .idx) else {
        throw DecodingError.typeMismatch(
          Int.self,
          .init(
            codingPath: values.codingPath + [CodingKeys.idx],
            debugDescription: "Expected a page number"))
      }
      self.idx = idx
      label = Self.text(values, .label)
      overlay = Self.int(values, .overlay)
      forcedOverlay = Self.bool(values, .forcedOverlay)
      hidden = Self.bool(values, .hidden)
      note = Self.text(values, .note)
    }

    private static func int(_ values: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
      -> Int?
    {
      if let number = try? values.decode(Int.self, forKey: key) { return number }
      if let number = try? values.decode(Double.self, forKey: key), number == number.rounded() {
        return Int(exactly: number)
      }
      return (try? values.decode(String.self, forKey: key)).flatMap {
        Int($0.trimmingCharacters(in: .whitespaces))
      }
    }

    private static func text(_ values: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
      -> String?
    {
      if let string = try? values.decode(String.self, forKey: key) { return string }
      if let number = try? values.decode(Int.self, forKey: key) { return String(number) }
      return (try? values.decode(Double.self, forKey: key)).map { String($0) }
    }

    private static func bool(_ values: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
      -> Bool?
    {
      if let flag = try? values.decode(Bool.self, forKey: key) { return flag }
      if let number = try? values.decode(Int.self, forKey: key) { return number != 0 }
      return (try? values.decode(String.self, forKey: key)).flatMap {
        ["true": true, "false": false, "1": true, "0": false][$0.lowercased()]
      }
    }
  }

  public var pdfpcFormat: Int? = 2
  /// Notes are plain text, not Markdown.
  public var disableMarkdown: Bool?
  /// The talk's length, in minutes.
  public var duration: Int?
  /// When the talk must end, `HH:MM`.
  public var endTime: String?
  /// When the countdown turns to a warning, in minutes before the end.
  public var lastMinutes: Int?
  public var savedTimestamp: Int?
  public var pages: [Page]?
  /// When the talk starts, `HH:MM`.
  public var startTime: String?
  /// The last slide of the talk (from 1): the ones after it are backup slides.
  public var endSlide: Int?
  public var savedSlide: Int?
  /// The notes' size in points in pdfpc's console.
  public var noteFontSize: Int?
  /// Which half of a beamer notes page holds the notes: `right`, `left`, `top`, `bottom`.
  public var beamerNotePosition: String?
  /// The older format's notes, by slide (from 1, as pdfpc counts slides): every page of the
  /// slide shares its note. Never written: Podium writes format 2.
  public var slideNotes: [Int: String]?
  /// What in an older-format file Podium could not take, where it is.
  public var problems: [PdfpcProblem] = []
  /// Where each section of an older-format file starts (its line, from 1), for diagnostics.
  var sectionLines: [String: Int] = [:]

  enum CodingKeys: String, CodingKey {
    case pdfpcFormat, disableMarkdown, duration, endTime, lastMinutes, savedTimestamp, pages
    case startTime, endSlide, savedSlide, noteFontSize, beamerNotePosition
  }

  public init(
    disableMarkdown: Bool? = nil, duration: Int? = nil, endTime: String? = nil,
    pages: [Page]? = nil
  ) {
    self.disableMarkdown = disableMarkdown
    self.duration = duration
    self.endTime = endTime
    self.pages = pages
  }

  /// The notes file beside a PDF: `talk.pdfpc` for `talk.pdf`.
  public static func path(besidePDF pdf: String) -> String {
    (pdf as NSString).deletingPathExtension + ".pdfpc"
  }

  /// The file read, or why it cannot be: not JSON (nor the older format), or JSON of another
  /// shape.
  public static func parse(_ bytes: [UInt8]) -> Result<PdfpcFile, PdfpcError> {
    let text = String(decoding: bytes, as: UTF8.self)
    if isLegacy(text) { return .success(parseLegacy(text)) }
    do {
      return .success(try JSONDecoder().decode(PdfpcFile.self, from: Data(bytes)))
    } catch DecodingError.dataCorrupted(let context) {
      let reason = (context.underlyingError as NSError?)?.userInfo["NSDebugDescription"]
      return .failure(PdfpcError(message: "not JSON: \(reason ?? context.debugDescription)"))
    } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
      DecodingError.keyNotFound(_, let context)
    {
      let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return .failure(
        PdfpcError(message: "\(path.joined().drop { $0 == "." }): \(context.debugDescription)"))
    } catch {
      return .failure(PdfpcError(message: "\(error)"))
    }
  }

  /// The file as pdfpc writes it: pretty-printed JSON, keys sorted, ending in a newline.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}\n" }
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

public struct PdfpcError: Error, Hashable, Sendable {
  public var message: String
}

/// Something in a notes file that Podium read past, and where.
public struct PdfpcProblem: Hashable, Sendable {
  public var message: String
  public var location: SourceLocation
}
