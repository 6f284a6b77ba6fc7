import CCmarkGFM

/// The only file that talks to cmark-gfm: parses Markdown into `MarkdownNode` values.
enum CommonMarkConverter {
  /// Lists and quotes nested deeper than this are flattened into a paragraph of their text. Each
  /// level indents by about an em and a half, so past 16 a slide has no width left for the text
  /// (DECK-FORMAT.md promises three levels).
  static let maximumNesting = 16
  /// Any node deeper than this (emphasis inside emphasis, images inside links, ...) is flattened
  /// too: cmark copes with any depth, but a recursive walk over 10,000 levels would exhaust the
  /// stack, here and in everything that walks the blocks after it.
  static let maximumDepth = 64

  /// Parses `text` as CommonMark with the GFM extensions (tables, strikethrough, autolinks,
  /// task lists), keeping source positions.
  ///
  /// The corresponding C functions are `cmark_parser_new`, `cmark_parser_feed` and
  /// `cmark_parser_finish`.
  static func parse(_ text: String) -> MarkdownNode {
    cmark_gfm_core_extensions_ensure_registered()
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE
    guard let parser = cmark_parser_new(options) else {
      return MarkdownNode(
        kind: .document, literal: "", start: SourceLocation(line: 1, column: 1), endLine: 1,
        children: [])
    }
    defer { cmark_parser_free(parser) }
    for name in ["table", "strikethrough", "autolink", "tasklist"] {
      if let extensionHandle = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, extensionHandle)
      }
    }
    var bytes = text
    bytes.withUTF8 { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
      }
    }
    guard let document = cmark_parser_finish(parser) else {
      return MarkdownNode(
        kind: .document, literal: "", start: SourceLocation(line: 1, column: 1), endLine: 1,
        children: [])
    }
    defer { cmark_node_free(document) }
    return convert(document, depth: 0, nesting: 0)
  }

  private static func convert(_ node: OpaquePointer, depth: Int, nesting: Int) -> MarkdownNode {
    let kind = self.kind(of: node)
    let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    let start = SourceLocation(
      line: Int(cmark_node_get_start_line(node)),
      column: max(1, Int(cmark_node_get_start_column(node))))
    let endLine = Int(cmark_node_get_end_line(node))
    var children: [MarkdownNode] = []
    var child = cmark_node_first_child(node)
    while let current = child {
      let type = cmark_node_get_type(current)
      let nests = type == CMARK_NODE_LIST || type == CMARK_NODE_BLOCK_QUOTE
      if nests && nesting >= maximumNesting {
        children.append(flattened(current, reason: .nesting))
      } else if depth >= maximumDepth && cmark_node_first_child(current) != nil {
        children.append(flattened(current, reason: .depth))
      } else {
        children.append(convert(current, depth: depth + 1, nesting: nesting + (nests ? 1 : 0)))
      }
      child = cmark_node_next(current)
    }
    return MarkdownNode(
      kind: kind, literal: literal, start: start, endLine: max(endLine, start.line),
      children: children)
  }

  /// A subtree too deep to keep becomes its text, walked without recursion: one paragraph for a
  /// block, one text node for an inline. Blocks and line breaks inside it become spaces.
  private static func flattened(
    _ root: OpaquePointer, reason: MarkdownNode.Flattening
  ) -> MarkdownNode {
    let start = SourceLocation(
      line: Int(cmark_node_get_start_line(root)),
      column: max(1, Int(cmark_node_get_start_column(root))))
    let endLine = max(start.line, Int(cmark_node_get_end_line(root)))
    var text = ""
    if let iterator = cmark_iter_new(root) {
      defer { cmark_iter_free(iterator) }
      func space() { if !text.isEmpty && text.last != " " { text += " " } }
      while true {
        let event = cmark_iter_next(iterator)
        if event == CMARK_EVENT_DONE { break }
        guard let node = cmark_iter_get_node(iterator) else { continue }
        let type = cmark_node_get_type(node)
        if event == CMARK_EVENT_EXIT {
          // Block boundaries (paragraphs, items, quotes, cells) separate words.
          if isBlock(type) { space() }
          continue
        }
        if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
          space()
        } else if cmark_node_first_child(node) == nil, let literal = cmark_node_get_literal(node) {
          text += String(cString: literal)
          if type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK { space() }
        }
      }
    }
    if !isBlock(cmark_node_get_type(root)) {
      return MarkdownNode(
        kind: .text, literal: text, start: start, endLine: endLine, children: [],
        flattened: reason)
    }
    while text.last == " " || text.last == "\n" { text.removeLast() }
    let textNode = MarkdownNode(
      kind: .text, literal: text, start: start, endLine: endLine, children: [])
    return MarkdownNode(
      kind: .paragraph, literal: "", start: start, endLine: endLine, children: [textNode],
      flattened: reason)
  }

  /// Whether a node type is a block; extension types (tables, cells) say so in the same bits.
  /// cmark's `CMARK_NODE_TYPE_MASK` and `CMARK_NODE_TYPE_BLOCK` are 0xC000 and 0x8000.
  private static func isBlock(_ type: cmark_node_type) -> Bool {
    type.rawValue & 0xC000 == 0x8000
  }

  private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
    switch cmark_node_get_type(node) {
    case CMARK_NODE_DOCUMENT: return .document
    case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
    case CMARK_NODE_LIST:
      return .list(
        ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
        start: Int(cmark_node_get_list_start(node)),
        tight: cmark_node_get_list_tight(node) != 0)
    case CMARK_NODE_ITEM:
      let isTask = typeString(node) == "tasklist"
      return .item(checked: isTask ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
    case CMARK_NODE_CODE_BLOCK:
      // cmark writes through all three pointers without checking them.
      var length: Int32 = 0
      var offset: Int32 = 0
      var character: CChar = 0
      return .codeBlock(
        info: cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "",
        fenced: cmark_node_get_fenced(node, &length, &offset, &character) != 0)
    case CMARK_NODE_HTML_BLOCK: return .htmlBlock
    case CMARK_NODE_PARAGRAPH: return .paragraph
    case CMARK_NODE_HEADING:
      return .heading(level: Int(cmark_node_get_heading_level(node)))
    case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
    case CMARK_NODE_TEXT: return .text
    case CMARK_NODE_SOFTBREAK: return .softBreak
    case CMARK_NODE_LINEBREAK: return .lineBreak
    case CMARK_NODE_CODE: return .code
    case CMARK_NODE_HTML_INLINE: return .htmlInline
    case CMARK_NODE_EMPH: return .emphasis
    case CMARK_NODE_STRONG: return .strong
    case CMARK_NODE_LINK:
      return .link(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
    case CMARK_NODE_IMAGE:
      return .image(destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "")
    default:
      break
    }
    // GFM extension nodes have dynamically registered types; their names are stable.
    switch typeString(node) {
    case "table":
      let count = Int(cmark_gfm_extensions_get_table_columns(node))
      var alignments: [TableBlock.ColumnAlignment] = []
      if let raw = cmark_gfm_extensions_get_table_alignments(node) {
        for column in 0..<count {
          switch raw[column] {
          case UInt8(ascii: "l"): alignments.append(.left)
          case UInt8(ascii: "c"): alignments.append(.center)
          case UInt8(ascii: "r"): alignments.append(.right)
          default: alignments.append(.natural)
          }
        }
      }
      return .table(alignments: alignments)
    case "table_header":
      return .tableRow(header: true)
    case "table_row":
      return .tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
    case "table_cell": return .tableCell
    case "strikethrough": return .strikethrough
    case let other: return .other(other)
    }
  }

  private static func typeString(_ node: OpaquePointer) -> String {
    cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
  }
}
