import PodiumCore

extension TalkPainter {
  /// How many steps beyond the next and the previous one the windows' PDF pages are asked for,
  /// each way: the rasterizer draws them in this order, nearest first, as far as its byte
  /// budget goes.
  static let furtherSteps = 8

  /// The PDF pages every window shows at the steps beyond `ahead` (the next and the previous
  /// step), outward, two steps ahead and two back, then three, and so on: what to draw ahead
  /// once the nearest pages are drawn. Laid out once per position, deck and window sizes; stops
  /// (and is laid out again next time) when input arrives, as input comes first.
  func pagesFurtherAhead(
    _ session: TalkSession, from ahead: [PresentationState], windows: [StageWindow],
    _ context: TalkContext
  ) -> [PageRequest] {
    guard session.deck.slides.contains(where: { !$0.pages.isEmpty }) else { return [] }
    let sizes = windows.map { "\($0.window.id):\($0.window.pixelSize)" }.joined(separator: ",")
    let key = "\(session.state.position) \(session.deckVersion) \(sizes)"
    if let furtherAhead, furtherAhead.key == key { return furtherAhead.requests }
    var requests: [PageRequest] = []
    // Each way's last step so far, and the command that goes further that way.
    var ends = ahead.map { state in
      (
        state,
        state.position.slide > session.state.position.slide
          || (state.position.slide == session.state.position.slide
            && state.position.step > session.state.position.step)
          ? PresentationCommand.next : .previous
      )
    }
    for _ in 0..<Self.furtherSteps {
      var moved: [(PresentationState, PresentationCommand)] = []
      for (end, command) in ends {
        var further = end
        guard further.apply(command, at: PresentationApp.now()),
          further.position != end.position
        else { continue }
        moved.append((further, command))
        // A notes or timer view shows no pages.
        for entry in windows where entry.role.view == nil {
          if TalkInput.isWaiting() { return requests }
          let size = entry.window.pixelSize
          let frame =
            context.showsConsole(entry.role, further)
            ? consoleFrame(session, further, size: size, context: context).frame
            : audienceFrame(session, further.audienceView, size: size)
          requests += entry.window.frames.pageRequests(in: frame)
        }
      }
      guard !moved.isEmpty else { break }
      ends = moved
    }
    furtherAhead = (key, requests)
    return requests
  }
}
