import CFFmpeg
import Foundation
import PodiumCore
import Synchronization

/// The speaker's camera for a recording (`--camera /dev/video0`, or any input FFmpeg reads: a
/// file, a stream's address): read and decoded on a thread of its own, each picture scaled to
/// the corner box it shows in and kept, newest only, for the recorder to lay over the room's
/// picture. A camera that goes away (unplugged, a stream that ends) leaves the box empty and
/// says why; the recording and the talk go on.
public final class CameraFeed: @unchecked Sendable {
  public let source: String
  /// The camera's shape, height over width.
  private let aspect: Double

  private struct Shared {
    /// The box's size in the movie: the camera's shape, even sides (4:2:0).
    var size: PixelSize
    var picture: CameraPicture?
    var problem: String?
    var stopping = false
  }

  private let shared: Mutex<Shared>
  private let input: MediaInput
  private let decoder: StreamDecoder
  private let streamIndex: Int32
  private var thread: Thread?
  private let done = DispatchSemaphore(value: 0)

  /// Opens `source` and starts reading it, its pictures scaled to `width` (`fit` changes it);
  /// throws FFmpeg's reason (no such device, busy, not a video). A `/dev/video*` path is read
  /// as a Video4Linux2 camera.
  public init(source: String, width: Int = 480) throws {
    self.source = source
    let device = source.hasPrefix("/dev/video")
    do {
      input = try MediaInput(path: source, format: device ? "video4linux2" : nil)
    } catch {
      throw MediaError("the camera '\(source)' cannot be opened: \(error)")
    }
    guard input.findStreamInfo(), let index = input.bestStream(AVMEDIA_TYPE_VIDEO),
      let decoder = StreamDecoder(stream: input.stream(index), threads: 1)
    else { throw MediaError("the camera '\(source)' gives no pictures FFmpeg can decode") }
    streamIndex = index
    self.decoder = decoder
    let parameters = input.stream(index).pointee.codecpar.pointee
    aspect =
      parameters.width > 0 && parameters.height > 0
      ? Double(parameters.height) / Double(parameters.width) : 9.0 / 16
    shared = Mutex(Shared(size: Self.box(width: width, aspect: aspect)))
    let thread = Thread { [unowned self] in self.run(live: device) }
    thread.name = "podium.camera"
    thread.qualityOfService = .utility
    self.thread = thread
    thread.start()
  }

  deinit { close() }

  private static func box(width: Int, aspect: Double) -> PixelSize {
    let width = max(16, width & ~1)
    return PixelSize(width: width, height: max(16, Int(Double(width) * aspect) & ~1))
  }

  /// The box a quarter of a movie `width` wide, from the next picture on.
  public func fit(movieWidth width: Int) {
    let size = Self.box(width: width / 4, aspect: aspect)
    shared.withLock { $0.size = size }
  }

  /// The box's size now.
  public var size: PixelSize { shared.withLock { $0.size } }

  /// The newest picture, 4:2:0 at `size`; nil before the first or once the camera is gone.
  var picture: Frame? { shared.withLock { $0.picture }?.frame }

  /// Why the camera shows nothing any more, once it does not.
  public var problem: String? { shared.withLock { $0.problem } }

  /// Stops reading and waits for the thread.
  public func close() {
    let running = shared.withLock { shared -> Bool in
      defer { shared.stopping = true }
      return !shared.stopping
    }
    if running, thread != nil { done.wait() }
  }

  private func run(live: Bool) {
    let packet = Packet()
    let frame = Frame()
    let scaler = PictureScaler()
    // A file or a stream plays at its own pace: each picture waits for its time.
    let start = ProcessInfo.processInfo.systemUptime
    var first: Double?
    var problem = "it ended"
    reading: while !shared.withLock({ $0.stopping }) {
      guard input.read(into: packet) else { break }
      defer { packet.unref() }
      guard packet.pointer.pointee.stream_index == streamIndex else { continue }
      guard decoder.send(packet) >= 0 else {
        problem = "a picture did not decode"
        break
      }
      while decoder.receive(into: frame) >= 0 {
        defer { frame.unref() }
        if !live, let seconds = decoder.seconds(of: frame) {
          let zero = first ?? seconds
          first = zero
          let due = start + (seconds - zero)
          while !shared.withLock({ $0.stopping }) {
            let wait = due - ProcessInfo.processInfo.systemUptime
            if wait <= 0 { break }
            Thread.sleep(forTimeInterval: min(wait, 0.05))
          }
        }
        let size = self.size
        guard
          let scaled = scaler.convert(
            frame, to: AV_PIX_FMT_YUV420P, width: size.width, height: size.height)
        else {
          problem = "its pictures cannot be converted"
          break reading
        }
        let picture = CameraPicture(frame: scaled)
        shared.withLock { $0.picture = picture }
      }
    }
    shared.withLock { shared in
      if !shared.stopping { shared.problem = "the camera stopped: \(problem)" }
      shared.picture = nil
    }
    done.signal()
  }
}

/// A camera's picture handed from its thread to the recorder's: made whole, then only read.
private final class CameraPicture: @unchecked Sendable {
  let frame: Frame
  init(frame: Frame) { self.frame = frame }
}
