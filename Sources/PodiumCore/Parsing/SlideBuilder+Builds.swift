/// How a tool builds an incremental list: whether its first item waits for a step of its own,
/// and when what follows the list shows.
struct ListBuilds: Equatable {
  enum After: Equatable {
    /// With the list's last item (Podium's own decks).
    case lastItem
    /// With the list itself (pandoc: the items are fragments or overlays, the rest is not).
    case listStart
    /// A step after the last item (presenterm's pause after a list).
    case nextStep
  }

  var hidesFirstItem = false
  var after = After.lastItem

  static let podium = ListBuilds()

  init(hidesFirstItem: Bool = false, after: After = .lastItem) {
    self.hidesFirstItem = hidesFirstItem
    self.after = after
  }

}

extension SlideBuilder {
  /// An incremental table (presenterm's `push_table`): a pause before the table, one before each
  /// row, one after (the first and last as the dialect says).
  mutating func incrementalTable(_ table: TableBlock, at here: SourceLocation) -> Block {
    var built = table
    var tableStep = step
    if rules.pauseBeforeTables {
      stepsUsed = max(stepsUsed, step) + 1
      tableStep = stepsUsed
    }
    stepsUsed = max(stepsUsed, tableStep)
    for _ in table.rows {
      stepsUsed += 1
      built.rowSteps.append(stepsUsed)
    }
    if rules.pauseAfterTables { stepsUsed += 1 }
    step = stepsUsed
    return Block(.table(built), at: here, step: tableStep)
  }
}
