import CFFmpeg
import Foundation
import PodiumCore

/// Reads video files' headers with FFmpeg: what `podium check` lists and what layout sizes a
/// clip by. No frame is decoded, except for raw streams whose headers give no size.
public struct FFmpegVideoProbe: VideoProbe {
  /// Pictures larger than this are refused: 4096 x 2304 covers 4K UHD and DCI 4K; an 8K clip
  /// (33 MP a frame) would not decode in time on a laptop.
  public static let maximumPixels = 4096 * 2304
  /// Clips longer than this are refused: a talk's clip is minutes, not a film night.
  public static let maximumDuration = 4.0 * 3600

  /// The limits this probe keeps (the tests lower them).
  public var maximumPixels = Self.maximumPixels
  public var maximumDuration = Self.maximumDuration

  public init() {}

  public func probe(path: String) -> Result<VideoStream, ImageFile.Problem> {
    if case .failure(let problem) = ImageFile.checkVideoFile(at: path) { return .failure(problem) }
    let input: MediaInput
    do {
      input = try MediaInput(path: path)
    } catch {
      return .failure(
        ImageFile.Problem(
          reason: "not a video",
          message: "is not a video FFmpeg can read, or is cut off (\(error))"))
    }
    guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else {
      return .failure(ImageFile.Problem(reason: "not a video", message: "has no video stream"))
    }
    var parameters = input.stream(index).pointee.codecpar.pointee
    if parameters.width <= 0 || parameters.height <= 0 {
      // A raw stream (.ts, .mpg) may give its size only in its first packets.
      _ = input.findStreamInfo()
      parameters = input.stream(index).pointee.codecpar.pointee
    }
    let codec = String(cString: avcodec_get_name(parameters.codec_id))
    guard avcodec_find_decoder(parameters.codec_id) != nil else {
      return .failure(
        ImageFile.Problem(
          reason: "codec not supported",
          message: "is coded as \(codec), which this machine's FFmpeg cannot decode"))
    }
    let (width, height) = (Int(parameters.width), Int(parameters.height))
    guard width > 0, height > 0 else {
      return .failure(
        ImageFile.Problem(reason: "damaged video", message: "does not say its picture size"))
    }
    guard width * height <= maximumPixels else {
      return .failure(
        ImageFile.Problem(
          reason: "video too large",
          message:
            "is \(width) x \(height); Podium plays clips of up to "
            + String(
              format: "%.1f megapixels, such as 4K (3840 x 2160)", Double(maximumPixels) / 1e6)
        ))
    }
    let stream = input.stream(index).pointee
    var duration = input.duration
    if duration == 0, stream.duration > 0 {
      duration = Double(stream.duration) * av_q2d(stream.time_base)
    }
    guard duration <= maximumDuration else {
      return .failure(
        ImageFile.Problem(
          reason: "video too long",
          message:
            "is \(ConsoleStatus.format(duration)) long; Podium plays clips up to "
            + ConsoleStatus.format(maximumDuration)))
    }
    let rate = stream.avg_frame_rate.den > 0 ? av_q2d(stream.avg_frame_rate) : 0
    let audio = input.bestStream(AVMEDIA_TYPE_AUDIO).map {
      String(cString: avcodec_get_name(input.stream($0).pointee.codecpar.pointee.codec_id))
    }
    return .success(
      VideoStream(
        width: width, height: height, duration: duration, frameRate: rate.isFinite ? rate : 0,
        codec: codec, audioCodec: audio))
  }
}

/// Decodes single frames as pictures: the poster an export shows and a slide shows before its
/// clip plays.
public struct FFmpegVideoFrames: VideoFrameSource {
  public init() {}

  public func bgraFrame(ofVideoAt path: String, at seconds: Double)
    -> (size: PixelSize, pixels: [UInt8])?
  {
    guard case .success = FFmpegVideoProbe().probe(path: path),
      let input = try? MediaInput(path: path), let index = input.bestStream(AVMEDIA_TYPE_VIDEO),
      let decoder = StreamDecoder(stream: input.stream(index), threads: 1)
    else { return nil }
    if seconds > 0 { input.seek(to: seconds) }
    let packet = Packet()
    let frame = Frame()
    var shown: Frame?
    // The last frame at or before `seconds` (the first when none is), reading at most a few
    // hundred packets past the key frame the seek found.
    var packets = 0
    reading: while packets < 2000 {
      let more = input.read(into: packet)
      if more && packet.streamIndex != index {
        packet.unref()
        continue
      }
      packets += 1
      _ = decoder.send(more ? packet : nil)
      packet.unref()
      while decoder.receive(into: frame) == 0 {
        let time = decoder.seconds(of: frame) ?? 0
        if shown != nil && time > seconds + 0.001 { break reading }
        shown = frame.takeAway()
      }
      if !more { break }
    }
    guard let shown, let pixels = Self.bgra(shown, scaler: PictureScaler()) else { return nil }
    return (PixelSize(width: shown.width, height: shown.height), pixels)
  }

  /// An animated PNG's frames, with the delays its frame controls give (FFmpeg's apng demuxer
  /// times the packets by them; its decoder draws each frame over the last as the file says).
  public func animationFrames(ofPNGAt path: String, limit: Int) -> AnimationFrames? {
    guard case .success = ImageFile.checkVideoFile(at: path),
      let input = try? MediaInput(path: path), let index = input.bestStream(AVMEDIA_TYPE_VIDEO),
      let decoder = StreamDecoder(stream: input.stream(index), threads: 1)
    else { return nil }
    let packet = Packet()
    let frame = Frame()
    let scaler = PictureScaler()
    var frames: [[UInt8]] = []
    var times: [Double] = []
    var lastDuration = AnimationTimeline.defaultDelay
    var size = PixelSize(width: 0, height: 0)
    while true {
      let more = input.read(into: packet)
      if more && packet.streamIndex != index {
        packet.unref()
        continue
      }
      if more, packet.pointer.pointee.duration > 0 {
        lastDuration = Double(packet.pointer.pointee.duration) * av_q2d(decoder.timeBase)
      }
      _ = decoder.send(more ? packet : nil)
      packet.unref()
      while decoder.receive(into: frame) == 0 {
        size = PixelSize(width: frame.width, height: frame.height)
        guard (frames.count + 1) * size.width * size.height * 4 <= limit,
          let pixels = Self.bgra(frame, scaler: scaler)
        else { return nil }
        frames.append(pixels)
        times.append(decoder.seconds(of: frame) ?? Double(times.count) * lastDuration)
        frame.unref()
      }
      if !more { break }
    }
    guard frames.count > 1 else { return nil }
    let delays = zip(times, times.dropFirst()).map { $1 - $0 } + [lastDuration]
    return AnimationFrames(size: size, frames: frames, delays: delays)
  }

  /// A frame as straight BGRA rows of `width * 4` bytes.
  private static func bgra(_ frame: Frame, scaler: PictureScaler) -> [UInt8]? {
    let (width, height) = (frame.width, frame.height)
    guard width > 0, height > 0,
      let converted = scaler.convert(frame, to: AV_PIX_FMT_BGRA, width: width, height: height),
      let source = converted.pointer.pointee.data.0
    else { return nil }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let pitch = Int(converted.pointer.pointee.linesize.0)
    pixels.withUnsafeMutableBytes { target in
      for row in 0..<height {
        memcpy(target.baseAddress! + row * width * 4, source + row * pitch, width * 4)
      }
    }
    return pixels
  }
}
