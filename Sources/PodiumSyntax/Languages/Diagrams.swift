/// Diagrams written as text: Mermaid (its diagram kinds and statements as keywords, node labels
/// and messages as strings, `%%` comments), PlantUML and Graphviz's DOT.
extension SyntaxLanguage {
  static let mermaid = SyntaxLanguage(
    name: "mermaid",
    aliases: ["mmd"],
    dialect: .mermaid,
    keywords: [
      "accDescr", "accTitle", "activate", "actor", "alt", "and", "architecture-beta", "as",
      "autonumber", "block-beta", "break", "class", "classDef", "classDiagram", "click",
      "commit", "critical", "dateFormat", "deactivate", "direction", "else", "end", "erDiagram",
      "excludes", "flowchart", "gantt", "gitGraph", "graph", "journey", "kanban", "left",
      "linkStyle", "loop", "mindmap", "note", "Note", "of", "opt", "over", "packet-beta", "par",
      "participant", "pie", "quadrantChart", "rect", "requirementDiagram", "right", "sankey-beta",
      "section", "sequenceDiagram", "showData", "state", "stateDiagram", "stateDiagram-v2",
      "style", "subgraph", "timeline", "title", "xychart-beta", "branch", "checkout", "merge",
      "TB", "TD", "BT", "RL", "LR",
    ],
    strings: [StringOpener("\"")],
    lineComments: [["%", "%"]],
    blockComments: [],
    hyphenIdentifiers: true,
    calls: false)

  static let plantuml = SyntaxLanguage(
    name: "plantuml",
    aliases: ["puml", "uml", "wsd"],
    dialect: .tables,
    keywords: [
      "abstract", "activate", "actor", "agent", "alt", "annotation", "artifact", "as", "boundary",
      "box", "card", "class", "cloud", "collections", "component", "control", "database",
      "deactivate", "detach", "down", "else", "elseif", "end", "endif", "endwhile", "entity",
      "enum", "file", "folder", "fork", "frame", "group", "hide", "if", "interface", "is", "left",
      "legend", "loop", "node", "note", "object", "of", "on", "opt", "package", "par",
      "participant", "partition", "queue", "rectangle", "repeat", "return", "right", "show",
      "skinparam", "stack", "start", "state", "stop", "storage", "then", "title", "top", "up",
      "usecase", "while",
    ],
    strings: [StringOpener("\"")],
    lineComments: [["'"]],
    blockComments: [BlockComment(open: ["/", "'"], close: ["'", "/"])],
    atAttributes: true)

  static let dot = SyntaxLanguage(
    name: "dot",
    aliases: ["graphviz", "gv"],
    dialect: .tables,
    keywords: ["digraph", "edge", "graph", "node", "strict", "subgraph"],
    strings: [StringOpener("\"")],
    lineComments: [["/", "/"], ["#"]],
    assignmentKeys: true)
}

extension LineScanner {
  /// A node's label after its id (`A[text]`, `B(text)`, `C{text}`, `D>text]`), an edge's label
  /// (`-->|text|`), a message or a label after `:` (`Alice->>Bob: Hello`), and colours.
  mutating func scanMermaidSpecial(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "[", "(", "{":
      guard case .word = previous, pos > 0, !SyntaxHighlighter.isBlank(s[pos - 1]) else {
        return false
      }
      let close: Unicode.Scalar = c == "[" ? "]" : c == "(" ? ")" : "}"
      var open = pos
      while open < count && (s[open] == c || s[open] == "/" || s[open] == "\\") { open += 1 }
      guard let end = closer(close, from: open) else { return false }
      var last = end
      while last < count && (s[last] == close || s[last] == "/" || s[last] == "\\") {
        last += 1
      }
      pos = open
      emit(.punctuation)
      pos = end
      emit(.string)
      pos = last
      emitSignificant(.punctuation, .value)
      return true
    case "|":
      guard let end = closer("|", from: pos + 1) else { return false }
      pos += 1
      emit(.punctuation)
      pos = end
      emit(.string)
      pos += 1
      emitSignificant(.punctuation, .value)
      return true
    case "#":
      // A colour in a style: `fill:#dbeafe`.
      var end = pos + 1
      while end < count && isHexDigit(s[end]) { end += 1 }
      guard end > pos + 1 else { return false }
      pos = end
      emitSignificant(.number, .value)
      return true
    case ":":
      guard sawCode, peek(1) == " " || peek(1) == nil else { return false }
      pos += 1
      emit(.punctuation)
      pos = count
      emit(.string)
      return true
    default:
      return false
    }
  }
}
