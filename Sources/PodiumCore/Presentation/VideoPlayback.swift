/// A decoded picture of a clip, planar YUV 4:2:0 (I420), as a window's texture takes it without
/// converting to RGB on the CPU.
public protocol VideoPicture: AnyObject, Sendable {
  var width: Int { get }
  var height: Int { get }
  /// Its time in seconds of the file.
  var time: Double { get }
  /// The same picture at half the width and height, made beside it on the decoding thread for
  /// a large clip: what a view of at most three quarters of its size (the console's) draws,
  /// converting a quarter of the pixels on the talk's thread.
  var half: (any VideoPicture)? { get }
  /// Calls `body` with the Y, U and V planes and their row pitches in bytes.
  func withPlanes(
    _ body: (
      _ y: UnsafePointer<UInt8>, _ yPitch: Int, _ u: UnsafePointer<UInt8>, _ uPitch: Int,
      _ v: UnsafePointer<UInt8>, _ vPitch: Int
    ) -> Void)
}

/// A clip playing on a talk's windows (PodiumVideo's FFmpeg decoder, on a real machine): it
/// decodes on threads of its own, keeps time by the sound it hands out (or by the clock when it
/// has none) and drops pictures rather than fall behind. Everything here returns at once; the
/// talk's loop never waits on it.
public protocol ClipPlayer: AnyObject, Sendable {
  /// Where the clip is, in seconds of the file, and its length as it plays (`end - start`).
  var position: Double { get }
  var duration: Double { get }
  var isPlaying: Bool { get }
  /// Whether it has sound to give (not muted, an audio stream that decodes).
  var hasSound: Bool { get }
  func play()
  func pause()
  /// Moves to `seconds` of the file, kept within the part played.
  func seek(to seconds: Double)
  /// Stops its threads and lets go of the file; nothing after this.
  func stop()
  /// The picture to show now, by the clock: those whose time has passed are dropped. nil until
  /// the first is decoded.
  func currentPicture() -> (any VideoPicture)?
  /// Seconds until a picture other than the current one is due; nil when none is waiting.
  var nextPictureDue: Double? { get }
  /// Pictures shown and dropped so far.
  var counts: (shown: Int, dropped: Int) { get }
  /// Adds its sound to `frames` frames of interleaved 16-bit stereo at `VideoPlaybackFormat.sampleRate`
  /// (called on the audio device's thread); nothing while paused. `latency` is how long the
  /// device takes to play what it is handed, for the clock.
  func mixSound(into samples: UnsafeMutablePointer<Int16>, frames: Int, latency: Double)
}

/// Opens clips for playback, and gives their poster frames: what `podium present` is given to
/// play videos with.
public protocol VideoPlayback: VideoFrameSource {
  /// A player for the clip at `path` with its options, paused at its start; nil when it cannot
  /// be opened (the slide keeps its poster). `sound` false opens it without its audio stream.
  /// `wake` is called (on a decoding thread) when a picture arrives that the loop may be waiting
  /// for.
  func open(path: String, clip: VideoClip, sound: Bool, wake: @escaping @Sendable () -> Void)
    -> (any ClipPlayer)?
}

public enum VideoPlaybackFormat {
  /// Sound is handed to the device at this rate, 16-bit, two channels.
  public static let sampleRate = 48_000
}
