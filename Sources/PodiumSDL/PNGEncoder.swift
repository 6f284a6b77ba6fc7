import CZlib
import Foundation

/// Encodes slide frames as PNG quickly: a slide is mostly flat colour, so each row is filtered
/// with PNG's "Up" filter when it repeats the row above (all zeros) and "Sub" otherwise (runs of
/// one colour become zeros), and zlib's run-length strategy compresses those zeros at a few
/// milliseconds per 1080p frame, where libpng's defaults take ten times longer.
///
/// A value type with no shared state: several threads may encode different frames at once.
public struct PNGEncoder: Sendable {
  /// zlib's compression level (1 fastest … 9 smallest).
  public var level: Int32
  /// zlib's strategy; `Z_RLE` suits filtered slides best.
  public var strategy: Int32

  public init(level: Int32 = 1, strategy: Int32 = Z_RLE) {
    self.level = level
    self.strategy = strategy
  }

  /// Encodes rows of 32-bit pixels laid out as SDL's `SDL_PIXELFORMAT_XRGB8888` (bytes B, G, R, X
  /// in memory), `pitch` bytes apart, as an 8-bit RGB PNG.
  public func encode(bgrx pixels: UnsafeRawBufferPointer, width: Int, height: Int, pitch: Int) throws -> [UInt8] {
    guard width > 0, height > 0, pitch >= width * 4, pixels.count >= pitch * (height - 1) + width * 4,
      let source = pixels.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else { throw PNGEncoderError(function: "encode", message: "the pixel buffer does not hold \(width)x\(height) pixels") }

    let rowBytes = 1 + width * 3
    var filtered = [UInt8](repeating: 0, count: rowBytes * height)
    filtered.withUnsafeMutableBufferPointer { buffer in
      guard let out = buffer.baseAddress else { return }
      for row in 0..<height {
        let line = source + row * pitch
        let target = out + row * rowBytes
        if row > 0 && memcmp(line, line - pitch, width * 4) == 0 {
          target[0] = 2  // Up: identical to the row above, so every byte is zero.
          continue
        }
        target[0] = 1  // Sub: each byte minus the same channel of the pixel to its left.
        var previousRed: UInt8 = 0
        var previousGreen: UInt8 = 0
        var previousBlue: UInt8 = 0
        var input = line
        var output = target + 1
        for _ in 0..<width {
          let blue = input[0]
          let green = input[1]
          let red = input[2]
          output[0] = red &- previousRed
          output[1] = green &- previousGreen
          output[2] = blue &- previousBlue
          previousRed = red
          previousGreen = green
          previousBlue = blue
          input += 4
          output += 3
        }
      }
    }

    let compressed = try deflate(filtered)
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png.reserveCapacity(compressed.count + 64)
    var header: [UInt8] = []
    header += bigEndian(UInt32(width))
    header += bigEndian(UInt32(height))
    header += [8, 2, 0, 0, 0]  // 8 bits, truecolour RGB, deflate, adaptive filters, no interlace
    appendChunk("IHDR", header, to: &png)
    appendChunk("IDAT", compressed, to: &png)
    appendChunk("IEND", [], to: &png)
    return png
  }

  /// Compresses `data` as one zlib stream. The corresponding C functions are `deflateInit2_`,
  /// `deflateBound`, `deflate` and `deflateEnd`.
  private func deflate(_ data: [UInt8]) throws -> [UInt8] {
    var stream = z_stream()
    let status = deflateInit2_(
      &stream, level, Z_DEFLATED, MAX_WBITS, 9, strategy, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw PNGEncoderError(function: "deflateInit2", message: "zlib status \(status)") }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(data.count)))
    var output = [UInt8](repeating: 0, count: bound)
    var input = data
    let result: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        stream.next_in = inBuffer.baseAddress
        stream.avail_in = uInt(inBuffer.count)
        stream.next_out = outBuffer.baseAddress
        stream.avail_out = uInt(outBuffer.count)
        return CZlib.deflate(&stream, Z_FINISH)
      }
    }
    guard result == Z_STREAM_END else {
      throw PNGEncoderError(function: "deflate", message: "zlib status \(result)")
    }
    output.removeSubrange(Int(stream.total_out)...)
    return output
  }

  private func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    png += bigEndian(UInt32(data.count))
    png += typeBytes
    png += data
    var crc = crc32(0, typeBytes, uInt(typeBytes.count))
    crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    png += bigEndian(UInt32(truncatingIfNeeded: crc))
  }

  private func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}

/// A failed encoding step, naming the zlib call.
public struct PNGEncoderError: Error, Hashable, Sendable, CustomStringConvertible {
  public var function: String
  public var message: String

  public var description: String { "\(function): \(message)" }
}
