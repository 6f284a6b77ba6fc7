import CZip
import Foundation
import PodiumCore

/// A zip archive opened for reading through libzip: the only file that calls it. Entries are
/// read into memory by name, never extracted to disk, so names with `../` cannot write
/// anywhere; an entry larger than the limit asked for (by its header or by what it inflates
/// to: a zip bomb lies in its header) is refused.
final class ZipArchive {
  private let archive: OpaquePointer

  /// Opens `path`, or says why it cannot be read as a zip.
  init(path: String) throws(OfficeProblem) {
    var error: Int32 = 0
    guard let opened = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
      var details = zip_error_t()
      zip_error_init_with_code(&details, error)
      defer { zip_error_fini(&details) }
      let reason = zip_error_strerror(&details).map { String(cString: $0) } ?? "error \(error)"
      throw OfficeProblem("not a readable zip archive: \(reason)")
    }
    archive = opened
  }

  deinit { zip_discard(archive) }

  /// The names of the archive's entries.
  var names: [String] {
    let count = zip_get_num_entries(archive, 0)
    guard count > 0 else { return [] }
    return (0..<count).compactMap { index in
      zip_get_name(archive, zip_uint64_t(index), 0).map { String(cString: $0) }
    }
  }

  /// Whether an entry of that name is there.
  func contains(_ name: String) -> Bool {
    zip_name_locate(archive, name, 0) >= 0
  }

  /// The bytes of the entry `name` (exactly, or ignoring case when `exact` is false), at most
  /// `limit` of them.
  func read(_ name: String, limit: Int = 32 << 20) throws(OfficeProblem) -> [UInt8] {
    let index = zip_name_locate(archive, name, 0)
    guard index >= 0 else { throw OfficeProblem("\(name) is missing from the archive") }
    var status = zip_stat_t()
    zip_stat_init(&status)
    guard zip_stat_index(archive, zip_uint64_t(index), 0, &status) == 0 else {
      throw OfficeProblem("\(name) cannot be read from the archive")
    }
    if status.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0, status.size > UInt64(limit) {
      throw OfficeProblem("\(name) would be \(status.size) bytes, more than \(limit)")
    }
    guard let file = zip_fopen_index(archive, zip_uint64_t(index), 0) else {
      throw OfficeProblem("\(name) cannot be opened in the archive")
    }
    defer { zip_fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let read = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, 65_536) }
      if read < 0 { throw OfficeProblem("\(name) is damaged in the archive") }
      if read == 0 { break }
      bytes += chunk[0..<Int(read)]
      // A header can lie about the size: what inflates past the limit is refused all the same.
      if bytes.count > limit { throw OfficeProblem("\(name) inflates past \(limit) bytes") }
    }
    return bytes
  }

  /// Writes a new archive at `path` holding `entries` in order, deflated (a copy of a deck with
  /// some parts changed).
  static func write(_ entries: [(name: String, bytes: [UInt8])], to path: String)
    throws(OfficeProblem)
  {
    var error: Int32 = 0
    guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &error) else {
      throw OfficeProblem("cannot write \(path) (zip error \(error))")
    }
    // Each entry's bytes stay alive until zip_close has written them.
    var buffers: [UnsafeMutableRawPointer] = []
    defer { for buffer in buffers { free(buffer) } }
    for entry in entries {
      let buffer = malloc(max(1, entry.bytes.count))!
      buffers.append(buffer)
      entry.bytes.withUnsafeBytes { bytes in
        if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
      }
      guard let source = zip_source_buffer(archive, buffer, zip_uint64_t(entry.bytes.count), 0),
        zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8)) >= 0
      else {
        zip_discard(archive)
        throw OfficeProblem("cannot add \(entry.name) to \(path)")
      }
    }
    guard zip_close(archive) == 0 else {
      zip_discard(archive)
      throw OfficeProblem("cannot write \(path)")
    }
  }

  /// Writes a copy of this archive to `path`: the entries named in `keeping`, in the
  /// archive's order, their compressed bytes copied as they are (never inflated and deflated
  /// again: a deck's pictures are most of its bytes), those in `replacing` with new bytes, then
  /// `adding`. The corresponding C functions are `zip_source_zip` and `zip_source_buffer`.
  func writeCopy(
    to path: String, keeping: Set<String>, replacing: [String: [UInt8]],
    adding: [(name: String, bytes: [UInt8])]
  ) throws(OfficeProblem) {
    var error: Int32 = 0
    guard let copy = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &error) else {
      throw OfficeProblem("cannot write \(path) (zip error \(error))")
    }
    var buffers: [UnsafeMutableRawPointer] = []
    defer { for buffer in buffers { free(buffer) } }
    func add(_ name: String, _ source: OpaquePointer?) throws(OfficeProblem) {
      guard let source, zip_file_add(copy, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8)) >= 0
      else {
        if let source { zip_source_free(source) }
        zip_discard(copy)
        throw OfficeProblem("cannot add \(name) to \(path)")
      }
    }
    func buffer(_ bytes: [UInt8]) -> OpaquePointer? {
      guard let memory = malloc(max(1, bytes.count)) else { return nil }
      buffers.append(memory)
      bytes.withUnsafeBytes { raw in
        if let base = raw.baseAddress { memory.copyMemory(from: base, byteCount: raw.count) }
      }
      return zip_source_buffer(copy, memory, zip_uint64_t(bytes.count), 0)
    }
    let count = zip_get_num_entries(archive, 0)
    for index in 0..<max(0, count) {
      guard let raw = zip_get_name(archive, zip_uint64_t(index), 0) else { continue }
      let name = String(cString: raw)
      guard keeping.contains(name) else { continue }
      if let bytes = replacing[name] {
        try add(name, buffer(bytes))
      } else {
        try add(name, zip_source_zip(copy, archive, zip_uint64_t(index), 0, 0, -1))
      }
    }
    for entry in adding { try add(entry.name, buffer(entry.bytes)) }
    guard zip_close(copy) == 0 else {
      zip_discard(copy)
      throw OfficeProblem("cannot write \(path)")
    }
  }

  /// Every entry, in order, with its bytes (each within `limit`).
  func entries(limit: Int) throws(OfficeProblem) -> [(name: String, bytes: [UInt8])] {
    var found: [(name: String, bytes: [UInt8])] = []
    for name in names { found.append((name, try read(name, limit: limit))) }
    return found
  }
}
