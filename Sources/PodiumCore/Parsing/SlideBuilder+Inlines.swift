import Foundation

/// Inline Markdown (text runs, links, inline images) and image references, for `SlideBuilder`.
extension SlideBuilder {
  // MARK: - Inlines

  /// Converts inline nodes to styled runs; images found among them come back as blocks (or
  /// become the slide's background).
  mutating func convertInlines(_ nodes: [MarkdownNode]) -> (runs: [TextRun], images: [Block]) {
    var runs: [TextRun] = []
    var images: [Block] = []
    let outer = openInlineHTML
    openInlineHTML = []
    for node in nodes {
      appendInline(node, style: [], link: nil, into: &runs, images: &images)
    }
    openInlineHTML = outer
    return (Self.highlighted(merged(runs)), images)
  }

  /// A line of Markdown outside any slide (pandoc's metadata values) as styled runs: the text
  /// as it is when it is no paragraph of inlines alone (`# x`, `- x`).
  static func inlineRuns(_ markdown: String) -> [TextRun] {
    let document = CommonMarkConverter.parse(markdown)
    guard document.children.count == 1, let paragraph = document.children.first,
      paragraph.kind == .paragraph
    else { return [TextRun(markdown)] }
    var builder = SlideBuilder(
      baseDirectory: "", files: LocalFiles(), sourceMap: SourceMap(),
      diagnostics: DiagnosticSink(file: ""))
    let runs = builder.convertInlines(paragraph.children).runs
    return runs.isEmpty ? [TextRun(markdown)] : runs
  }

  mutating func appendInline(
    _ node: MarkdownNode, style: TextRun.Style, link: String?, into runs: inout [TextRun],
    images: inout [Block]
  ) {
    switch node.kind {
    case .text:
      if node.flattened != nil { warnFlattened(node, at: location(of: node)) }
      runs.append(
        decorated(TextRun(EmojiShortcodes.replacing(in: node.literal), style: style, link: link)))
    case .softBreak:
      runs.append(
        decorated(TextRun(rules.softBreaksAreLineBreaks ? "\n" : " ", style: style, link: link)))
    case .lineBreak:
      runs.append(decorated(TextRun("\n", style: style, link: link)))
    case .code:
      let literal = node.literal
      // `$...$` and `$$...$$`, kept whole by `MathSpans`.
      if let mark = literal.first, mark == MathSpans.inlineMark || mark == MathSpans.displayMark {
        let tex = literal.dropFirst().trimmingCharacters(in: .whitespaces)
        let kind: TextRun.Style = mark == MathSpans.displayMark ? [.math, .displayMath] : .math
        runs.append(decorated(TextRun(tex, style: style.union(kind), link: link)))
      } else {
        runs.append(decorated(TextRun(literal, style: style.union(.code), link: link)))
      }
    case .htmlInline:
      let html = node.literal
      if html.hasPrefix("<!--") {
        let (bodies, _) = CommentCommand.comments(in: html)
        for body in bodies {
          apply(CommentCommand(comment: body), at: location(of: node), standalone: false)
        }
      } else {
        appendInlineHTML(node, style: style, link: link, into: &runs, images: &images)
      }
    case .emphasis, .strong, .strikethrough:
      let added: TextRun.Style =
        node.kind == .emphasis ? .emphasis : node.kind == .strong ? .strong : .strikethrough
      for child in node.children {
        appendInline(child, style: style.union(added), link: link, into: &runs, images: &images)
      }
    case .link(let destination):
      // A link with no text shows nothing, as in a browser (`[](url)`).
      for child in node.children {
        appendInline(
          child, style: style.union(.link), link: destination, into: &runs, images: &images)
      }
    case .image(let destination):
      appendImage(node, destination: destination, images: &images)
    case .footnoteReference(let number):
      runs.append(citeFootnote(number, style: style, link: link))
    default:
      for child in node.children {
        appendInline(child, style: style, link: link, into: &runs, images: &images)
      }
    }
  }

  /// An image among the inlines: a block of its own, or one of the slide's backgrounds. Kept out
  /// of `appendInline`, which calls itself once a level of emphasis: the image's values would
  /// make each of those stack frames larger (a debug build keeps a slot for every one), and
  /// Markdown nested 64 levels deep would overflow a thread's stack.
  @inline(never)
  mutating func appendImage(_ node: MarkdownNode, destination: String, images: inout [Block]) {
    var alt = node.children.map(plainInlineText).joined()
    let here = location(of: node)
    let attributeWidth = rules.imageAttributes?.width(taking: &alt, slideAspect: slideAspect) {
      diagnostics.warning($0, at: here)
    }
    var keywords = ImageKeywords(alt: alt)
    if let attributeWidth { keywords.width = attributeWidth }
    if !keywords.undrawn.isEmpty {
      diagnostics.warning(
        "image filter \(keywords.undrawn.joined(separator: ", ")) is not drawn; "
          + "the other filters are", at: here)
    }
    var reference = imageReference(source: destination, alt: keywords.caption, at: here)
    reference.filters = keywords.filters
    if keywords.background {
      backgrounds.append(
        BackgroundImage(
          image: reference, size: keywords.size, split: keywords.split,
          vertical: keywords.vertical, at: here))
    } else {
      reference.width = keywords.width
      reference.height = keywords.height
      images.append(Block(.image(reference), at: here, step: step))
    }
  }

  /// What stands in for Markdown nested too deep to keep (`CommonMarkConverter`).
  mutating func warnFlattened(_ node: MarkdownNode, at here: SourceLocation) {
    switch node.flattened {
    case .nesting:
      diagnostics.warning(
        "lists and quotes nested deeper than \(CommonMarkConverter.maximumNesting) levels are shown flattened, as plain text",
        at: here)
    case .depth:
      diagnostics.warning("formatting nested this deep is shown as plain text", at: here)
    case nil:
      break
    }
  }

  func plainInlineText(_ node: MarkdownNode) -> String {
    switch node.kind {
    case .text, .code: return node.literal
    case .softBreak, .lineBreak: return " "
    default: return node.children.map(plainInlineText).joined()
    }
  }

  /// Joins neighbouring runs of the same style, so layout measures whole words.
  func merged(_ runs: [TextRun]) -> [TextRun] {
    var result: [TextRun] = []
    result.reserveCapacity(runs.count)
    for run in runs where !run.text.isEmpty {
      if let last = result.last, last.style == run.style, last.link == run.link,
        last.paint == run.paint, !run.style.contains(.math)
      {
        result[result.count - 1].text += run.text
      } else {
        result.append(run)
      }
    }
    return result
  }

  /// Marp's `==highlight==` (markdown-it-mark): text between two `==` is marked, when the
  /// opening one has no space after it and the closing one none before it. Code and formulas are
  /// left alone; an unmatched `==` stays text.
  static func highlighted(_ runs: [TextRun]) -> [TextRun] {
    guard runs.contains(where: { $0.text.contains("==") }) else { return runs }
    // Where each `==` stands: (run, offset in characters).
    var marks: [(run: Int, offset: Int)] = []
    for (index, run) in runs.enumerated()
    where !run.style.contains(.code) && !run.style.contains(.math) {
      let characters = Array(run.text)
      var offset = 0
      while offset + 1 < characters.count {
        if characters[offset] == "=" && characters[offset + 1] == "=" {
          marks.append((index, offset))
          offset += 2
        } else {
          offset += 1
        }
      }
    }
    func character(_ run: Int, _ offset: Int) -> Character? {
      let text = Array(runs[run].text)
      return text.indices.contains(offset) ? text[offset] : nil
    }
    // Pair them in order, an opening with the next closing.
    var pairs: [((Int, Int), (Int, Int))] = []
    var open: (Int, Int)?
    for mark in marks {
      if let start = open {
        let before = character(mark.run, mark.offset - 1)
        if let before, !before.isWhitespace {
          pairs.append((start, (mark.run, mark.offset)))
          open = nil
          continue
        }
      }
      let after = character(mark.run, mark.offset + 2)
      if let after, !after.isWhitespace, after != "=" { open = (mark.run, mark.offset) }
    }
    guard !pairs.isEmpty else { return runs }
    var result: [TextRun] = []
    var pair = 0
    var inside = false
    for (index, run) in runs.enumerated() {
      var text = Array(run.text)[...]
      var consumed = 0
      func emit(_ part: ArraySlice<Character>) {
        guard !part.isEmpty else { return }
        var piece = run
        piece.text = String(part)
        if inside { piece.style.insert(.highlight) }
        result.append(piece)
      }
      while pair < pairs.count {
        let next = inside ? pairs[pair].1 : pairs[pair].0
        guard next.0 == index else { break }
        let cut = next.1 - consumed
        emit(text.prefix(cut))
        text = text.dropFirst(cut + 2)
        consumed = next.1 + 2
        if inside { pair += 1 }
        inside.toggle()
      }
      emit(text)
    }
    return result
  }

  // MARK: - Images

  mutating func imageReference(source: String, alt: String, at here: SourceLocation)
    -> ImageReference
  {
    let lowered = source.lowercased()
    // Fetched ahead by `podium fetch`, never here: `DeckLoader` looks it up in the cache, and
    // says once for the deck how many are not there.
    if RemoteImageCache.isRemote(source) { return .remote(source, alt: alt) }
    if lowered.hasPrefix("data:") || lowered.hasPrefix("ftp://") {
      diagnostics.warning(
        "image '\(source.prefix(60))' is not a file or an http(s) address; a placeholder is shown",
        at: here)
      return ImageReference(source: source, alt: alt, path: nil)
    }
    var written = source
    if lowered.hasPrefix("file://") { written = String(source.dropFirst(7)) }
    let decoded = written.removingPercentEncoding ?? written
    let path = resolve(path: decoded, against: baseDirectory)
    if source.isEmpty {
      diagnostics.warning("image has no path", at: here)
      return ImageReference(source: source, alt: alt, path: nil, problem: "image not found")
    }
    if VideoClip.isVideo(decoded) { return videoReference(source: source, alt: alt, at: here) }
    // Checked from its header now, so the speaker hears of it before the talk. The image library
    // checks again before decoding, so a FIFO, a device or a huge image never reaches the
    // decoder; the slide shows a placeholder saying why.
    switch files.imageHeader(at: path) {
    case .failure(let problem):
      diagnostics.warning("image '\(source)' \(problem.message)", at: here)
      // The path stays, so live reload watches it and the image shows once it is fixed.
      return ImageReference(source: source, alt: alt, path: path, problem: problem.reason)
    case .success(let header):
      var reference = ImageReference(source: source, alt: alt, path: path)
      if let animation = header.animation, let size = header.size {
        if animation.fits(size) {
          reference.animation = animation
        } else {
          diagnostics.warning(
            "animated \(header.format) '\(source)' has \(animation.frames) frames of "
              + "\(size.width) × \(size.height), \(animation.bytes(at: size) >> 20) MB decoded; "
              + "Podium plays animations of up to \(AnimationHeader.byteLimit >> 20) MB, so its "
              + "first frame is shown", at: here)
        }
      }
      return reference
    }
  }

  /// A video: its options from the alt text and a `#t=` fragment, its poster picture checked
  /// like an image. The stream's headers are read when the deck is loaded (`DeckLoader`), where
  /// FFmpeg is at hand.
  private mutating func videoReference(source: String, alt: String, at here: SourceLocation)
    -> ImageReference
  {
    var (clip, caption, file, problems) = VideoClip.parse(alt: alt, source: source)
    for problem in problems { diagnostics.warning("video '\(file)': \(problem)", at: here) }
    if let poster = clip.posterImage {
      let path = resolve(path: poster.removingPercentEncoding ?? poster, against: baseDirectory)
      clip.poster = .image(path: path)
      if case .failure(let problem) = files.imageHeader(at: path) {
        diagnostics.warning(
          "poster '\(poster)' of video '\(file)' \(problem.message); its first frame is shown",
          at: here)
        clip.poster = nil
      }
    }
    let written = file.lowercased().hasPrefix("file://") ? String(file.dropFirst(7)) : file
    let path = resolve(path: written.removingPercentEncoding ?? written, against: baseDirectory)
    var reference = ImageReference(source: file, alt: caption, path: path)
    reference.video = clip
    return reference
  }
}

/// Removes HTML tags, keeping the text between them and turning `<br>` into line breaks.
func stripTags(_ html: String) -> String {
  var result = ""
  var inTag = false
  var tag = ""
  for character in html {
    if inTag {
      if character == ">" {
        inTag = false
        let name = tag.lowercased().filter { !$0.isWhitespace && $0 != "/" }
        if name == "br" || name == "p" { result += "\n" }
        tag = ""
      } else {
        tag.append(character)
      }
    } else if character == "<" {
      inTag = true
    } else {
      result.append(character)
    }
  }
  return result
}
