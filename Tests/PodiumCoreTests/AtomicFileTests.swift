import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Every file Podium writes is written whole or not at all.
@Suite struct AtomicFileTests {
  @Test func aWriteReplacesTheFileWholeAndLeavesNothingBeside() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("out.json").path
    try AtomicFile.write(Data("first".utf8), to: path)
    try AtomicFile.write(Data("second".utf8), to: path)
    #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.json"])
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o044 } == 0o044, "readable by others, as files people share")

    // A link planted at the path is replaced, never followed.
    let target = folder.appendingPathComponent("elsewhere").path
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    let link = folder.appendingPathComponent("link.png").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    try AtomicFile.write(Data("png".utf8), to: link)
    #expect(FileManager.default.contents(atPath: target) == Data("keep".utf8))
    #expect(FileManager.default.contents(atPath: link) == Data("png".utf8))

    // A folder that is not there: an error with the reason, nothing written.
    let missing = folder.appendingPathComponent("no/such/out.json").path
    #expect(throws: AtomicFile.WriteError(path: missing, reason: "No such file or directory")) {
      try AtomicFile.write(Data("x".utf8), to: missing)
    }
  }

  @Test func aTemporaryFileIsCommittedOrRemoved() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("talk.pdf").path
    let temporary = AtomicFile.temporaryPath(for: path)
    #expect(URL(fileURLWithPath: temporary).lastPathComponent == ".talk.pdf.\(getpid()).part")
    try Data("pdf".utf8).write(to: URL(fileURLWithPath: temporary))
    try AtomicFile.commit(temporary, to: path)
    #expect(FileManager.default.contents(atPath: path) == Data("pdf".utf8))
    #expect(!FileManager.default.fileExists(atPath: temporary))
    try Data("more".utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(throws: AtomicFile.WriteError.self) {
      try AtomicFile.commit(temporary, to: folder.appendingPathComponent("gone/talk.pdf").path)
    }
    #expect(!FileManager.default.fileExists(atPath: temporary), "removed on failure")
  }
}
