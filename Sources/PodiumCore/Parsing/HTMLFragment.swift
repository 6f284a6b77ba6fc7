import CGumbo

/// A piece of HTML from a deck (an HTML block, or one tag of inline HTML), read by an HTML5
/// parser (gumbo's `gumbo_parse_with_options`, as inside a `<div>`) and copied into values;
/// gumbo's tree is freed (`gumbo_destroy_output`) before `parse` returns. The only file that
/// imports gumbo.
///
/// Markdown cuts HTML into pieces: `<div>` and its `</div>` may stand in two HTML blocks with
/// Markdown between them, so a fragment also says which of its elements stay open at its end
/// (`Element.isOpen`) and which end tags close elements opened before it (`closesBefore`,
/// `closesAfter`).
struct HTMLFragment: Hashable, Sendable {
  /// 1-based line and column inside the fragment's text.
  struct Position: Hashable, Sendable {
    var line: Int
    var column: Int
  }

  struct Attribute: Hashable, Sendable {
    var name: String
    var value: String
  }

  struct Element: Hashable, Sendable {
    /// Lowercased: `div`, `span`, a deck's own `my-widget`.
    var name: String
    var attributes: [Attribute]
    var children: [Node]
    var position: Position
    /// Its end tag is not in the fragment: what follows the fragment in the deck is inside it.
    var isOpen = false

    func attribute(_ name: String) -> String? {
      attributes.first { $0.name == name }?.value
    }
  }

  indirect enum Node: Hashable, Sendable {
    case element(Element)
    case text(String, Position)
    case comment(String)
  }

  /// Elements nested deeper than this are read as text: the tree is walked recursively, on
  /// threads with small stacks (the reload's), and gumbo frees its tree recursively too.
  static let maximumDepth = 32
  /// Longer fragments are read as text; a slide's HTML is a few lines.
  static let maximumLength = 200_000

  var nodes: [Node]
  /// End tags before the fragment's first element (`</div>` closing a `<div>` of an earlier
  /// block), lowercased, in order.
  var closesBefore: [String] = []
  /// End tags after that which close nothing inside the fragment.
  var closesAfter: [String] = []
  /// Why the fragment was read as text instead, if it was.
  var refused: String?

  /// Parses `html`; nil-free: what cannot be parsed is one text node with `refused` set.
  static func parse(_ html: String) -> HTMLFragment {
    if html.utf8.count > maximumLength {
      return HTMLFragment(
        nodes: [.text(html, Position(line: 1, column: 1))],
        refused: "HTML longer than \(maximumLength / 1000) KB is shown as text")
    }
    if nestingEstimate(html) > maximumDepth {
      return HTMLFragment(
        nodes: [.text(html, Position(line: 1, column: 1))],
        refused: "HTML nested deeper than \(maximumDepth) elements is shown as text")
    }
    var options = kGumboDefaultOptions
    options.fragment_context = GUMBO_TAG_DIV
    options.max_errors = 0
    let bytes = Array(html.utf8)
    var fragment = HTMLFragment(nodes: [])
    var endTags: [String: Int] = [:]
    var firstStart: Int?
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let output = gumbo_parse_with_options(&options, chars.baseAddress, chars.count)
        else { return }
        defer { gumbo_destroy_output(&options, output) }
        var walker = Walker()
        if let root = output.pointee.root {
          fragment.nodes = walker.children(of: root, depth: 0)
        }
        endTags = walker.endTags
        firstStart = walker.firstStart
      }
    }
    fragment.markOpen()
    // End tags in the text that gumbo matched with no element of the fragment.
    for (offset, name) in endTagNames(in: html) {
      if let first = firstStart, offset > first {
        if let count = endTags[name], count > 0 {
          endTags[name] = count - 1
        } else {
          fragment.closesAfter.append(name)
        }
      } else {
        fragment.closesBefore.append(name)
      }
    }
    return fragment
  }

  /// The last element of the fragment, and the last of its children, and so on, stays open when
  /// its end tag is missing.
  private mutating func markOpen() {
    // `isOpen` is first set by the walker for every element without an end tag; only the
    // chain at the end of the fragment keeps it.
    func clear(_ nodes: inout [Node], keepLast: Bool) {
      for index in nodes.indices {
        guard case .element(var element) = nodes[index] else { continue }
        let onChain = keepLast && index == nodes.count - 1
        if !onChain || Self.voidElements.contains(element.name) { element.isOpen = false }
        clear(&element.children, keepLast: onChain && element.isOpen)
        nodes[index] = .element(element)
      }
    }
    clear(&nodes, keepLast: true)
  }

  /// Elements that never have content or an end tag.
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
  ]

  /// How deep the tags could nest, counted from the text before parsing: start tags of elements
  /// that are not void, less end tags.
  static func nestingEstimate(_ html: String) -> Int {
    var depth = 0
    var deepest = 0
    let bytes = Array(html.utf8)
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "<") {
        let next = bytes[index + 1]
        if next == UInt8(ascii: "/") {
          depth = max(0, depth - 1)
        } else if (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z") {
          var end = index + 1
          while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: ">"),
            bytes[end] != UInt8(ascii: "/"), end - index < 12
          {
            end += 1
          }
          let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).lowercased()
          if !voidElements.contains(name) {
            depth += 1
            deepest = max(deepest, depth)
          }
        }
      }
      index += 1
    }
    return deepest
  }

  /// The end tags written in `html`, with their byte offsets.
  static func endTagNames(in html: String) -> [(Int, String)] {
    var found: [(Int, String)] = []
    let bytes = Array(html.utf8)
    var index = 0
    var inComment = false
    while index + 2 < bytes.count {
      if inComment {
        if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
          bytes[index + 2] == UInt8(ascii: ">")
        {
          inComment = false
        }
      } else if bytes[index] == UInt8(ascii: "<") {
        if bytes[index + 1] == UInt8(ascii: "!"), index + 3 < bytes.count,
          bytes[index + 2] == UInt8(ascii: "-"), bytes[index + 3] == UInt8(ascii: "-")
        {
          inComment = true
        } else if bytes[index + 1] == UInt8(ascii: "/") {
          var end = index + 2
          while end < bytes.count, bytes[end] != UInt8(ascii: ">"), bytes[end] != UInt8(ascii: " ")
          {
            end += 1
          }
          let name = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).lowercased()
          if !name.isEmpty { found.append((index, name)) }
        }
      }
      index += 1
    }
    return found
  }
}

/// Copies gumbo's nodes into `HTMLFragment.Node`s, counting the end tags it matched.
private struct Walker {
  var endTags: [String: Int] = [:]
  var firstStart: Int?

  mutating func children(of node: UnsafeMutablePointer<GumboNode>, depth: Int)
    -> [HTMLFragment.Node]
  {
    let vector: GumboVector
    switch node.pointee.type {
    case GUMBO_NODE_DOCUMENT: vector = node.pointee.v.document.children
    case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: vector = node.pointee.v.element.children
    default: return []
    }
    var result: [HTMLFragment.Node] = []
    for index in 0..<Int(vector.length) {
      guard let raw = vector.data[index] else { continue }
      let child = raw.assumingMemoryBound(to: GumboNode.self)
      if let copied = copy(child, depth: depth + 1) { result.append(copied) }
    }
    return result
  }

  private mutating func copy(_ node: UnsafeMutablePointer<GumboNode>, depth: Int)
    -> HTMLFragment.Node?
  {
    switch node.pointee.type {
    case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
      let text = node.pointee.v.text
      let position = HTMLFragment.Position(
        line: Int(text.start_pos.line), column: Int(text.start_pos.column))
      return .text(text.text.map { String(cString: $0) } ?? "", position)
    case GUMBO_NODE_COMMENT:
      return .comment(node.pointee.v.text.text.map { String(cString: $0) } ?? "")
    case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
      let element = node.pointee.v.element
      let name = Self.name(of: element)
      if element.original_tag.length > 0 {
        firstStart = min(firstStart ?? Int.max, Int(element.start_pos.offset))
      }
      // An element the parser made for a stray end tag (`</p>` makes an empty `<p>`) matched
      // none written in the fragment: its end tag may close one opened earlier.
      if element.original_end_tag.length > 0, element.original_tag.length > 0 {
        endTags[name, default: 0] += 1
      }
      var attributes: [HTMLFragment.Attribute] = []
      for index in 0..<Int(element.attributes.length) {
        guard let raw = element.attributes.data[index] else { continue }
        let attribute = raw.assumingMemoryBound(to: GumboAttribute.self).pointee
        attributes.append(
          HTMLFragment.Attribute(
            name: attribute.name.map { String(cString: $0) }?.lowercased() ?? "",
            value: attribute.value.map { String(cString: $0) } ?? ""))
      }
      return .element(
        HTMLFragment.Element(
          name: name, attributes: attributes,
          children: depth < HTMLFragment.maximumDepth ? children(of: node, depth: depth) : [],
          position: HTMLFragment.Position(
            line: Int(element.start_pos.line), column: Int(element.start_pos.column)),
          isOpen: element.original_end_tag.length == 0))
    default:
      return nil
    }
  }

  /// gumbo's name for a tag it knows; a tag it does not know from the text written.
  private static func name(of element: GumboElement) -> String {
    if element.tag != GUMBO_TAG_UNKNOWN, let known = gumbo_normalized_tagname(element.tag) {
      return String(cString: known)
    }
    guard let data = element.original_tag.data, element.original_tag.length > 1 else { return "" }
    let bytes = UnsafeRawBufferPointer(start: data, count: element.original_tag.length)
    let name = bytes.dropFirst().prefix {
      $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/")
        && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\t")
    }
    return String(decoding: name, as: UTF8.self).lowercased()
  }
}
