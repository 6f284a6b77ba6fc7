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

  /// What the file says of its slides. A `.ppt` or `.key` file is read from LibreOffice's own
  /// OpenDocument copy of it (`copy`), which LibreOffice makes beside its PDF.
  static func info(of path: String, format: OfficeFormat, copy: String? = nil)
    throws(OfficeProblem) -> OfficeDeckInfo
  {
    switch format {
    case .pptx: return try presentation(ZipArchive(path: path))
    case .odp: return try openDocument(ZipArchive(path: path))
    case .ppt, .key:
      guard let copy else {
        throw OfficeProblem("\(format.name) files' notes are read from LibreOffice's copy")
      }
      return try openDocument(ZipArchive(path: copy))
    }
  }

  /// One click of a slide: the shapes it brings in (PowerPoint's shape ids).
  typealias Click = [String]

  // MARK: - PowerPoint (Office Open XML, ECMA-376)

  static func presentation(_ zip: ZipArchive) throws(OfficeProblem) -> OfficeDeckInfo {
    try read(zip).info
  }

  /// The deck's description and its slides' clicks, each slide's XML read once.
  static func read(_ zip: ZipArchive) throws(OfficeProblem) -> (
    info: OfficeDeckInfo, slides: [SteppedSlide]
  ) {
    var slides: [OfficeSlide] = []
    var stepped: [SteppedSlide] = []
    var roots: [(part: String, root: XMLElement)] = []
    for part in try slideParts(zip) {
      let root = try xml(part, in: zip)
      slides.append(try slide(part, root: root, in: zip))
      stepped.append(SteppedSlide(part: part, clicks: clicks(of: root)))
      roots.append((part, root))
    }
    return (OfficeDeckInfo(slides: slides, fonts: fonts(of: zip, slides: roots)), stepped)
  }

  /// The families the deck names for its text, once each: its themes' major and minor fonts
  /// and the runs of its masters, layouts and slides (`a:latin`, `a:ea`, `a:cs`; `+mj-lt` and
  /// the like name the theme's, and are not families). A part that cannot be read names none.
  static func fonts(of zip: ZipArchive, slides: [(part: String, root: XMLElement)]) -> [NamedFont] {
    let folders = ["ppt/theme/", "ppt/slideMasters/", "ppt/slideLayouts/"]
    let parts = folders.flatMap { folder in
      zip.names.filter {
        $0.hasPrefix(folder) && $0.hasSuffix(".xml") && !$0.dropFirst(folder.count).contains("/")
      }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }
    let read = parts.compactMap { part in (try? xml(part, in: zip)).map { (part, $0) } } + slides
    let roles: [(String, NamedFont.Role)] = [
      ("a:latin", .latin), ("a:ea", .eastAsian), ("a:cs", .complex),
    ]
    var found: [NamedFont] = []
    var seen = Set<String>()
    for (part, root) in read {
      let byName = Dictionary(uniqueKeysWithValues: roles)
      for named in root.descendants(where: { byName[$0] != nil }) {
        guard let role = byName[named.name] else { continue }
        let family = (named.attributes["typeface"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !family.isEmpty, !family.hasPrefix("+"),
          seen.insert(family.lowercased()).inserted
        else { continue }
        found.append(NamedFont(family: family, role: role, part: part))
      }
    }
    return found
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

  static func slide(_ part: String, root: XMLElement, in zip: ZipArchive) throws(OfficeProblem)
    -> OfficeSlide
  {
    var slide = OfficeSlide(hidden: ["0", "false"].contains(root.attributes["show"]))
    slide.clicks = clicks(of: root).count
    slide.unplayed = unplayedEffects(of: root)
    slide.title = title(of: root)
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

  /// The main sequence's effects that are not entrances (exits, emphasis, motion paths): Podium
  /// shows the slide's shapes as its entrances leave them.
  static func unplayedEffects(of slide: XMLElement) -> Int {
    guard let timing = slide.child("p:timing"),
      let main = timing.descendants("p:cTn").first(where: {
        $0.attributes["nodeType"] == "mainSeq"
      })
    else { return 0 }
    return main.descendants("p:cTn").filter {
      ["exit", "emph", "path"].contains($0.attributes["presetClass"] ?? "")
    }.count
  }

  /// The text of the slide's title placeholder, its lines joined by spaces.
  static func title(of slide: XMLElement) -> String {
    let shape = slide.descendants("p:sp").first { shape in
      shape.descendants("p:ph").contains { ["title", "ctrTitle"].contains($0.attributes["type"]) }
    }
    guard let body = shape?.child("p:txBody") else { return "" }
    return body.descendants("a:p").map { paragraph in
      paragraph.descendants("a:t").map(\.text).joined()
    }.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// A slide as a stepped copy of the deck holds it: its part, and the shapes of each click.
  struct SteppedSlide: Hashable, Sendable {
    var part: String
    var clicks: [Click]
  }

  /// The deck's slides in show order, with their clicks (none unless `stepped`).
  static func steppedSlides(_ zip: ZipArchive, stepped: Bool) throws(OfficeProblem)
    -> [SteppedSlide]
  {
    try read(zip).slides.map { stepped ? $0 : SteppedSlide(part: $0.part, clicks: []) }
  }

  static let relationshipsNamespace =
    "http://schemas.openxmlformats.org/package/2006/relationships"
  static let contentTypesNamespace =
    "http://schemas.openxmlformats.org/package/2006/content-types"
  static let slideRelationship =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide"
  static let slideContentType =
    "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"

  /// Writes a copy of the PowerPoint deck whose slides are `slides[range]`, each of its clicks a
  /// slide of its own before it: a copy of the slide with the shapes of later clicks hidden
  /// (`hidden="1"`, which LibreOffice honours), then the slide itself, whole. One LibreOffice
  /// run then draws every step of those slides. The parts of the slides left out, and what
  /// only they use (their notes, pictures no other part shows), are left out of the copy; the
  /// rest is copied as it is compressed.
  static func writeStepped(
    _ zip: ZipArchive, slides: [SteppedSlide], range: Range<Int>, to output: String,
    related known: [String: [String]]? = nil
  ) throws(OfficeProblem) {
    let presentationPart = "ppt/presentation.xml"
    let presentationBytes = try zip.read(presentationPart, limit: partLimit)
    let presentation = try XMLElement.parse(presentationBytes, name: presentationPart)
    let relationsPart = "ppt/_rels/presentation.xml.rels"
    var relations = try xml(relationsPart, in: zip)
    let targets = try relationships(of: presentationPart, in: zip)
    let listed = presentation.descendants("p:sldId")
    let kept = Set(slides[range].map(\.part))
    let dropped = Set(
      targets.values.filter { $0.type == slideRelationship }.map(\.target)
    ).subtracting(kept)
    var highest = listed.compactMap { $0.attributes["id"].flatMap(Int.init) }.max() ?? 255
    var sldIds: [(name: String, attributes: [(String, String)])] = []
    var added: [(name: String, bytes: [UInt8])] = []
    var newParts: [String] = []
    let original = Dictionary(
      listed.compactMap { id in
        id.attributes["r:id"].flatMap { targets[$0]?.target }.map { ($0, id) }
      }, uniquingKeysWith: { first, _ in first })
    for index in range {
      let slide = slides[index]
      guard let own = original[slide.part], let ownId = own.attributes["r:id"] else { continue }
      let bytes = try zip.read(slide.part, limit: partLimit)
      let folder = (slide.part as NSString).deletingLastPathComponent
      let name = (slide.part as NSString).lastPathComponent
      let relsPart = folder + "/_rels/" + name + ".rels"
      var stepRels: String?
      if zip.contains(relsPart) {
        var rels = try xml(relsPart, in: zip)
        // A step's copy has no notes or comments of its own: those stay the slide's.
        rels.children = rels.children.filter { child in
          guard case .element(let relation) = child else { return false }
          let type = relation.attributes["Type"] ?? ""
          return !type.hasSuffix("/notesSlide") && !type.hasSuffix("/comments")
        }
        stepRels = rels.xml(namespace: relationshipsNamespace)
      }
      for step in slide.clicks.indices {
        let later = Set(slide.clicks[step...].joined())
        let copy = "\(folder)/podium-\(index + 1)-step\(step).xml"
        added.append(
          (
            copy,
            try XMLElement.setting(
              "hidden", to: "1", on: "p:cNvPr", ids: later, in: bytes, part: slide.part)
          ))
        if let stepRels {
          added.append(
            (
              "\(folder)/_rels/podium-\(index + 1)-step\(step).xml.rels",
              Array((xmlDeclaration + stepRels).utf8)
            ))
        }
        highest += 1
        let id = "rIdPodium\(highest)"
        relations.children.append(
          .element(
            XMLElement(
              name: "Relationship",
              attributes: [
                "Id": id, "Type": slideRelationship,
                "Target": String(copy.dropFirst("ppt/".count)),
              ], children: [])))
        sldIds.append(("p:sldId", [("id", "\(highest)"), ("r:id", id)]))
        newParts.append(copy)
      }
      sldIds.append(
        ("p:sldId", [("id", own.attributes["id"] ?? "\(highest + 1)"), ("r:id", ownId)]))
    }
    // What only the slides left out use goes with them.
    var related = known ?? [:]
    if known == nil { related = try relatedParts(zip) }
    var unused = dropped
    for part in dropped {
      unused.formUnion((related[part] ?? []).filter { !$0.hasPrefix("ppt/slideLayouts/") })
    }
    // A part kept keeps what it relates to, and so on down (a chart's workbook).
    var changed = true
    while changed {
      changed = false
      for (part, theirs) in related where !unused.contains(part) {
        let needed = unused.intersection(theirs).subtracting(dropped)
        if !needed.isEmpty {
          unused.subtract(needed)
          changed = true
        }
      }
    }
    unused.subtract(kept)
    relations.children = relations.children.filter { child in
      guard case .element(let relation) = child,
        let target = relation.attributes["Target"]
      else { return true }
      return !dropped.contains(resolve(target, from: "ppt"))
    }
    var types = try xml("[Content_Types].xml", in: zip)
    types.children = types.children.filter { child in
      guard case .element(let type) = child, let name = type.attributes["PartName"] else {
        return true
      }
      return !unused.contains(String(name.dropFirst()))
    }
    types.children += newParts.map { part -> XMLNode in
      .element(
        XMLElement(
          name: "Override", attributes: ["PartName": "/" + part, "ContentType": slideContentType],
          children: []))
    }
    let keeping = Set(
      zip.names.filter { name in
        !unused.contains(name) && !(name.hasSuffix(".rels") && unused.contains(relsOwner(name)))
      })
    try zip.writeCopy(
      to: output, keeping: keeping,
      replacing: [
        presentationPart: try XMLElement.replacingChildren(
          of: "p:sldIdLst", with: sldIds, in: presentationBytes, part: presentationPart),
        relationsPart: Array(
          (xmlDeclaration + relations.xml(namespace: relationshipsNamespace)).utf8),
        "[Content_Types].xml": Array(
          (xmlDeclaration + types.xml(namespace: contentTypesNamespace)).utf8),
      ], adding: added)
  }

  /// Every part's related parts (by its relationships part), the same for every copy of a deck:
  /// read once by the LibreOffice that writes several.
  static func relatedParts(_ zip: ZipArchive) throws(OfficeProblem) -> [String: [String]] {
    var related: [String: [String]] = [:]
    for part in zip.names.filter({ $0.hasSuffix(".rels") }).map(relsOwner) {
      related[part] = try relationships(of: part, in: zip).values.map(\.target)
    }
    return related
  }

  static let xmlDeclaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

  /// The part a relationships part belongs to: `ppt/slides/_rels/slide1.xml.rels` is
  /// `ppt/slides/slide1.xml`'s.
  static func relsOwner(_ rels: String) -> String {
    let folder = ((rels as NSString).deletingLastPathComponent as NSString)
      .deletingLastPathComponent
    let name = String((rels as NSString).lastPathComponent.dropLast(".rels".count))
    return folder.isEmpty ? name : folder + "/" + name
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
        slide.title =
          page.descendants("draw:frame").first {
            $0.attributes["presentation:class"] == "title"
          }.map { openDocumentParagraphs($0, level: 0).map(\.text).joined(separator: " ") } ?? ""
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
