import Foundation
import Glibc

/// Hands back to the kernel the pages of the OpenGL driver that SDL 2's Wayland driver loads
/// for windows Podium never draws with OpenGL.
///
/// Why: SDL 2.26's `Wayland_CreateWindow` makes every window that is not a Vulkan one an
/// OpenGL one: it calls `SDL_GL_LoadLibrary` and `SDL_EGL_CreateSurface` whatever the flags,
/// and no hint stops it (a Vulkan window needs a Vulkan driver with `VK_KHR_wayland_surface`,
/// which, where there is one, is Mesa's lavapipe on LLVM again). `eglInitialize` loads Mesa's
/// driver (`swrast_dri.so`), which is linked to LLVM, and their load touches about 37 MB of
/// their code (LLVM's static constructors are spread over 100 MB of it), measured on the
/// Wayland rig. On the software path (`WaylandFramebuffer`) nothing calls into them again: no
/// context is made, nothing is drawn or swapped through EGL. So once such a window is made,
/// the pages of their code are unmapped (`MADV_DONTNEED`): they leave the process's resident
/// set and stay in the page cache, which the kernel drops when it needs the memory. Code pages
/// are never written, so this changes nothing else: a page used again (`eglDestroySurface` at
/// the end) is read back from the file. Only executable mappings are advised: the pages the
/// loader wrote (LLVM's relocated tables, 8 MB, read-only since) would be lost, so they stay.
/// (`MADV_PAGEOUT`, which would drop the pages from the cache too, is refused for files the
/// process may not write, as system libraries are.)
///
/// The corresponding C function is `madvise`.
enum UnusedDriverPages {
  /// Files whose mappings are handed back: Mesa's drivers and the LLVM they link.
  static func isDriver(_ path: String) -> Bool {
    let name = path.split(separator: "/").last.map(String.init) ?? ""
    return name.hasPrefix("libLLVM") || name.hasSuffix("_dri.so") || name.hasPrefix("libgallium")
  }

  /// The executable mappings of `maps` (the text of `/proc/self/maps`) that belong to the
  /// drivers: their start addresses and lengths.
  static func driverCode(_ maps: String) -> [(start: UInt, length: Int)] {
    maps.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count >= 6, fields[1] == "r-xp", isDriver(String(fields[5])) else {
        return nil
      }
      let range = fields[0].split(separator: "-")
      guard range.count == 2, let start = UInt(range[0], radix: 16),
        let end = UInt(range[1], radix: 16), end > start
      else { return nil }
      return (start, Int(end - start))
    }
  }

  /// The drivers' code leaves the resident set (advising pages that are not in it costs
  /// nothing). Returns how many mappings were advised.
  @discardableResult
  static func handBack() -> Int {
    // Read to its end: the file's size is 0, which `String(contentsOfFile:)` may take at its
    // word.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"),
      let bytes = try? file.readToEnd()
    else { return 0 }
    try? file.close()
    let maps = String(decoding: bytes, as: UTF8.self)
    var advised = 0
    for mapping in driverCode(maps) {
      guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start) else { continue }
      if madvise(address, mapping.length, MADV_DONTNEED) == 0 { advised += 1 }
    }
    return advised
  }
}
