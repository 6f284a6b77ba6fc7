import Foundation

/// A video on a slide: `![loop muted](demo.mp4)`, `![bg](loop.webm)`. Laid out like an image, at
/// the size its stream gives; exported as its poster frame; played on the talk's windows.
public struct VideoClip: Hashable, Sendable {
  /// Starts when the slide shows (the default); `noautoplay` waits for `v`.
  public var autoplay = true
  public var loop = false
  /// No sound, even on the audience's side.
  public var muted = false
  /// Coming back to the slide goes on where it was left, instead of from the start.
  public var resume = false
  /// The part played, in seconds of the file (`start:10 end:25`, or `demo.mp4#t=10,25`).
  public var start: Double?
  public var end: Double?
  /// What the slide shows before it plays, and in an export.
  public var poster: Poster?
  /// What the file's headers say, read when the deck is loaded; nil until then, or when the file
  /// cannot be played (the reference's `problem` says why).
  public var stream: VideoStream?

  public enum Poster: Hashable, Sendable {
    /// The frame at this time of the file.
    case time(Double)
    /// A picture file (its path resolved against the deck's folder).
    case image(path: String)
  }

  public init() {}

  /// The time of the frame an export and the slide before playing show: the poster's time, or
  /// the first frame played.
  public var posterTime: Double {
    if case .time(let time)? = poster { return time }
    return start ?? 0
  }

  /// The picture file shown instead of a frame, if the deck names one.
  public var posterImage: String? {
    if case .image(let path)? = poster { return path }
    return nil
  }

  /// File name endings read as video rather than pictures.
  public static let fileExtensions: Set<String> = [
    "mp4", "m4v", "webm", "mkv", "mov", "ogv", "avi", "mpg", "mpeg", "ts",
  ]

  /// Whether the file at `path` is a video, by its name (a media fragment `#t=` is allowed).
  public static func isVideo(_ path: String) -> Bool {
    let name = path.split(separator: "#", maxSplits: 1).first.map(String.init) ?? path
    return fileExtensions.contains((name as NSString).pathExtension.lowercased())
  }

  /// Reads the words of an image's alt text that set a video's options, and a media fragment
  /// (`#t=10,25`, `#t=,25`, `#t=10`) on its source. Returns the clip, the words that are the
  /// caption, the source without its fragment, and each word or fragment that could not be read.
  public static func parse(alt: String, source: String)
    -> (clip: VideoClip, caption: String, source: String, problems: [String])
  {
    var clip = VideoClip()
    var caption: [String] = []
    var problems: [String] = []
    for word in alt.split(separator: " ").map(String.init) {
      let lowered = word.lowercased()
      let parts = lowered.split(separator: ":", maxSplits: 1).map(String.init)
      let value = parts.count == 2 ? parts[1] : nil
      switch (parts.first ?? "", value) {
      case ("autoplay", nil): clip.autoplay = true
      case ("noautoplay", nil): clip.autoplay = false
      case ("loop", nil): clip.loop = true
      case ("muted", nil): clip.muted = true
      case ("resume", nil): clip.resume = true
      case ("start", let value?), ("end", let value?):
        guard let seconds = seconds(value) else {
          problems.append("'\(word)' is not a time (seconds, or m:ss)")
          continue
        }
        if parts[0] == "start" { clip.start = seconds } else { clip.end = seconds }
      case ("poster", let value?):
        // The word as written: a picture's file name keeps its case.
        let written = String(word.dropFirst("poster:".count))
        if let seconds = seconds(value) {
          clip.poster = .time(seconds)
        } else if !written.isEmpty {
          clip.poster = .image(path: written)
        } else {
          problems.append("'poster:' names neither a time nor a picture")
        }
      default:
        caption.append(word)
      }
    }
    var file = source
    if let hash = source.firstIndex(of: "#") {
      file = String(source[..<hash])
      let fragment = source[source.index(after: hash)...]
      if fragment.hasPrefix("t=") {
        let times = fragment.dropFirst(2).split(separator: ",", omittingEmptySubsequences: false)
        let start = times.first.flatMap { $0.isEmpty ? nil : seconds(String($0)) }
        let end = times.count > 1 ? seconds(String(times[1])) : nil
        if times.count > 2 || (start == nil && end == nil) {
          problems.append("media fragment '#\(fragment)' is not '#t=START,END' in seconds")
        } else {
          clip.start = start ?? clip.start
          clip.end = end ?? clip.end
        }
      }
    }
    if let start = clip.start, let end = clip.end, end <= start {
      problems.append("the clip ends (\(end) s) before it starts (\(start) s); it plays to its end")
      clip.end = nil
    }
    return (clip, caption.joined(separator: " "), file, problems)
  }

  /// `12`, `12.5`, `1:30`, `1:02:03` (and `npt:` as media fragments allow) as seconds.
  static func seconds(_ text: String) -> Double? {
    var text = Substring(text)
    if text.hasPrefix("npt:") { text = text.dropFirst(4) }
    if text.hasSuffix("s") { text = text.dropLast() }
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count) else { return nil }
    var total = 0.0
    for field in fields {
      guard let value = Double(field), value >= 0, value.isFinite else { return nil }
      total = total * 60 + value
    }
    return total
  }
}

/// A value kept out of line, behind one pointer, and compared by value: for a rare and large
/// part of a value that many copies of are made (a clip's options in every image of a deck).
public indirect enum OutOfLine<Value: Hashable & Sendable>: Hashable, Sendable {
  case value(Value)

  public var value: Value {
    switch self {
    case .value(let value): return value
    }
  }
}

/// What a video file's headers say: read without decoding a frame.
public struct VideoStream: Hashable, Sendable {
  /// The picture's size as coded (a clip with non-square pixels is shown at this size too).
  public var width: Int
  public var height: Int
  /// Seconds; 0 when the file does not say.
  public var duration: Double
  /// Frames per second, 0 when unknown.
  public var frameRate: Double
  /// FFmpeg's names: `h264`, `vp9`, `aac`, `opus`.
  public var codec: String
  public var audioCodec: String?

  public init(
    width: Int, height: Int, duration: Double, frameRate: Double, codec: String,
    audioCodec: String?
  ) {
    self.width = width
    self.height = height
    self.duration = duration
    self.frameRate = frameRate
    self.codec = codec
    self.audioCodec = audioCodec
  }
}

/// Reads a video file's stream headers (PodiumVideo's FFmpeg, on a real machine): what `podium
/// check` lists and layout sizes the clip by. Opens the file and reads headers only; a file
/// that is missing, not a video, of a codec this machine cannot decode, cut off or too large to
/// play comes back as the reason.
public protocol VideoProbe: Sendable {
  func probe(path: String) -> Result<VideoStream, ImageFile.Problem>
}

/// The frames of video files as pictures: the poster an export and a slide not yet playing show;
/// and the frames of animated PNGs, which FFmpeg decodes and SDL_image does not.
public protocol VideoFrameSource: Sendable {
  /// The frame shown at `seconds` of the file, as BGRA rows of `size.width * 4` bytes (opaque);
  /// nil when it cannot be decoded.
  func bgraFrame(ofVideoAt path: String, at seconds: Double) -> (size: PixelSize, pixels: [UInt8])?
  /// Every frame of the animated PNG at `path`, whole (each drawn over the ones before as the
  /// file says), with its delay; nil when it cannot be decoded or would take more than `limit`
  /// bytes.
  func animationFrames(ofPNGAt path: String, limit: Int) -> AnimationFrames?
}

/// An animation's frames, decoded: straight-alpha BGRA rows of `size.width * 4` bytes each.
public struct AnimationFrames: Sendable {
  public var size: PixelSize
  public var frames: [[UInt8]]
  /// Seconds each frame shows.
  public var delays: [Double]

  public init(size: PixelSize, frames: [[UInt8]], delays: [Double]) {
    self.size = size
    self.frames = frames
    self.delays = delays
  }
}

extension ImageItem {
  /// What names the picture drawn for this item in image caches and libraries: its file, or for
  /// a video its poster picture's file, or the clip with the poster's time (`talk.mp4#t=2.5`).
  public var picturePath: String {
    guard let video else { return path }
    return video.posterImage ?? VideoClip.frameKey(path, at: video.posterTime)
  }
}

extension VideoClip {
  static func frameKey(_ path: String, at seconds: Double) -> String { "\(path)#t=\(seconds)" }

  /// The clip and time a `picturePath` names, when it names a frame of a video.
  public static func frame(named key: String) -> (path: String, seconds: Double)? {
    guard let mark = key.range(of: "#t=", options: .backwards),
      let seconds = Double(key[mark.upperBound...]), isVideo(String(key[..<mark.lowerBound]))
    else { return nil }
    return (String(key[..<mark.lowerBound]), seconds)
  }
}

extension SlideFrame {
  /// The videos this frame draws (its layers' too), in drawing order, each clip once.
  public var videoItems: [ImageItem] { items { $0.video != nil } }

  /// The clips and animated pictures this frame draws, each once: what a window plays.
  public var motionItems: [ImageItem] { items { $0.video != nil || $0.animation != nil } }

  private func items(_ wanted: (ImageItem) -> Bool) -> [ImageItem] {
    var seen = Set<String>()
    func walk(_ commands: [DrawCommand]) -> [ImageItem] {
      commands.flatMap { command -> [ImageItem] in
        switch command {
        case .image(let item) where wanted(item):
          return seen.insert(item.path).inserted ? [item] : []
        case .layer(let layer):
          return walk(layer.frame.commands)
        default:
          return []
        }
      }
    }
    return walk(commands)
  }
}

extension Slide {
  /// Whether the slide shows a video that can be played.
  public var hasClips: Bool { images.contains { $0.image.video?.stream != nil } }
}

extension Deck {
  /// Whether any slide shows a video that can be played or an animated picture.
  public var hasMotion: Bool {
    slides.contains { slide in
      slide.images.contains { $0.image.video?.stream != nil || $0.image.animation != nil }
    }
  }
}
