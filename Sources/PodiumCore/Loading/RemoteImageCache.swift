import Foundation

/// Remote images (`![](https://...)`) kept on this machine, so that a talk shows them with no
/// network: `podium fetch` (PodiumFetch) downloads each once into
/// `$XDG_CACHE_HOME/podium/images` (or `~/.cache/podium/images`), and loading a deck only looks
/// here. An entry is two files named by a hash of the address: the image, its extension the
/// format its bytes say (never the address's), and `KEY.json`, which names the address and is
/// written last, so an entry whose record exists is whole. Both are written through
/// `AtomicFile`.
public struct RemoteImageCache: Sendable {
  public var directory: String

  public init(directory: String) {
    self.directory = directory
  }

  /// The cache under `$XDG_CACHE_HOME` (or `~/.cache`).
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> RemoteImageCache {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
    return RemoteImageCache(directory: cache + "/podium/images")
  }

  /// Whether a deck's image source is an address `podium fetch` downloads (http and https).
  public static func isRemote(_ source: String) -> Bool {
    let lowered = source.lowercased()
    return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && source.count > 8
  }

  /// The formats a remote image may be, as its bytes say, with the extension it is kept under.
  public static let formats = [
    "PNG": "png", "JPEG": "jpg", "GIF": "gif", "WebP": "webp", "SVG": "svg",
  ]

  /// What an entry's record says.
  struct Record: Codable {
    var url: String
    var file: String
    var format: String
    var bytes: Int
  }

  /// The name an address's files share: two 64-bit FNV-1a hashes of it.
  static func key(_ url: String) -> String {
    "image-" + MathTypesetter.key(text: url)
  }

  /// The cached file of the image at `url`, or nil when it was never fetched (or its entry is
  /// not whole). Reads one small record; never reaches the network.
  public func file(for url: String) -> String? {
    let recordPath = directory + "/" + Self.key(url) + ".json"
    guard case .success(let file) = OpenFile.open(recordPath), file.size < 64 * 1024,
      let record = try? JSONDecoder().decode(
        Record.self, from: Data(file.bytes(at: 0, count: file.size))),
      record.url == url,
      !record.file.contains("/")
    else { return nil }
    let path = directory + "/" + record.file
    guard case .success = OpenFile.open(path) else { return nil }
    return path
  }

  /// Keeps `bytes`, an image of `format` (one of `formats`), as the image at `url`, and returns
  /// its path. The image is written before the record that names it.
  public func store(_ bytes: [UInt8], format: String, for url: String) throws -> String {
    guard let ext = Self.formats[format] else {
      throw AtomicFile.WriteError(path: directory, reason: "'\(format)' is not kept")
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw AtomicFile.WriteError(path: directory, reason: "cannot create the folder: \(error)")
    }
    let key = Self.key(url)
    let name = key + "." + ext
    try AtomicFile.write(Data(bytes), to: directory + "/" + name)
    let record = Record(url: url, file: name, format: format, bytes: bytes.count)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(record)) ?? Data()
    try AtomicFile.write(data, to: directory + "/" + key + ".json")
    return directory + "/" + name
  }

  /// The format `bytes` are, when they are an image a remote image may be: sniffed from the
  /// bytes as a local image's header is checked (`ImageFile`), whatever the address or the
  /// server's `Content-Type` say. Nil, with why, otherwise.
  public static func sniff(_ bytes: [UInt8]) -> Result<String, ImageFile.Problem> {
    switch ImageFile.inspect(bytes: bytes, extension: "") {
    case .failure(let problem) where problem.reason == "not an image" && !bytes.isEmpty:
      return .failure(
        ImageFile.Problem(
          reason: problem.reason, message: "is not PNG, JPEG, GIF, WebP or SVG by its bytes"))
    case .failure(let problem): return .failure(problem)
    case .success(let header):
      guard formats[header.format] != nil else {
        return .failure(
          ImageFile.Problem(
            reason: "not an image",
            message: "is a \(header.format); remote images may be PNG, JPEG, GIF, WebP or SVG"))
      }
      return .success(header.format)
    }
  }
}

extension Deck {
  /// Every remote image's address, once each in the deck's order, with where it is first
  /// written and the cached file that shows it (nil: not fetched): what `podium fetch`
  /// downloads.
  public var remoteImages: [(url: String, location: SourceLocation, file: String?)] {
    var seen = Set<String>()
    return slides.flatMap { $0.images }.compactMap { image, location in
      guard let url = image.url, seen.insert(url).inserted else { return nil }
      return (url, location, image.path)
    }
  }
}

extension DeckLoader {
  /// Gives each remote image the file the cache holds for it (checked from its header as a
  /// local image is). Those not there show nothing to the room and a placeholder to the
  /// speaker, and one warning for the deck counts them and names `podium fetch`.
  func findRemoteImages(in deck: inout Deck) -> [Diagnostic] {
    var missing: [(url: String, location: SourceLocation)] = []
    var found: [String: (file: String, header: ImageFile.Header)?] = [:]
    for index in deck.slides.indices {
      deck.slides[index].updateImages { image, location in
        guard let url = image.url, image.path == nil else { return }
        let entry: (file: String, header: ImageFile.Header)?
        if let known = found[url] {
          entry = known
        } else {
          entry = remoteImages?.file(for: url).flatMap { file in
            (try? ImageFile.inspect(path: file).get()).map { (file, $0) }
          }
          found[url] = .some(entry)
        }
        guard let (file, header) = entry else {
          if !missing.contains(where: { $0.url == url }) { missing.append((url, location)) }
          return
        }
        image.path = file
        image.problem = nil
        if let animation = header.animation, let size = header.size, animation.fits(size) {
          image.animation = animation
        }
      }
    }
    guard let first = missing.first else { return [] }
    let count = missing.count == 1 ? "a remote image" : "\(missing.count) remote images"
    let name = (deck.file as NSString).lastPathComponent
    return [
      Diagnostic(
        .warning, file: deck.file, at: first.location,
        "\(count) not fetched ('\(first.url)'\(missing.count > 1 ? " and others" : "")): "
          + "run 'podium fetch \(name)' before the talk; until then the audience sees nothing "
          + "in their place and the console a placeholder")
    ]
  }
}
