import Foundation
import PodiumCore
import PodiumSDL
import PodiumSDLTestSupport
import Testing

@Suite struct FontLibraryTests {
  let library = FontLibrary()
  let body = FontSpec(family: "DejaVu Sans", size: 40)
  let ink = RGBAColor(red: 200, green: 30, blue: 40)

  func inkPixels(_ surface: Surface, matching color: RGBAColor, tolerance: Int = 8) -> Int {
    var count = 0
    for y in 0..<surface.height {
      for x in 0..<surface.width {
        let pixel = surface.pixel(x: x, y: y)
        if pixel.alpha > 200, abs(Int(pixel.red) - Int(color.red)) <= tolerance,
          abs(Int(pixel.green) - Int(color.green)) <= tolerance,
          abs(Int(pixel.blue) - Int(color.blue)) <= tolerance
        {
          count += 1
        }
      }
    }
    return count
  }

  @Test func latinTextRendersAtItsMeasuredWidthInItsColour() throws {
    let surface = try #require(try library.renderLine("Hello, stage", font: body, color: ink))
    #expect(surface.width == library.width(of: "Hello, stage", font: body))
    #expect(
      surface.height >= Int(library.metrics(for: body).ascent + library.metrics(for: body).descent))
    #expect(inkPixels(surface, matching: ink) > 300, "solid text pixels in the requested colour")
    #expect(surface.pixel(x: 0, y: 0).alpha == 0, "the background is transparent")
    let empty = try library.renderLine("", font: body, color: ink)
    #expect(empty == nil)
  }

  @Test func boldIsWiderAndMonospaceIsEven() {
    #expect(
      library.width(of: "Podium", font: FontSpec(family: "DejaVu Sans", size: 40, bold: true))
        > library.width(of: "Podium", font: body))
    let mono = FontSpec(family: "DejaVu Sans Mono", size: 40)
    #expect(
      abs(library.width(of: "iiiiiiiiii", font: mono) - library.width(of: "WWWWWWWWWW", font: mono))
        <= 1)
    #expect(
      library.width(of: "iiiiiiiiii", font: mono) == 2 * library.width(of: "iiiii", font: mono))
    let metrics = library.metrics(for: body)
    #expect(metrics.ascent > 30 && metrics.ascent < 45)
    #expect(metrics.lineHeight >= metrics.ascent + metrics.descent)
  }

  @Test func cjkFallsBackToACJKFont() throws {
    let file = try #require(library.fontFile(for: "漢", font: body))
    #expect(file.contains("DroidSansFallback"))
    #expect(library.fontFile(for: "a", font: body)?.hasSuffix("DejaVuSans.ttf") == true)
    let surface = try #require(try library.renderLine("漢字テスト", font: body, color: ink))
    #expect(surface.width == library.width(of: "漢字テスト", font: body))
    // Ink in every fifth of the line: five real glyphs, not one box and blanks.
    let fifth = surface.width / 5
    for part in 0..<5 {
      var found = false
      for x in (part * fifth)..<((part + 1) * fifth) where !found {
        for y in 0..<surface.height where surface.pixel(x: x, y: y).alpha > 200 {
          found = true
          break
        }
      }
      #expect(found, "glyph \(part + 1) has ink")
    }
  }

  @Test func arabicAndHebrewAreShapedRightToLeft() throws {
    let arabic = library.segments(of: "مرحبا بالعالم", font: body)
    #expect(arabic.count == 1)
    #expect(arabic.first?.rightToLeft == true)
    // Joined Arabic letters are narrower than the same letters set apart.
    let joined = library.width(of: "مرحبا", font: body)
    let isolated = "مرحبا".map { library.width(of: String($0), font: body) }.reduce(0, +)
    #expect(joined < isolated)
    let hebrew = library.segments(of: "שלום עולם", font: body)
    #expect(hebrew.allSatisfy { $0.rightToLeft })
    // A right-to-left line lays its runs out from the right: the English word comes first
    // (leftmost) in visual order, reading left to right itself.
    let mixed = library.segments(of: "مرحبا Hello", font: body)
    #expect(mixed.map(\.rightToLeft) == [false, true])
    #expect(mixed.first?.text == "Hello")
    let latinFirst = library.segments(of: "Hello مرحبا", font: body)
    #expect(latinFirst.map(\.rightToLeft) == [false, true])
    #expect(latinFirst.last?.text == "مرحبا")
    // Digits read left to right inside Arabic.
    #expect(library.segments(of: "عام 2026", font: body).map(\.text) == ["2026", "عام "])
  }

  @Test func spacesAroundEnglishInsideArabicStayOneEachSide() {
    // FriBidi gives the spaces between Arabic and English the line's own direction, so each
    // stays with its Arabic word: one space left and one right of "Swift 6", none lost or doubled.
    let line = library.segments(of: "مرحبا Swift 6 عالم", font: body)
    #expect(line.map(\.text) == [" عالم", "Swift 6", "مرحبا "])
    #expect(line.map(\.rightToLeft) == [true, false, true])
    // Brackets around English in Arabic pair up (rule N0) and take the Arabic's direction, so
    // HarfBuzz mirrors them in the Arabic runs: the line reads "جيد (Swift) هذا" from the left.
    let bracketed = library.segments(of: "هذا (Swift) جيد", font: body)
    #expect(bracketed.map(\.text) == [") جيد", "Swift", "هذا ("])
    // A line that starts in English is left to right; a number after Arabic stays with it.
    let english = library.segments(of: "Swift مرحبا 6", font: body)
    #expect(english.map(\.text) == ["Swift ", "6", "مرحبا "])
  }

  @Test func styleGroupsOfALineStandInTheBidirectionalOrder() {
    let measurer = SDLTextMeasurer(library: library)
    // "مرحبا **Swift** and more": the English stays in reading order at the left of the Arabic.
    let english = measurer.visualOrder(of: ["مرحبا ", "Swift", " and more"], rightToLeft: true)
    #expect(english == [1, 2, 0])
    // Arabic words in two styles inside an English line read right to left.
    let arabic = measurer.visualOrder(of: ["Hello ", "مرحبا", " عالم"], rightToLeft: false)
    #expect(arabic == [0, 2, 1])
    #expect(measurer.visualOrder(of: ["one ", "two"], rightToLeft: false) == [0, 1])
  }

  @Test func eachScriptRunIsShapedAsItsScript() throws {
    // Arabic and Hebrew share DejaVu Sans and a direction, but not a shaper: joined only as Arabic.
    let mixed = library.segments(of: "שלום مرحبا", font: body)
    #expect(mixed.map(\.script) == ["Arab", "Hebr"])
    #expect(mixed.allSatisfy { $0.rightToLeft })
    let hindi = try #require(library.segments(of: "हिन्दी", font: body).first)
    #expect(hindi.script == "Deva")
    #expect(hindi.fontFile.contains("Devanagari"), "from \(hindi.fontFile)")
    let thai = try #require(library.segments(of: "ภาษาไทย", font: body).first)
    #expect(thai.script == "Thai")
    #expect(thai.fontFile.contains("Thai"), "from \(thai.fontFile)")
    let korean = try #require(library.segments(of: "한국어", font: body).first)
    #expect(korean.script == "Hang")
    #expect(FontCoverage().contains(0xD55C), "scripts/setup installs a Korean font")
    #expect(!korean.fontFile.contains("DejaVu"))
    // With a Korean font installed, Han and kana still come from the CJK font, not its hanja.
    #expect(library.fontFile(for: "漢", font: body)?.contains("DroidSansFallback") == true)
    #expect(library.fontFile(for: "の", font: body)?.contains("DroidSansFallback") == true)
  }

  /// Which file draws each script, in a sans-serif, a serif and a monospaced deck: the faces
  /// Podium names for it, whatever else the machine has (scripts/setup --tests installs
  /// fonts-freefont-ttf beside them, whose FreeSans and FreeSerif fontconfig preferred for
  /// Devanagari and Thai), and never a serif face in a sans-serif deck. DejaVu's own faces
  /// have Latin's neighbours (Armenian, Georgian, Lao, N'Ko and, in Sans, Hebrew and Arabic).
  @Test func eachScriptIsDrawnByTheFacePodiumNamesForIt() throws {
    let samples: KeyValuePairs<String, Character> = [
      "Armn": "Ա", "Hebr": "ש", "Arab": "م", "Syrc": "ܐ", "Thaa": "ހ", "Nkoo": "ߊ", "Deva": "क",
      "Beng": "ক", "Guru": "ਕ", "Gujr": "ક", "Orya": "କ", "Taml": "க", "Telu": "క", "Knda": "ಕ",
      "Mlym": "ക", "Sinh": "ක", "Thai": "ก", "Laoo": "ກ", "Tibt": "ཀ", "Mymr": "က", "Geor": "ა",
      "Ethi": "አ", "Khmr": "ក", "Hang": "한", "Hira": "の", "Kana": "カ", "Hani": "漢",
      "emoji": "🎤", "arrow": "⮕",
    ]
    func noto(_ name: String) -> String { "Noto\(name)-Regular.ttf" }
    let sans: [String: String] = [
      "Armn": "DejaVuSans.ttf", "Hebr": "DejaVuSans.ttf", "Arab": "DejaVuSans.ttf",
      "Syrc": noto("SansSyriac"), "Thaa": noto("SansThaana"), "Nkoo": "DejaVuSans.ttf",
      "Deva": noto("SansDevanagari"), "Beng": noto("SansBengali"), "Guru": noto("SansGurmukhi"),
      "Gujr": noto("SansGujarati"), "Orya": noto("SansOriya"), "Taml": noto("SansTamil"),
      "Telu": noto("SansTelugu"), "Knda": noto("SansKannada"), "Mlym": noto("SansMalayalam"),
      "Sinh": noto("SansSinhala"), "Thai": noto("SansThai"), "Laoo": "DejaVuSans.ttf",
      "Tibt": noto("SerifTibetan"), "Mymr": noto("SansMyanmar"), "Geor": "DejaVuSans.ttf",
      "Ethi": noto("SansEthiopic"), "Khmr": noto("SansKhmer"), "Hang": "NanumGothic.ttf",
      "Hira": "DroidSansFallbackFull.ttf", "Kana": "DroidSansFallbackFull.ttf",
      "Hani": "DroidSansFallbackFull.ttf", "emoji": "NotoColorEmoji.ttf",
      "arrow": noto("SansSymbols2"),
    ]
    var serif = sans
    for (tag, name) in [
      ("Deva", "Devanagari"), ("Beng", "Bengali"), ("Guru", "Gurmukhi"), ("Gujr", "Gujarati"),
      ("Taml", "Tamil"), ("Telu", "Telugu"), ("Knda", "Kannada"), ("Mlym", "Malayalam"),
      ("Sinh", "Sinhala"), ("Thai", "Thai"), ("Laoo", "Lao"), ("Ethi", "Ethiopic"),
      ("Khmr", "Khmer"), ("Hebr", "Hebrew"),
    ] {
      serif[tag] = noto("Serif\(name)")
    }
    serif["Arab"] = noto("NaskhArabic")
    serif["Mymr"] = "NotoSerifMyanmar-Bold.ttf"  // fontconfig's own pick of the family's faces
    serif["Hang"] = "NanumMyeongjo.ttf"
    for tag in ["Armn", "Geor"] { serif[tag] = "DejaVuSerif.ttf" }
    serif["Nkoo"] = noto("SansNKo")
    var monospace = sans
    for tag in ["Armn", "Arab", "Geor", "Laoo"] { monospace[tag] = "DejaVuSansMono.ttf" }
    monospace["Hebr"] = noto("SansHebrew")
    monospace["Nkoo"] = noto("SansNKo")
    for (family, expected) in [
      ("DejaVu Sans", sans), ("DejaVu Serif", serif), ("DejaVu Sans Mono", monospace),
    ] {
      let spec = FontSpec(family: family, size: 30)
      for (tag, sample) in samples {
        let file = library.fontFile(for: sample, font: spec)?.split(separator: "/").last
        #expect(file.map(String.init) == expected[tag], "\(family): \(tag)")
        if FaceStyle.of(family: family) != .serif, tag != "Tibt" {
          #expect(file.map { FaceStyle.of(family: String($0)) } != .serif, "\(family): \(tag)")
        }
      }
    }
  }

  @Test func emojiAreInColourAtTheTextSize() throws {
    #expect(library.fontFile(for: "🎤", font: body)?.contains("NotoColorEmoji") == true)
    let surface = try #require(try library.renderLine("🎤", font: body, color: ink))
    #expect(
      surface.height <= Int(library.metrics(for: body).lineHeight) + 2,
      "scaled from the 109 px bitmap")
    #expect(surface.width == library.width(of: "🎤", font: body))
    var colourful = 0
    for y in 0..<surface.height {
      for x in 0..<surface.width {
        let pixel = surface.pixel(x: x, y: y)
        let spread =
          Int(max(pixel.red, pixel.green, pixel.blue))
          - Int(min(pixel.red, pixel.green, pixel.blue))
        if pixel.alpha > 200, spread > 60, pixel != ink { colourful += 1 }
      }
    }
    #expect(colourful > 50, "the microphone is drawn in its own colours, not the text colour")
  }

  @Test func fontsOpenOncePerSize() throws {
    _ = try library.renderLine("one", font: body, color: ink)
    let opened = library.openedFontCount
    for _ in 0..<5 { _ = try library.renderLine("again and again", font: body, color: ink) }
    _ = library.width(of: "measure", font: body)
    #expect(library.openedFontCount == opened)
    _ = try library.renderLine(
      "bigger", font: FontSpec(family: "DejaVu Sans", size: 60), color: ink)
    #expect(library.openedFontCount == opened + 1)
  }

  @Test func missingFamilySubstitutesInsteadOfFailing() throws {
    let spec = FontSpec(family: "Podium No Such Font", size: 30)
    let surface = try #require(try library.renderLine("still readable", font: spec, color: ink))
    #expect(surface.width > 100)
  }
}
