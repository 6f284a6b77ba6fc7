import Foundation
import PodiumTestSupport
import Testing

/// DESIGN.md's boundaries, checked on the source tree.
@Suite struct ArchitectureTests {
  func swiftFiles(under folder: String) -> [URL] {
    let root = Fixtures.packageRoot.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
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
      for module in imports(file) where module.hasPrefix("CSDL2") || module == "CFontconfig" {
        Issue.record("\(file.path) imports \(module); only Sources/PodiumSDL may")
      }
    }
  }

  @Test func cmarkIsConfinedToOneFile() {
    let users = ["Sources", "Tests", "Examples"].flatMap(swiftFiles(under:))
      .filter { imports($0).contains("CCmarkGFM") }
      .map(\.lastPathComponent)
    #expect(users == ["CommonMarkConverter.swift"])
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
}
