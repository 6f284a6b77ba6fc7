import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumRemote

/// What the phone's notes view is given: every paragraph of the notes, and which of them are the
/// part of the step on show, so that it lights those and scrolls to them as the console does.
@Suite struct RemoteSnapshotTests {
  static func snapshot(_ session: TalkSession) -> RemoteSnapshot {
    RemoteSnapshot(session, status: RemoteServerTests.status(session))
  }

  @Test func theNotesViewIsToldThePartOfEachStep() throws {
    let text =
      "# Points\n\n- a\n\n<!-- pause -->\n\n- b\n\n???\n\nOpen.\n\n<!-- pause -->\n\nThen b.\n\n"
      + "---\n\n# Plain\n\n???\n\nAll of it.\n"
    var memory = InMemoryFiles([:])
    memory["/talk/talk.md"] = text
    let deck = try #require(
      DeckParser.parse(text: text, file: "/talk/talk.md", baseDirectory: "/talk", files: memory)
        .deck)
    var session = TalkSession(path: "/talk/talk.md", deck: deck, theme: .light)
    let first = Self.snapshot(session)
    #expect(first.notes == ["Open.", "Then b."], "every part, not only those shown so far")
    #expect(first.notesLit == [true, false])
    _ = session.handle(.key(Key(.right)), at: 1)
    #expect(Self.snapshot(session).notesLit == [false, true])
    _ = session.handle(.key(Key(.right)), at: 2)
    let plain = Self.snapshot(session)
    #expect(plain.notes == ["All of it."] && plain.notesLit == [true])
  }
}
