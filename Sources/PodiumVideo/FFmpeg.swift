import CFFmpeg
import Foundation
import PodiumCore

/// Owned FFmpeg handles: each frees what it holds once, when it goes.

/// FFmpeg's message for an error code.
func ffmpegMessage(_ code: Int32) -> String {
  var buffer = [CChar](repeating: 0, count: 256)
  av_strerror(code, &buffer, buffer.count)
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// An open media file: its container read, its streams listed.
final class MediaInput {
  let context: UnsafeMutablePointer<AVFormatContext>

  /// Opens `path`, reading at most a few megabytes to find its streams; `format` names an
  /// input FFmpeg does not find by itself (`video4linux2` for a camera). Throws FFmpeg's
  /// message.
  init(path: String, format: String? = nil) throws {
    // FFmpeg writes its own complaints about a bad file to stderr; Podium says it once, better.
    av_log_set_level(AV_LOG_FATAL)
    var options: OpaquePointer?
    av_dict_set(&options, "probesize", "5000000", 0)
    var inputFormat: UnsafePointer<AVInputFormat>?
    if let format {
      podium_register_devices()
      inputFormat = av_find_input_format(format)
      guard inputFormat != nil else {
        av_dict_free(&options)
        throw MediaError("this FFmpeg has no \(format) input")
      }
    }
    var opened: UnsafeMutablePointer<AVFormatContext>?
    let result = avformat_open_input(&opened, path, inputFormat, &options)
    av_dict_free(&options)
    guard result >= 0, let opened else { throw MediaError(ffmpegMessage(result)) }
    context = opened
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFormatContext>? = context
    avformat_close_input(&owned)
  }

  /// The stream FFmpeg thinks best of a kind (`AVMEDIA_TYPE_VIDEO`), if there is one.
  func bestStream(_ type: AVMediaType) -> Int32? {
    let index = av_find_best_stream(context, type, -1, -1, nil, 0)
    return index >= 0 ? index : nil
  }

  func stream(_ index: Int32) -> UnsafeMutablePointer<AVStream> {
    context.pointee.streams[Int(index)]!
  }

  /// Reads the first packets to learn what the headers leave out (a raw stream's size).
  func findStreamInfo() -> Bool {
    avformat_find_stream_info(context, nil) >= 0
  }

  /// The container's length in seconds, 0 when it does not say.
  var duration: Double {
    let value = context.pointee.duration
    guard value != podium_av_no_timestamp(), value > 0 else { return 0 }
    return Double(value) / Double(podium_av_time_base())
  }

  /// Reads the next packet into `packet`; false at the end or on an error.
  func read(into packet: Packet) -> Bool {
    av_read_frame(context, packet.pointer) >= 0
  }

  /// Moves to the key frame at or before `seconds`.
  func seek(to seconds: Double) {
    let target = Int64(max(0, seconds) * Double(podium_av_time_base()))
    av_seek_frame(context, -1, target, AVSEEK_FLAG_BACKWARD)
  }
}

struct MediaError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A stream's decoder.
final class StreamDecoder {
  let context: UnsafeMutablePointer<AVCodecContext>
  let timeBase: AVRational

  /// A decoder for the stream, on up to `threads` threads; nil when FFmpeg has none for its codec.
  init?(stream: UnsafeMutablePointer<AVStream>, threads: Int32) {
    guard let codec = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id),
      let context = avcodec_alloc_context3(codec)
    else { return nil }
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    guard avcodec_parameters_to_context(context, stream.pointee.codecpar) >= 0 else {
      avcodec_free_context(&owned)
      return nil
    }
    context.pointee.thread_count = threads
    guard avcodec_open2(context, codec, nil) >= 0 else {
      avcodec_free_context(&owned)
      return nil
    }
    self.context = context
    timeBase = stream.pointee.time_base
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&owned)
  }

  /// Hands the decoder a packet (nil: the end, drain what is left).
  func send(_ packet: Packet?) -> Int32 {
    avcodec_send_packet(context, packet?.pointer)
  }

  /// The next decoded frame into `frame`: 0, or `podium_av_error_again()` when it needs input.
  func receive(into frame: Frame) -> Int32 {
    avcodec_receive_frame(context, frame.pointer)
  }

  /// Forgets what it was decoding (after a seek).
  func flush() {
    avcodec_flush_buffers(context)
  }

  /// A frame's time in seconds, from its best-effort timestamp.
  func seconds(of frame: Frame) -> Double? {
    let stamp = frame.pointer.pointee.best_effort_timestamp
    guard stamp != podium_av_no_timestamp() else { return nil }
    return Double(stamp) * av_q2d(timeBase)
  }
}

final class Packet {
  let pointer: UnsafeMutablePointer<AVPacket>

  init() {
    pointer = av_packet_alloc()!
  }

  deinit {
    var owned: UnsafeMutablePointer<AVPacket>? = pointer
    av_packet_free(&owned)
  }

  func unref() { av_packet_unref(pointer) }
  var streamIndex: Int32 { pointer.pointee.stream_index }
}

final class Frame {
  let pointer: UnsafeMutablePointer<AVFrame>

  init() {
    pointer = av_frame_alloc()!
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFrame>? = pointer
    av_frame_free(&owned)
  }

  /// A new frame holding what this one holds (its buffers shared, counted); this one is emptied.
  func takeAway() -> Frame {
    let taken = Frame()
    av_frame_move_ref(taken.pointer, pointer)
    return taken
  }

  func unref() { av_frame_unref(pointer) }

  /// A planar 4:2:0 frame at half the width and height, every other pixel of every other row:
  /// a few hundred microseconds for 1080p, where a filtering scaler takes milliseconds; for a
  /// view a few inches wide it looks the same.
  func halved() -> Frame? {
    let (width, height) = (self.width / 2 & ~1, self.height / 2 & ~1)
    guard width > 0, height > 0 else { return nil }
    let half = Frame()
    half.pointer.pointee.format = AV_PIX_FMT_YUV420P.rawValue
    half.pointer.pointee.width = Int32(width)
    half.pointer.pointee.height = Int32(height)
    guard av_frame_get_buffer(half.pointer, 0) >= 0 else { return nil }
    let source = podium_frame_planes(pointer)
    let sourcePitch = podium_frame_pitches(pointer)
    let target = podium_frame_planes_mutable(half.pointer)
    let targetPitch = podium_frame_pitches(half.pointer)
    for plane in 0..<3 {
      let (columns, rows) = plane == 0 ? (width, height) : (width / 2, height / 2)
      guard let from = source?[plane], let to = target?[plane] else { return nil }
      let (fromPitch, toPitch) = (Int(sourcePitch![plane]), Int(targetPitch![plane]))
      for row in 0..<rows {
        let input = from + 2 * row * fromPitch
        let output = to + row * toPitch
        for column in 0..<columns { output[column] = input[2 * column] }
      }
    }
    return half
  }

  var width: Int { Int(pointer.pointee.width) }
  var height: Int { Int(pointer.pointee.height) }
  var format: AVPixelFormat { AVPixelFormat(pointer.pointee.format) }

  /// 8-bit 4:2:0 planes (Y, U, V), what the encoders and the corner box take.
  var isYUV420: Bool { format == AV_PIX_FMT_YUV420P }

  /// The byte at (`x`, `y`) of `plane`, in that plane's own pixels.
  func byte(plane: Int, x: Int, y: Int) -> UInt8? {
    guard let data = podium_frame_planes(pointer)[plane] else { return nil }
    return data[y * Int(podium_frame_pitches(pointer)[plane]) + x]
  }
}

/// Converts pictures between pixel formats and sizes (libswscale): posters to BGRA, and the
/// pixel formats a window's YUV texture does not take (4:2:2, 4:4:4, 10-bit) to 4:2:0.
final class PictureScaler {
  private var context: OpaquePointer?

  deinit { sws_freeContext(context) }

  /// The converter from one size and format to another, kept while they stay the same.
  func cachedContext(
    from source: (width: Int, height: Int, format: AVPixelFormat),
    to target: (width: Int, height: Int, format: AVPixelFormat)
  ) -> OpaquePointer? {
    context = sws_getCachedContext(
      context, Int32(source.width), Int32(source.height), source.format, Int32(target.width),
      Int32(target.height), target.format, SWS_BILINEAR, nil, nil, nil)
    return context
  }

  /// `frame` as a new frame of `format` at `width` x `height`; nil when it cannot be converted.
  func convert(_ frame: Frame, to format: AVPixelFormat, width: Int, height: Int) -> Frame? {
    guard
      let context = cachedContext(
        from: (frame.width, frame.height, frame.format), to: (width, height, format))
    else { return nil }
    let converted = Frame()
    converted.pointer.pointee.format = format.rawValue
    converted.pointer.pointee.width = Int32(width)
    converted.pointer.pointee.height = Int32(height)
    guard av_frame_get_buffer(converted.pointer, 0) >= 0 else { return nil }
    let rows = sws_scale(
      context, podium_frame_planes(frame.pointer), podium_frame_pitches(frame.pointer), 0,
      Int32(frame.height), podium_frame_planes_mutable(converted.pointer),
      podium_frame_pitches(converted.pointer))
    guard rows > 0 else { return nil }
    converted.pointer.pointee.best_effort_timestamp = frame.pointer.pointee.best_effort_timestamp
    return converted
  }
}

/// Turns decoded sound of any layout and rate into interleaved 16-bit stereo at the device's
/// rate (libswresample).
final class SoundResampler {
  private var context: OpaquePointer?

  init?(decoder: StreamDecoder) {
    var output = AVChannelLayout()
    av_channel_layout_default(&output, 2)
    let source = decoder.context
    let result = swr_alloc_set_opts2(
      &context, &output, AV_SAMPLE_FMT_S16, Int32(VideoPlaybackFormat.sampleRate),
      &source.pointee.ch_layout, source.pointee.sample_fmt, source.pointee.sample_rate, 0, nil)
    guard result >= 0, context != nil, swr_init(context) >= 0 else {
      swr_free(&context)
      return nil
    }
  }

  deinit { swr_free(&context) }

  /// The frame's sound as interleaved stereo samples.
  func convert(_ frame: Frame) -> [Int16] {
    let capacity = Int(swr_get_out_samples(context, frame.pointer.pointee.nb_samples))
    guard capacity > 0 else { return [] }
    var samples = [Int16](repeating: 0, count: capacity * 2)
    let converted = samples.withUnsafeMutableBytes { raw -> Int32 in
      var output: UnsafeMutablePointer<UInt8>? = raw.baseAddress?.assumingMemoryBound(
        to: UInt8.self)
      return swr_convert(
        context, &output, Int32(capacity), podium_frame_samples(frame.pointer),
        frame.pointer.pointee.nb_samples)
    }
    guard converted > 0 else { return [] }
    samples.removeSubrange(Int(converted) * 2..<samples.count)
    return samples
  }
}
