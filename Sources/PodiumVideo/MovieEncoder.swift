import CFFmpeg
import Foundation
import PodiumCore

/// An encoder and the stream it writes to.
final class Encoder {
  let name: String
  let context: UnsafeMutablePointer<AVCodecContext>
  let stream: UnsafeMutablePointer<AVStream>
  let rate: Int
  let channels: Int
  let sampleFormat: AVSampleFormat
  /// Sound frames' length in samples.
  let frameSize: Int

  /// A picture encoder by FFmpeg's name, tuned for slides (few changes, sharp text), with a key
  /// frame every second; nil when FFmpeg has none by that name or it will not open. `live`: each
  /// picture comes out as it goes in (a recording, whose pictures may come a second apart).
  init?(
    video name: String, size: PixelSize, rate: Int, threads: Int, live: Bool, globalHeader: Bool,
    output: UnsafeMutablePointer<AVFormatContext>
  ) {
    guard let codec = avcodec_find_encoder_by_name(name),
      let context = avcodec_alloc_context3(codec)
    else { return nil }
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    context.pointee.width = Int32(size.width)
    context.pointee.height = Int32(size.height)
    context.pointee.time_base = AVRational(num: 1, den: Int32(rate))
    context.pointee.framerate = AVRational(num: Int32(rate), den: 1)
    context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
    context.pointee.gop_size = Int32(rate)
    context.pointee.max_b_frames = 0
    context.pointee.thread_count = Int32(max(1, threads))
    if globalHeader { context.pointee.flags |= podium_codec_flag_global_header() }
    var options: OpaquePointer?
    switch name {
    case "libx264":
      av_dict_set(&options, "preset", "veryfast", 0)
      // zerolatency: no look-ahead and no frame threads, which would each hold pictures back.
      av_dict_set(&options, "tune", live ? "stillimage,zerolatency" : "stillimage", 0)
      av_dict_set(&options, "crf", "20", 0)
    case "libvpx-vp9":
      av_dict_set(&options, "deadline", "realtime", 0)
      if live { av_dict_set(&options, "lag-in-frames", "0", 0) }
      av_dict_set(&options, "cpu-used", "8", 0)
      av_dict_set(&options, "row-mt", "1", 0)
      av_dict_set(&options, "crf", "32", 0)
      context.pointee.bit_rate = 0
    case "libsvtav1":
      av_dict_set(&options, "preset", "12", 0)
    case "libaom-av1":
      av_dict_set(&options, "cpu-used", "8", 0)
      av_dict_set(&options, "usage", "realtime", 0)
      if live { av_dict_set(&options, "lag-in-frames", "0", 0) }
    default: break
    }
    let opened = avcodec_open2(context, codec, &options)
    av_dict_free(&options)
    guard opened >= 0, let stream = avformat_new_stream(output, nil),
      avcodec_parameters_from_context(stream.pointee.codecpar, context) >= 0
    else {
      avcodec_free_context(&owned)
      return nil
    }
    stream.pointee.time_base = context.pointee.time_base
    stream.pointee.avg_frame_rate = context.pointee.framerate
    self.name = name
    self.context = context
    self.stream = stream
    self.rate = rate
    channels = 0
    sampleFormat = AV_SAMPLE_FMT_NONE
    frameSize = 0
  }

  /// A sound encoder taking 32-bit float samples (planar or not) or 16-bit ones; nil when FFmpeg
  /// has none by that name.
  init?(
    sound name: String, rate: Int, channels: Int, globalHeader: Bool,
    output: UnsafeMutablePointer<AVFormatContext>
  ) {
    guard let codec = avcodec_find_encoder_by_name(name),
      let context = avcodec_alloc_context3(codec)
    else { return nil }
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    let taken = [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_FLT, AV_SAMPLE_FMT_S16]
    var formats: [AVSampleFormat] = []
    if var next = codec.pointee.sample_fmts {
      while next.pointee != AV_SAMPLE_FMT_NONE {
        formats.append(next.pointee)
        next += 1
      }
    }
    guard let format = formats.first(where: taken.contains) else {
      avcodec_free_context(&owned)
      return nil
    }
    context.pointee.sample_fmt = format
    context.pointee.sample_rate = Int32(rate)
    av_channel_layout_default(&context.pointee.ch_layout, Int32(channels))
    context.pointee.bit_rate = 128_000
    context.pointee.time_base = AVRational(num: 1, den: Int32(rate))
    if globalHeader { context.pointee.flags |= podium_codec_flag_global_header() }
    guard avcodec_open2(context, codec, nil) >= 0, let stream = avformat_new_stream(output, nil),
      avcodec_parameters_from_context(stream.pointee.codecpar, context) >= 0
    else {
      avcodec_free_context(&owned)
      return nil
    }
    stream.pointee.time_base = context.pointee.time_base
    self.name = name
    self.context = context
    self.stream = stream
    self.rate = rate
    self.channels = channels
    sampleFormat = format
    frameSize = context.pointee.frame_size > 0 ? Int(context.pointee.frame_size) : 1024
  }

  deinit {
    var owned: UnsafeMutablePointer<AVCodecContext>? = context
    avcodec_free_context(&owned)
  }

  /// Writes `count` interleaved float samples a channel into a sound frame of this encoder's
  /// format.
  func fill(_ frame: Frame, from samples: UnsafeBufferPointer<Float>, count: Int) {
    let planes = frame.pointer.pointee.extended_data!
    switch sampleFormat {
    case AV_SAMPLE_FMT_FLTP:
      for channel in 0..<channels {
        let plane = UnsafeMutableRawPointer(planes[channel]!).assumingMemoryBound(to: Float.self)
        for index in 0..<count { plane[index] = samples[index * channels + channel] }
      }
    case AV_SAMPLE_FMT_FLT:
      let plane = UnsafeMutableRawPointer(planes[0]!).assumingMemoryBound(to: Float.self)
      for index in 0..<count * channels { plane[index] = samples[index] }
    default:
      let plane = UnsafeMutableRawPointer(planes[0]!).assumingMemoryBound(to: Int16.self)
      for index in 0..<count * channels {
        plane[index] = Int16(max(-32768, min(32767, (samples[index] * 32768).rounded())))
      }
    }
  }
}
