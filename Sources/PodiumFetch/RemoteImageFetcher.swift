import Foundation
import PodiumCore

/// Downloads a deck's remote images into `RemoteImageCache` before a talk (`podium fetch`,
/// `podium check --fetch`): each address once, within `CurlTransfer`'s limits, its bytes
/// sniffed (PNG, JPEG, GIF, WebP or SVG, whatever the address or the server say) and checked
/// as a local image's header is, before they are kept.
public struct RemoteImageFetcher {
  public var cache: RemoteImageCache
  public var limits: CurlTransfer.Limits
  /// Downloads again what the cache holds already (`--refresh`).
  public var refresh = false

  public init(cache: RemoteImageCache = .standard(), limits: CurlTransfer.Limits = .init()) {
    self.cache = cache
    self.limits = limits
  }

  /// What became of one address.
  public struct Outcome: Sendable {
    public enum Result: Sendable, Equatable {
      /// Downloaded now: the format the bytes are, and how many.
      case fetched(format: String, bytes: Int)
      /// In the cache already.
      case cached
      case failed(String)
    }

    public var url: String
    public var location: SourceLocation
    public var result: Result
    /// The cached file, when there is one.
    public var file: String?

    public var failed: Bool {
      if case .failed = result { return true }
      return false
    }

    /// One line for the speaker: `deck.md:4:1: https://... fetched (PNG, 12 KB)`.
    public func line(deck: String) -> String {
      let place = "\(deck):\(location.line):\(location.column)"
      switch result {
      case .fetched(let format, let bytes):
        return "\(place): \(url): fetched (\(format), \(Self.size(bytes)))"
      case .cached:
        return "\(place): \(url): in the cache already"
      case .failed(let reason):
        return "\(place): error: \(url): \(reason)"
      }
    }

    static func size(_ bytes: Int) -> String {
      bytes < 1024
        ? "\(bytes) bytes"
        : bytes < 1 << 20
          ? "\((bytes + 512) / 1024) KB" : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }
  }

  /// Fetches every remote image of `deck` that the cache lacks, one after another.
  public func fetch(_ deck: Deck) -> [Outcome] {
    let transfer = CurlTransfer()
    return deck.remoteImages.map { url, location, _ in
      var outcome = Outcome(url: url, location: location, result: .cached)
      if !refresh, let file = cache.file(for: url) {
        outcome.file = file
        return outcome
      }
      guard let transfer else {
        outcome.result = .failed("libcurl could not be started")
        return outcome
      }
      switch fetch(url, with: transfer) {
      case .success(let (file, format, bytes)):
        outcome.file = file
        outcome.result = .fetched(format: format, bytes: bytes)
      case .failure(let reason):
        outcome.result = .failed(reason.message)
      }
      return outcome
    }
  }

  struct Refusal: Error {
    var message: String
  }

  /// One address: downloaded, sniffed, checked and kept.
  func fetch(_ url: String, with transfer: CurlTransfer) -> Result<
    (file: String, format: String, bytes: Int), Refusal
  > {
    let response: CurlTransfer.Response
    switch transfer.get(url, limits: limits) {
    case .success(let got): response = got
    case .failure(let failure): return .failure(Refusal(message: failure.description))
    }
    let format: String
    switch RemoteImageCache.sniff(response.body) {
    case .success(let sniffed): format = sniffed
    case .failure(let problem):
      let said = response.contentType.map { " (the server says \($0))" } ?? ""
      return .failure(Refusal(message: "\(problem.reason): the response \(problem.message)\(said)"))
    }
    do {
      let file = try cache.store(response.body, format: format, for: url)
      return .success((file, format, response.body.count))
    } catch {
      return .failure(Refusal(message: "\(error)"))
    }
  }
}
