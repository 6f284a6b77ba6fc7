import Foundation
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// Native Wayland windows draw with SDL's software renderer into Podium's own shared-memory
/// buffers (`WaylandFramebuffer`), sending only what changed as damage: no OpenGL stack, and a
/// slide change sends a part of the window, yet the output shows whole, right frames, also when
/// a buffer comes back to be drawn into after others were shown (its stale parts copied).
@Suite(.serialized) struct WaylandFramebufferTests {
  /// Slides alike but for their titles and a line each: a change touches a band of the window.
  static let text = (1...4).map { "# Slide \($0)\n\nA line on slide \($0).\n" }
    .joined(separator: "\n---\n\n")

  static func deck() throws -> String {
    let folder = try Fixtures.temporaryDirectory("podium-wayland-damage")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    let path = folder.appendingPathComponent("deck.md").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The audience's output against `podium export` of `slide`, looked at again for a few
  /// seconds while it differs (the compositor shows a committed buffer at its next frame).
  func settlesOnExport(_ rig: WaylandRig, deck: String, slide: Int) throws -> Double {
    let out = try Fixtures.temporaryDirectory()
    let export = try CommandRunner.podium(
      "export", deck, "-o", out.path, "--slides", "\(slide)", "--size", "1920x1080")
    #expect(export.status == 0)
    let expected = try RGBImage(
      contentsOf: out.appendingPathComponent(String(format: "slide-%03d.png", slide)).path)
    var differing = 1.0
    for _ in 0..<6 {
      let shown = try RGBImage(contentsOf: try rig.screenshot("HEADLESS-2"))
      differing = try #require(shown.difference(from: expected)).differing
      if differing < 0.002 { break }
      Thread.sleep(forTimeInterval: 1)
    }
    return differing
  }

  /// The process id of the podium the run started (under the rig's `runuser`), found by its
  /// trace's path on its command line.
  func podiumProcess(_ run: PresentRun) -> Int32? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).first { pid in
      guard let line = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else {
        return false
      }
      let words = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.first?.hasSuffix("/podium") == true && words.contains(run.tracePath)
    }
  }

  func audiencePresent(_ run: PresentRun, slide: Int, after mark: Int) -> [String: Any]? {
    run.events().dropFirst(mark).first {
      $0["event"] as? String == "present" && $0["role"] as? String == "audience"
        && $0["slide"] as? Int == slide
    }
  }

  @Test func slideChangesSendOnlyWhatChangedAndShowWholeFrames() throws {
    let deck = try Self.deck()
    let rig = try WaylandRig(driver: .wayland)
    defer { rig.stop() }
    let run = try PresentRun(rig, deck: deck)
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    let audience = run.events().last {
      $0["event"] as? String == "window" && $0["role"] as? String == "audience"
    }
    #expect(audience?["driver"] as? String == "wayland")
    #expect(audience?["renderer"] as? String == "software", "\(String(describing: audience))")

    // No OpenGL context: llvmpipe, which drew every frame whole, starts no threads.
    let pid = try #require(podiumProcess(run))
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    let names = threads.compactMap {
      try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8)
    }
    #expect(!names.isEmpty, "the threads were read")
    #expect(!names.contains { $0.hasPrefix("llvmpipe") }, "\(names)")

    // Forward three slides and back one: slide 3's second showing goes into a buffer that was
    // last drawn with slide 2 or 4, which must get every part that changed since. (The first
    // change may send the whole window: the compositor's first configure comes about then.)
    let whole = 1920 * 1080
    for (index, (key, slide)) in [("Right", 2), ("Right", 3), ("Right", 4), ("Left", 3)]
      .enumerated()
    {
      let mark = run.events().count
      try run.key(key)
      #expect(run.presented("audience", slide: slide, after: mark), "\(run.errors())")
      let sent = audiencePresent(run, slide: slide, after: mark)?["pixels_sent"] as? Int ?? 0
      #expect(sent > 0 && (index == 0 || sent < whole / 4), "slide \(slide) sent \(sent) pixels")
      Thread.sleep(forTimeInterval: 0.5)
      #expect(try settlesOnExport(rig, deck: deck, slide: slide) < 0.002, "slide \(slide)")
    }

    // Memory: no drawing surface beside the buffers, two buffers a window once the compositor
    // has released the rest, and the OpenGL driver SDL loaded (Mesa, LLVM) not resident.
    var buffers = Self.mappings(pid).filter { $0.path.contains("/podium-wl-") }
    for _ in 0..<10 where Set(buffers.map(\.path)).count > 4 {
      Thread.sleep(forTimeInterval: 0.5)
      buffers = Self.mappings(pid).filter { $0.path.contains("/podium-wl-") }
    }
    #expect((2...4).contains(Set(buffers.map(\.path)).count), "\(buffers.map(\.path))")
    let driverCode = Self.mappings(pid).filter {
      $0.path.contains("libLLVM") && $0.permissions == "r-xp"
    }
    #expect(!driverCode.isEmpty, "SDL's Wayland driver loaded LLVM (through Mesa's EGL)")
    let resident = driverCode.map(\.residentKB).reduce(0, +)
    #expect(resident < 4096, "LLVM's code: \(resident) kB resident")
    try run.key("q")
    try run.key("q")
    #expect(run.waitForExit() == 0)
  }

  /// The mappings of process `pid` with a file, from `/proc/PID/smaps`.
  static func mappings(_ pid: Int32) -> [(path: String, permissions: String, residentKB: Int)] {
    // Read to its end: the file's size is 0.
    guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps"),
      let bytes = try? file.readToEnd()
    else { return [] }
    try? file.close()
    let smaps = String(decoding: bytes, as: UTF8.self)
    var found: [(path: String, permissions: String, residentKB: Int)] = []
    var current: (path: String, permissions: String)?
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
        current = fields.count >= 6 ? (fields[5...].joined(separator: " "), String(fields[1])) : nil
      } else if let mapping = current, fields.first == "Rss:", fields.count >= 2 {
        found.append((mapping.path, mapping.permissions, Int(fields[1]) ?? 0))
        current = nil
      }
    }
    return found
  }
}
