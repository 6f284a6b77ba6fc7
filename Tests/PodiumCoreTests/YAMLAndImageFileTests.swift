import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumCore

/// The checks that run before YAML is composed and before an image is decoded.
@Suite struct YAMLAndImageFileTests {
  @Test func anchorsAndAliasesAreFoundWhereANodeStarts() {
    func found(_ yaml: String) -> String? { YAMLText.firstAnchorOrAlias(in: yaml)?.name }
    #expect(found("a: &x 1\nb: *x\n") == "&x")
    #expect(found("list:\n  - &item one\n") == "&item")
    #expect(found("? *key\n: 1\n") == "*key")
    #expect(found("a: [1, *b]\n") == "*b")
    #expect(found("a: {k: &c v}\n") == "&c")
    #expect(found("a: !!str &d x\n") == "&d")
    let laughs = YAMLText.firstAnchorOrAlias(in: "title: x\nlol: &lol [a, b]\n")
    #expect(
      laughs == YAMLText.AnchorRefused(name: "&lol", location: SourceLocation(line: 2, column: 6)))
  }

  @Test func ampersandsAndStarsInTextAreText() {
    for yaml in [
      "title: Tom & Jerry\n", "title: R&D *draft*\n", "title: a *b*, &c\n", "title: \"&quoted\"\n",
      "footer: 'it''s *not* an alias'\n", "title: 2 * 3\n", "title: x # &comment\n",
      "footer: |\n  &literal\n  *block\ntitle: ok\n", "title: \"two\n  &lines\"\n",
      "title: a, *b*\n",
      "url: https://example.com/?a=1&b=2\n",
    ] {
      #expect(YAMLText.firstAnchorOrAlias(in: yaml) == nil, "\(yaml)")
      #expect(throws: Never.self, "\(yaml)") { try YAMLText.compose(yaml) }
    }
  }

  @Test func aThemeOrConfigurationWithAnchorsIsAnErrorWithItsPlace() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "podium-yaml-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let theme = folder.appendingPathComponent("theme.yaml").path
    try "colors:\n  background: &bg \"#000000\"\n  text: *bg\n".write(
      toFile: theme, atomically: true, encoding: .utf8)
    let themed = ThemeLoader.load(path: theme).1
    #expect(
      themed.first?.description
        == "\(theme):2:15: error: YAML anchor '&bg' is not allowed here; write each value out in full"
    )
    let config = folder.appendingPathComponent("config.yaml").path
    try "keys: &k\n  next: [x]\n".write(toFile: config, atomically: true, encoding: .utf8)
    #expect(
      Configuration.load(path: config).1.first?.description.contains(
        "config.yaml:1:7: error: YAML anchor '&k'") == true)
  }

  /// Headers of each format Podium reads sizes from, made by hand.
  @Test func headersGiveTheFormatAndSizeWithoutDecoding() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "podium-images-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func inspect(_ bytes: [UInt8], _ name: String = "image") throws -> Result<
      ImageFile.Header, ImageFile.Problem
    > {
      let path = folder.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return ImageFile.inspect(path: path)
    }
    func be(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func le(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
      be(data.count, 4) + Array(kind.utf8) + data + [0, 0, 0, 0]
    }
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let png =
      signature + chunk("IHDR", be(640, 4) + be(480, 4) + [8, 6, 0, 0, 0])
      + chunk("IDAT", [1, 2, 3]) + chunk("IEND", [])
    #expect(
      try inspect(png)
        == .success(ImageFile.Header(format: "PNG", size: PixelSize(width: 640, height: 480))))
    #expect(
      try inspect(Array(png.dropLast(12)))
        == .failure(
          ImageFile.Problem(
            reason: "damaged image",
            message: "is truncated or damaged (the file ends inside its data)")))
    let jpeg: [UInt8] =
      [0xFF, 0xD8] + [0xFF, 0xE0] + be(16, 2) + [UInt8](repeating: 0, count: 14)
      + [0xFF, 0xC0] + be(17, 2) + [8] + be(1080, 2) + be(1920, 2) + [3]
      + [UInt8](repeating: 0, count: 9)
    #expect(
      try inspect(jpeg)
        == .success(ImageFile.Header(format: "JPEG", size: PixelSize(width: 1920, height: 1080))))
    #expect(
      try inspect(Array(jpeg.prefix(12))).map(\.format)
        == .failure(
          ImageFile.Problem(
            reason: "damaged image",
            message: "is truncated or damaged (the file ends inside its data)")))
    let gif = Array("GIF89a".utf8) + le(320, 2) + le(200, 2) + [0, 0, 0]
    #expect(
      try inspect(gif)
        == .success(ImageFile.Header(format: "GIF", size: PixelSize(width: 320, height: 200))))
    let webp =
      Array("RIFF".utf8) + le(100, 4) + Array("WEBPVP8X".utf8) + le(10, 4) + [0, 0, 0, 0]
      + le(799, 3) + le(599, 3) + [0, 0]
    #expect(
      try inspect(webp)
        == .success(ImageFile.Header(format: "WebP", size: PixelSize(width: 800, height: 600))))
    let huge =
      signature + chunk("IHDR", be(30000, 4) + be(30000, 4) + [1, 0, 0, 0, 0]) + chunk("IEND", [])
    guard case .failure(let problem) = try inspect(huge) else {
      Issue.record("a 30000 × 30000 PNG passed")
      return
    }
    #expect(problem.reason == "image too large")
    #expect(problem.message.hasPrefix("is 30000 × 30000 pixels"))
    #expect(
      try inspect(Array("plain text".utf8), "text.png").map(\.format)
        == .failure(
          ImageFile.Problem(
            reason: "not an image",
            message:
              "is not an image Podium can show (not PNG, JPEG, GIF, WebP, BMP, SVG or another format SDL_image reads)"
          )))
    #expect(
      try inspect(Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)).map(\.format)
        == .success("SVG"))
    #expect(
      ImageFile.inspect(path: folder.appendingPathComponent("absent.png").path).map(\.format)
        == .failure(ImageFile.Problem(reason: "image not found", message: "not found")))
  }

  @Test func theBundledImageIsAPNGOfItsRealSize() throws {
    let path = Fixtures.packageRoot.appendingPathComponent("Decks/images/two-displays.png").path
    guard case .success(let header) = ImageFile.inspect(path: path) else {
      Issue.record("the bundled image was refused")
      return
    }
    #expect(header.format == "PNG")
    #expect((header.size?.width ?? 0) > 100)
  }
}
