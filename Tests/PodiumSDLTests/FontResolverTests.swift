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

  @Test func checkNamesThePackageForAScriptNoInstalledFontHas() throws {
    let path = try Fixtures.writeDeck(
      "# Scripts\n\nहिन्दी और English\n\n- ภาษาไทย\n- 한국어\n\n---\n\n# हिन्दी again\n\n???\n\n한국어\n")
    let deck = try #require(DeckParser.parse(fileAt: path).deck)
    // scripts/setup installed a font for each: nothing to say.
    #expect(SystemChecks.scriptDiagnostics(for: deck).isEmpty)
    // A machine without Devanagari and Korean fonts: one warning for each script, at the first
    // line that writes in it, naming the Debian package to install.
    let missing = SystemChecks.scriptDiagnostics(for: deck) {
      !(0x0900...0x097F).contains($0) && !(0xAC00...0xD7AF).contains($0)
    }
    #expect(
      missing.map(\.message) == [
        "no installed font has Devanagari; install fonts-noto-core",
        "no installed font has Korean; install fonts-nanum",
      ])
    #expect(missing.map { $0.location?.line } == [3, 6])
    #expect(missing.allSatisfy { $0.severity == .warning })
    #expect(missing.first?.description.hasPrefix("\(path):3:1: warning: no installed font") == true)
    // Speaker notes are read too: the console shows them.
    let notes = try Fixtures.writeDeck("# A\n\n???\n\nภาษาไทย\n")
    let thai = try #require(DeckParser.parse(fileAt: notes).deck)
    #expect(
      SystemChecks.scriptDiagnostics(for: thai) { _ in false }.map { $0.location?.line } == [5])
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
