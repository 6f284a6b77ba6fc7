import CFFmpeg
import Foundation
import PodiumCore

/// A movie file written as it goes (libavformat, libavcodec, libswscale): pictures in the
/// pixels Podium draws (`XRGB8888`, bytes B, G, R, X) encoded as H.264 where Debian's FFmpeg has
/// an encoder for it, else VP9 or AV1; sound as AAC (Opus in WebM); chapters. Used by one
/// thread at a time.
///
/// Matroska is written cluster by cluster, each flushed to the file as it closes (at least once
/// a second), with a key frame every second: a file cut short by `kill -9` or a full disk plays
/// up to its last second. MP4 for a recording is fragmented for the same reason (`live`);
/// an MP4 that is not (an export) has its index, and its chapters, written at the end.
public final class MovieWriter {
  public struct Settings: Sendable {
    public var path: String
    /// The pictures' size; odd sides are made even (4:2:0 needs them so).
    public var size: PixelSize
    public var framesPerSecond: Int
    /// The sound's rate and channels, nil for a movie with no sound.
    public var sound: (rate: Int, channels: Int)?
    /// Threads the video encoder may use.
    public var threads: Int
    /// Written as it happens (a recording): every picture leaves the encoder as it goes in
    /// (no look-ahead, which would hold seconds of held pictures back), and MP4 is written as
    /// fragments, each playable once written. Otherwise (an export) MP4 has its index at the
    /// end.
    public var live: Bool
    /// Encoders to try first, by FFmpeg's name (tests pick one); Podium's own order after them.
    public var preferredEncoders: [String]

    public init(
      path: String, size: PixelSize, framesPerSecond: Int = 30, sound: (rate: Int, channels: Int)?,
      threads: Int = 1, live: Bool = false, preferredEncoders: [String] = []
    ) {
      self.path = path
      self.size = size
      self.framesPerSecond = framesPerSecond
      self.sound = sound
      self.threads = threads
      self.live = live
      self.preferredEncoders = preferredEncoders
    }
  }

  /// What a movie file is written as, from its name.
  public enum Container: String, Sendable, CaseIterable {
    case matroska, mp4, webm

    /// The container for a file name's extension; nil for one Podium does not write.
    public init?(path: String) {
      switch URL(fileURLWithPath: path).pathExtension.lowercased() {
      case "mkv": self = .matroska
      case "mp4", "m4v", "mov": self = .mp4
      case "webm": self = .webm
      default: return nil
      }
    }

    /// The extensions Podium writes movies for, for messages.
    public static let extensions = ".mkv, .mp4 or .webm"

    /// FFmpeg's encoders for the pictures, best first: H.264, then VP9, then AV1 (WebM takes
    /// only the last two).
    var videoEncoders: [String] {
      let open = ["libvpx-vp9", "libsvtav1", "libaom-av1"]
      return self == .webm
        ? open : ["libx264", "libopenh264"] + (self == .mp4 ? [] : open) + ["libsvtav1"]
    }

    var soundEncoder: String { self == .webm ? "libopus" : "aac" }
  }

  public enum WriteError: Error, CustomStringConvertible {
    case container(String)
    case noEncoder(String)
    case open(String, String)
    case write(String)

    public var description: String {
      switch self {
      case .container(let path):
        return "'\(path)' is not a movie Podium writes: name it \(Container.extensions)"
      case .noEncoder(let what): return "this FFmpeg has no encoder for \(what)"
      case .open(let path, let reason): return "cannot write '\(path)': \(reason)"
      case .write(let reason): return "the movie cannot be written: \(reason)"
      }
    }
  }

  public let settings: Settings
  public let container: Container
  /// The encoder the pictures go through (`libx264`).
  public let videoEncoder: String
  /// The pictures' size in the file.
  public let size: PixelSize
  private let output: UnsafeMutablePointer<AVFormatContext>
  private let video: Encoder
  private let sound: Encoder?
  private let scaler = PictureScaler()
  private let picture = Frame()
  private let packet = Packet()
  private var chapters: [(title: String, start: Double)] = []
  private var soundPending: [Float] = []
  private var soundSamples: Int64 = 0
  private var lastFrameIndex: Int64 = -1
  private var headerWritten = false
  private var finished = false

  /// Opens the file and writes its header. Throws a message naming what is missing.
  public init(_ settings: Settings) throws {
    guard let container = Container(path: settings.path) else {
      throw WriteError.container(settings.path)
    }
    av_log_set_level(AV_LOG_FATAL)
    self.settings = settings
    self.container = container
    let size = PixelSize(
      width: max(2, settings.size.width & ~1), height: max(2, settings.size.height & ~1))
    self.size = size
    var made: UnsafeMutablePointer<AVFormatContext>?
    avformat_alloc_output_context2(&made, nil, container.rawValue, settings.path)
    guard let made else { throw WriteError.open(settings.path, "FFmpeg has no \(container) muxer") }
    output = made
    let wantsGlobal = podium_wants_global_header(made) != 0
    let names = settings.preferredEncoders + container.videoEncoders
    // The first encoder that opens: each try adds its stream only when it opens (a loop, as
    // `lazy.compactMap(...).first` would open the first one twice).
    var opened: Encoder?
    for name in names where opened == nil {
      opened = Encoder(
        video: name, size: size, rate: settings.framesPerSecond, threads: settings.threads,
        live: settings.live, globalHeader: wantsGlobal, output: made)
    }
    guard let video = opened else {
      avformat_free_context(made)
      throw WriteError.noEncoder("H.264, VP9 or AV1 pictures")
    }
    self.video = video
    videoEncoder = video.name
    if let wanted = settings.sound {
      guard
        let sound = Encoder(
          sound: container.soundEncoder, rate: wanted.rate, channels: wanted.channels,
          globalHeader: wantsGlobal, output: made)
      else {
        avformat_free_context(made)
        throw WriteError.noEncoder("\(container.soundEncoder) sound")
      }
      self.sound = sound
    } else {
      sound = nil
    }
    if podium_needs_file(made) != 0 {
      // From here `deinit` closes and frees what was opened.
      let opened = avio_open(&made.pointee.pb, settings.path, podium_avio_flag_write())
      guard opened >= 0 else { throw WriteError.open(settings.path, ffmpegMessage(opened)) }
    }
    // Packets reach the file when written, interleaved within half a second.
    made.pointee.flags |= AVFMT_FLAG_FLUSH_PACKETS
    made.pointee.max_interleave_delta = 500_000
    var options: OpaquePointer?
    switch container {
    case .matroska, .webm:
      av_dict_set(&options, "cluster_time_limit", "1000", 0)
      av_dict_set(&options, "cluster_size_limit", "4194304", 0)
    case .mp4:
      if settings.live {
        av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0)
      }
    }
    let header = avformat_write_header(made, &options)
    av_dict_free(&options)
    guard header >= 0 else {
      unlink(settings.path)
      throw WriteError.open(settings.path, ffmpegMessage(header))
    }
    headerWritten = true
    picture.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    picture.pointer.pointee.width = Int32(size.width)
    picture.pointer.pointee.height = Int32(size.height)
    guard av_frame_get_buffer(picture.pointer, 0) >= 0 else {
      throw WriteError.write("no memory for a picture")
    }
  }

  deinit {
    if headerWritten && !finished { try? finish() }
    if podium_needs_file(output) != 0, output.pointee.pb != nil { avio_closep(&output.pointee.pb) }
    avformat_free_context(output)
  }

  /// The file's size so far, in bytes.
  public var bytesWritten: Int64 {
    guard let pb = output.pointee.pb else { return 0 }
    return max(0, avio_tell(pb))
  }

  /// Adds the picture shown from frame `index` on (at `index` / framesPerSecond seconds): the
  /// movie shows it until the next one. Indexes only grow; a smaller or equal one is ignored.
  public func addPicture(
    bgrx pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int, index: Int64
  ) throws {
    try addPicture(
      bgrx: pixels, width: width, height: height, pitch: pitch, index: index, overlay: nil)
  }

  /// As `addPicture`, as a key frame: a player seeking to it (a chapter's start) shows it whole
  /// at once.
  public func addKeyPicture(
    bgrx pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int, index: Int64
  ) throws {
    picture.pointer.pointee.pict_type = AV_PICTURE_TYPE_I
    defer { picture.pointer.pointee.pict_type = AV_PICTURE_TYPE_NONE }
    try addPicture(
      bgrx: pixels, width: width, height: height, pitch: pitch, index: index, overlay: nil)
  }

  /// As `addPicture`, with `overlay` (a 4:2:0 picture, a camera's) laid over it at (`x`, `y`)
  /// of the movie, clipped to it.
  func addPicture(
    bgrx pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int, index: Int64,
    overlay: (picture: Frame, x: Int, y: Int)?
  ) throws {
    guard index > lastFrameIndex, let base = pixels.baseAddress else { return }
    guard av_frame_make_writable(picture.pointer) >= 0 else {
      throw WriteError.write("no memory for a picture")
    }
    try scaler.scaleBGRX(
      base, width: width, height: height, pitch: pitch, into: picture)
    if let overlay { lay(overlay.picture, atX: overlay.x, y: overlay.y) }
    picture.pointer.pointee.pts = index
    lastFrameIndex = index
    try send(picture, to: video)
  }

  /// Copies a 4:2:0 picture's rows into the movie's picture at even (`x`, `y`), clipped.
  private func lay(_ overlay: Frame, atX x: Int, y: Int) {
    let (x, y) = (max(0, x) & ~1, max(0, y) & ~1)
    let width = min(overlay.width, size.width - x) & ~1
    let height = min(overlay.height, size.height - y) & ~1
    guard width > 0, height > 0 else { return }
    let target = picture.pointer
    let source = overlay.pointer
    for plane in 0..<3 {
      let shift = plane == 0 ? 0 : 1
      let targetPitch = Int(podium_frame_pitches(target)[plane])
      let sourcePitch = Int(podium_frame_pitches(source)[plane])
      guard let into = podium_frame_planes_mutable(target)[plane],
        let from = podium_frame_planes(source)[plane]
      else { continue }
      for row in 0..<(height >> shift) {
        (into + ((y >> shift) + row) * targetPitch + (x >> shift)).update(
          from: from + row * sourcePitch, count: width >> shift)
      }
    }
  }

  /// Shows the last picture added again as frame `index`, with no scaling: a slide held for
  /// seconds costs an encoder's skip per frame (an export).
  public func repeatPicture(index: Int64) throws {
    guard index > lastFrameIndex, lastFrameIndex >= 0 else { return }
    picture.pointer.pointee.pts = index
    lastFrameIndex = index
    try send(picture, to: video)
  }

  /// Adds interleaved 16-bit sound following what was added before; the first call's sound
  /// starts at `start` seconds into the movie.
  public func addSound(_ samples: UnsafeBufferPointer<Int16>, start: Double = 0) throws {
    guard let sound else { return }
    if soundSamples == 0 && soundPending.isEmpty {
      soundSamples = Int64((max(0, start) * Double(sound.rate)).rounded())
    }
    soundPending.reserveCapacity(soundPending.count + samples.count)
    for sample in samples { soundPending.append(Float(sample) / 32768) }
    try encodeSound(draining: false)
  }

  /// The movie has a sound track.
  public var hasSound: Bool { sound != nil }

  /// Seconds of sound added so far (from the movie's start).
  public var soundSeconds: Double {
    guard let sound else { return 0 }
    return Double(soundSamples) / Double(sound.rate)
  }

  /// A chapter from `start` seconds on, until the next one (the last until the end).
  public func addChapter(title: String, start: Double) {
    if let last = chapters.last, last.start >= start {
      // Two changes within a frame: the later names the moment.
      if last.start == start { chapters[chapters.count - 1].title = title }
      return
    }
    chapters.append((title, start))
  }

  /// Drains the encoders, writes the chapters and the file's index, and closes it; `end` is
  /// when the movie ends, in seconds (the last chapter's end).
  public func finish(end: Double? = nil) throws {
    guard headerWritten, !finished else { return }
    finished = true
    var problem: Error?
    do {
      try encodeSound(draining: true)
      if let sound { try send(nil, to: sound) }
      try send(nil, to: video)
    } catch {
      problem = error
    }
    let movieEnd = max(
      end ?? 0, Double(lastFrameIndex + 1) / Double(settings.framesPerSecond), soundSeconds)
    let base = AVRational(num: 1, den: 1000)
    for (index, chapter) in chapters.enumerated() {
      let next = index + 1 < chapters.count ? chapters[index + 1].start : movieEnd
      _ = podium_add_chapter(
        output, Int64(index + 1), base, Int64((chapter.start * 1000).rounded()),
        Int64((max(next, chapter.start) * 1000).rounded()), chapter.title)
    }
    let trailer = av_write_trailer(output)
    if podium_needs_file(output) != 0 { avio_closep(&output.pointee.pb) }
    if let problem { throw problem }
    if trailer < 0 { throw WriteError.write(ffmpegMessage(trailer)) }
  }

  private func encodeSound(draining: Bool) throws {
    guard let sound else { return }
    let channels = sound.channels
    let frameSize = sound.frameSize
    while soundPending.count >= frameSize * channels || (draining && !soundPending.isEmpty) {
      let count = min(frameSize, soundPending.count / channels)
      guard count > 0 else {
        soundPending.removeAll()
        break
      }
      let frame = Frame()
      frame.pointer.pointee.nb_samples = Int32(count)
      frame.pointer.pointee.format = sound.sampleFormat.rawValue
      frame.pointer.pointee.sample_rate = Int32(sound.rate)
      av_channel_layout_copy(&frame.pointer.pointee.ch_layout, &sound.context.pointee.ch_layout)
      guard av_frame_get_buffer(frame.pointer, 0) >= 0 else {
        throw WriteError.write("no memory for sound")
      }
      soundPending.withUnsafeBufferPointer { samples in
        sound.fill(frame, from: samples, count: count)
      }
      soundPending.removeFirst(count * channels)
      frame.pointer.pointee.pts = soundSamples
      soundSamples += Int64(count)
      try send(frame, to: sound)
    }
  }

  /// Hands a frame (nil: the end) to an encoder and writes what comes out.
  private func send(_ frame: Frame?, to encoder: Encoder) throws {
    let sent = avcodec_send_frame(encoder.context, frame?.pointer)
    guard sent >= 0 || sent == podium_av_error_eof() else {
      throw WriteError.write(ffmpegMessage(sent))
    }
    while true {
      let received = avcodec_receive_packet(encoder.context, packet.pointer)
      if received == podium_av_error_again() || received == podium_av_error_eof() { return }
      guard received >= 0 else { throw WriteError.write(ffmpegMessage(received)) }
      av_packet_rescale_ts(
        packet.pointer, encoder.context.pointee.time_base, encoder.stream.pointee.time_base)
      packet.pointer.pointee.stream_index = encoder.stream.pointee.index
      let written = av_interleaved_write_frame(output, packet.pointer)
      guard written >= 0 else { throw WriteError.write(ffmpegMessage(written)) }
    }
  }
}

extension PictureScaler {
  /// Converts `XRGB8888` pixels (bytes B, G, R, X) into `frame`'s format and size.
  func scaleBGRX(
    _ pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int, into frame: Frame
  ) throws {
    guard
      let context = cachedContext(
        from: (width, height, AV_PIX_FMT_BGR0), to: (frame.width, frame.height, frame.format))
    else { throw MovieWriter.WriteError.write("cannot convert \(width)x\(height) pictures") }
    var source: UnsafePointer<UInt8>? = pixels.assumingMemoryBound(to: UInt8.self)
    var sourcePitch = Int32(pitch)
    let rows = sws_scale(
      context, &source, &sourcePitch, 0, Int32(height), podium_frame_planes_mutable(frame.pointer),
      podium_frame_pitches(frame.pointer))
    guard rows > 0 else { throw MovieWriter.WriteError.write("a picture did not convert") }
  }
}
