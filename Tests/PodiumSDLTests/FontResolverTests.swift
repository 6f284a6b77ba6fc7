import Foundation
import PodiumCore
import PodiumSDL
import PodiumTestSupport
import Testing

@Suite struct FontResolverTests {
  @Test func resolvesInstalledFamiliesToFiles() throws {
    for family in ["DejaVu Sans", "DejaVu Sans Mono"] {
      let match = try #require(FontResolver.match(family: family))
      #expect(match.family == family)
      #expect(FileManager.default.fileExists(atPath: match.path))
      #expect(match.path.hasSuffix(".ttf"))
      #expect(FontResolver.isInstalled(family: family))
    }
    #expect(FontResolver.isInstalled(family: "sans"))
    #expect(FontResolver.isInstalled(family: "monospace"))
  }

  @Test func missingFamilyIsSubstitutedAndReportedAsMissing() throws {
    let family = "Podium No Such Font"
    #expect(!FontResolver.isInstalled(family: family))
    let substitute = try #require(FontResolver.match(family: family))
    #expect(substitute.family != family)
  }

  @Test func checkWarnsAtTheFrontMatterLineOfAMissingFont() throws {
    let path = try Fixtures.writeDeck(
      "---\ntitle: T\nfont: Podium No Such Font\ncode-font: DejaVu Sans Mono\n---\n# A\n")
    let deck = try #require(DeckParser.parse(fileAt: path).deck)
    let found = SystemChecks.diagnostics(for: deck, theme: .light)
    #expect(found.count == 1)
    #expect(found.first?.location == PodiumCore.SourceLocation(line: 3, column: 7))
    #expect(found.first?.severity == .warning)
    #expect(
      found.first?.message.hasPrefix(
        "font 'Podium No Such Font' is not installed; fontconfig substitutes '") == true)
    // The defaults are not the deck's choice and are not reported.
    let plain = try #require(DeckParser.parse(fileAt: try Fixtures.writeDeck("# A\n")).deck)
    #expect(SystemChecks.diagnostics(for: plain, theme: .light).isEmpty)
  }
}

@Suite struct LibraryVersionTests {
  @Test func linkedLibrariesAreSDL2Generation() {
    #expect(LibraryVersions.sdl.major == 2)
    #expect(LibraryVersions.sdl.minor >= 26)
    #expect(LibraryVersions.ttf.major == 2)
    #expect(LibraryVersions.image.major == 2)
    #expect(LibraryVersions.summary.hasPrefix("SDL 2."))
  }
}
