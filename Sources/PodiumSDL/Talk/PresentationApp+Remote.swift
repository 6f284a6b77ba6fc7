import CSDL2
import Foundation
import PodiumCore

extension TalkInput {
  /// The event that says the phone remote has taps or wants pictures, or the D-Bus service
  /// (`podium remote`) has commands.
  static let remoteInput: UInt32 = SDL_RegisterEvents(1)

  /// Wakes the loop for the phone remote or the D-Bus service. Safe from any thread (theirs).
  @Sendable public static func announceRemote() { announce(remoteInput) }
}

/// The phone remote (`--remote`) and the D-Bus service (`podium remote`) from the loop's side:
/// their taps and commands go to the session as keys do, they get a snapshot after each change,
/// and the pictures the phone asks for are drawn here, on the loop's thread with the windows'
/// fonts and images, after the room's frames are out.
extension PresentationApp {
  /// The phone's taps and the bus's commands, handed to the session as the key presses they are.
  func handleRemote() -> TalkSession.Outcome {
    traceControl()
    let inputs = (options.remote?.takeInputs() ?? []) + (options.control?.takeInputs() ?? [])
    var outcome = TalkSession.Outcome.none
    for input in inputs {
      let one = session.handle(input, at: Self.now())
      outcome.changed = outcome.changed || one.changed
      outcome.restage = outcome.restage || one.restage
    }
    return outcome
  }

  /// Publishes the talk to the remotes when `changed`, and draws the pictures the phone waits
  /// for.
  func serveRemote(changed: Bool) {
    if changed && (options.remote != nil || options.control != nil) {
      let status = session.consoleStatus(
        for: session.state, stage: context.stage, plan: context.plan, now: Self.now(),
        date: Date(), clock: painter.clock, displays: context.displays)
      options.remote?.observe(session, status: status)
      options.control?.observe(session, status: status)
    }
    // After the first snapshot: a caller who read "bus" in the trace finds the state.
    traceControl()
    guard let remote = options.remote else { return }
    if changed {
      // The PIN goes from the card once a phone has paired with it.
      let card = remote.card
      if card != painter.remoteCard { painter.remoteCard = card }
    }
    let requests = remote.takePictureRequests()
    guard !requests.isEmpty else { return }
    for request in requests {
      if let png = remotePicture(request) { remote.deliver(png, for: request) }
    }
  }

  /// What the D-Bus service did since the last turn (the bus found, the commands taken and
  /// refused), in the trace.
  private func traceControl() {
    for note in options.control?.takeNotes() ?? [] { record(.bus(note)) }
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
