import Foundation
import PodiumCore
import Synchronization

/// `podium present --record talk.mkv`: the room's pictures on a grid of 30 frames a second,
/// the microphone's sound and a chapter per slide, encoded on a thread of its own into a
/// `MovieWriter`, with the chapters also in `talk.chapters.vtt` beside it, rewritten as they
/// come.
///
/// The loop only swaps a pointer: it hands over the picture the room sees now, and the recorder
/// encodes whichever picture is newest at each frame's time; a picture that did not change is
/// held, written again once a second (the frame rate varies, as in `podium export`'s movies),
/// so that a still slide costs the encoder almost nothing. When encoding falls behind, the
/// frames it missed are dropped (the picture before shows longer), never the loop's time. A
/// failure (no encoder, a full disk) stops the recording with a message for the console; the
/// file keeps what was written.
public final class TalkRecorder: TalkRecording, @unchecked Sendable {
  public struct Settings: Sendable {
    public var path: String
    /// The movie's size; nil: the first picture's (the audience window's).
    public var size: PixelSize?
    public var framesPerSecond = 30
    /// The microphone's rate and channels, nil for no sound.
    public var sound: (rate: Int, channels: Int)?
    /// Where the chapters go as WebVTT; nil for none.
    public var chaptersPath: String?
    public var preferredEncoders: [String] = []
    /// The speaker's camera, laid over a corner of the pictures (`--camera`).
    public var camera: CameraFeed?

    public init(
      path: String, size: PixelSize? = nil, sound: (rate: Int, channels: Int)? = nil,
      chaptersPath: String? = nil
    ) {
      self.path = path
      self.size = size
      self.sound = sound
      self.chaptersPath = chaptersPath ?? MovieChapters.path(besideMovie: path)
    }
  }

  private struct Shared {
    var pending: RecordedPicture?
    /// When the oldest picture not yet taken came, in seconds since the start: a picture that
    /// goes into the movie later than the frame after it is late by the frames between.
    var pendingSince: Double?
    var spare: [RecordedPicture] = []
    var sound: [Int16] = []
    /// When the first sound heard began, in seconds since the start.
    var soundStart: Double?
    var chapters: [(title: String, at: Double)] = []
    var status = RecordingStatus()
    var peak: Double = 0
    var stopping = false
    /// The movie's zero, in seconds since the start, once the first picture came.
    var origin: Double?
    /// The microphone did not open (`withoutSound`): the movie has pictures alone.
    var soundless = false
    var cameraCorner = CameraCorner.bottomRight
  }

  public let settings: Settings
  private let shared = Mutex(Shared())
  private let wake = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  private let start = DispatchTime.now().uptimeNanoseconds
  private var thread: Thread?

  /// Checks that the file can be written with this FFmpeg (a container Podium writes, an
  /// encoder, a folder that takes files) and starts the clock; throws a message saying what is
  /// missing. The file itself is opened at the first picture, whose size it takes.
  public init(_ settings: Settings) throws {
    guard MovieWriter.Container(path: settings.path) != nil else {
      throw MovieWriter.WriteError.container(settings.path)
    }
    self.settings = settings
    let folder = URL(fileURLWithPath: settings.path).deletingLastPathComponent().path
    guard access(folder.isEmpty ? "." : folder, W_OK) == 0 else {
      throw MovieWriter.WriteError.open(settings.path, "its folder cannot be written to")
    }
    // A trial writer proves the encoders open; it leaves no file behind.
    let trial = settings.path + ".podium-check." + URL(fileURLWithPath: settings.path).pathExtension
    do {
      let writer = try MovieWriter(
        MovieWriter.Settings(
          path: trial, size: settings.size ?? PixelSize(width: 64, height: 36),
          sound: settings.sound, preferredEncoders: settings.preferredEncoders))
      try writer.finish()
    } catch {
      unlink(trial)
      throw error
    }
    unlink(trial)
    let thread = Thread { [unowned self] in self.run() }
    thread.name = "podium.record"
    thread.qualityOfService = .utility
    self.thread = thread
    thread.start()
  }

  /// The name for a recording that does not replace one already there: `talk.mkv`, else
  /// `talk-2.mkv`, `talk-3.mkv`, ... (a talk resumed after a crash starts a second file).
  public static func freshPath(_ path: String) -> String {
    guard FileManager.default.fileExists(atPath: path) else { return path }
    let url = URL(fileURLWithPath: path)
    let base = url.deletingPathExtension().path
    let ext = url.pathExtension
    var number = 2
    while FileManager.default.fileExists(atPath: "\(base)-\(number).\(ext)") { number += 1 }
    return "\(base)-\(number).\(ext)"
  }

  /// Seconds since the recording started.
  private var now: Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }

  public func pictureBuffer(width: Int, height: Int) -> RecordedPicture {
    let reused = shared.withLock { shared -> RecordedPicture? in
      guard let index = shared.spare.firstIndex(where: { $0.width == width && $0.height == height })
      else {
        shared.spare.removeAll()
        return nil
      }
      return shared.spare.remove(at: index)
    }
    return reused ?? RecordedPicture(width: width, height: height)
  }

  public func show(_ picture: RecordedPicture) {
    shared.withLock { shared in
      if let replaced = shared.pending, shared.spare.count < 2 { shared.spare.append(replaced) }
      if shared.pending == nil { shared.pendingSince = now }
      shared.pending = picture
    }
  }

  public func chapter(_ title: String) {
    let at = now
    shared.withLock { $0.chapters.append((title, at)) }
  }

  /// Sound from the microphone, interleaved 16-bit at the settings' rate, heard just now (SDL's
  /// audio thread calls this).
  public func hear(_ samples: UnsafeBufferPointer<Int16>) {
    guard let sound = settings.sound, !samples.isEmpty else { return }
    let heardAt = now
    var peak: Int32 = 0
    for sample in samples { peak = max(peak, abs(Int32(sample))) }
    shared.withLock { shared in
      guard !shared.status.stopped, !shared.soundless else { return }
      if shared.soundStart == nil {
        // The first buffer began its length ago.
        shared.soundStart = max(
          0, heardAt - Double(samples.count / sound.channels) / Double(sound.rate))
      }
      shared.sound.append(contentsOf: samples)
      shared.peak = max(shared.peak, Double(peak) / 32768)
    }
  }

  public var pictureSize: PixelSize? { settings.size }

  public func placeCamera(_ corner: CameraCorner) {
    shared.withLock { $0.cameraCorner = corner }
  }

  /// The microphone the settings' sound was for could not be opened: the movie, not yet begun
  /// (it begins at the first picture), has no sound track.
  public func withoutSound() {
    shared.withLock { $0.soundless = true }
  }

  public func timeline() -> (zeroAgo: Double, soundOffset: Double?)? {
    let now = self.now
    return shared.withLock { shared in
      shared.origin.map { origin in (now - origin, shared.soundStart.map { $0 - origin }) }
    }
  }

  public var status: RecordingStatus {
    shared.withLock { $0.status }
  }

  public func finish() {
    let running = shared.withLock { shared -> Bool in
      let running = !shared.stopping
      shared.stopping = true
      return running
    }
    guard running, thread != nil else { return }
    wake.signal()
    done.wait()
  }

  // MARK: - The recording thread

  /// The camera's newest picture and where it goes in a movie of `size`, if it shows.
  private func cameraPicture(in size: PixelSize) -> (picture: Frame, x: Int, y: Int)? {
    guard let camera = settings.camera, let picture = camera.picture else { return nil }
    let corner = shared.withLock { $0.cameraCorner }
    guard
      let origin = corner.origin(
        of: PixelSize(width: picture.width, height: picture.height), in: size)
    else { return nil }
    return (picture, origin.x, origin.y)
  }

  /// Closes the movie with its chapters (Matroska and MP4 keep them in the file's end; a file
  /// cut short has them in the WebVTT file beside it).
  private func finish(_ writer: MovieWriter?, _ chapters: MovieChapters, end: Double) throws {
    guard let writer else { return }
    for chapter in chapters.chapters {
      writer.addChapter(title: chapter.title, start: chapter.start)
    }
    try writer.finish(end: end)
  }

  private func run() {
    IdleThread.lowerCallingThread()
    var writer: MovieWriter?
    // When the movie's first picture arrived, in seconds since the start: the movie's zero.
    var origin = 0.0
    var shownPicture: RecordedPicture?
    // The picture came since the last frame: it is converted; one that did not is held.
    var pictureIsNew = false
    // When the newest picture came (seconds since the start).
    var pictureSince = 0.0
    // The last frame's time looked at, and the last frame written (both as frame numbers).
    var tick: Int64 = -1
    var written: Int64 = -1
    var chapters = MovieChapters()
    var lastChaptersWrite = -1.0
    // Samples a channel of sound taken from the microphone so far.
    var soundTaken = 0
    // Slide changes before the movie began.
    var early: [(title: String, at: Double)] = []
    let rate = Double(settings.framesPerSecond)
    while true {
      // The next frame's time; before the first picture, a frame's length.
      let wait = writer == nil ? 1 / rate : origin + Double(tick + 1) / rate - now
      let woken = wake.wait(timeout: .now() + max(0.001, wait)) == .success
      let taken = shared.withLock { shared in
        let taken = (
          picture: shared.pending, since: shared.pendingSince, sound: shared.sound,
          soundStart: shared.soundStart,
          chapters: shared.chapters, peak: shared.peak, stopping: shared.stopping
        )
        if let picture = shared.pending, let shown = shownPicture, shown !== picture,
          shared.spare.count < 2
        {
          shared.spare.append(shown)
        }
        shared.pending = nil
        shared.pendingSince = nil
        shared.sound.removeAll(keepingCapacity: true)
        shared.chapters.removeAll()
        shared.peak = 0
        return taken
      }
      let stopping = woken || taken.stopping
      if let picture = taken.picture {
        shownPicture = picture
        pictureIsNew = true
        pictureSince = taken.since ?? now
      }
      do {
        if writer == nil, let picture = shownPicture {
          let soundless = shared.withLock { $0.soundless }
          writer = try MovieWriter(
            MovieWriter.Settings(
              path: settings.path,
              size: settings.size ?? PixelSize(width: picture.width, height: picture.height),
              framesPerSecond: settings.framesPerSecond, sound: soundless ? nil : settings.sound,
              live: true, preferredEncoders: settings.preferredEncoders))
          origin = now
          shared.withLock { [origin] in $0.origin = origin }
          if let movie = writer?.size { settings.camera?.fit(movieWidth: movie.width) }
        }
        // Slides shown before the first picture start at the movie's zero.
        early += taken.chapters
        if writer != nil {
          for chapter in early { chapters.add(chapter.title, at: max(0, chapter.at - origin)) }
          early.removeAll()
        }
        // Where this sound begins, in seconds since the start: the first sound's start plus
        // what came since (also what came before the movie began, which is left out).
        let count = taken.sound.count / (settings.sound?.channels ?? 1)
        let soundAt =
          (taken.soundStart ?? now) + Double(soundTaken) / Double(settings.sound?.rate ?? 1)
        soundTaken += count
        if let writer {
          if count > 0, writer.hasSound, let sound = settings.sound {
            let start = soundAt - origin
            let skip = min(count, Int((max(0, -start) * Double(sound.rate)).rounded()))
            if skip < count {
              try taken.sound.withUnsafeBufferPointer {
                try writer.addSound(
                  UnsafeBufferPointer(rebasing: $0[(skip * sound.channels)...]),
                  start: max(0, start))
              }
            }
          }
          let frame = Int64(((now - origin) * rate).rounded(.down))
          if let picture = shownPicture, frame > tick || (stopping && frame > written) {
            // A picture that did not change is held (the movie's frame rate varies): it is
            // written again only once a second, and at the end, so that a player seeks in it
            // and a file cut short plays to within a second of its end. With a camera every
            // frame is new.
            let changed = pictureIsNew || settings.camera != nil || written < 0
            if changed {
              try writer.addPicture(
                bgrx: UnsafeRawBufferPointer(picture.bytes), width: picture.width,
                height: picture.height, pitch: picture.pitch, index: frame,
                overlay: cameraPicture(in: writer.size))
              written = frame
            } else if frame - written >= Int64(settings.framesPerSecond) || stopping {
              try writer.repeatPicture(index: frame)
              written = frame
            }
            // Frames the room saw but the movie shows the picture before: a new picture
            // written after the frame it was due for, or, with a camera, frames slept through.
            let due = max(0, Int64(((pictureSince - origin) * rate).rounded(.up)))
            let late = pictureIsNew ? Int(max(0, frame - due)) : 0
            let missed = settings.camera != nil && tick >= 0 ? Int(max(0, frame - tick - 1)) : 0
            pictureIsNew = false
            tick = frame
            shared.withLock {
              $0.status.droppedFrames += max(late, missed)
              $0.status.frames = Int(frame + 1)
            }
          }
        }
        let seconds = writer == nil ? 0 : now - origin
        if let path = settings.chaptersPath, !chapters.chapters.isEmpty, writer != nil,
          !taken.chapters.isEmpty || seconds - lastChaptersWrite >= 1 || stopping
        {
          try? AtomicFile.write(Data(chapters.webVTT(end: seconds).utf8), to: path)
          lastChaptersWrite = seconds
        }
        let bytes = writer?.bytesWritten ?? 0
        shared.withLock {
          $0.status.seconds = seconds
          $0.status.bytes = bytes
          $0.status.level = settings.sound == nil || $0.soundless ? nil : taken.peak
          if let camera = settings.camera {
            let problem = camera.problem
            $0.status.cameraProblem = problem
            $0.status.camera =
              problem == nil ? "camera \($0.cameraCorner.symbol)" : "camera stopped"
          }
        }
        if stopping {
          try finish(writer, chapters, end: seconds)
          break
        }
      } catch {
        shared.withLock {
          $0.status.problem = "\(error)"
          $0.status.stopped = true
        }
        try? finish(writer, chapters, end: now - origin)
        // Stopped by a failure: the talk goes on, and this thread waits for its end.
        while !stopping && !shared.withLock({ $0.stopping }) { wake.wait() }
        break
      }
    }
    writer = nil
    shared.withLock { $0.status.stopped = true }
    done.signal()
  }
}
