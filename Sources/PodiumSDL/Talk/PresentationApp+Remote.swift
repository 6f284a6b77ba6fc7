import CSDL2
import Foundation
import PodiumCore

extension TalkInput {
  /// The event that says the phone remote has taps or wants pictures.
  static let remoteInput: UInt32 = SDL_RegisterEvents(1)

  /// Wakes the loop for the phone remote. Safe from any thread (the server's).
  @Sendable public static func announceRemote() { announce(remoteInput) }
}

/// The phone remote (`--remote`) from the loop's side: its taps go to the session as keys do,
/// it gets a snapshot after each change, and the pictures it asks for are drawn here, on the
/// loop's thread with the windows' fonts and images, after the room's frames are out.
extension PresentationApp {
  /// The phone's taps, handed to the session as the key presses they are.
  func handleRemote() -> TalkSession.Outcome {
    guard let remote = options.remote else { return .none }
    var outcome = TalkSession.Outcome.none
    for input in remote.takeInputs() {
      let one = session.handle(input, at: Self.now())
      outcome.changed = outcome.changed || one.changed
      outcome.restage = outcome.restage || one.restage
    }
    return outcome
  }

  /// Publishes the talk to the remote when `changed`, and draws the pictures it waits for.
  func serveRemote(changed: Bool) {
    guard let remote = options.remote else { return }
    if changed {
      // The PIN goes from the card once a phone has paired with it.
      let card = remote.card
      if card != painter.remoteCard { painter.remoteCard = card }
      let status = session.consoleStatus(
        for: session.state, stage: context.stage, plan: context.plan, now: Self.now(),
        date: Date(), clock: painter.clock, displays: context.displays)
      remote.observe(session, status: status)
    }
    let requests = remote.takePictureRequests()
    guard !requests.isEmpty else { return }
    for request in requests {
      if let png = remotePicture(request) { remote.deliver(png, for: request) }
    }
  }

  /// One slide at the phone's width, at the deck's aspect, as PNG.
  private func remotePicture(_ request: RemotePictureRequest) -> [UInt8]? {
    let deck = session.deck
    guard deck.slides.indices.contains(request.slide) else { return nil }
    let step = min(max(0, request.step), max(0, session.state.stepCounts[request.slide] - 1))
    let aspect = deck.metadata.aspect.value
    let height = max(1, Int((Double(request.width) / aspect).rounded()))
    let size = PixelSize(width: request.width, height: height)
    do {
      let canvas = try OffscreenCanvas(
        size: size, fonts: painter.fonts, images: painter.images, measurer: painter.measurer)
      canvas.draw(
        painter.engine.layout(
          slideAt: request.slide, in: deck, step: step, size: size, cache: painter.frames))
      return try canvas.withPixels { pixels, pitch in
        try PNGEncoder().encode(bgrx: pixels, width: size.width, height: size.height, pitch: pitch)
      }
    } catch {
      // The phone keeps its last picture; the talk goes on.
      return nil
    }
  }
}
