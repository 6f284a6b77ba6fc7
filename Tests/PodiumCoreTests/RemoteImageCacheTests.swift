import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Remote images in every syntax that names a picture, and the cache `podium fetch` fills and
/// loading reads (no network here: entries are stored directly).
@Suite struct RemoteImageCacheTests {
  func cache() throws -> RemoteImageCache {
    RemoteImageCache(
      directory: try Fixtures.temporaryDirectory("podium-cache").appendingPathComponent("images")
        .path)
  }

  var png: [UInt8] { Array(Fixtures.onePixelPNG) }

  @Test func everyImageSyntaxNamesItsRemoteImages() throws {
    func urls(_ text: String, file: String = "deck.md") throws -> [String] {
      let folder = try Fixtures.temporaryDirectory()
      let path = folder.appendingPathComponent(file).path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      var loader = DeckLoader(math: nil)
      loader.remoteImages = nil
      return try #require(loader.load(path).deck).remoteImages.map(\.url)
    }
    #expect(
      try urls("![a](https://a.test/1.png)\n\n- ![b](http://a.test/2.png)\n") == [
        "https://a.test/1.png", "http://a.test/2.png",
      ])
    #expect(
      try urls(
        """
        ---
        marp: true
        backgroundImage: url('https://a.test/bg.jpg')
        ---

        ![bg left:30%](https://a.test/side.webp)
        """) == ["https://a.test/side.webp", "https://a.test/bg.jpg"])
    #expect(
      try urls(
        """
        ---
        theme: seriph
        ---

        ---
        layout: image-right
        image: https://a.test/slidev.png
        ---

        # Slidev
        """, file: "slides.md") == ["https://a.test/slidev.png"])
    #expect(
      try urls("![image:width:50%](https://a.test/presenterm.png)\n") == [
        "https://a.test/presenterm.png"
      ])
  }

  @Test func storedImagesAreFoundByTheirAddressOnly() throws {
    let cache = try cache()
    let url = "https://a.test/photo.jpg"
    #expect(cache.file(for: url) == nil)
    let file = try cache.store(png, format: "PNG", for: url)
    #expect(file.hasSuffix(".png"))
    #expect(cache.file(for: url) == file)
    #expect(cache.file(for: url + "?v=2") == nil)
    // A record naming another address (two addresses of one hash) is not this one's.
    let record = file.replacingOccurrences(of: ".png", with: ".json")
    let text = try String(contentsOfFile: record, encoding: .utf8)
    try text.replacingOccurrences(of: "photo.jpg", with: "other.jpg").write(
      toFile: record, atomically: true, encoding: .utf8)
    #expect(cache.file(for: url) == nil)
    // A record without its image (a crash between the two writes cannot leave this, but a
    // cleaned cache can) is not found either.
    _ = try cache.store(png, format: "PNG", for: url)
    try FileManager.default.removeItem(atPath: file)
    #expect(cache.file(for: url) == nil)
    #expect(throws: AtomicFile.WriteError.self) { try cache.store(png, format: "TIFF", for: url) }
  }

  @Test func bytesDecideTheFormat() throws {
    #expect(try RemoteImageCache.sniff(png).get() == "PNG")
    #expect(try RemoteImageCache.sniff(Array("GIF89a\u{1}\0\u{1}\0\0\0\0".utf8)).get() == "GIF")
    #expect(
      try RemoteImageCache.sniff(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8))
        .get() == "SVG")
    let html = RemoteImageCache.sniff(Array("<!doctype html><title>x</title>".utf8))
    #expect(throws: ImageFile.Problem.self) { try html.get() }
    if case .failure(let problem) = html {
      #expect(problem.message == "is not PNG, JPEG, GIF, WebP or SVG by its bytes")
    }
    // BMP is an image, but not one a remote image may be.
    let bmp = [UInt8]("BM".utf8) + [UInt8](repeating: 0, count: 16) + [1, 0, 0, 0, 1, 0, 0, 0]
    if case .failure(let problem) = RemoteImageCache.sniff(bmp) {
      #expect(problem.message.contains("BMP"))
    } else {
      Issue.record("a BMP is refused")
    }
    #expect(throws: ImageFile.Problem.self) { try RemoteImageCache.sniff([]).get() }
  }

  @Test func loadingUsesTheCacheAndWarnsOnceForWhatIsNotThere() throws {
    let cache = try cache()
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("talk.md").path
    try """
    # Remote

    ![kept](https://a.test/kept.png)

    ![gone](https://a.test/gone.png)

    ![bg](https://a.test/gone-too.png)
    """.write(toFile: path, atomically: true, encoding: .utf8)
    _ = try cache.store(png, format: "PNG", for: "https://a.test/kept.png")
    var loader = DeckLoader(math: nil)
    loader.remoteImages = cache
    let loaded = loader.load(path)
    let images = try #require(loaded.deck).slides[0].images.map(\.image)
    #expect(images.map(\.isUnfetched) == [false, true, true])
    #expect(images[0].path == cache.file(for: "https://a.test/kept.png"))
    #expect(images[0].problem == nil)
    #expect(
      loaded.diagnostics.map(\.description) == [
        "\(path):5:1: warning: 2 remote images not fetched ('https://a.test/gone.png' and "
          + "others): run 'podium fetch talk.md' before the talk; until then the audience sees "
          + "nothing in their place and the console a placeholder"
      ])
    #expect(
      RemoteImageCache.standard(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).directory
        == "/x/podium/images")
    #expect(
      RemoteImageCache.standard(environment: ["HOME": "/h"]).directory
        == "/h/.cache/podium/images")
  }
}
