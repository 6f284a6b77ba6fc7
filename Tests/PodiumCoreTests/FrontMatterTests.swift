import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct FrontMatterTests {
  @Test func readsEveryKeyTyped() throws {
    let result = parse(
      """
      ---
      title: Scaling the Unscalable
      subtitle: A talk
      author: A. Speaker
      date: 2026-11-22
      theme: dark
      aspect: 4:3
      duration: 1h10m
      font: DejaVu Serif
      code-font: DejaVu Sans Mono
      footer: "@speaker · Conf 2026"
      paginate: true
      ---

      # Hello
      """)
    #expect(result.messages == [])
    let metadata = try #require(result.deck?.metadata)
    #expect(metadata.title == "Scaling the Unscalable")
    #expect(metadata.subtitle == "A talk")
    #expect(metadata.author == "A. Speaker")
    #expect(metadata.date == "2026-11-22")
    #expect(metadata.theme == .dark)
    #expect(metadata.aspect == AspectRatio(width: 4, height: 3))
    #expect(metadata.duration == TalkDuration(seconds: 4200))
    #expect(metadata.font == "DejaVu Serif")
    #expect(metadata.codeFont == "DejaVu Sans Mono")
    #expect(metadata.footer == "@speaker · Conf 2026")
    #expect(metadata.paginate)
    #expect(metadata.keyLocations["font"] == PodiumCore.SourceLocation(line: 9, column: 7))
    #expect(result.deck?.slides.count == 1)
    #expect(result.deck?.slides.first?.location.line == 15)
  }

  @Test func defaultsWithoutFrontMatter() throws {
    let metadata = try deck("# Only a slide").metadata
    #expect(metadata == DeckMetadata())
    #expect(metadata.theme == .light)
    #expect(metadata.aspect == .wide)
    #expect(!metadata.paginate)
  }

  @Test func unknownKeyIsAWarningWithItsPlace() {
    let result = parse("---\ntitle: T\nthem: dark\nwibble: 3\n---\n# A\n")
    #expect(
      result.messages == [
        "3:1: warning: unknown front-matter key 'them' (ignored); did you mean 'theme'?",
        "4:1: warning: unknown front-matter key 'wibble' (ignored); known keys: title, subtitle, author, date, theme, aspect, duration, font, code-font, footer, paginate, end-time, event, location, options",
      ])
    #expect(!result.hasErrors)
  }

  @Test func wrongValuesAreErrorsNamingTheAllowedValues() {
    let result = parse(
      """
      ---
      theme: neon
      aspect: wide
      duration: soon
      paginate: maybe
      title: [a, b]
      ---
      # A
      """)
    #expect(
      result.messages == [
        "2:8: warning: unknown theme 'neon'; the default theme is used (built in: default, gaia, uncover, light, dark, or a theme .yaml file)",
        "3:9: error: aspect 'wide' is not a slide shape; expected 16:9, 16:10, 4:3 or WxH (e.g. 1920x1080)",
        "4:11: error: duration 'soon' is not a length of time; expected e.g. 25m, 1h10m or 90s",
        "5:11: warning: paginate is true, false, hold or skip, not 'maybe'; read as false",
        "6:8: error: 'title' must be text, found a list",
      ])
    // The deck still loads, so `check` can report everything at once.
    #expect(result.deck?.slides.count == 1)
  }

  @Test func invalidYAMLReportsTheLineAndColumnInTheFile() {
    let result = parse("---\ntitle: ok\nauthor: [unclosed\nfont: x\n---\n# A\n")
    #expect(result.diagnostics.count == 1)
    let diagnostic = result.diagnostics[0]
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message.hasPrefix("front matter is not valid YAML: "))
    // libyaml notices the missing ']' when it reaches the next key on line 4.
    #expect(diagnostic.location?.line == 4)
  }

  @Test func tabIndentationIsAYAMLErrorAtItsPlace() {
    let result = parse("---\ntitle: ok\n\tauthor: me\n---\n# A\n")
    #expect(result.hasErrors)
    #expect(result.diagnostics.first?.location?.line == 3)
  }

  @Test func frontMatterMustBeAMapping() {
    let result = parse("---\n- a: 1\n- b\n---\n# A\n")
    // A list does not look like `key:` lines, so this is a separator and a rule, not metadata.
    #expect(result.deck?.metadata == DeckMetadata())
    let scalar = parse("---\ntitle: x\n---\n")
    #expect(
      scalar.messages == ["1:1: warning: the deck has no slides"]
        || scalar.deck?.slides.isEmpty == true)
  }

  @Test func aDeckOpeningWithASeparatorHasNoFrontMatter() throws {
    let deck = try deck("---\n# Slide one\n\ntext\n\n---\n\n# Slide two\n")
    #expect(deck.slides.count == 2)
    #expect(deck.metadata == DeckMetadata())
    // A heading alone between two separators is a slide, though YAML would call it a comment.
    let headingOnly = try PodiumCoreTests.deck("---\n# Only a heading\n---\n\n# Two\n")
    #expect(headingOnly.slides.map(\.title) == ["Only a heading", "Two"])
    // Commented front matter with keys is still front matter.
    let commented = try PodiumCoreTests.deck("---\n# my talk\ntitle: T\n---\n\n# One\n")
    #expect(commented.metadata.title == "T")
    #expect(commented.slides.count == 1)
  }

  @Test func durationWithoutUnitIsReadAsMinutesWithAWarning() {
    let result = parse("---\nduration: 25\n---\n# A\n")
    #expect(result.deck?.metadata.duration == TalkDuration(seconds: 1500))
    #expect(
      result.messages == [
        "2:11: warning: duration '25' has no unit; read as 25 minutes (write 25m)"
      ])
  }

  @Test func otherToolsKeysAreReadOrIgnored() throws {
    let result = parse(
      "---\nmarp: true\nsize: 4:3\nsub_title: Sub\nauthors:\n  - Ann\n  - Bob\n---\n# A\n")
    #expect(result.messages == [])
    let metadata = try #require(result.deck?.metadata)
    #expect(metadata.aspect == AspectRatio(width: 4, height: 3))
    #expect(metadata.subtitle == "Sub")
    #expect(metadata.author == "Ann, Bob")
  }

  @Test func endTimeIsATimeOfDay() throws {
    let good = try #require(parse("---\nend_time: 9:05\n---\n# A\n").deck)
    #expect(good.metadata.endTime == "09:05")
    #expect(
      parse("---\nend-time: 25:00\n---\n# A\n").messages == [
        "2:11: error: end-time '25:00' is not a time of day; expected HH:MM, e.g. 14:45"
      ])
  }

  @Test func themeFileMustExist() throws {
    let missing = parse("---\ntheme: themes/corp.yaml\n---\n# A\n")
    #expect(
      missing.messages == [
        "2:8: warning: theme file 'themes/corp.yaml' not found; the default theme is used"
      ])

    let folder = try Fixtures.temporaryDirectory()
    let themePath = folder.appendingPathComponent("corp.yaml")
    try "colors: {}\n".write(to: themePath, atomically: true, encoding: .utf8)
    let found = parse("---\ntheme: corp.yaml\n---\n# A\n", baseDirectory: folder.path)
    #expect(found.messages == [])
    #expect(found.deck?.metadata.theme == .file(path: themePath.path))
  }

  @Test func repeatedKeyIsAnError() {
    let result = parse("---\ntitle: A\ntitle: B\n---\n# A\n")
    #expect(
      result.messages == [
        "2:1: error: front matter is not valid YAML: 'title' appears more than once; each key may be set once"
      ])
  }
}
