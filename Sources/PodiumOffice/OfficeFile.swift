import Foundation
import PodiumCore

/// Reads what an office deck's own XML says about its slides: their order, speaker notes,
/// hidden slides and the shapes that enter on click. The pictures come from LibreOffice
/// (LibreOffice.swift); the notes never do, so they stay the speaker's text, with its levels.
enum OfficeFile {
  /// The most one XML part may inflate to: a deck's slides are kilobytes each.
  static let partLimit = 16 << 20
  /// The most slides read: a deck is hundreds at most.
  static let slideLimit = 5_000

  static func info(of path: String, format: OfficeFormat) throws(OfficeProblem) -> OfficeDeckInfo {
    switch format {
    case .pptx: return try presentation(ZipArchive(path: path))
    case .odp: return try openDocument(ZipArchive(path: path))
    case .ppt, .key:
      throw OfficeProblem("\(format.name) files' notes are not read by Podium")
    }
  }

  /// One click of a slide: the shapes it brings in (PowerPoint's shape ids).
  typealias Click = [String]

  // MARK: - PowerPoint (Office Open XML, ECMA-376)

  static func presentation(_ zip: ZipArchive) throws(OfficeProblem) -> OfficeDeckInfo {
    OfficeDeckInfo(
      slides: try slideParts(zip).map { part throws(OfficeProblem) in
        try slide(part, in: zip)
      })
  }

  /// The slides' parts (`ppt/slides/slide1.xml`...) in show order: the presentation's list of
  /// slide ids, through its relationships.
  static func slideParts(_ zip: ZipArchive) throws(OfficeProblem) -> [String] {
    let presentation = try xml("ppt/presentation.xml", in: zip)
    let targets = try relationships(of: "ppt/presentation.xml", in: zip)
    let ids = presentation.descendants("p:sldId").compactMap { $0.attributes["r:id"] }
    guard ids.count <= slideLimit else { throw OfficeProblem("more than \(slideLimit) slides") }
    return ids.compactMap { targets[$0]?.target }
  }

  /// A part's relationships: id to (type, the target's part name).
  static func relationships(of part: String, in zip: ZipArchive) throws(OfficeProblem)
    -> [String: (type: String, target: String)]
  {
    let folder = (part as NSString).deletingLastPathComponent
    let name = folder + "/_rels/" + (part as NSString).lastPathComponent + ".rels"
    guard zip.contains(name) else { return [:] }
    var found: [String: (type: String, target: String)] = [:]
    for relation in try xml(name, in: zip).descendants("Relationship") {
      guard let id = relation.attributes["Id"], let target = relation.attributes["Target"],
        relation.attributes["TargetMode"] != "External"
      else { continue }
      found[id] = (relation.attributes["Type"] ?? "", resolve(target, from: folder))
    }
    return found
  }

  /// A relationship's target as a part name: relative to the part's folder, or from the root.
  static func resolve(_ target: String, from folder: String) -> String {
    var parts = target.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
    for piece in target.split(separator: "/") {
      if piece == ".." { _ = parts.popLast() } else if piece != "." { parts.append(String(piece)) }
    }
    return parts.joined(separator: "/")
  }

  static func slide(_ part: String, in zip: ZipArchive) throws(OfficeProblem) -> OfficeSlide {
    let root = try xml(part, in: zip)
    var slide = OfficeSlide(hidden: ["0", "false"].contains(root.attributes["show"]))
    slide.clicks = clicks(of: root).count
    let notes = try relationships(of: part, in: zip).values.first {
      $0.type.hasSuffix("/notesSlide")
    }
    if let notes, zip.contains(notes.target) {
      slide.notes = notesText(try xml(notes.target, in: zip))
    }
    return slide
  }

  /// The slide's clicks that bring shapes in: each click group of the main sequence with an
  /// entrance effect, and the shapes its entrance effects (and those that run with them) target.
  static func clicks(of slide: XMLElement) -> [Click] {
    guard let timing = slide.child("p:timing"),
      let main = timing.descendants("p:cTn").first(where: {
        $0.attributes["nodeType"] == "mainSeq"
      })
    else { return [] }
    let groups = main.child("p:childTnLst")?.elements ?? []
    return groups.compactMap { group -> Click? in
      let effects = group.descendants("p:cTn").filter { $0.attributes["presetClass"] == "entr" }
      guard !effects.isEmpty else { return nil }
      let shapes = effects.flatMap {
        $0.descendants("p:spTgt").compactMap { $0.attributes["spid"] }
      }
      return shapes.isEmpty ? nil : Array(Set(shapes)).sorted()
    }
  }

  /// Writes a copy of the PowerPoint deck at `path` to `output` as its slides are after `step`
  /// clicks: the shapes that later clicks bring in carry `hidden="1"`, which LibreOffice honours.
  static func writeStep(_ step: Int, of path: String, to output: String) throws(OfficeProblem) {
    let zip = try ZipArchive(path: path)
    let slides = Set(try slideParts(zip))
    var entries = try zip.entries(limit: 512 << 20)
    for index in entries.indices where slides.contains(entries[index].name) {
      let root = try XMLElement.parse(entries[index].bytes, name: entries[index].name)
      let later = Set(clicks(of: root).dropFirst(step).flatMap { $0 })
      guard !later.isEmpty else { continue }
      entries[index].bytes = try XMLElement.setting(
        "hidden", to: "1", on: "p:cNvPr", ids: later, in: entries[index].bytes,
        part: entries[index].name)
    }
    try ZipArchive.write(entries, to: output)
  }

  /// The notes page's body placeholder as Markdown: a paragraph per paragraph, list items by
  /// their level.
  static func notesText(_ notes: XMLElement) -> String {
    let body = notes.descendants("p:sp").first { shape in
      shape.descendants("p:ph").contains { $0.attributes["type"] == "body" }
    }
    guard let body else { return "" }
    let paragraphs = body.descendants("a:p").map { paragraph -> (level: Int, text: String) in
      let level = paragraph.child("a:pPr")?.attributes["lvl"].flatMap(Int.init) ?? 0
      let bulleted = paragraph.child("a:pPr")?.child("a:buChar") != nil
      let text = paragraph.elements.map { part -> String in
        switch part.name {
        case "a:r", "a:fld": return part.child("a:t")?.text ?? ""
        case "a:br": return "\n"
        default: return ""
        }
      }.joined()
      return (bulleted ? max(level, 0) + 1 : level, text)
    }
    return markdown(paragraphs)
  }

  // MARK: - LibreOffice Impress (OpenDocument)

  static func openDocument(_ zip: ZipArchive) throws(OfficeProblem) -> OfficeDeckInfo {
    let content = try xml("content.xml", in: zip)
    let hiddenStyles = Set(
      content.descendants("style:style").filter { style in
        style.child("style:drawing-page-properties")?.attributes["presentation:visibility"]
          == "hidden"
      }.compactMap { $0.attributes["style:name"] })
    let pages = content.descendants("draw:page").filter { page in
      // Notes pages hold a draw:page-thumbnail, never a draw:page: these are the slides.
      page.attributes["draw:name"] != nil || page.attributes["draw:style-name"] != nil
    }
    guard pages.count <= slideLimit else { throw OfficeProblem("more than \(slideLimit) slides") }
    return OfficeDeckInfo(
      slides: pages.map { page in
        var slide = OfficeSlide(
          hidden: page.attributes["draw:style-name"].map(hiddenStyles.contains) ?? false)
        if let notes = page.child("presentation:notes") {
          let frames = notes.descendants("draw:frame").filter {
            $0.attributes["presentation:class"] == "notes"
          }
          slide.notes = markdown(frames.flatMap { openDocumentParagraphs($0, level: 0) })
        }
        slide.clicks = openDocumentClicks(page)
        return slide
      })
  }

  /// Paragraphs of a text box: `text:p` and `text:h` at `level`, list items one level deeper.
  static func openDocumentParagraphs(_ element: XMLElement, level: Int) -> [(
    level: Int, text: String
  )] {
    element.elements.flatMap { child -> [(level: Int, text: String)] in
      switch child.name {
      case "text:p", "text:h": return [(level, openDocumentText(child))]
      case "text:list": return openDocumentParagraphs(child, level: level + 1)
      default: return openDocumentParagraphs(child, level: level)
      }
    }
  }

  static func openDocumentText(_ paragraph: XMLElement) -> String {
    paragraph.children.map { node -> String in
      switch node {
      case .text(let text): return text
      case .element(let element):
        switch element.name {
        case "text:line-break": return "\n"
        case "text:tab": return "\t"
        case "text:s":
          return String(repeating: " ", count: Int(element.attributes["text:c"] ?? "1") ?? 1)
        default: return openDocumentText(element)
        }
      }
    }.joined()
  }

  /// Impress's on-click groups of the main sequence that hold an entrance effect.
  static func openDocumentClicks(_ page: XMLElement) -> Int {
    guard
      let main = page.descendants("anim:seq").first(where: {
        $0.attributes["presentation:node-type"] == "main-sequence"
      })
    else { return 0 }
    return main.elements.filter { group in
      group.descendants("anim:par").contains {
        $0.attributes["presentation:node-type"] == "on-click"
          && $0.attributes["presentation:preset-class"] == "entrance"
      }
    }.count
  }

  // MARK: - Common

  static func xml(_ part: String, in zip: ZipArchive) throws(OfficeProblem) -> XMLElement {
    try XMLElement.parse(try zip.read(part, limit: partLimit), name: part)
  }

  /// Notes paragraphs as Markdown: level 0 a paragraph, level N an item N-1 lists deep, the
  /// text's Markdown characters escaped (notes are the speaker's words, not Markdown).
  static func markdown(_ paragraphs: [(level: Int, text: String)]) -> String {
    var lines: [String] = []
    var previousLevel = 0
    for (level, raw) in paragraphs {
      let text = escaped(raw.trimmingCharacters(in: .whitespacesAndNewlines))
      guard !text.isEmpty else { continue }
      let line =
        level == 0
        ? text.replacingOccurrences(of: "\n", with: "  \n")
        : String(repeating: "  ", count: min(level, 8) - 1) + "- "
          + text.replacingOccurrences(of: "\n", with: " ")
      if !lines.isEmpty && (level == 0 || previousLevel == 0) { lines.append("") }
      lines.append(line)
      previousLevel = level
    }
    return lines.joined(separator: "\n")
  }

  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\`*_[]<>#|~$".contains(character) { out.append("\\") }
      out.append(character)
    }
    // A line that would start a list or a quote as Markdown stays text.
    if let first = out.first, "-+".contains(first) { out.insert("\\", at: out.startIndex) }
    if let dot = out.firstIndex(where: { !$0.isNumber }), dot != out.startIndex,
      ".)".contains(out[dot])
    {
      out.insert("\\", at: dot)
    }
    return out
  }
}
