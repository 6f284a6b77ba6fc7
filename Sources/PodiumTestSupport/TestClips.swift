import Foundation

/// Video clips for the tests, made with the `ffmpeg` command (Debian's `ffmpeg`, which
/// `scripts/setup --tests` installs): a frame counter whose number can be read back from the
/// pixels, with a 440 Hz tone, and FFmpeg's `testsrc2` pattern.
public enum TestClips {
  /// The counter's bars: frame number N shows as this many bars across the top half, bar i (from
  /// the left) white when bit i of N is set, black when not. Up to 1023 frames.
  public static let bars = 10

  public enum Codec: String, Sendable {
    /// H.264 and AAC in MP4.
    case h264
    /// VP9 and Opus in WebM.
    case vp9
  }

  /// A clip whose frames show their own number (see `bars`; the bottom half is mid grey), `rate`
  /// frames a second for `seconds`, with a 440 Hz tone unless `tone` is false. A key frame each
  /// second, so seeking is quick.
  public static func counter(
    in folder: URL, name: String? = nil, seconds: Double = 4, rate: Int = 30,
    width: Int = 320, height: Int = 180, codec: Codec = .h264, tone: Bool = true
  ) throws -> URL {
    let file = folder.appendingPathComponent(name ?? "counter.\(codec == .h264 ? "mp4" : "webm")")
    var arguments = [
      "-f", "lavfi", "-i",
      counterSource(width: width, height: height, rate: rate, seconds: seconds),
    ]
    if tone {
      arguments += [
        "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
      ]
    }
    switch codec {
    case .h264:
      arguments += ["-c:v", "libx264", "-crf", "10", "-g", "\(rate)", "-pix_fmt", "yuv420p"]
      if tone { arguments += ["-c:a", "aac"] }
    case .vp9:
      arguments += ["-c:v", "libvpx-vp9", "-crf", "15", "-b:v", "0", "-g", "\(rate)"]
      if tone { arguments += ["-c:a", "libopus"] }
    }
    try ffmpeg(arguments + [file.path])
    return file
  }

  public enum AnimationFormat: String, Sendable {
    case gif, png, webp
  }

  /// An animated picture of `frames` counter frames (see `bars`), `rate` a second, `width` x
  /// `height`, that plays `plays` times (0: for ever; for a GIF, 1 writes no loop block).
  public static func animation(
    in folder: URL, format: AnimationFormat, frames: Int = 10, rate: Int = 10, plays: Int = 0,
    width: Int = 160, height: Int = 90
  ) throws -> URL {
    let file = folder.appendingPathComponent("anim-\(plays).\(format.rawValue)")
    let seconds = Double(frames) / Double(rate)
    var arguments = [
      "-f", "lavfi", "-i",
      counterSource(width: width, height: height, rate: rate, seconds: seconds),
    ]
    switch format {
    case .gif:
      // The GIF muxer's -loop counts repeats after the first play; -1 writes no loop block.
      arguments += ["-loop", "\(plays == 0 ? 0 : plays == 1 ? -1 : plays - 1)"]
    case .png:
      arguments += ["-plays", "\(plays)", "-f", "apng"]
    case .webp:
      arguments += ["-loop", "\(plays)", "-lossless", "1"]
    }
    try ffmpeg(arguments + [file.path])
    return file
  }

  /// The lavfi source of counter frames: black and white bars of the frame number's bits over a
  /// grey bottom half.
  private static func counterSource(width: Int, height: Int, rate: Int, seconds: Double) -> String {
    "color=c=black:s=\(width)x\(height):r=\(rate):d=\(seconds),format=yuv420p,"
      + "geq=lum='if(lt(Y,H/2),255*mod(floor(N/pow(2,floor(X*\(bars)/W))),2),128)':cb=128:cr=128"
  }

  /// FFmpeg's `testsrc2` pattern (its own frame counter and time in a corner), `seconds` long.
  public static func pattern(
    in folder: URL, name: String = "pattern.mp4", seconds: Double = 2, width: Int = 640,
    height: Int = 360, rate: Int = 30
  ) throws -> URL {
    let file = folder.appendingPathComponent(name)
    try ffmpeg([
      "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height):rate=\(rate):duration=\(seconds)",
      "-c:v", "libx264", "-pix_fmt", "yuv420p", file.path,
    ])
    return file
  }

  /// The frame number a counter clip shows, read from its picture: `luma(x, y)` gives the
  /// brightness at a point of the clip, in the clip's own `width` x `height`. Nil when a bar is
  /// neither black nor white (not a counter frame).
  public static func frameNumber(width: Int, height: Int, luma: (Int, Int) -> Int) -> Int? {
    var number = 0
    for bar in 0..<bars {
      let x = (2 * bar + 1) * width / (2 * bars)
      let value = luma(x, height / 4)
      if value > 200 {
        number |= 1 << bar
      } else if value > 55 {
        return nil
      }
    }
    return number
  }

  /// Runs `ffmpeg -v error -y ARGUMENTS`; throws with what it printed when it fails.
  public static func ffmpeg(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
    process.arguments = ["-v", "error", "-y", "-nostdin"] + arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ClipError(
        description: "ffmpeg failed (install it: scripts/setup --tests): "
          + String(decoding: said, as: UTF8.self))
    }
  }

  public struct ClipError: Error, CustomStringConvertible {
    public var description: String
  }
}
