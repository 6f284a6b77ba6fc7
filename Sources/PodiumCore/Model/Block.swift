/// One block of slide (or notes) content, with where it came from and the build step that reveals
/// it.
public struct Block: Hashable, Sendable {
  public enum Kind: Hashable, Sendable {
    case heading(level: Int, text: [TextRun])
    case paragraph([TextRun])
    case list(ListBlock)
    case quote(QuoteBlock)
    case code(CodeBlock)
    case table(TableBlock)
    case image(ImageReference)
    case rule
    /// presenterm's `column_layout`: blocks side by side in columns of relative widths.
    case columns(ColumnsBlock)
    /// Room with nothing in it: presenterm's `new_lines` and `jump_to_middle`.
    case spacer(Spacer)
    /// An HTML element around blocks, with a background or a place of its own.
    case box(BoxBlock)
  }

  public enum Alignment: String, Hashable, Sendable {
    case natural
    case center
    case right
  }

  public enum Spacer: Hashable, Sendable {
    /// Empty lines of body text.
    case lines(Int)
    /// What follows is set around the middle of the space it has (a section's title slide).
    case middle
    /// What follows starts at the middle of the space it has (presenterm's introduction slide
    /// jumps there before its title).
    case fromMiddle
    /// What follows sits at the bottom of the space it has (presenterm's authors, `page_bottom`).
    case bottom
  }

  /// What a block stands for on a slide made from the deck's metadata (presenterm's
  /// introduction slide) or on a slide of a tool that styles it apart (presenterm's slide
  /// titles): the theme gives each its colour and weight.
  public enum Role: String, Hashable, Sendable, CaseIterable {
    case slideTitle
    case introTitle, introSubtitle, introEvent, introLocation, introDate, introAuthor
  }

  public var kind: Kind
  public var location: SourceLocation
  /// 0-based build step at which the block appears: step 0 is the slide before any pause.
  public var step: Int
  /// The build step from which the block is hidden again (Slidev's `v-click.hide`, a
  /// `<v-switch>` template's end); nil when it stays once shown.
  public var hiddenFrom: Int?
  public var alignment: Alignment
  /// Text size relative to the theme's (presenterm's `font_size`, 1 to 7).
  public var fontScale: Double
  /// A heading sized to fill the width it has, on one line (Marp's `<!-- fit -->`).
  public var fitsWidth = false
  /// What the block stands for, when its theme styles it apart.
  public var role: Role?

  public init(
    _ kind: Kind, at location: SourceLocation, step: Int = 0, alignment: Alignment = .natural,
    fontScale: Double = 1
  ) {
    self.kind = kind
    self.location = location
    self.step = step
    self.alignment = alignment
    self.fontScale = fontScale
  }

  /// The block with everything in it shown at `step` (speaker notes, which have no steps of
  /// their own but Slidev's click parts).
  func shown(at step: Int) -> Block {
    var block = self
    block.step = step
    switch kind {
    case .list(var list):
      for index in list.items.indices {
        list.items[index].step = step
        list.items[index].blocks = list.items[index].blocks.map { $0.shown(at: step) }
      }
      block.kind = .list(list)
    case .quote(var quote):
      quote.blocks = quote.blocks.map { $0.shown(at: step) }
      block.kind = .quote(quote)
    case .columns(var columns):
      columns.columns = columns.columns.map { $0.map { $0.shown(at: step) } }
      block.kind = .columns(columns)
    default:
      break
    }
    return block
  }

  /// The highest build step used by this block or anything inside it.
  public var lastStep: Int {
    switch kind {
    case .list(let list):
      return list.items.reduce(step) { max($0, $1.lastStep) }
    case .quote(let quote):
      return quote.blocks.reduce(step) { max($0, $1.lastStep) }
    case .columns(let columns):
      return columns.columns.joined().reduce(step) { max($0, $1.lastStep) }
    case .table(let table):
      return table.rowSteps.reduce(step, max)
    case .box(let box):
      return box.blocks.reduce(step) { max($0, $1.lastStep) }
    case .code(let code):
      return step + (code.highlights.last?.offset ?? 0)
    default:
      return step
    }
  }

  /// The block's text without formatting, for titles, summaries and tests.
  public var plainText: String {
    switch kind {
    case .heading(_, let text), .paragraph(let text):
      return text.plainText
    case .list(let list):
      return list.items.map { $0.blocks.map(\.plainText).joined(separator: " ") }
        .joined(separator: "\n")
    case .quote(let quote):
      return quote.blocks.map(\.plainText).joined(separator: "\n")
    case .code(let code):
      return code.code
    case .table(let table):
      return ([table.header] + table.rows).map { $0.map(\.plainText).joined(separator: " | ") }
        .joined(separator: "\n")
    case .image(let image):
      return image.alt
    case .rule, .spacer:
      return ""
    case .columns(let columns):
      return columns.columns.map { $0.map(\.plainText).joined(separator: "\n") }
        .joined(separator: "\n")
    case .box(let box):
      return box.blocks.map(\.plainText).joined(separator: "\n")
    }
  }
}

/// Columns of blocks side by side; `widths` are relative (presenterm's `[3, 2]` gives the first
/// column 60%).
public struct ColumnsBlock: Hashable, Sendable {
  public var widths: [Int]
  public var columns: [[Block]]

  public init(widths: [Int], columns: [[Block]]) {
    self.widths = widths
    self.columns = columns
  }
}

public struct ListBlock: Hashable, Sendable {
  public var ordered: Bool
  /// The first number of an ordered list (`3.` starts at 3).
  public var start: Int
  public var tight: Bool
  public var items: [ListItem]

  public init(ordered: Bool, start: Int, tight: Bool, items: [ListItem]) {
    self.ordered = ordered
    self.start = start
    self.tight = tight
    self.items = items
  }

  /// The longest number marker of an ordered list, its last ("12."), nil when it has no items.
  public var widestNumber: String? {
    items.isEmpty ? nil : "\(start + items.count - 1)."
  }
}

public struct ListItem: Hashable, Sendable {
  public var blocks: [Block]
  /// GFM task list state: nil for an ordinary item.
  public var checked: Bool?
  public var location: SourceLocation
  public var step: Int

  public init(blocks: [Block], checked: Bool?, at location: SourceLocation, step: Int) {
    self.blocks = blocks
    self.checked = checked
    self.location = location
    self.step = step
  }

  var lastStep: Int { blocks.reduce(step) { max($0, $1.lastStep) } }
}

public struct QuoteBlock: Hashable, Sendable {
  /// GitHub's `> [!NOTE]` alert kinds, shown as a styled quote.
  public enum Alert: String, Hashable, Sendable, CaseIterable {
    case note, tip, important, warning, caution
  }

  public var blocks: [Block]
  public var alert: Alert?

  public init(blocks: [Block], alert: Alert? = nil) {
    self.blocks = blocks
    self.alert = alert
  }
}

public struct CodeBlock: Hashable, Sendable {
  /// The first word of the fence's info string, lowercased (`swift`, `python`); nil when absent.
  public var language: String?
  public var code: String
  /// Line highlighting (presenterm's `{1,3|5-7|all}`, Slidev's `{2-3|5|all}`), a stage a build
  /// step; empty when every line shows alike.
  public var highlights: [CodeHighlight] = []
  /// How the lines a stage leaves out look.
  public var dimming: CodeHighlight.Dimming = .faded
  /// The first line's number where the lines are numbered (presenterm's `+line_numbers`,
  /// Slidev's `{lines:true,startLine:5}`, pandoc's `.numberLines` and `startFrom`); nil: none.
  public var firstLineNumber: Int?

  public init(language: String?, code: String) {
    self.language = language
    self.code = code
  }
}

/// A stage of a code block's line highlighting: from `offset` build steps after the block's
/// own, `lines` (1-based) show as highlighted and the others dimmed; nil: every line.
public struct CodeHighlight: Hashable, Sendable {
  public var offset: Int
  public var lines: [ClosedRange<Int>]?

  /// Whether line `number` (1-based) shows highlighted at this stage.
  public func highlights(_ number: Int) -> Bool {
    lines?.contains { $0.contains(number) } ?? true
  }

  /// presenterm draws the lines left out without their colours; Slidev fades them (`opacity:
  /// 0.3`, its code.css).
  public enum Dimming: Hashable, Sendable {
    case plain, faded
  }

  public init(offset: Int, lines: [ClosedRange<Int>]?) {
    self.offset = offset
    self.lines = lines
  }

  /// The stages of a `{...}` range list, one a `|` (the braces' content), a step apart: `3`,
  /// `1,3`, `5-7`, `5-` (to the end), `all` or `*` (every line), `none` and Slidev's `hide`
  /// (none highlighted), items apart by `,` or `;`, as Slidev's `parseRangeString` and
  /// presenterm's parser read them. nil if any part is none of these.
  public static func stages(_ ranges: Substring) -> [CodeHighlight]? {
    var stages: [CodeHighlight] = []
    for (offset, part) in ranges.split(separator: "|", omittingEmptySubsequences: false)
      .enumerated()
    {
      let written = part.trimmingCharacters(in: .whitespaces)
      if written == "all" || written == "*" || written.isEmpty {
        stages.append(CodeHighlight(offset: offset, lines: nil))
        continue
      }
      if written == "none" || written == "hide" {
        stages.append(CodeHighlight(offset: offset, lines: []))
        continue
      }
      var lines: [ClosedRange<Int>] = []
      for item in written.split(whereSeparator: { $0 == "," || $0 == ";" }) {
        let bounds = item.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
          .map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = Int(bounds[0]), first >= 1 else { return nil }
        if bounds.count == 1 {
          lines.append(first...first)
        } else if bounds[1].isEmpty {
          // To the end, however long the code is.
          lines.append(first...Int.max)
        } else if let last = Int(bounds[1]), last >= first {
          lines.append(first...last)
        } else {
          return nil
        }
      }
      stages.append(CodeHighlight(offset: offset, lines: lines))
    }
    return stages
  }
}

public struct TableBlock: Hashable, Sendable {
  public enum ColumnAlignment: String, Hashable, Sendable {
    case natural, left, center, right
  }

  public var alignments: [ColumnAlignment]
  public var header: [[TextRun]]
  public var rows: [[[TextRun]]]
  /// The build step of each row (presenterm's `incremental_tables`); empty when the rows show
  /// with the table.
  public var rowSteps: [Int] = []

  public init(alignments: [ColumnAlignment], header: [[TextRun]], rows: [[[TextRun]]]) {
    self.alignments = alignments
    self.header = header
    self.rows = rows
  }
}

/// An image named by the deck. `path` is resolved against the deck's folder; for a remote
/// address (`url`), the file `podium fetch` put in the cache, or nil while it is not fetched.
public struct ImageReference: Hashable, Sendable {
  public var source: String
  public var alt: String
  public var path: String?
  /// An `http` or `https` address: never reached while loading or presenting, only by `podium
  /// fetch`, which keeps the image in `RemoteImageCache`. `DeckLoader` sets `path` to the cached
  /// file; until then the room sees nothing in the image's place, and the console a placeholder.
  public var url: String?
  /// Why the image cannot be shown ("image not found", "not an image"), for its placeholder; the
  /// path is kept so that live reload watches it.
  public var problem: String?
  /// The size the deck asks for (Marp's `![w:300 h:200]`), as fractions of the slide's height.
  public var width: Double?
  public var height: Double?
  /// Marp's filters (`blur`, `sepia`...), drawn on the image's pixels in this order.
  public var filters: [ImageFilter] = []
  /// A page of a PDF (`path`), or part of one, instead of a picture: a beamer notes page's notes.
  public var page: PageReference?
  /// A video file (`demo.mp4`) instead of a picture: its options and, once loaded, its stream.
  public var video: VideoClip? {
    get { videoStorage?.value }
    set { videoStorage = newValue.map(OutOfLine.value) }
  }
  /// Kept out of line: every block and draw command would otherwise carry its bytes.
  private var videoStorage: OutOfLine<VideoClip>?
  /// A GIF, PNG or WebP of several frames, as its headers say.
  public var animation: AnimationHeader?

  public init(source: String, alt: String, path: String?, problem: String? = nil) {
    self.source = source
    self.alt = alt
    self.path = path
    self.problem = problem
  }

  /// The placeholder's words for a remote image not fetched.
  public static let notFetched = "not fetched"

  /// A remote image at `url`, not fetched yet: what every syntax that names a picture by its
  /// address makes (Markdown, Marp's backgrounds, Slidev's `image:`, HTML's `<img>`).
  /// `DeckLoader` finds it in the cache.
  public static func remote(_ url: String, alt: String) -> ImageReference {
    var reference = ImageReference(source: url, alt: alt, path: nil, problem: notFetched)
    reference.url = url
    return reference
  }

  /// A remote image that is not in the cache: nothing for the room, a placeholder for the
  /// speaker.
  public var isUnfetched: Bool { url != nil && path == nil }
}
