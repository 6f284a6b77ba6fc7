import Yams

/// presenterm's `options:` in a front matter (its docs, "Options", and `OptionsConfig` in its
/// source's config.rs). Every key it knows is read; a key it does not know is a warning naming
/// it, where presenterm would refuse the deck.
extension PresentermDeck {
  static let optionKeys = [
    "implicit_slide_ends", "end_slide_shorthand", "h1_slide_titles", "incremental_lists",
    "incremental_tables", "command_prefix", "image_attributes_prefix",
    "strict_front_matter_parsing", "auto_render_languages", "list_item_newlines",
  ]

  mutating func read(
    options value: Node, at location: SourceLocation, lineOffset: Int,
    sink: inout DiagnosticSink
  ) {
    guard let mapping = value.mapping else {
      sink.warning(
        "presenterm's 'options' must be 'key: value' lines, found \(YAMLText.describeKind(value)) (ignored)",
        at: location)
      return
    }
    func place(_ node: Node) -> SourceLocation {
      guard let mark = node.mark else { return location }
      return SourceLocation(line: mark.line + lineOffset, column: mark.column)
    }
    for (keyNode, option) in mapping {
      let key = keyNode.scalar?.string ?? ""
      let here = place(option)
      func flag() -> Bool? {
        guard let raw = option.scalar?.string, let flag = parseBool(raw) else {
          sink.warning("option '\(key)' must be true or false (ignored)", at: here)
          return nil
        }
        return flag
      }
      switch key {
      case "implicit_slide_ends": implicitSlideEnds = flag() ?? implicitSlideEnds
      case "end_slide_shorthand": endSlideShorthand = flag() ?? endSlideShorthand
      case "h1_slide_titles": h1SlideTitles = flag() ?? h1SlideTitles
      case "incremental_lists": incrementalLists = flag() ?? incrementalLists
      case "incremental_tables": incrementalTables = flag() ?? incrementalTables
      case "strict_front_matter_parsing":
        strictFrontMatterParsing = flag() ?? strictFrontMatterParsing
      case "command_prefix", "image_attributes_prefix":
        guard let text = option.scalar?.string else {
          sink.warning("option '\(key)' must be text (ignored)", at: here)
          continue
        }
        if key == "command_prefix" { commandPrefix = text } else { imageAttributesPrefix = text }
      case "auto_render_languages":
        guard let languages = option.sequence?.compactMap(\.scalar?.string) else {
          sink.warning("option '\(key)' must be a list of languages (ignored)", at: here)
          continue
        }
        autoRenderLanguages = languages.map { $0.lowercased() }
      case "list_item_newlines":
        guard let raw = option.scalar?.string, let count = Int(raw), (1...255).contains(count)
        else {
          sink.warning("option '\(key)' must be a number from 1 to 255 (ignored)", at: here)
          continue
        }
        listItemNewlines = count
      default:
        var message = "unknown presenterm option '\(key)' (ignored)"
        if let suggestion = closestMatch(to: key, in: Self.optionKeys) {
          message += "; did you mean '\(suggestion)'?"
        }
        sink.warning(message, at: place(keyNode))
      }
    }
  }
}
