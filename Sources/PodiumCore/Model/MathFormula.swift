/// A formula written in TeX: `$...$` in a line, `$$...$$` set apart (Marp, pandoc), a ```` ```math
/// ```` block, presenterm's ```` ```latex +render ````.
public struct MathFormula: Hashable, Sendable {
  /// The TeX between the delimiters, as written.
  public var tex: String
  /// Set as a display (`$$`): larger operators, limits above and below, lines of its own.
  public var display: Bool

  public init(tex: String, display: Bool) {
    self.tex = tex
    self.display = display
  }

  /// The formula a run of text holds, if it is one.
  public init?(_ run: TextRun) {
    guard run.style.contains(.math) else { return nil }
    self.init(tex: run.text, display: run.style.contains(.displayMath))
  }
}

/// A formula typeset by TeX: one page of a PDF file holding its box and a margin around it, so
/// that no glyph's ink is cut. Sizes are TeX points at a 10 pt font; the layout scales them to
/// the text around the formula.
public struct TypesetFormula: Hashable, Sendable, Codable {
  /// The PDF file and the zero-based page that hold the formula.
  public var file: String
  public var page: Int
  /// The box: its width, its height above the baseline and its depth below it.
  public var width: Double
  public var height: Double
  public var depth: Double
  /// The margin around the box on the page, on every side.
  public var margin: Double

  public init(
    file: String, page: Int, width: Double, height: Double, depth: Double, margin: Double
  ) {
    self.file = file
    self.page = page
    self.width = width
    self.height = height
    self.depth = depth
    self.margin = margin
  }

  /// The TeX size of the text the formula stands in; Marp's MathJax and KaTeX set formulas
  /// about 1.2 times the surrounding text, so that the x-heights match.
  public static let pointsPerEm = 10.0 / 1.2
}

extension Block {
  /// The formulas in this block and the blocks inside it.
  public var formulas: [MathFormula] {
    func runs(_ text: [TextRun]) -> [MathFormula] { text.compactMap(MathFormula.init) }
    switch kind {
    case .heading(_, let text), .paragraph(let text): return runs(text)
    case .list(let list): return list.items.flatMap { $0.blocks.flatMap(\.formulas) }
    case .quote(let quote): return quote.blocks.flatMap(\.formulas)
    case .table(let table): return (table.header + table.rows.joined()).flatMap(runs)
    case .columns(let columns): return columns.columns.joined().flatMap(\.formulas)
    case .box(let box): return box.blocks.flatMap(\.formulas)
    case .code, .image, .rule, .spacer: return []
    }
  }
}

extension Deck {
  /// Every formula the slides show, with the block it stands in, in the deck's order.
  public var formulaOccurrences: [(formula: MathFormula, location: SourceLocation)] {
    func visit(_ block: Block) -> [(MathFormula, SourceLocation)] {
      switch block.kind {
      case .list(let list): return list.items.flatMap { $0.blocks.flatMap(visit) }
      case .quote(let quote): return quote.blocks.flatMap(visit)
      case .columns(let columns): return columns.columns.joined().flatMap(visit)
      case .box(let box): return box.blocks.flatMap(visit)
      default: return block.formulas.map { ($0, block.location) }
      }
    }
    return slides.flatMap { $0.blocks.flatMap(visit) }
  }
}
