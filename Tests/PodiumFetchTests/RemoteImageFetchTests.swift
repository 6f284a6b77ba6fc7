import Foundation
import PodiumCore
import PodiumFetch
import PodiumSDL
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// `podium fetch`'s downloads against a server on loopback, and what a talk shows from the
/// cache afterwards, with no network.
@Suite(.serialized) struct RemoteImageFetchTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  static let red = RGBAColor(red: 0xE0, green: 0x20, blue: 0x1C)
  static let blue = RGBAColor(red: 0x1C, green: 0x60, blue: 0xE0)

  /// A folder the server serves: the fixtures, `red.png` also named `photo.jpg` (its bytes, not
  /// its name, say what it is), and a 3 MB file.
  func served() throws -> URL {
    let folder = try Fixtures.temporaryDirectory("podium-served")
    for name in ["red.png", "blue.png", "page.png"] {
      try FileManager.default.copyItem(
        at: Self.fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    try FileManager.default.copyItem(
      at: Self.fixtures.appendingPathComponent("red.png"),
      to: folder.appendingPathComponent("photo.jpg"))
    var big = try Data(contentsOf: Self.fixtures.appendingPathComponent("red.png"))
    big += Data(count: 3 << 20)
    try big.write(to: folder.appendingPathComponent("big.png"))
    return folder
  }

  func deck(_ text: String) throws -> (Deck, String) {
    let path = try Fixtures.writeDeck(text)
    var loader = DeckLoader(math: nil)
    loader.remoteImages = nil
    return (try #require(loader.load(path).deck), path)
  }

  func fetcher(timeout: Double = 20, maximumBytes: Int = 1 << 20) throws -> RemoteImageFetcher {
    let cache = RemoteImageCache(
      directory: try Fixtures.temporaryDirectory("podium-cache").appendingPathComponent("images")
        .path)
    return RemoteImageFetcher(
      cache: cache, limits: CurlTransfer.Limits(maximumBytes: maximumBytes, timeout: timeout))
  }

  @Test func fetchesEachAddressOnceIntoTheCacheByWhatItsBytesAre() throws {
    let server = try LoopbackServer(serving: try served())
    let (deck, _) = try deck(
      """
      # Remote

      ![photo](\(server.url("photo.jpg")))

      ![bg](\(server.url("redirect/blue.png")))

      ---

      ![again](\(server.url("photo.jpg")))
      """)
    #expect(
      deck.remoteImages.map(\.url) == [server.url("photo.jpg"), server.url("redirect/blue.png")])
    let fetcher = try fetcher()
    let first = fetcher.fetch(deck)
    #expect(
      first.map(\.result) == [
        .fetched(format: "PNG", bytes: 220), .fetched(format: "PNG", bytes: 236),
      ])
    let file = try #require(first[0].file)
    #expect(file.hasSuffix(".png"), "kept as what its bytes are, not as its name says: \(file)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: file))
        == Data(contentsOf: Self.fixtures.appendingPathComponent("red.png")))
    #expect(fetcher.cache.file(for: server.url("photo.jpg")) == file)
    #expect(server.requests == ["/photo.jpg", "/redirect/blue.png", "/blue.png"])

    // Fetched once: a second run asks the server nothing.
    let second = fetcher.fetch(deck)
    #expect(second.map(\.result) == [.cached, .cached])
    #expect(server.requests.count == 3)
    #expect(second[0].line(deck: "d.md").hasSuffix("photo.jpg: in the cache already"))
  }

  @Test func saysWhyAnImageCouldNotBeFetched() throws {
    let server = try LoopbackServer(serving: try served())
    let (deck, _) = try deck(
      """
      ![](\(server.url("missing.png")))

      ![](\(server.url("big.png")))

      ![](\(server.url("endless")))

      ![](\(server.url("page.png")))

      ![](\(server.url("loop")))

      ![](\(server.url("stall/red.png")))

      ![](\(server.url("redirect-file")))
      """)
    let start = Date()
    let fetcher = try fetcher(timeout: 1.5)
    let outcomes = fetcher.fetch(deck)
    let seconds = Date().timeIntervalSince(start)
    let reasons = outcomes.map { outcome -> String in
      if case .failed(let reason) = outcome.result { return reason }
      return "fetched"
    }
    #expect(reasons[0] == "HTTP 404")
    #expect(reasons[1] == "too large (over 1 MB)", "a length over the limit")
    #expect(reasons[2] == "too large (over 1 MB)", "no length: stopped at the limit")
    #expect(
      reasons[3]
        == "not an image: the response is not PNG, JPEG, GIF, WebP or SVG by its bytes "
        + "(the server says image/png)")
    #expect(reasons[4] == "more than 5 redirects")
    #expect(reasons[5] == "timed out after 1.5 s")
    #expect(reasons[6] == "only http and https addresses are fetched", "never a file: redirect")
    #expect(seconds < 8, "the stalling server is given up on: \(seconds) s")
    #expect(outcomes.allSatisfy { $0.file == nil })
    #expect(
      outcomes[0].line(deck: "talk.md")
        == "talk.md:1:1: error: \(server.url("missing.png")): HTTP 404")
    // Nothing refused is kept.
    let kept = (try? FileManager.default.contentsOfDirectory(atPath: fetcher.cache.directory)) ?? []
    #expect(kept.isEmpty, "\(kept)")
  }

  @Test func onlyHTTPAndHTTPSAreFetched() throws {
    let transfer = try #require(CurlTransfer())
    #expect(throws: CurlTransfer.Failure.notHTTP) { try transfer.get("file:///etc/passwd").get() }
    #expect(throws: CurlTransfer.Failure.notHTTP) {
      try transfer.get("ftp://127.0.0.1/x.png").get()
    }
    let (deck, _) = try deck("![](ftp://example.test/a.png)\n\n![](data:image/png;base64,AAAA)\n")
    #expect(deck.remoteImages.isEmpty)
  }

  /// Loading finds fetched images in the cache (no network); those not fetched are one warning
  /// for the deck, nothing on the audience and a placeholder with the address on the console.
  @Test func theTalkShowsFetchedImagesAndTheConsoleAloneMissingOnes() throws {
    let server = try LoopbackServer(serving: try served())
    let text = """
      # Offline

      ![photo](\(server.url("photo.jpg")))

      ---

      # Not fetched

      ![gone](\(server.url("blue.png")))

      ![bg right](\(server.url("red.png")))
      """
    let path = try Fixtures.writeDeck(text)
    let fetcher = try fetcher()
    var loader = DeckLoader(math: nil)
    loader.remoteImages = fetcher.cache
    let (deck, _) = try deck(text)
    var onlyFirst = deck
    onlyFirst.slides = [deck.slides[0]]
    #expect(fetcher.fetch(onlyFirst).allSatisfy { !$0.failed })
    let asked = server.requests.count

    let loaded = loader.load(path)
    #expect(server.requests.count == asked, "loading never reaches the network")
    let shown = try #require(loaded.deck)
    #expect(
      shown.slides[0].images.first?.image.path == fetcher.cache.file(for: server.url("photo.jpg")))
    let unfetched = shown.slides[1].images.map(\.image.isUnfetched)
    #expect(unfetched == [true, true])
    let warnings = loaded.diagnostics.map(\.description).filter { $0.contains("not fetched") }
    #expect(
      warnings == [
        "\(path):9:1: warning: 2 remote images not fetched ('\(server.url("blue.png"))' and "
          + "others): run 'podium fetch deck.md' before the talk; until then the audience sees "
          + "nothing in their place and the console a placeholder"
      ])

    let fonts = FontLibrary()
    let images = ImageLibrary()
    let measurer = SDLTextMeasurer(library: fonts)
    let engine = LayoutEngine(theme: loaded.theme, measurer: measurer, images: images)
    func render(_ frame: SlideFrame, _ name: String) throws -> RGBImage {
      let canvas = try OffscreenCanvas(
        size: frame.size, fonts: fonts, images: images, measurer: measurer)
      canvas.draw(frame)
      if let folder = ProcessInfo.processInfo.environment["PODIUM_FETCH_PNG"] {
        try canvas.writePNG(path: "\(folder)/\(name).png")
      }
      return RGBImage(canvas)
    }
    let size = PixelSize(width: 960, height: 540)
    // The fetched picture, from the cache.
    let first = try render(
      engine.layout(shown.slides[0], in: shown, step: 0, size: size), "fetched")
    #expect(first.count(of: Self.red, tolerance: 8) > 10_000)

    // Not fetched: the room sees their alt text in their place, no placeholder and no address.
    let audienceFrame = engine.layout(shown.slides[1], in: shown, step: 0, size: size)
    #expect(
      !audienceFrame.commands.contains {
        if case .text(let item) = $0 { return item.text.contains("127.0.0.1") }
        return false
      })
    #expect(audienceFrame.speakerOnly.count > 2)
    let audience = try render(audienceFrame, "audience")
    #expect(audience.count(of: Self.blue, tolerance: 8) == 0)
    #expect(audience.count(of: Self.red, tolerance: 8) == 0)
    #expect(audience.count(of: loaded.theme.colors.placeholder, tolerance: 2) == 0)

    // The console's view of the same slide: the placeholder with the address.
    var state = PresentationState(stepCounts: shown.slides.map(\.stepCount))
    state.apply(.next, at: 1)
    let console = engine.console(
      deck: shown, state: state,
      status: ConsoleStatus(now: 1, elapsed: 1, clock: "10:00", audience: "Audience"),
      size: PixelSize(width: 1280, height: 720)
    ).frame
    let current = try #require(slideLayers(console).first)
    #expect(current.key.hasSuffix(" speaker"))
    let words = current.frame.commands.compactMap { command -> String? in
      if case .text(let item) = command { return item.text }
      return nil
    }.joined(separator: " ")
    #expect(words.contains("not fetched"))
    #expect(words.contains("127.0.0.1"))
    let consoleImage = try render(console, "console")
    #expect(consoleImage.count(of: loaded.theme.colors.placeholder, tolerance: 2) > 1_000)
  }

  func slideLayers(_ frame: SlideFrame) -> [LayerItem] {
    frame.commands.flatMap { command -> [LayerItem] in
      guard case .layer(let item) = command else { return [] }
      return item.key.hasPrefix("console") ? slideLayers(item.frame) : [item]
    }
  }
}
