import Foundation
import PodiumTestSupport
import Testing

/// docs/DESIGN.md's boundaries, checked on the source tree.
@Suite struct ArchitectureTests {
  func swiftFiles(under folder: String) -> [URL] {
    let root = Fixtures.packageRoot.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    else {
      return []
    }
    return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
  }

  func imports(_ file: URL) -> [String] {
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ")
      guard let index = words.firstIndex(of: "import"), index + 1 < words.count else { return nil }
      return words[..<index].allSatisfy({ $0.hasPrefix("@") }) ? String(words[index + 1]) : nil
    }
  }

  @Test func onlyPodiumSDLImportsSDLAndFontconfig() {
    let files = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    #expect(files.count > 20)
    for file in files where !file.path.contains("/Sources/PodiumSDL/") {
      // The tests' pixel and allocation helpers read SDL surfaces, and nothing else.
      let testSupport = file.path.contains("/Sources/PodiumSDLTestSupport/")
      for module in imports(file) where module.hasPrefix("CSDL2") || module == "CFontconfig" {
        if testSupport && module != "CFontconfig" { continue }
        Issue.record("\(file.path) imports \(module); only Sources/PodiumSDL may")
      }
    }
  }

  @Test func theProductDoesNotDependOnTestSupport() {
    let product = [
      "Sources/PodiumCore", "Sources/PodiumSDL", "Sources/PodiumPDF", "Sources/PodiumVideo",
      "Sources/PodiumFetch", "Sources/PodiumRemote", "Sources/PodiumBus",
      "Sources/PodiumLauncher", "Sources/podium",
    ]
    for file in product.flatMap(swiftFiles(under:)) {
      for module in imports(file) where module.hasSuffix("TestSupport") {
        Issue.record("\(file.path) imports \(module), which is for tests only")
      }
    }
  }

  @Test func cmarkIsConfinedToOneFile() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CCmarkGFM") }
      .map(\.lastPathComponent)
    #expect(users == ["CommonMarkConverter.swift"])
  }

  /// gumbo's tree is copied into Podium's own values and freed in one file.
  @Test func gumboIsConfinedToOneFile() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CGumbo") }
      .map { $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "") }
    #expect(users == ["Sources/PodiumCore/Parsing/HTMLFragment.swift"])
  }

  /// libdeflate compresses in one file (PNG export) and inflates in one (PDF pictures).
  @Test func libdeflateIsConfinedToOneFileEachWay() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CDeflate") }
      .map(\.lastPathComponent)
    #expect(users.sorted() == ["PDFPictures.swift", "PNGEncoder.swift"])
  }

  /// FriBidi orders bidirectional lines in one file of PodiumSDL, beside the fonts it orders.
  @Test func friBidiIsConfinedToOneFile() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CFriBidi") }
      .map { $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "") }
    #expect(users == ["Sources/PodiumSDL/Text/Bidi.swift"])
  }

  /// libmicrohttpd, libqrencode and libdbus are each wrapped in one file of PodiumRemote (libdbus
  /// of PodiumBus, which the service and the client share), which draws nothing and which only the command line (and its tests) import: the talk's loop sees
  /// the server as PodiumCore's `TalkRemote`, the D-Bus service as its `TalkControl`.
  /// `podium` itself (the launcher) and the bus client it runs load libdbus and Swift's core
  /// library only: `podium remote next` must not wait for Foundation and Podium's 250-odd
  /// libraries to link (scripts/bench-bus).
  @Test func theLauncherAndTheBusClientImportNoFoundation() {
    let files = swiftFiles(under: "Sources/PodiumLauncher") + swiftFiles(under: "Sources/PodiumBus")
    #expect(files.count >= 4)
    for file in files {
      for module in imports(file) where !["Glibc", "CDBus", "PodiumBus"].contains(module) {
        Issue.record("\(file.path) imports \(module); the launcher links libdbus and Swift only")
      }
    }
  }

  @Test func theRemotesLibrariesAreConfinedToOneFileEachOfPodiumRemote() {
    let files = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    func users(of module: String) -> [String] {
      files.filter { imports($0).contains(module) }
        .map { $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "") }
    }
    #expect(users(of: "CMicroHTTPD") == ["Sources/PodiumRemote/MicroHTTPD.swift"])
    #expect(users(of: "CQRencode") == ["Sources/PodiumRemote/QRCode.swift"])
    #expect(users(of: "CDBus") == ["Sources/PodiumBus/DBus.swift"])
    for file in files where imports(file).contains("PodiumRemote") {
      let path = file.path
      if !path.contains("/Tests/") && !path.contains("/Sources/podium/") {
        Issue.record("\(path) imports PodiumRemote; only the command line starts the server")
      }
    }
    for file in swiftFiles(under: "Sources/PodiumRemote") {
      for module in imports(file) where module.hasPrefix("CSDL2") || module == "PodiumSDL" {
        Issue.record("\(file.path) imports \(module); PodiumRemote draws nothing")
      }
    }
  }

  /// libcurl is wrapped in one file of PodiumFetch, which draws nothing: the talk never reaches
  /// the network, only `podium fetch` does.
  @Test func libcurlIsConfinedToOneFileOfPodiumFetch() {
    let files = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    let users = files.filter { imports($0).contains("CCurl") }
      .map { $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "") }
    #expect(users == ["Sources/PodiumFetch/Curl.swift"])
    for file in files {
      let path = file.path
      let fetches = imports(file).contains("PodiumFetch")
      if fetches && !path.contains("/Tests/") && !path.contains("/Sources/podium/") {
        Issue.record("\(path) imports PodiumFetch; only the command line fetches")
      }
    }
    for file in swiftFiles(under: "Sources/PodiumFetch") {
      for module in imports(file) where module.hasPrefix("CSDL2") || module == "PodiumSDL" {
        Issue.record("\(file.path) imports \(module); PodiumFetch draws nothing")
      }
    }
  }

  /// glibc's allocator is set once, where the process starts.
  @Test func mallocSettingsAreConfinedToTheCommandsEntry() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CMalloc") }
      .map { $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "") }
    #expect(users == ["Sources/podium/Podium.swift"])
  }

  /// The PDF's C libraries stay in PodiumPDF, one file each (FreeType's faces are shared by
  /// the shaper and cairo, so those two files import it too; Poppler draws on cairo contexts
  /// that Cairo.swift owns; Poppler's C++ core is reached only through CPopplerPictures), and
  /// PodiumPDF draws without SDL.
  @Test func cairoHarfBuzzFreeTypeAndPopplerAreConfinedToPodiumPDF() {
    let files = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    func users(of module: String) -> [String] {
      files.filter { imports($0).contains(module) }.map {
        $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "")
      }.sorted()
    }
    #expect(users(of: "CCairo") == ["Sources/PodiumPDF/Cairo.swift"])
    #expect(users(of: "CHarfBuzz") == ["Sources/PodiumPDF/HarfBuzz.swift"])
    #expect(users(of: "CPoppler") == ["Sources/PodiumPDF/Poppler.swift"])
    #expect(users(of: "CPopplerPictures") == ["Sources/PodiumPDF/PDFPictures.swift"])
    #expect(users(of: "CPopplerCore").isEmpty)
    #expect(
      users(of: "CFreeType") == [
        "Sources/PodiumPDF/Cairo.swift", "Sources/PodiumPDF/FreeType.swift",
        "Sources/PodiumPDF/HarfBuzz.swift",
      ])
    for file in swiftFiles(under: "Sources/PodiumPDF") {
      for module in imports(file) where module.hasPrefix("CSDL2") || module == "PodiumSDL" {
        Issue.record("\(file.path) imports \(module); PodiumPDF draws without SDL")
      }
    }
  }

  /// FFmpeg stays in PodiumVideo, which draws and plays nothing itself: its pictures and sound
  /// go out through PodiumCore's protocols, so it imports no SDL. libwebp's demuxer (animated
  /// WebP) is one file of PodiumSDL, beside SDL_image's animations.
  @Test func ffmpegIsConfinedToPodiumVideoAndLibWebPToOneFile() {
    let files = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    func users(of module: String) -> [String] {
      files.filter { imports($0).contains(module) }.map {
        $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "")
      }.sorted()
    }
    let ffmpeg = users(of: "CFFmpeg")
    #expect(!ffmpeg.isEmpty)
    #expect(ffmpeg.allSatisfy { $0.hasPrefix("Sources/PodiumVideo/") }, "\(ffmpeg)")
    #expect(users(of: "CWebPDemux") == ["Sources/PodiumSDL/Drawing/AnimatedImages.swift"])
    for file in swiftFiles(under: "Sources/PodiumVideo") {
      for module in imports(file) where module.hasPrefix("CSDL2") || module == "PodiumSDL" {
        Issue.record("\(file.path) imports \(module); PodiumVideo plays without SDL")
      }
    }
  }

  /// libzip and libxml2 each behind one file of PodiumOffice, which draws nothing itself.
  @Test func officeLibrariesAreConfinedToOneFileEach() {
    let files = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    func users(of module: String) -> [String] {
      files.filter { imports($0).contains(module) }.map {
        $0.path.replacingOccurrences(of: Fixtures.packageRoot.path + "/", with: "")
      }.sorted()
    }
    #expect(users(of: "CZip") == ["Sources/PodiumOffice/ZipArchive.swift"])
    #expect(users(of: "CXML2") == ["Sources/PodiumOffice/XMLTree.swift"])
    for file in swiftFiles(under: "Sources/PodiumOffice") {
      for module in imports(file)
      where module.hasPrefix("CSDL2") || ["PodiumSDL", "PodiumPDF"].contains(module) {
        Issue.record("\(file.path) imports \(module); PodiumOffice only converts and reads")
      }
    }
  }

  /// Every program Podium runs (TeX, LibreOffice) goes through `ChildProcess`, so it ends with
  /// Podium however Podium ends; the keeper's C is used from that one file.
  @Test func programsAreStartedOnlyThroughChildProcess() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CChildProcess") }
      .map(\.lastPathComponent)
    #expect(users == ["ChildProcess.swift"])
    let product = [
      "Sources/PodiumCore", "Sources/PodiumSDL", "Sources/PodiumPDF", "Sources/PodiumVideo",
      "Sources/PodiumFetch", "Sources/PodiumRemote", "Sources/PodiumOffice", "Sources/podium",
    ]
    for file in product.flatMap(swiftFiles(under:)) {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      // `podium bench` times podium itself in a child, which ends with the bench's own run.
      if file.lastPathComponent == "Bench.swift" { continue }
      for call in [#"\bProcess\(\)"#, #"\bposix_spawnp?\("#, #"\bv?fork\(\)"#, #"\bsystem\("#]
      where text.range(of: call, options: .regularExpression) != nil {
        Issue.record("\(file.path) starts a program with \(call); use ChildProcess")
      }
    }
  }

  /// A file's code without its comments and string literals: what it names, not what it says.
  func code(of file: URL) -> String {
    var text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    for pattern in [
      ##"//[^\n]*"##, ##"#?"""[\s\S]*?"""#?"##, ##"#"(?:[^"\\]|\\.)*"#"##,
      ##""(?:[^"\\\n]|\\.)*""##,
    ] {
      text = text.replacingOccurrences(of: pattern, with: "\"\"", options: .regularExpression)
    }
    return text
  }

  /// Issue 45: the core that reads and lays out every deck (`DeckParser`, `SlideBuilder`,
  /// `LayoutEngine`, `BlockLayout`, and their extensions) names no dialect; each dialect's
  /// rules are in its folder under Dialects/, which uses no other dialect's types, and each
  /// folder's dialect is one line of `Dialects.all`.
  @Test func theCoreNamesNoDialectAndNoDialectUsesAnothers() throws {
    let core = ["Sources/PodiumCore/Parsing", "Sources/PodiumCore/Layout"].flatMap(
      swiftFiles(under:)
    ).filter { file in
      ["DeckParser", "SlideBuilder", "LayoutEngine", "BlockLayout"].contains {
        file.lastPathComponent.hasPrefix($0)
      }
    }
    #expect(core.count >= 15)
    let names = ["presenterm", "marp", "slidev", "pandoc", "mdp", "reveal", "pdfpc", "beamer"]
    for file in core {
      let text = code(of: file).lowercased()
      for name in names where text.contains(name) {
        Issue.record("\(file.lastPathComponent) names the dialect '\(name)' in its code")
      }
    }
    let dialects = Fixtures.packageRoot.appendingPathComponent("Sources/PodiumCore/Dialects")
    let rooms = try FileManager.default.contentsOfDirectory(atPath: dialects.path)
      .filter { !$0.hasSuffix(".swift") }.sorted()
    #expect(rooms == ["Marp", "Mdp", "PDF", "Pandoc", "Presenterm", "Remark", "Slidev"])
    var types: [String: Set<String>] = [:]
    let declaration =
      /(?m)^(?:public |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias) (\w+)/
    for room in rooms {
      for file in swiftFiles(under: "Sources/PodiumCore/Dialects/\(room)") {
        let found = code(of: file).matches(of: declaration).map { String($0.1) }
        types[room, default: []].formUnion(found)
      }
    }
    for room in rooms {
      for file in swiftFiles(under: "Sources/PodiumCore/Dialects/\(room)") {
        let text = code(of: file)
        for (other, theirs) in types where other != room {
          for name in theirs
          where text.range(of: "\\b\(name)\\b", options: .regularExpression) != nil {
            Issue.record("Dialects/\(room)/\(file.lastPathComponent) uses \(other)'s \(name)")
          }
        }
      }
    }
    let registry = code(
      of: Fixtures.packageRoot.appendingPathComponent("Sources/PodiumCore/Dialects/Dialect.swift"))
    for room in rooms {
      let dialect = types[room]?.first { $0.hasSuffix("Dialect") }
      #expect(dialect != nil, "Dialects/\(room) has its dialect type")
      if let dialect { #expect(registry.contains("\(dialect).self"), "\(dialect) is registered") }
    }
  }

  /// The talk's loop stays the loop: what grows around it (remote, views, zoom, ink,
  /// transitions, recording) lives in the pieces around it (issue 45: it had grown to 344).
  @Test func thePresentationLoopStaysUnder250Lines() throws {
    let file = Fixtures.packageRoot.appendingPathComponent(
      "Sources/PodiumSDL/Talk/PresentationApp.swift")
    let lines = try String(contentsOf: file, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 250, "PresentationApp.swift has \(lines.count) lines")
  }

  @Test func podiumSyntaxIsALeaf() {
    let files = swiftFiles(under: "Sources/PodiumSyntax")
    #expect(!files.isEmpty)
    for file in files {
      #expect(imports(file).isEmpty, "\(file.path) imports \(imports(file))")
    }
  }

  @Test func nothingIsReExported() {
    for file in ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:)) {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      let reExports = text.split(separator: "\n").filter {
        $0.drop(while: { $0 == " " }).hasPrefix("@_exported")
      }
      #expect(reExports.isEmpty, "\(file.path)")
    }
  }

  /// A clone alone tests itself (issue 32): only the tests named `corpus...` reach the outside
  /// corpus, through the corpus of `Fixtures`, so that `scripts/test` can run them apart; nothing in
  /// the program, the examples or the tests names the folder beside the checkout.
  @Test func onlyCorpusTestsReachTheOutsideCorpus() {
    let fixtures = "/Sources/PodiumTestSupport/Fixtures.swift"
    for file in ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
    where !file.path.hasSuffix(fixtures) {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      // (The names are written in two parts, so that this file does not match itself.)
      #expect(!text.contains("Fixtures." + "shared"), "\(file.path) reads the corpus folder itself")
      #expect(
        !text.contains("\"../" + "shared"), "\(file.path) names the folder beside the checkout")
      // Each test that reads the corpus carries it in its name (or its suite's).
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      var (suite, function) = ("", "")
      for line in lines {
        let words = line.split(whereSeparator: { " (:{".contains($0) })
        if let index = words.firstIndex(where: { $0 == "func" || $0 == "struct" }),
          index + 1 < words.count
        {
          if words[index] == "struct" {
            (suite, function) = (String(words[index + 1]), "")
          } else {
            function = String(words[index + 1])
          }
        }
        if line.contains("Fixtures." + "corpus") || line.contains("Fixtures." + "compatDecks") {
          #expect(
            (suite + function).lowercased().contains("corpus"),
            "\(file.lastPathComponent): \(suite).\(function) reads the corpus, not named so")
        }
      }
    }
  }
}
