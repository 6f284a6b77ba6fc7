import CFFmpeg
import Foundation
import PodiumCore

/// Plays clips with FFmpeg: what `podium present` is given as its `VideoPlayback`.
public struct FFmpegPlayback: VideoPlayback {
  public init() {}

  public func open(
    path: String, clip: VideoClip, sound: Bool, wake: @escaping @Sendable () -> Void
  ) -> (any ClipPlayer)? {
    guard let stream = clip.stream else { return nil }
    return ClipDecoder(path: path, clip: clip, stream: stream, sound: sound, wake: wake)
  }

  public func bgraFrame(ofVideoAt path: String, at seconds: Double)
    -> (size: PixelSize, pixels: [UInt8])?
  {
    FFmpegVideoFrames().bgraFrame(ofVideoAt: path, at: seconds)
  }

  public func animationFrames(ofPNGAt path: String, limit: Int) -> AnimationFrames? {
    FFmpegVideoFrames().animationFrames(ofPNGAt: path, limit: limit)
  }
}

/// A picture of a clip in planar 4:2:0, shared with the windows until the next replaces it.
final class DecodedPicture: VideoPicture, @unchecked Sendable {
  private let frame: Frame
  let time: Double
  /// Its place on the player's timeline, which runs on across loops.
  let timeline: Double

  let half: (any VideoPicture)?

  init(frame: Frame, time: Double, timeline: Double, half: Frame? = nil) {
    self.frame = frame
    self.time = time
    self.timeline = timeline
    self.half = half.map { DecodedPicture(frame: $0, time: time, timeline: timeline) }
  }

  var width: Int { frame.width }
  var height: Int { frame.height }

  func withPlanes(
    _ body: (
      UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int
    ) -> Void
  ) {
    let picture = frame.pointer.pointee
    guard let y = picture.data.0, let u = picture.data.1, let v = picture.data.2 else { return }
    body(
      y, Int(picture.linesize.0), u, Int(picture.linesize.1), v, Int(picture.linesize.2))
  }
}

/// One clip playing: a thread reads and decodes the file ahead into a few pictures and a
/// fraction of a second of sound; the talk's loop takes the picture due by the clock, and the
/// audio device's thread takes the sound, which is the clock when there is sound.
///
/// The timeline starts at 0 where the clip starts (`start`) and runs on across loops, so the
/// clock never goes back; `position` maps it back to the file.
final class ClipDecoder: ClipPlayer, @unchecked Sendable {
  /// Pictures decoded ahead: the decoder waits once this many are waiting (and sound enough), and
  /// never holds more than `mostPictures` (a 4K picture is 12 MB).
  static let picturesAhead = 12
  static let mostPictures = 24
  static let soundAhead = 0.25

  let path: String
  let start: Double
  let end: Double?
  let loops: Bool
  let duration: Double
  let frameRate: Double
  let hasSound: Bool
  private let wake: @Sendable () -> Void

  /// Guards everything below.
  private let condition = NSCondition()
  private var pictures: [DecodedPicture] = []
  private var current: DecodedPicture?
  /// `current` is from before the last seek: the first picture after it replaces it at once.
  private var currentBeforeSeek = false
  /// Interleaved stereo from `soundStart` on the timeline; `soundRead` samples already played.
  private var sound: [Int16] = []
  private var soundStart = 0.0
  private var playing = false
  private var stopped = false
  /// A seek the decoder has not made yet, in seconds of the file.
  private var seekTarget: Double?
  /// Counts seeks: what was decoded before one is not queued after it.
  private var generation = 0
  private var decodedToEnd = false
  private var shown = 0
  private var dropped = 0
  /// The clock, on the timeline: where it was when it last started or stopped, and when (without
  /// sound, it runs with the monotonic clock from there)...
  private var clockBase = 0.0
  private var clockAnchor: Double?
  /// ... or, with sound, what the device is playing: the timeline of the next sample it takes,
  /// and when it last took some, with how long the device holds what it is given. What it is
  /// given at a start is heard after what it holds: the clock waits at the start (`clockBase`)
  /// until then rather than going back.
  private var soundPosition = 0.0
  private var soundHeard: (position: Double, at: Double, span: Double)?

  init(
    path: String, clip: VideoClip, stream: VideoStream, sound: Bool,
    wake: @escaping @Sendable () -> Void
  ) {
    self.path = path
    start = min(clip.start ?? 0, max(0, stream.duration - 0.05))
    end = clip.end.map { stream.duration > 0 ? min($0, stream.duration) : $0 }
    loops = clip.loop
    duration = max(0, (end ?? stream.duration) - start)
    frameRate = stream.frameRate > 0 ? stream.frameRate : 30
    hasSound = sound && stream.audioCodec != nil
    self.wake = wake
    let thread = Thread { [self] in decode() }
    thread.name = "podium-video"
    thread.qualityOfService = .userInitiated
    thread.start()
  }

  // MARK: - The talk's side

  static func now() -> Double { ProcessInfo.processInfo.systemUptime }

  /// The clock on the timeline. Call with the lock held.
  private func timelineNow() -> Double {
    let now = Self.now()
    if hasSound {
      guard playing, let heard = soundHeard else { return soundHeard?.position ?? clockBase }
      return max(clockBase, heard.position + min(max(0, now - heard.at), heard.span))
    }
    guard let anchor = clockAnchor else { return clockBase }
    return clockBase + (now - anchor)
  }

  /// The file's time for a place on the timeline.
  private func fileTime(_ timeline: Double) -> Double {
    guard duration > 0 else { return start + timeline }
    if loops { return start + timeline.truncatingRemainder(dividingBy: duration) }
    return start + min(timeline, duration)
  }

  var position: Double {
    condition.lock()
    defer { condition.unlock() }
    return fileTime(timelineNow())
  }

  var isPlaying: Bool {
    condition.lock()
    defer { condition.unlock() }
    return playing && !finished
  }

  /// Played to its end, not looping: nothing more will show.
  private var finished: Bool {
    !loops && duration > 0 && timelineNow() >= duration
  }

  func play() {
    condition.lock()
    defer { condition.unlock() }
    guard !playing else { return }
    if finished { restartLocked(at: 0) }
    let now = timelineNow()
    playing = true
    clockBase = now
    clockAnchor = Self.now()
    soundPosition = now
    soundHeard = (now, Self.now(), 0)
    condition.broadcast()
  }

  func pause() {
    condition.lock()
    defer { condition.unlock() }
    guard playing else { return }
    clockBase = timelineNow()
    playing = false
    clockAnchor = nil
    soundHeard = (clockBase, Self.now(), 0)
  }

  func seek(to seconds: Double) {
    condition.lock()
    defer { condition.unlock() }
    let limit = duration > 0 ? max(0, duration - 0.05) : Double.greatestFiniteMagnitude
    restartLocked(at: min(max(0, seconds - start), limit))
  }

  /// Moves the clock to `timeline` (within the first lap) and asks the decoder to follow.
  private func restartLocked(at timeline: Double) {
    generation += 1
    pictures.removeAll()
    currentBeforeSeek = current != nil
    sound.removeAll()
    decodedToEnd = false
    seekTarget = start + timeline
    clockBase = timeline
    clockAnchor = playing ? Self.now() : nil
    soundPosition = timeline
    soundHeard = (timeline, Self.now(), 0)
    soundStart = timeline
    condition.broadcast()
  }

  func stop() {
    condition.lock()
    stopped = true
    pictures.removeAll()
    sound.removeAll()
    condition.broadcast()
    condition.unlock()
  }

  func currentPicture() -> (any VideoPicture)? {
    condition.lock()
    defer { condition.unlock() }
    let now = timelineNow()
    var taken = 0
    while let first = pictures.first, first.timeline <= now + 0.002 {
      current = pictures.removeFirst()
      taken += 1
    }
    if taken > 0 {
      shown += 1
      dropped += taken - 1
    } else if current == nil || currentBeforeSeek, !pictures.isEmpty {
      // Paused before the first picture is due (a clip shown before it plays), or moved by a
      // seek to just before a picture's time: that picture shows now, not the one before.
      current = pictures.removeFirst()
    } else {
      return current
    }
    currentBeforeSeek = false
    condition.broadcast()
    return current
  }

  var nextPictureDue: Double? {
    condition.lock()
    defer { condition.unlock() }
    guard playing, let first = pictures.first else { return nil }
    return max(0, first.timeline - timelineNow())
  }

  var counts: (shown: Int, dropped: Int) {
    condition.lock()
    defer { condition.unlock() }
    return (shown, dropped)
  }

  func mixSound(into samples: UnsafeMutablePointer<Int16>, frames: Int, latency: Double) {
    let rate = Double(VideoPlaybackFormat.sampleRate)
    condition.lock()
    defer { condition.unlock() }
    guard hasSound, playing, !stopped else { return }
    let span = Double(frames) / rate
    // What the device starts playing now is heard after what it holds already.
    soundHeard = (soundPosition - latency, Self.now(), span)
    // The samples for [soundPosition, +span): skip those whose time passed (late sound), then mix.
    let skip = Int(((soundPosition - soundStart) * rate).rounded())
    if skip > 0 {
      let dropping = min(sound.count, skip * 2)
      sound.removeFirst(dropping)
      soundStart += Double(dropping / 2) / rate
    }
    let offset = max(0, -skip)
    let available = min(frames - min(frames, offset), sound.count / 2)
    for index in 0..<(available * 2) {
      let target = samples + (offset * 2 + index)
      let sum = Int32(target.pointee) + Int32(sound[index])
      target.pointee = Int16(clamping: sum)
    }
    if available > 0 {
      sound.removeFirst(available * 2)
      soundStart += Double(available) / rate
    }
    soundPosition += span
    condition.broadcast()
  }

  // MARK: - The decoding thread

  /// Lets go of pictures whose time has passed, but for the last of them (the one to show now),
  /// counting them as dropped: decoding never waits for pictures nobody will see, however late
  /// the windows look. Call with the lock held.
  private func dropLatePictures() {
    guard playing else { return }
    let now = timelineNow()
    while pictures.count >= 2, pictures[1].timeline <= now {
      pictures.removeFirst()
      dropped += 1
    }
  }

  /// Whether enough is decoded ahead to wait. Call with the lock held.
  private var enoughAhead: Bool {
    if decodedToEnd || pictures.count >= Self.mostPictures { return true }
    let soundAhead =
      soundStart + Double(sound.count / 2) / Double(VideoPlaybackFormat.sampleRate) - timelineNow()
    return pictures.count >= Self.picturesAhead && (!hasSound || soundAhead >= Self.soundAhead)
  }

  private func decode() {
    guard let input = try? MediaInput(path: path),
      let videoIndex = input.bestStream(AVMEDIA_TYPE_VIDEO),
      let video = StreamDecoder(stream: input.stream(videoIndex), threads: 2)
    else {
      condition.lock()
      decodedToEnd = true
      condition.unlock()
      return
    }
    let audioIndex = hasSound ? input.bestStream(AVMEDIA_TYPE_AUDIO) : nil
    let audio = audioIndex.flatMap { StreamDecoder(stream: input.stream($0), threads: 1) }
    let resampler = audio.flatMap(SoundResampler.init)
    let scaler = PictureScaler()
    let packet = Packet()
    let frame = Frame()
    var lapOffset = 0.0
    var discardBefore = start
    var generationDecoding = -1
    var lastTime = start
    while true {
      condition.lock()
      while !stopped && seekTarget == nil {
        dropLatePictures()
        guard enoughAhead else { break }
        // Woken by a picture taken or a key; and every few frames, as time makes pictures late.
        _ = condition.wait(until: Date(timeIntervalSinceNow: 0.02))
      }
      if stopped {
        condition.unlock()
        return
      }
      if let target = seekTarget {
        seekTarget = nil
        generationDecoding = generation
        condition.unlock()
        input.seek(to: target)
        video.flush()
        audio?.flush()
        (discardBefore, lapOffset, lastTime) = (target, 0, target)
        continue
      }
      if generationDecoding < 0 {
        generationDecoding = generation
        condition.unlock()
        if start > 0 { input.seek(to: start) }
        continue
      }
      condition.unlock()

      let more = input.read(into: packet)
      var reachedEnd = !more
      // At the file's end each decoder is drained of the frames it still holds (its threads and
      // reordering keep a few): the clip's last pictures and sound, all there is after a seek
      // into its last moments.
      if !more || packet.streamIndex == videoIndex {
        _ = video.send(more ? packet : nil)
        while video.receive(into: frame) == 0 {
          let time = video.seconds(of: frame) ?? (lastTime + 1 / frameRate)
          lastTime = time
          if let end, time >= end {
            reachedEnd = true
            frame.unref()
            break
          }
          guard time >= discardBefore - 0.5 / frameRate else {
            frame.unref()
            continue
          }
          let picture = Self.planar(frame.takeAway(), scaler: scaler)
          guard let picture else { continue }
          // Clips of 720p and more get a half-size copy for the console.
          let half = picture.width >= 1280 ? picture.halved() : nil
          queue(
            DecodedPicture(
              frame: picture, time: time, timeline: time - start + lapOffset, half: half),
            generation: generationDecoding)
        }
      }
      if !more || packet.streamIndex == audioIndex, let audio, let resampler {
        _ = audio.send(more ? packet : nil)
        while audio.receive(into: frame) == 0 {
          let time = audio.seconds(of: frame) ?? lastTime
          let samples = resampler.convert(frame)
          frame.unref()
          if let end, time >= end { continue }
          queue(sound: samples, timeline: time - start + lapOffset, generation: generationDecoding)
        }
      }
      packet.unref()
      guard reachedEnd else { continue }
      if loops {
        // Round again: the timeline runs on by the length of the part played.
        let lap = duration > 0 ? duration : max(1 / frameRate, lastTime - start + 1 / frameRate)
        lapOffset += lap
        input.seek(to: start)
        video.flush()
        audio?.flush()
        discardBefore = start
        continue
      }
      condition.lock()
      if generation == generationDecoding { decodedToEnd = true }
      condition.unlock()
      wake()
    }
  }

  /// The frame in planar 4:2:0, converted only when it is in another format.
  private static func planar(_ frame: Frame, scaler: PictureScaler) -> Frame? {
    let format = frame.format
    if format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUVJ420P { return frame }
    return scaler.convert(frame, to: AV_PIX_FMT_YUV420P, width: frame.width, height: frame.height)
  }

  private func queue(_ picture: DecodedPicture, generation decoded: Int) {
    condition.lock()
    guard decoded == generation, !stopped else {
      condition.unlock()
      return
    }
    let wasEmpty = pictures.isEmpty
    pictures.append(picture)
    condition.unlock()
    if wasEmpty { wake() }
  }

  private func queue(sound samples: [Int16], timeline: Double, generation decoded: Int) {
    condition.lock()
    defer { condition.unlock() }
    guard decoded == generation, !stopped, !samples.isEmpty else { return }
    if sound.isEmpty { soundStart = timeline }
    sound += samples
  }
}
