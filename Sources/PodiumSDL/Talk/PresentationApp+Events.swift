import CSDL2
import Foundation
import PodiumCore

/// What the talk's loop does with each SDL event, with an edit of the deck, and with the clips
/// and animations of the slide on show.
extension PresentationApp {
  /// Hands the speaker's video keys to the clips, lets the clips follow the slide the room sees
  /// (the decoders that end or start left for `finishVideos` unless `finishing`), and gives the
  /// painter their pictures. Whether a window has a new picture to draw.
  func updateVideos(finishing: Bool = true) -> Bool {
    videos.handle(session.takeVideoCommands())
    guard videos.hasMotion(session) else { return false }
    let audience = windows.all.first { $0.role == .audience } ?? windows.all.first
    let size = audience?.window.pixelSize ?? PixelSize(width: 1920, height: 1080)
    let (slide, items) = painter.motionItems(session, size: size)
    let live =
      session.state.audienceView == session.state.audienceViewUnblanked
      && !session.state.isFrozen
    videos.follow(slide: slide, items: items, live: live, finishing: finishing)
    return takeVideoPictures()
  }

  /// Ends and starts the decoders `updateVideos` left. Whether a window has a new picture to draw.
  func finishVideos() -> Bool {
    guard videos.hasMotion(session) else { return false }
    videos.finishFollowing()
    return takeVideoPictures()
  }

  private func takeVideoPictures() -> Bool {
    painter.consoleVideoLine = videos.consoleLine
    guard let pictures = videos.takeNewPictures() else { return false }
    painter.livePictures = pictures
    return true
  }

  /// What an SDL event does to the talk: inputs go to the session; an edit of the deck, a
  /// display or a window change are the loop's own business.
  func handle(_ event: SDL_Event) -> TalkSession.Outcome {
    if let watcher, event.type == watcher.eventType {
      // Read on the reloader's thread: the talk goes on with the deck it has meanwhile.
      reloader?.request()
      return .none
    }
    if event.type == TalkInput.deckRead { return showReadDeck() }
    if event.type == TalkInput.remoteInput { return handleRemote() }
    if let input = TalkInput(event) { return session.handle(input, at: Self.now()) }
    switch SDL_EventType(event.type) {
    case SDL_DISPLAYEVENT:
      if let change = TalkInput.displayChange(event.display, known: context.displays) {
        record(change)
      }
      return .restage
    case SDL_WINDOWEVENT:
      let entry = windows.entry(id: event.window.windowID)
      switch SDL_WindowEventID(UInt32(event.window.event)) {
      case SDL_WINDOWEVENT_SIZE_CHANGED:
        // A new resolution (or the window manager's full screen): lay out again at the new
        // size, never scale the old bitmap.
        if let entry { windows.recordPlace(of: entry) }
        entry?.window.contentLost()
        return .redraw
      case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN:
        entry?.window.contentLost()
        return .redraw
      case SDL_WINDOWEVENT_ENTER:
        // No cursor over the audience's slides.
        let hidden = entry.map { !context.showsConsole($0.role, session.state) } ?? false
        SDL_ShowCursor(hidden ? SDL_DISABLE : SDL_ENABLE)
        return .none
      default:
        return .none
      }
    default:
      return .none
    }
  }

  /// Shows the deck the reloader read after an edit (as it was first loaded, the configured
  /// theme too), or on the console why it cannot be shown. Nothing when a newer edit came.
  private func showReadDeck() -> TalkSession.Outcome {
    guard let edit = reloader?.take() else { return .none }
    let event = session.apply(edit)
    record(event)
    switch event {
    case .reload:
      options.remote?.forgetPictures()
      painter.deckReplaced(theme: session.theme, windows: windows.all)
      watcher?.watch(session.watchedFiles)
    case .converting:
      // A saved office deck being converted: its parts' files tell when more of it is there.
      watcher?.watch(session.watchedFiles)
    default:
      break
    }
    return .redraw
  }
}
