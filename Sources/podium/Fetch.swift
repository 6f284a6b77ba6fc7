import ArgumentParser
import Foundation
import PodiumCore
import PodiumFetch

struct Fetch: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Download a deck's remote images ahead, so that the talk needs no network.",
    discussion:
      "Each http or https image the deck names ('![](https://...)', Marp's '![bg](https://...)', "
      + "a 'backgroundImage' or a Slidev 'image:') is downloaded once into Podium's cache "
      + "($XDG_CACHE_HOME/podium/images, or ~/.cache/podium/images); the talk, 'check' and "
      + "'export' then show it from there and never reach the network. Its bytes must be a PNG, "
      + "JPEG, GIF, WebP or SVG, whatever its address or the server say. Prints a line for each "
      + "address with its result; exits 1 when any could not be fetched, 2 for a usage error."
  )

  @Argument(
    help: "The deck files whose images to fetch.",
    completion: .file(extensions: ["md", "markdown"]))
  var decks: [String]

  @Option(help: "Give up on an image after this many seconds.")
  var timeout: Double = 20

  @Option(name: .customLong("max-size"), help: "Refuse an image larger than this many megabytes.")
  var maxSize: Int = 32

  @Flag(help: "Download again the images the cache holds already.")
  var refresh = false

  func validate() throws {
    if decks.isEmpty { throw ValidationError("Missing a deck file, e.g. 'podium fetch talk.md'.") }
    if !(timeout > 0 && timeout <= 600) {
      throw ValidationError("--timeout '\(timeout)' is not between 0 and 600 seconds.")
    }
    if !(1...1024).contains(maxSize) {
      throw ValidationError("--max-size '\(maxSize)' is not between 1 and 1024 megabytes.")
    }
  }

  func run() throws {
    var failed = false
    for path in decks where !Self.fetch(deck: path, options: self, print: { print($0) }) {
      failed = true
    }
    if failed { throw ExitCode.failure }
  }

  var fetcher: RemoteImageFetcher {
    var fetcher = RemoteImageFetcher(
      limits: CurlTransfer.Limits(maximumBytes: maxSize << 20, timeout: timeout))
    fetcher.refresh = refresh
    return fetcher
  }

  /// Fetches one deck's remote images, printing a line for each; false when the deck cannot be
  /// read or an image could not be fetched. What `podium check --fetch` does first too.
  static func fetch(deck path: String, options: Fetch?, print: (String) -> Void) -> Bool {
    let settings = Configuration.load(path: Configuration.defaultPath()).0
    var loader = DeckLoader(configuration: settings, math: nil)
    loader.remoteImages = nil
    let loaded = loader.load(path)
    guard let deck = loaded.deck else {
      for diagnostic in loaded.diagnostics where diagnostic.severity == .error {
        print("\(diagnostic)")
      }
      return false
    }
    let fetcher = options?.fetcher ?? RemoteImageFetcher()
    let outcomes = fetcher.fetch(deck)
    for outcome in outcomes { print(outcome.line(deck: path)) }
    let fetched = outcomes.filter { if case .fetched = $0.result { true } else { false } }.count
    let failures = outcomes.filter(\.failed).count
    let cached = outcomes.count - fetched - failures
    let images = outcomes.count == 1 ? "1 remote image" : "\(outcomes.count) remote images"
    print("\(path): \(images), \(fetched) fetched, \(cached) in the cache, \(failures) failed")
    return failures == 0
  }
}
