import Foundation
import PodiumCore

/// Files held in memory, for tests of parsing, loading and reload that need no disk: a path
/// absent from `files` is not there. Image headers are read from the bytes as `LocalFiles`
/// reads them from a file.
public struct InMemoryFiles: DeckFiles {
  public var files: [String: [UInt8]]
  /// Seconds since 1970, per path; files without one were written at 0.
  public var written: [String: Double] = [:]

  public init(_ files: [String: String] = [:]) {
    self.files = files.mapValues { Array($0.utf8) }
  }

  public func fileNames(in folder: String) -> [String] {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return files.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
      .map { String($0.dropFirst(prefix.count)) }.sorted()
  }

  public subscript(path: String) -> String? {
    get { files[path].map { String(decoding: $0, as: UTF8.self) } }
    set { files[path] = newValue.map { Array($0.utf8) } }
  }

  public func contents(of path: String, limit: Int, kind: String) -> Result<[UInt8], FileProblem> {
    guard let bytes = files[path] else { return .failure(FileProblem("no such file: '\(path)'")) }
    guard bytes.count <= limit else { return .failure(FileProblem("'\(path)' is too large")) }
    return .success(bytes)
  }

  public func imageHeader(at path: String) -> Result<ImageFile.Header, ImageFile.Problem> {
    guard let bytes = files[path] else {
      return .failure(ImageFile.Problem(reason: "image not found", message: "not found"))
    }
    return ImageFile.inspect(bytes: bytes, extension: URL(fileURLWithPath: path).pathExtension)
  }

  public func isFile(_ path: String) -> Bool { files[path] != nil }

  public func modificationTime(of path: String) -> Double? {
    files[path] == nil ? nil : written[path] ?? 0
  }
}
