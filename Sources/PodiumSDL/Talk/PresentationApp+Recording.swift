import PodiumCore

/// Which of the room's frames the recording has.
struct RecordedWindow {
  /// The window copied last and how many frames it had shown then (0: the picture was drawn
  /// offscreen).
  var window: UInt32 = 0
  var frames = -1
  /// When the last copy was taken (`Window.milliseconds`).
  var at = -Double.infinity
  /// What the offscreen picture last showed, when no window shows the room's slide.
  var drawnView: PresentationState.AudienceView?
  /// The canvas the room's picture is drawn on when no window shows it (a rehearsal, the
  /// console over a mirrored display, a GPU renderer).
  var canvas: OffscreenCanvas?
  /// The room's slide last named as a chapter.
  var chapterSlide: Int?
  /// Problems already said in the trace, each said once.
  var saidProblems = Set<String>()
  /// The microphone's level as the console last drew it (a twelfth of the meter), and when.
  var meterStep = -1
  var meterAt = -Double.infinity
  /// Where the recording was last told to lay the camera's picture.
  var cameraCorner: CameraCorner?
  /// The movie's start is in the trace (with the sound's offset once there is sound).
  var saidStart = false
}

extension PresentationApp {
  /// Pictures go to the recording at most this often: its 30 frames a second.
  static let recordingFrameMs = 1000.0 / 30
  /// A picture drawn offscreen is drawn again at least this often (ink, a laser, a clip).
  static let recordingOffscreenMs = 500.0

  /// Copies the picture the room sees into the recording when it changed, at most once a
  /// frame's length (a change within it is copied when it is up, `recordingWait`), and names a
  /// chapter when the room's slide changes. The copy is one pass over the audience window's
  /// pixels; with no such window (a rehearsal, the console over a mirrored display) the room's
  /// picture is drawn offscreen when it changes. The encoding is the recorder's, on its own
  /// thread.
  func recordRoom() {
    guard let recording = options.recording else { return }
    let room = session.state.roomSlide
    if recorded.chapterSlide != room, session.deck.slides.indices.contains(room) {
      recorded.chapterSlide = room
      let slide = session.deck.slides[room]
      let title = "\(room + 1). " + (slide.title ?? "Slide \(room + 1)")
      recording.chapter(title)
      record(.recording(.init(chapter: title)))
    }
    if !recorded.saidStart, let timeline = recording.timeline(),
      timeline.soundOffset != nil || timeline.zeroAgo > 1
    {
      // The line's time is the movie's zero.
      recorded.saidStart = true
      record(
        .recording(.init(started: true, soundOffset: timeline.soundOffset)),
        at: Self.now() - timeline.zeroAgo)
    }
    if recorded.cameraCorner != session.state.cameraCorner {
      recorded.cameraCorner = session.state.cameraCorner
      recording.placeCamera(session.state.cameraCorner)
    }
    let status = recording.status
    for problem in [status.problem, status.cameraProblem].compactMap({ $0 })
    where recorded.saidProblems.insert(problem).inserted {
      record(.recording(.init(problem: problem)))
    }
    guard !status.stopped else { return }
    let now = Window.milliseconds()
    guard now - recorded.at >= Self.recordingFrameMs else { return }
    if let window = roomWindow {
      guard window.id != recorded.window || window.framesShown != recorded.frames else { return }
      let size = window.pixelSize
      let picture = recording.pictureBuffer(width: size.width, height: size.height)
      if window.copyShown(into: picture) {
        recording.show(picture)
        (recorded.window, recorded.frames, recorded.at) = (window.id, window.framesShown, now)
        recorded.drawnView = nil
        // The window shows the room again: the canvas and its caches go.
        recorded.canvas = nil
        return
      }
    }
    recordOffscreen(recording, now: now)
  }

  /// The audience window that shows the room's slide now, if any.
  private var roomWindow: Window? {
    windows.all.first { $0.role == .audience && context.showsSlides($0.role, session.state) }?
      .window
  }

  /// Draws the room's picture on a canvas of the recording's size (`--record-size`, else the
  /// audience display's, else 1920x1080) when what the room sees changed or a while went by.
  private func recordOffscreen(_ recording: any TalkRecording, now: Double) {
    let view = session.state.audienceView
    let playing = painter.transition.map { !$0.isOver(at: Self.now()) } ?? false
    guard
      view != recorded.drawnView || playing || now - recorded.at >= Self.recordingOffscreenMs
    else { return }
    let size =
      recording.pictureSize
      ?? windows.all.first(where: { $0.role == .audience })?.window.pixelSize
      ?? recorded.canvas?.size ?? PixelSize(width: 1920, height: 1080)
    if recorded.canvas?.size != size {
      do {
        recorded.canvas = try OffscreenCanvas(
          size: size, fonts: painter.fonts, images: painter.images, measurer: painter.measurer)
      } catch {
        let problem = "the room's picture cannot be drawn for the recording: \(error)"
        if recorded.saidProblems.insert(problem).inserted {
          record(.recording(.init(problem: problem)))
        }
        return
      }
    }
    guard let canvas = recorded.canvas else { return }
    canvas.draw(painter.audienceFrame(session, view, size: size))
    let picture = recording.pictureBuffer(width: size.width, height: size.height)
    canvas.withPixels { pixels, pitch in
      guard let source = pixels.baseAddress, let target = picture.bytes.baseAddress else { return }
      for row in 0..<size.height {
        (target + row * picture.pitch).copyMemory(
          from: source + row * pitch, byteCount: picture.pitch)
      }
    }
    recording.show(picture)
    (recorded.window, recorded.frames, recorded.at, recorded.drawnView) = (0, -1, now, view)
  }

  /// The console's level meter moves at most this often.
  static let meterMs = 250.0

  /// Whether the microphone's level moved a step of the console's meter since it was drawn (at
  /// most four times a second): the console is drawn again for it.
  func recordingMeterMoved() -> Bool {
    guard let status = options.recording?.status, !status.stopped, let level = status.level
    else { return false }
    let now = Window.milliseconds()
    guard now - recorded.meterAt >= Self.meterMs else { return false }
    let step = Int((RecordingStatus.meterFraction(level) * 12).rounded())
    guard step != recorded.meterStep else { return false }
    (recorded.meterStep, recorded.meterAt) = (step, now)
    return true
  }

  /// How long the loop may sleep before a changed picture is due to the recording (or the
  /// console's level meter may move).
  func recordingWait(_ otherwise: Int32) -> Int32 {
    guard let recording = options.recording else { return otherwise }
    var otherwise = otherwise
    if recording.status.level != nil { otherwise = min(otherwise, Int32(Self.meterMs)) }
    let changed: Bool
    if let window = roomWindow {
      changed = window.id != recorded.window || window.framesShown != recorded.frames
      guard changed else { return otherwise }
    } else {
      changed = session.state.audienceView != recorded.drawnView
    }
    let due =
      recorded.at + (changed ? Self.recordingFrameMs : Self.recordingOffscreenMs)
      - Window.milliseconds()
    return min(otherwise, Int32(max(1, due.rounded(.up))))
  }
}
