import Foundation

/// A recording of the talk (`podium present --record`): the loop hands it the pictures the room
/// sees and the slide changes; the microphone hands it the speaker's voice; the console shows its
/// status. Whatever it does, it does off the loop's thread, and it never makes the loop wait.
public protocol TalkRecording: AnyObject, Sendable {
  /// A buffer for the next picture, `width` x `height` pixels of `XRGB8888` (bytes B, G, R, X):
  /// one the recorder is not using, filled by the loop and handed back with `show`.
  func pictureBuffer(width: Int, height: Int) -> RecordedPicture
  /// The room sees `picture` from now on.
  func show(_ picture: RecordedPicture)
  /// The room sees a new slide: a chapter named `title` from now on.
  func chapter(_ title: String)
  /// The camera's picture from now on in `corner` (or hidden); nothing with no camera.
  func placeCamera(_ corner: CameraCorner)
  /// The movie's size when it is set (`--record-size`); nil: the audience window's.
  var pictureSize: PixelSize? { get }
  /// When the movie began, once it has: how many seconds ago its first picture was (its zero),
  /// and where the microphone's first sound lies from that zero (negative: before it; nil with
  /// no sound yet).
  func timeline() -> (zeroAgo: Double, soundOffset: Double?)?
  /// What the console says of the recording.
  var status: RecordingStatus { get }
  /// Ends the recording: what is queued is written and the file closed.
  func finish()
}

/// A picture for a recording: rows of `XRGB8888` pixels, owned.
public final class RecordedPicture: @unchecked Sendable {
  public let width: Int
  public let height: Int
  public let pitch: Int
  public let bytes: UnsafeMutableRawBufferPointer

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
    pitch = width * 4
    bytes = .allocate(byteCount: max(4, pitch * height), alignment: 64)
    bytes.initializeMemory(as: UInt8.self, repeating: 0)
  }

  deinit { bytes.deallocate() }
}

/// What the console shows of a recording: `● REC 12:04 · 84 MB`, the dropped frames, the
/// microphone's level, or why it stopped.
public struct RecordingStatus: Hashable, Sendable {
  /// Seconds recorded.
  public var seconds: Double = 0
  public var bytes: Int64 = 0
  /// Frames the room saw that the movie shows the picture before in (the encoder was behind:
  /// a new picture went in late).
  public var droppedFrames = 0
  /// The movie's frames so far at its rate, a held picture's included.
  public var frames = 0
  /// The microphone's loudness over the last moment, 0 to 1; nil with no microphone.
  public var level: Double?
  /// Why the recording stopped or left something out; the talk goes on.
  public var problem: String?
  /// The file is closed: nothing more is recorded.
  public var stopped = false
  /// With a camera: where its picture is (`camera ↘`), or why it shows none (`camera stopped`).
  public var camera: String?
  /// Why the camera shows nothing any more (unplugged, its stream ended); the recording goes on.
  public var cameraProblem: String?

  public init() {}

  /// How full the console's level meter is for a peak `level` (0 to 1): on a decibel scale,
  /// so that speech shows, -60 dB empty and 0 dB full.
  public static func meterFraction(_ level: Double) -> Double {
    max(0, min(1, (20 * log10(max(level, 1e-5)) + 60) / 60))
  }

  /// More than 1% of the frames dropped: the console shows the REC line amber.
  public var isFallingBehind: Bool { droppedFrames * 100 > max(1, frames + droppedFrames) }

  /// The console's line: `● REC 1:23 · 4.5 MB`, with dropped frames when there are any.
  public var label: String {
    if stopped { return "REC stopped" + (problem.map { ": \($0)" } ?? "") }
    let megabytes = Double(bytes) / 1_048_576
    var label =
      "● REC \(ConsoleStatus.format(seconds)) · "
      + String(format: megabytes < 10 ? "%.1f MB" : "%.0f MB", megabytes)
    if droppedFrames > 0 { label += " · \(droppedFrames) dropped" }
    if let camera { label += " · \(camera)" }
    if let problem { label += " · \(problem)" }
    return label
  }
}

/// The chapters of a recording or a rendered movie: a title from a time on.
public struct MovieChapters: Hashable, Sendable {
  public struct Chapter: Hashable, Sendable {
    public var start: Double
    public var title: String

    public init(start: Double, title: String) {
      self.start = start
      self.title = title
    }
  }

  public private(set) var chapters: [Chapter] = []

  public init(_ chapters: [Chapter] = []) {
    for chapter in chapters { add(chapter.title, at: chapter.start) }
  }

  /// A chapter from `start` on. Times only grow: a second change at the same time renames it.
  public mutating func add(_ title: String, at start: Double) {
    if let last = chapters.last, start <= last.start {
      chapters[chapters.count - 1].title = title
      return
    }
    chapters.append(Chapter(start: start, title: title))
  }

  /// The chapters as WebVTT (`chapters` kind), each ending where the next starts and the last
  /// at `end`.
  public func webVTT(end: Double) -> String {
    var text = "WEBVTT\n"
    for (index, chapter) in chapters.enumerated() {
      let next = index + 1 < chapters.count ? chapters[index + 1].start : max(end, chapter.start)
      // A cue's text ends at a blank line, and "-->" would read as timing.
      let title = chapter.title.split(whereSeparator: \.isNewline).joined(separator: " ")
        .replacingOccurrences(of: "-->", with: "->")
      text +=
        "\n\(index + 1)\n\(Self.timestamp(chapter.start)) --> \(Self.timestamp(next))\n"
        + "\(title.isEmpty ? "Slide \(index + 1)" : title)\n"
    }
    return text
  }

  /// `01:02:03.456`.
  static func timestamp(_ seconds: Double) -> String {
    let milliseconds = Int((max(0, seconds) * 1000).rounded())
    return String(
      format: "%02d:%02d:%02d.%03d", milliseconds / 3_600_000, milliseconds / 60_000 % 60,
      milliseconds / 1000 % 60, milliseconds % 1000)
  }

  /// Where a movie's chapters go beside it: `talk.mkv` → `talk.chapters.vtt`.
  public static func path(besideMovie path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("chapters.vtt").path
  }
}

/// Where a recording lays the camera's picture over the room's: a corner, or nowhere (Shift+C
/// goes round them).
public enum CameraCorner: String, Hashable, Sendable, CaseIterable {
  case bottomRight, bottomLeft, topLeft, topRight, hidden

  public var next: CameraCorner {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// For the console's REC line: an arrow to the corner.
  public var symbol: String {
    switch self {
    case .bottomRight: "↘"
    case .bottomLeft: "↙"
    case .topLeft: "↖"
    case .topRight: "↗"
    case .hidden: "hidden"
    }
  }

  /// Where a `box` goes in a picture of `size`, a 3% margin from its edges; nil when hidden.
  public func origin(of box: PixelSize, in size: PixelSize) -> (x: Int, y: Int)? {
    let margin = Int(Double(min(size.width, size.height)) * 0.03)
    let left = margin
    let right = size.width - box.width - margin
    let top = margin
    let bottom = size.height - box.height - margin
    switch self {
    case .bottomRight: return (right, bottom)
    case .bottomLeft: return (left, bottom)
    case .topLeft: return (left, top)
    case .topRight: return (right, top)
    case .hidden: return nil
    }
  }
}
