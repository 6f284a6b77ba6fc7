import CCmarkGFM
import Foundation

/// The only file that talks to cmark-gfm: parses Markdown into `MarkdownNode` values.
enum CommonMarkConverter {
  /// Lists and quotes nested deeper than this are flattened into a paragraph of their text. Each
  /// level indents by about an em and a half, so past 16 a slide has no width left for the text
  /// (docs/DECK-FORMAT.md, "Text and code"; talks nest lists two or three levels deep).
  static let maximumNesting = 16
  /// Any node deeper than this (emphasis inside emphasis, images inside links, ...) is flattened
  /// too: cmark copes with any depth, but a recursive walk over 10,000 levels would exhaust the
  /// stack, here and in everything that walks the blocks after it.
  static let maximumDepth = 64

  /// Parses `text` as CommonMark with the GFM extensions (tables, strikethrough, autolinks,
  /// task lists), keeping source positions; with `footnotes`, GFM's footnotes too (`[^1]`
  /// and `[^1]: ...`): cmark numbers the references in order and moves the definitions they
  /// use to the end of the document, in that order (`FootnoteDefinitions`).
  static func parse(_ text: String, footnotes: Bool = false) -> MarkdownNode {
    // cmark-gfm 0.29.0.gfm.6 is not safe to run on two threads at once: each parse adds its
    // extensions' characters (strikethrough's `~`) to one process-wide table and removes them
    // when it ends, so a parse finishing on one thread turned `~~text~~` into plain text in a
    // parse still running on another. Parses take turns.
    parsing.lock()
    defer { parsing.unlock() }
    cmark_gfm_core_extensions_ensure_registered()
    let extensions =
      autolinksAreAffordable(text) ? extensions : extensions.filter { $0 != "autolink" }
    let document: OpaquePointer?
    if let limited = limitingTableCells(text) {
      document = limited.withUnsafeBufferPointer {
        parseDocument($0, extensions: extensions, footnotes: footnotes)
      }
    } else {
      var text = text
      document = text.withUTF8 { parseDocument($0, extensions: extensions, footnotes: footnotes) }
    }
    guard let document else {
      return MarkdownNode(
        kind: .document, literal: "", start: SourceLocation(line: 1, column: 1), endLine: 1,
        children: [])
    }
    defer { cmark_node_free(document) }
    return convert(document, depth: 0, nesting: 0)
  }

  private static let extensions = ["table", "strikethrough", "autolink", "tasklist"]
  private static let parsing = NSLock()

  /// cmark's tree for `bytes`, to be freed with `cmark_node_free`; nil when cmark fails.
  ///
  /// The corresponding C functions are `cmark_parser_new`, `cmark_parser_feed` and
  /// `cmark_parser_finish`.
  private static func parseDocument(
    _ bytes: UnsafeBufferPointer<UInt8>, extensions: [String], footnotes: Bool = false
  ) -> OpaquePointer? {
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE | (footnotes ? CMARK_OPT_FOOTNOTES : 0)
    guard let parser = cmark_parser_new(options) else { return nil }
    defer { cmark_parser_free(parser) }
    for name in extensions {
      if let extensionHandle = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, extensionHandle)
      }
    }
    bytes.withMemoryRebound(to: CChar.self) { chars in
      if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
    }
    return cmark_parser_finish(parser)
  }

  // MARK: - Inputs that are quadratic in cmark-gfm

  /// cmark-gfm's autolink extension (0.29.0.gfm.6) finds e-mail addresses once a paragraph is
  /// parsed, and for each one copies the rest of its line: one line of 2 MB holding 64,000
  /// addresses took 10 s, four times longer for twice the line. Past this many bytes copied
  /// (the sum over lines of their length times their `@`, about 0.4 s), the text is parsed
  /// without the extension: bare addresses and URLs are then plain text, which on a slide only
  /// changes their colour. A 64 KB line stays under it, whatever it holds.
  static let autolinkBudget = 4_000_000_000

  static func autolinksAreAffordable(_ text: String) -> Bool {
    var cost = 0
    var length = 0
    var ats = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        cost += length * ats
        length = 0
        ats = 0
      } else {
        length += 1
        if byte == UInt8(ascii: "@") { ats += 1 }
      }
    }
    cost += length * ats
    return cost <= autolinkBudget
  }

  // MARK: - Table rows too wide for cmark-gfm

  /// cmark-gfm's table extension (0.29.0.gfm.6, Debian's) appends each cell of a row to a linked
  /// list by walking the list (`cmark_llist_append`), so a row of n cells costs n² steps: one
  /// row of 60,000 `|` took 48 s to parse. A line keeps this many cells while `tableCellBudget`
  /// lasts, then `cheapTableCells`; its other pipes are escaped, so they show as text.
  static let maximumTableCells = 1_024
  static let cheapTableCells = 64
  /// About a tenth of a second of `cmark_llist_append`.
  static let tableCellBudget = 10_000_000

  /// `text` with the pipes past those limits escaped, or nil when no line has that many. Code
  /// and HTML blocks, where a `|` is a character and never a cell, are left as they are.
  static func limitingTableCells(_ text: String) -> [UInt8]? {
    // Lines (1-based, as cmark counts them) with more pipes than is cheap.
    var wide: [Int: Int] = [:]
    var line = 1
    var pipes = 0
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "|") {
        pipes += 1
      } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) {
          if pipes > cheapTableCells { wide[line] = pipes }
          line += 1
          pipes = 0
        }
      }
      previous = byte
    }
    if pipes > cheapTableCells { wide[line] = pipes }
    guard !wide.isEmpty else { return nil }

    // Where code and HTML blocks are: cmark without the table extension finds them cheaply.
    var text = text
    if let document = text.withUTF8({ parseDocument($0, extensions: []) }) {
      defer { cmark_node_free(document) }
      if let iterator = cmark_iter_new(document) {
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
          guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
            let node = cmark_iter_get_node(iterator)
          else { continue }
          let type = cmark_node_get_type(node)
          guard type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK else { continue }
          let first = Int(cmark_node_get_start_line(node))
          let last = max(first, Int(cmark_node_get_end_line(node)))
          // Whichever is shorter, so that many blocks and many wide lines cost their sum.
          if last - first < wide.count {
            for line in first...last { wide[line] = nil }
          } else {
            for line in wide.keys where (first...last).contains(line) { wide[line] = nil }
          }
        }
      }
    }

    // How many cells each line keeps, first come first served.
    var keep: [Int: Int] = [:]
    var spent = 0
    for (line, pipes) in wide.sorted(by: { $0.key < $1.key }) {
      var kept = min(pipes, maximumTableCells)
      if spent + kept * kept / 2 > tableCellBudget { kept = cheapTableCells }
      spent += kept * kept / 2
      if kept < pipes { keep[line] = kept }
    }
    guard !keep.isEmpty else { return nil }

    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count + 1024)
    line = 1
    previous = 0
    var kept = keep[1]
    var seen = 0
    var backslashes = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if !(byte == UInt8(ascii: "\n") && previous == UInt8(ascii: "\r")) {
          line += 1
          kept = keep[line]
          seen = 0
        }
      } else if byte == UInt8(ascii: "|"), let limit = kept, backslashes % 2 == 0 {
        seen += 1
        if seen > limit { result.append(UInt8(ascii: "\\")) }
      }
      backslashes = byte == UInt8(ascii: "\\") ? backslashes + 1 : 0
      result.append(byte)
      previous = byte
    }
    return result
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
    case CMARK_NODE_FOOTNOTE_REFERENCE:
      // cmark gives a reference its definition's number (1-based, in order of first use).
      let number = cmark_node_get_literal(node).flatMap { Int(String(cString: $0)) }
      return .footnoteReference(number: number ?? 0)
    case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
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
