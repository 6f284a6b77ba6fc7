import PodiumCore

extension SlideFrame {
  /// The console's own lines of text: its commands and those of its slide-dependent layers
  /// (keys starting with `console`), not the slides' text.
  public var consoleTexts: [String] {
    commands.flatMap { command -> [String] in
      switch command {
      case .text(let item): return [item.text]
      case .layer(let item) where item.key.hasPrefix("console"): return item.frame.consoleTexts
      default: return []
      }
    }
  }
}
