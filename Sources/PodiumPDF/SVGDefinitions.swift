/// The definitions the slides of one HTML page share: every glyph outline and every picture
/// once, however many slides and build steps draw them.
///
/// cairo's SVG surface writes each page as a document of its own: its glyphs as `<symbol>`s
/// named `glyphF-G` (font F of that page, glyph G), its pictures as `<image>`s, its clips,
/// masks and patterns, all in `<defs>`, then the page's drawing, which refers to them by id.
/// Put inline in one HTML page, those ids would clash (every page has a `glyph0-1` and a
/// `clip1`, each its own), and each build step would carry its slide's pictures again.
/// `inline` moves a page's symbols and images here, each kept once by its content (a glyph of
/// one font at one size is the same path on every page), and gives the page's other ids its
/// own prefix; the shared ones are found from any `<svg>` of the document, as ids are the
/// document's.
struct SVGDefinitions {
  /// The shared elements, each with its id: `<symbol id="g12">`, `<image id="i3">`.
  private(set) var elements: [String] = []
  private var idByContent: [[UInt8]: String] = [:]
  private var glyphs = 0
  private var pictures = 0

  /// The bytes of every shared element.
  var byteCount: Int { elements.reduce(0) { $0 + $1.utf8.count } }

  /// `svg`, a document cairo's SVG surface wrote, as an `<svg>` element with `attributes` for
  /// an HTML page: its glyphs and pictures moved here (or found here), its other ids prefixed
  /// with `prefix`, every reference to them changed to match, and `xlink:href` written as
  /// `href`, which HTML's SVG takes.
  mutating func inline(_ svg: String, prefix: String, attributes: String) -> String {
    let bytes = Array(svg.utf8)
    guard let open = Self.find(Array("<svg".utf8), in: bytes, from: 0),
      let openEnd = Self.find([UInt8(ascii: ">")], in: bytes, from: open),
      let close = Self.findLast(Array("</svg>".utf8), in: bytes)
    else { return "<svg \(attributes)></svg>" }
    var rest: [UInt8] = []
    var ids: [[UInt8]: [UInt8]] = [:]
    var bodyStart = openEnd + 1
    if let defs = Self.find(Array("<defs>".utf8), in: bytes, from: bodyStart),
      let defsEnd = Self.find(Array("</defs>".utf8), in: bytes, from: defs), defsEnd < close
    {
      var kept: [UInt8] = []
      var index = defs + 6
      while index < defsEnd {
        if let element = Self.element(in: bytes, at: index, before: defsEnd),
          let id = Self.attribute("id", of: element.bytes)
        {
          ids[id] = Array(share(element.bytes, id: id, glyph: element.isSymbol).utf8)
          index = element.end
          if index < defsEnd, bytes[index] == UInt8(ascii: "\n") { index += 1 }
          continue
        }
        kept.append(bytes[index])
        index += 1
      }
      // What held the symbols is empty now.
      let emptyGroup = Array("<g>\n</g>\n".utf8)
      if let group = Self.find(emptyGroup, in: kept, from: 0) {
        kept.removeSubrange(group..<group + emptyGroup.count)
      }
      if kept.contains(where: { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: " ") }) {
        rest += Array("<defs>".utf8) + kept + Array("</defs>".utf8)
      }
      bodyStart = defsEnd + 7
    }
    rest += bytes[bodyStart..<close]
    // Every id the page keeps gets its prefix.
    let marker = Array(" id=\"".utf8)
    var search = 0
    while let found = Self.find(marker, in: rest, from: search) {
      let start = found + marker.count
      guard let end = rest[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
      ids[Array(rest[start..<end])] = Array(prefix.utf8) + rest[start..<end]
      search = end
    }
    let page = Self.renamed(rest, ids: ids)
    return "<svg \(attributes)>" + String(decoding: page, as: UTF8.self) + "</svg>"
  }

  /// The shared id for an element of a page's `<defs>`, adding it when it is new.
  private mutating func share(_ element: [UInt8], id: [UInt8], glyph: Bool) -> String {
    let idAttribute = Array(" id=\"".utf8) + id + [UInt8(ascii: "\"")]
    var content = element
    if let at = Self.find(idAttribute, in: content, from: 0) {
      content.removeSubrange(at..<at + idAttribute.count)
    }
    content = Self.renamed(content, ids: [:])
    if let known = idByContent[content] { return known }
    let shared: String
    if glyph {
      shared = "g\(glyphs)"
      glyphs += 1
    } else {
      shared = "i\(pictures)"
      pictures += 1
    }
    idByContent[content] = shared
    // The id goes back where it was, after the element's name.
    let name = glyph ? "<symbol" : "<image"
    let text = String(decoding: content, as: UTF8.self)
    elements.append(name + " id=\"\(shared)\"" + text.dropFirst(name.count))
    return shared
  }

  /// A `<symbol>...</symbol>` or `<image .../>` starting at `index`, before `limit`.
  private static func element(in bytes: [UInt8], at index: Int, before limit: Int) -> (
    bytes: [UInt8], end: Int, isSymbol: Bool
  )? {
    guard bytes[index] == UInt8(ascii: "<") else { return nil }
    for (start, stop, symbol) in [("<symbol ", "</symbol>", true), ("<image ", "/>", false)] {
      let opening = Array(start.utf8)
      guard index + opening.count <= limit, Array(bytes[index..<index + opening.count]) == opening,
        let end = find(Array(stop.utf8), in: bytes, from: index), end < limit
      else { continue }
      let after = end + stop.utf8.count
      return (Array(bytes[index..<after]), after, symbol)
    }
    return nil
  }

  /// The value of `name="..."` in an element's opening tag.
  private static func attribute(_ name: String, of element: [UInt8]) -> [UInt8]? {
    let marker = Array(" \(name)=\"".utf8)
    guard let tagEnd = element.firstIndex(of: UInt8(ascii: ">")),
      let found = find(marker, in: element, from: 0), found < tagEnd
    else { return nil }
    let start = found + marker.count
    guard let end = element[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    return Array(element[start..<end])
  }

  /// `bytes` with `id="X"`, `"#X"` and `(#X)` naming `ids[X]` where it has one, and
  /// `xlink:href=` written `href=`.
  private static func renamed(_ bytes: [UInt8], ids: [[UInt8]: [UInt8]]) -> [UInt8] {
    let xlink = Array("xlink:href=".utf8)
    let idMarker = Array("id=\"".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "x"), starts(bytes, with: xlink, at: index) {
        out += Array("href=".utf8)
        index += xlink.count
        continue
      }
      var nameStart: Int?
      var terminator = UInt8(ascii: "\"")
      if byte == UInt8(ascii: "#"), index > 0,
        bytes[index - 1] == UInt8(ascii: "\"") || bytes[index - 1] == UInt8(ascii: "(")
      {
        nameStart = index + 1
        if bytes[index - 1] == UInt8(ascii: "(") { terminator = UInt8(ascii: ")") }
        out.append(byte)
      } else if byte == UInt8(ascii: "i"), index > 0, bytes[index - 1] == UInt8(ascii: " "),
        starts(bytes, with: idMarker, at: index)
      {
        nameStart = index + idMarker.count
        out += idMarker
      }
      guard let start = nameStart else {
        out.append(byte)
        index += 1
        continue
      }
      var end = start
      while end < bytes.count, bytes[end] != terminator, bytes[end] != UInt8(ascii: "\"") {
        end += 1
      }
      let name = Array(bytes[start..<end])
      out += ids[name] ?? name
      index = end
    }
    return out
  }

  private static func starts(_ bytes: [UInt8], with prefix: [UInt8], at index: Int) -> Bool {
    guard index + prefix.count <= bytes.count else { return false }
    for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
    return true
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard let first = needle.first, needle.count <= bytes.count else { return nil }
    var index = max(0, start)
    while index + needle.count <= bytes.count {
      if bytes[index] == first, starts(bytes, with: needle, at: index) { return index }
      index += 1
    }
    return nil
  }

  private static func findLast(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
    var index = bytes.count - needle.count
    while index >= 0 {
      if starts(bytes, with: needle, at: index) { return index }
      index -= 1
    }
    return nil
  }
}
