import Foundation

/// What Podium draws of an HTML element's `style` attribute, read with the CSS tokenizer, and of
/// the presentational attributes decks still write (`align`, `width`, `height`, `color`).
struct HTMLStyle: Hashable {
  var color: RGBAColor?
  var background: RGBAColor?
  var alignment: Block.Alignment?
  var fontSize: CSSLength?
  var width: CSSLength?
  var height: CSSLength?
  var added: TextRun.Style = []
  /// `display: flex` or `grid` (with `grid-template-columns`): the element's child elements
  /// side by side, in these relative widths (empty: equal).
  var columnWidths: [Int]?
  /// `position: absolute` (or `fixed`) and its sides.
  var placement: BoxBlock.Placement?
  /// Properties written but not drawn, by name, in order.
  var ignored: [String] = []

  /// Properties that change nothing Podium draws: left alone without a word.
  static let harmless: Set<String> = [
    "display", "margin", "margin-top", "margin-bottom", "margin-left", "margin-right", "padding",
    "padding-top", "padding-bottom", "padding-left", "padding-right", "line-height", "z-index",
    "font-family", "vertical-align", "float", "border-radius", "box-sizing", "overflow",
    "gap", "column-gap", "row-gap", "align-items", "justify-content", "flex", "flex-wrap",
    "align-self", "flex-grow", "flex-shrink", "flex-basis",
  ]

  init() {}

  /// The style of `element`: its attributes first, then the deck's CSS for its classes
  /// (`classCSS`, declarations; what it leaves out the deck's CSS reader reports), then its
  /// `style`, which wins.
  init(_ element: HTMLFragment.Element, classCSS: String = "") {
    if let align = element.attribute("align") { alignment = Self.alignment(align) }
    if let color = element.attribute("color") { self.color = CSSColor.parse(color) }
    if element.name == "center" { alignment = .center }
    if element.name != "img" {
      if let width = element.attribute("width") { self.width = Self.length(width) }
      if let height = element.attribute("height") { self.height = Self.length(height) }
    }
    if !classCSS.isEmpty {
      read(classCSS)
      ignored = []
    }
    if let style = element.attribute("style") { read(style) }
  }

  private mutating func read(_ style: String) {
    var position: String?
    var sides = BoxBlock.Placement()
    var display: String?
    var direction: String?
    var template: String?
    for rule in DeckCSS.rules("x{\(style)}") {
      for declaration in rule.declarations {
        let (name, value) = (declaration.name, declaration.value)
        let lowered = value.lowercased()
        switch name {
        case "color": color = CSSColor.parse(value) ?? color
        case "background", "background-color":
          background = CSSColor.parse(value) ?? CSSColor.firstColor(in: value) ?? background
        case "text-align": alignment = Self.alignment(lowered) ?? alignment
        case "font-size": fontSize = Self.fontSize(lowered) ?? fontSize
        case "font-weight":
          if lowered == "bold" || lowered == "bolder" || (Double(lowered) ?? 0) >= 600 {
            added.insert(.strong)
          }
        case "font-style":
          if lowered == "italic" || lowered == "oblique" { added.insert(.emphasis) }
        case "text-decoration", "text-decoration-line":
          if lowered.contains("underline") { added.insert(.underline) }
          if lowered.contains("line-through") { added.insert(.strikethrough) }
        case "width": width = Self.length(lowered) ?? width
        case "height": height = Self.length(lowered) ?? height
        case "position": position = lowered
        case "display": display = lowered
        case "flex-direction": direction = lowered
        case "grid-template-columns": template = lowered
        case "left": sides.left = Self.length(lowered)
        case "top": sides.top = Self.length(lowered)
        case "right": sides.right = Self.length(lowered)
        case "bottom": sides.bottom = Self.length(lowered)
        default:
          if !Self.harmless.contains(name), !ignored.contains(name) { ignored.append(name) }
        }
      }
    }
    if display == "flex" || display == "inline-flex", direction?.hasPrefix("column") != true {
      columnWidths = []
    } else if display == "grid" || display == "inline-grid", let template {
      columnWidths = Self.columns(template)
    }
    if position == "absolute" || position == "fixed" {
      placement = sides
    } else if let position, position != "static", sides != BoxBlock.Placement() {
      // `top` without a position moves nothing in CSS either; `relative` would.
      ignored.append("position: \(position)")
    }
  }

  /// `1fr 2fr`, `repeat(3, 1fr)`, `60% 40%`, `300px auto`: relative widths; nil for one column.
  static func columns(_ template: String) -> [Int]? {
    let tokens = CSSToken.tokenize(template).filter { $0 != .whitespace }
    if case .function(let name)? = tokens.first, name.lowercased() == "repeat",
      tokens.count > 1, case .number(let count, _) = tokens[1], count >= 2
    {
      return Array(repeating: 1, count: min(12, Int(count)))
    }
    let widths = tokens.compactMap { token -> Int? in
      switch token {
      case .dimension(let value, let unit) where unit.lowercased() == "fr":
        return max(1, Int((value * 100).rounded()))
      case .dimension(let value, _), .percentage(let value), .number(let value, _):
        return max(1, Int(value.rounded()))
      case .ident(let name) where name.lowercased() == "auto": return 100
      default: return nil
      }
    }
    return widths.count >= 2 ? Array(widths.prefix(12)) : nil
  }

  static func alignment(_ value: String) -> Block.Alignment? {
    switch value.trimmingCharacters(in: .whitespaces).lowercased() {
    case "center", "middle": return .center
    case "right", "end": return .right
    case "left", "start", "justify": return .natural
    default: return nil
    }
  }

  /// `300`, `300px`, `50%`, `2em`, `12pt`, `10vw`.
  static func length(_ value: String) -> CSSLength? {
    let tokens = CSSToken.tokenize(value).filter { $0 != .whitespace }
    guard tokens.count == 1 else { return nil }
    switch tokens[0] {
    case .number(let number, _): return .pixels(number)
    case .percentage(let number): return .percent(number)
    case .dimension(let number, let unit):
      switch unit.lowercased() {
      case "px": return .pixels(number)
      case "pt": return .pixels(number * 4 / 3)
      case "em", "rem": return .em(number)
      case "vw", "vh": return .percent(number)
      case "cm": return .pixels(number * 96 / 2.54)
      case "mm": return .pixels(number * 96 / 25.4)
      case "in": return .pixels(number * 96)
      default: return nil
      }
    default: return nil
    }
  }

  /// A length, or one of CSS's size keywords as a multiple of the text around.
  static func fontSize(_ value: String) -> CSSLength? {
    let keywords: [String: Double] = [
      "xx-small": 0.6, "x-small": 0.75, "small": 0.89, "smaller": 0.83, "medium": 1,
      "large": 1.2, "larger": 1.2, "x-large": 1.5, "xx-large": 2, "xxx-large": 3,
    ]
    if let scale = keywords[value.trimmingCharacters(in: .whitespaces)] { return .em(scale) }
    if case .percent(let share) = length(value) { return .em(share / 100) }
    return length(value)
  }
}
