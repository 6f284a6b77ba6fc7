import Foundation
import PodiumTestSupport
import Testing

@Suite struct CheckCommandTests {
  @Test func cleanDeckPrintsTheSummaryAndExitsZero() throws {
    let folder = try Fixtures.temporaryDirectory()
    try """
    # One

    <!-- pause -->

    more

    ???

    notes

    ---

    # Two
    """.write(to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    let result = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(result.status == 0)
    #expect(
      result.stdout == "talk.md: 2 slides, 3 build steps, 1 with notes, 0 errors, 0 warnings\n")
    #expect(result.stderr == "")
  }

  @Test func scriptsWithoutAnInstalledFontAreNamedWithTheirPackage() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "# हिन्दी · ภาษาไทย\n\n## مرحبا بالعالم שלום עולם\n\n- نكتب بلغة Swift 6\n- 한국어\n"
      .write(to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    // With scripts/setup's fonts there is nothing to report.
    let installed = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(installed.status == 0)
    #expect(installed.stdout.hasSuffix("0 errors, 0 warnings\n"), "\(installed.stdout)")
    // A fontconfig that knows only DejaVu (Arabic and Hebrew, not the others), as on a machine
    // without them: each missing script once, at its first line, with the package to install.
    try """
    <?xml version="1.0"?>
    <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
    <fontconfig>
      <dir>/usr/share/fonts/truetype/dejavu</dir>
      <cachedir>\(folder.path)/fontconfig-cache</cachedir>
    </fontconfig>
    """.write(to: folder.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
    let dejaVuOnly = try CommandRunner.podium(
      "check", "talk.md", in: folder,
      environment: ["FONTCONFIG_FILE": folder.appendingPathComponent("fonts.conf").path])
    #expect(dejaVuOnly.status == 0, "warnings only")
    #expect(
      dejaVuOnly.stdout.hasPrefix(
        """
        talk.md:1:1: warning: no installed font has Devanagari; install fonts-noto-core
        talk.md:1:1: warning: no installed font has Thai; install fonts-noto-core
        talk.md:6:3: warning: no installed font has Korean; install fonts-nanum

        """), "\(dejaVuOnly.stdout)")
  }

  @Test func skippedSlidesAreListedInTheSummary() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "# One\n\n---\n\n# Two\n\n<!-- skip -->\n\n---\n\n# Three\n\n<!-- skip_slide -->\n"
      .write(to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    let result = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "talk.md: 3 slides (2 skipped: 2, 3), 3 build steps, 0 with notes, 0 errors, 0 warnings\n"
    )
    let json = try CommandRunner.podium("check", "--json", "talk.md", in: folder)
    #expect(json.stdout.contains("\"skipped\" : true"))
  }

  @Test func problemsArePrintedWithTheirPlaceAndErrorsExitOne() throws {
    let folder = try Fixtures.temporaryDirectory()
    try """
    ---
    duration: soon
    colour: red
    ---

    # One

    ![chart](chart.png)
    """.write(to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    let result = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        talk.md:2:11: error: duration 'soon' is not a length of time; expected e.g. 25m, 1h10m or 90s
        talk.md:3:1: warning: unknown front-matter key 'colour' (ignored); known keys: title, subtitle, author, date, theme, aspect, duration, font, code-font, footer, paginate, end-time, event, location, options
        talk.md:8:1: warning: image 'chart.png' not found
        talk.md: 1 slide, 1 build step, 0 with notes, 1 error, 2 warnings

        """)
  }

  @Test func warningsAloneExitZeroUnlessStrict() throws {
    let path = try Fixtures.writeDeck("# A\n\n![x](missing.png)\n")
    #expect(try CommandRunner.podium("check", path).status == 0)
    #expect(try CommandRunner.podium("check", "--strict", path).status == 1)
  }

  @Test func missingFileAndDirectoryAreErrors() throws {
    let missing = try CommandRunner.podium("check", "/nonexistent/talk.md")
    #expect(missing.status == 1)
    #expect(
      missing.stdout == """
        /nonexistent/talk.md: error: no such file: '/nonexistent/talk.md'
        /nonexistent/talk.md: 0 slides, 0 build steps, 0 with notes, 1 error, 0 warnings

        """)
    let folder = try Fixtures.temporaryDirectory()
    let directory = try CommandRunner.podium("check", folder.path)
    #expect(directory.status == 1)
    #expect(
      directory.stdout.hasPrefix(
        "\(folder.path): error: '\(folder.path)' is a directory, not a deck file\n"))
  }

  /// Root reads any file, so the permission check runs the binary as `nobody`.
  @Test func unreadableFileIsAnError() throws {
    let folder = try Fixtures.temporaryDirectory()
    let deck = folder.appendingPathComponent("secret.md")
    try "# Secret\n".write(to: deck, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: deck.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
    let arguments = [
      "--reuid=nobody", "--regid=nogroup", "--clear-groups", CommandRunner.podium.path, "check",
      deck.path,
    ]
    let result: CommandResult
    if getuid() == 0 {
      // The binary lives under the checkout; every folder above it must let `nobody` through.
      result = try CommandRunner.run(setpriv, arguments)
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: deck.path)
      result = try CommandRunner.run(CommandRunner.podium, ["check", deck.path])
    }
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stdout.hasPrefix(
        "\(deck.path): error: cannot read '\(deck.path)': permission denied\n"))
  }

  @Test func jsonOutputCarriesTheSameFacts() throws {
    let path = try Fixtures.writeDeck(
      "# One\n\n<!-- layout: wrong -->\n\n---\n\n# Two\n\n???\n\nnote\n")
    let result = try CommandRunner.podium("check", "--json", path)
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let decks = try #require(object["decks"] as? [[String: Any]])
    #expect(decks.count == 1)
    let deck = decks[0]
    #expect(deck["file"] as? String == path)
    #expect(deck["slides"] as? Int == 2)
    #expect(deck["buildSteps"] as? Int == 2)
    #expect(deck["slidesWithNotes"] as? Int == 1)
    #expect(deck["errors"] as? Int == 1)
    #expect(deck["warnings"] as? Int == 0)
    let diagnostics = try #require(deck["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == 1)
    #expect(diagnostics[0]["line"] as? Int == 3)
    #expect(diagnostics[0]["column"] as? Int == 1)
    #expect(diagnostics[0]["severity"] as? String == "error")
    #expect((diagnostics[0]["message"] as? String)?.hasPrefix("unknown layout 'wrong'") == true)
    let slides = try #require(deck["slideList"] as? [[String: Any]])
    #expect(slides.map { $0["title"] as? String } == ["One", "Two"])
    #expect(slides.map { $0["hasNotes"] as? Bool } == [false, true])
  }

  /// Notes that follow the builds: each build step's part of them, for editors and scripts.
  @Test func jsonGivesEachStepsNotesWhenTheNotesAreInParts() throws {
    let path = try Fixtures.writeDeck(
      "# One\n\n- a\n\n<!-- pause -->\n\n- b\n\n<!-- pause -->\n\n- c\n\n???\n\n"
        + "Open.\n\n<!-- pause -->\n\nThen b.\n\n---\n\n# Two\n\n???\n\nAll of it.\n")
    let result = try CommandRunner.podium("check", "--json", path)
    #expect(result.status == 0, "\(result.stdout)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let deck = try #require((object["decks"] as? [[String: Any]])?.first)
    let slides = try #require(deck["slideList"] as? [[String: Any]])
    #expect(slides[0]["stepNotes"] as? [String] == ["Open.", "Then b.", "Then b."])
    #expect(slides[0]["notes"] as? String == "Open.\n\nThen b.")
    #expect(slides[1]["stepNotes"] == nil, "one part: the notes alone")
  }

  @Test func jsonNamesThePresentermDialectAndTheme() throws {
    let path = try Fixtures.writeDeck(
      "---\ntitle: Talk\ntheme:\n  name: gruvbox-dark\n---\n\nOne\n===\n<!-- end_slide -->\nTwo\n")
    let result = try CommandRunner.podium("check", "--json", path)
    #expect(result.status == 0, "\(result.stdout)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let deck = try #require((object["decks"] as? [[String: Any]])?.first)
    #expect(deck["dialect"] as? String == "presenterm")
    #expect(deck["presentermTheme"] as? String == "gruvbox-dark")
    #expect(deck["slides"] as? Int == 3, "the introduction slide and two")
  }

  @Test func usageErrorsExitTwo() throws {
    let noDeck = try CommandRunner.podium("check")
    #expect(noDeck.status == 2)
    #expect(noDeck.stderr.contains("Missing"))
    let badFlag = try CommandRunner.podium("check", "--frobnicate", "x.md")
    #expect(badFlag.status == 2)
    #expect(badFlag.stderr.contains("--frobnicate"))
    let badCommand = try CommandRunner.podium("dance")
    #expect(badCommand.status == 2)
  }

  @Test func helpAndVersionWorkAsArgumentParserUsersExpect() throws {
    let help = try CommandRunner.podium("--help")
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: podium <subcommand>"))
    #expect(help.stdout.contains("check"))
    let checkHelp = try CommandRunner.podium("help", "check")
    #expect(checkHelp.status == 0)
    #expect(checkHelp.stdout.contains("USAGE: podium check <decks> ... [--json] [--strict]"))
    let version = try CommandRunner.podium("--version")
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("podium 0.1.0 (SDL 2."))
  }

  @Test func slidesThatDoNotFitAreReportedWithTheirLine() throws {
    let lines = (1...150).map { "line \($0)\n" }.joined(separator: "\n")
    let path = try Fixtures.writeDeck("# Fits\n\n---\n\n## Too much\n\n" + lines)
    let result = try CommandRunner.podium("check", path)
    #expect(result.status == 0, "overflow is a warning")
    let warning = try #require(
      result.stdout.split(separator: "\n").first { $0.contains("does not fit") })
    #expect(
      warning.contains(
        ": warning: slide 2 does not fit even at the smallest text size; from here on it is cut off"
      ))
    let line = Int(warning.split(separator: ":")[1]) ?? 0
    #expect(line > 20, "the first block that is cut off, not the slide's first line: \(warning)")
  }

  @Test func themeFileProblemsAreReported() throws {
    let folder = try Fixtures.temporaryDirectory()
    try "extends: dark\ncolors:\n  accent: orange\n".write(
      to: folder.appendingPathComponent("corp.yaml"), atomically: true, encoding: .utf8)
    try "---\ntheme: corp.yaml\n---\n\n# A\n".write(
      to: folder.appendingPathComponent("talk.md"), atomically: true, encoding: .utf8)
    let result = try CommandRunner.podium("check", "talk.md", in: folder)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains("corp.yaml:3:11: error: 'accent' must be a colour like \"#1b2b34\""))
  }

  @Test(.enabled(if: Fixtures.hasCorpus, Fixtures.noCorpus))
  func everyCorpusDeckPasses() throws {
    let decks = Fixtures.compatDecks
    #expect(decks.count == 7, "the outside corpus holds seven decks at its top")
    for deck in decks {
      let result = try CommandRunner.podium("check", deck.path)
      #expect(result.status == 0, "\(deck.lastPathComponent): \(result.stdout)")
      #expect(!result.stdout.contains(": error:"))
    }
  }

  @Test func bundledDecksAreClean() throws {
    let decks = Fixtures.bundledDecks
    #expect(decks.contains { $0.lastPathComponent == "tour.md" })
    for deck in decks {
      let result = try CommandRunner.podium("check", "--strict", deck.path)
      #expect(result.status == 0, "\(deck.lastPathComponent): \(result.stdout)")
    }
    let tour = try CommandRunner.podium(
      "check", Fixtures.tour)
    let slides = Int(tour.stdout.split(separator: ":").last?.split(separator: " ").first ?? "") ?? 0
    #expect(slides >= 12, "the tour has at least 12 slides: \(tour.stdout)")
  }
}
