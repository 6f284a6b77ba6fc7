import Foundation

/// presenterm's commands that shape a slide (its docs/src/features/commands.md and layout.md):
/// columns, empty lines, the jump to the middle, alignment and size for the rest of the slide,
/// no footer, skipped slides and included files.
extension SlideBuilder {
  /// The state presenterm's slide-shaping commands leave for the blocks after them.
  struct Shape {
    var alignment: Block.Alignment?
    var fontScale = 1.0
    /// The open column layout: the blocks of each column so far, and the column being filled.
    var columns: (block: Block, contents: [[Block]], current: Int)?
  }

  /// Puts top-level blocks where presenterm's commands say: in the open column, or on the slide,
  /// in the alignment and size set for the rest of the slide.
  mutating func place(_ converted: [Block]) {
    for var block in converted {
      if block.alignment == .natural, let alignment = shape.alignment {
        block.alignment = alignment
      }
      block.fontScale *= shape.fontScale
      if !openHTMLBoxes.isEmpty {
        // Inside an HTML element whose end tag comes later (`SlideBuilder+HTML`).
        openHTMLBoxes[openHTMLBoxes.count - 1].blocks.append(block)
      } else if let open = shape.columns {
        shape.columns?.contents[open.current].append(block)
      } else {
        placed.append(block)
      }
    }
  }

  /// Ends the open column layout: its columns become one block on the slide.
  mutating func closeColumns() {
    guard let open = shape.columns else { return }
    shape.columns = nil
    var block = open.block
    if case .columns(let layout) = block.kind {
      block.kind = .columns(ColumnsBlock(widths: layout.widths, columns: open.contents))
    }
    placed.append(block)
  }

  mutating func applyShape(_ command: CommentCommand.SlideShape, at here: SourceLocation) {
    switch command {
    case .columnLayout(let widths):
      closeColumns()
      let block = Block(
        .columns(ColumnsBlock(widths: widths, columns: [])), at: here, step: step,
        fontScale: shape.fontScale)
      shape.columns = (block, Array(repeating: [], count: widths.count), 0)
    case .column(let index):
      guard let open = shape.columns else {
        diagnostics.warning(
          "'column: \(index)' comes before any column_layout; the content stays across the slide",
          at: here)
        return
      }
      guard open.contents.indices.contains(index) else {
        diagnostics.error(
          "column \(index) is not in the layout, which has columns 0 to \(open.contents.count - 1)",
          at: here)
        return
      }
      shape.columns?.current = index
    case .resetLayout:
      closeColumns()
    case .newLines(let count):
      place([Block(.spacer(.lines(count)), at: here, step: step)])
    case .jumpToMiddle:
      // A section's title, in the middle of the slide both ways (presenterm's own use of it).
      place([Block(.spacer(.middle), at: here, step: step)])
      if shape.alignment == nil { shape.alignment = .center }
    case .alignment(let alignment):
      shape.alignment = alignment
    case .fontSize(let size):
      shape.fontScale = Double(size)
    case .noFooter:
      directives.noFooter = true
    case .skip:
      directives.hidden = true
    case .include(let path):
      include(path, at: here)
    }
  }

  /// Reads another Markdown file in place of the comment, its relative paths from its own folder.
  private mutating func include(_ path: String, at here: SourceLocation) {
    let resolved = path.hasPrefix("/") ? path : baseDirectory + "/" + path
    let full = URL(fileURLWithPath: resolved).standardizedFileURL.path
    guard !including.contains(full), including.count < 8 else {
      diagnostics.error("'\(path)' includes itself (through \(including.count) files)", at: here)
      return
    }
    let deckFolder = URL(fileURLWithPath: including.first ?? baseDirectory).standardizedFileURL.path
    if including.isEmpty && !full.hasPrefix(deckFolder + "/") {
      diagnostics.warning("'\(path)' is outside the deck's folder; including it anyway", at: here)
    }
    let text: String
    switch files.contents(of: full, limit: DeckSource.maximumSize, kind: "included files") {
    case .success(let bytes):
      text = String(decoding: bytes, as: UTF8.self)
    case .failure(let problem):
      diagnostics.error("cannot include '\(path)': \(problem.message)", at: here)
      return
    }
    let savedBase = baseDirectory
    let savedOffset = lineOffset
    if including.isEmpty { including.append(baseDirectory) }
    including.append(full)
    baseDirectory = URL(fileURLWithPath: full).deletingLastPathComponent().path
    // Diagnostics inside the included file point at the include line of the deck.
    lineOffset = here.line - 1
    for node in CommonMarkConverter.parse(text).children {
      if case .htmlBlock = node.kind,
        CommentCommand.comments(in: node.literal).bodies.contains(where: {
          CommentCommand(comment: $0) == .endSlide
        })
      {
        diagnostics.warning(
          "'\(path)' ends a slide; an included file's content stays on this slide", at: here)
        continue
      }
      place(convertBlock(node))
    }
    including.removeLast()
    if including.count == 1 { including.removeAll() }
    baseDirectory = savedBase
    lineOffset = savedOffset
  }
}
