import PodiumCore

extension SlideFrame {
  /// The console's own lines of text: its commands and those of its slide-dependent layers
  /// (keys starting with `console`), not the slides' text.
  public var consoleTexts: [String] { consoleTextItems.map(\.text) }

  /// The same lines as laid out.
  public var consoleTextItems: [TextItem] {
    commands.flatMap { command -> [TextItem] in
      switch command {
      case .text(let item): return [item]
      case .layer(let item) where item.key.hasPrefix("console"): return item.frame.consoleTextItems
      default: return []
      }
    }
  }
}
