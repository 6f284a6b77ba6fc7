import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// Ink in the crash journal: each change a checksummed line, replayed by `--resume` over the
/// sidecar from the sidecar's generation on, so a stroke whose sidecar write a `kill -9` cut
/// short comes back, and lines the sidecar already holds change nothing.
@Suite struct InkJournalTests {
  static let path = "/talks/deck.md"
  static let deckText = "# One\n\n- a\n\n<!-- pause -->\n\n- b\n\n---\n\n# Two\n\nWords.\n"

  func session(ink: Ink = Ink()) throws -> TalkSession {
    let loaded = DeckLoader(files: InMemoryFiles([Self.path: Self.deckText])).load(Self.path)
    var talk = TalkSession(path: Self.path, deck: try #require(loaded.deck), theme: loaded.theme)
    talk.startInk(ink)
    // A console whose current-slide view is 800×450 at the window's top-left corner.
    let page = Rect(x: 0, y: 0, width: 1280, height: 720)
    talk.consoleDrawn(
      ConsoleFrame(
        frame: SlideFrame(size: PixelSize(width: 1280, height: 720), slideRect: page, commands: []),
        currentSlide: Rect(x: 0, y: 0, width: 800, height: 450), notes: page, notesScrollLimit: 0),
      in: 1)
    return talk
  }

  func key(_ name: String) -> TalkInput {
    guard let key = Key(name: name) else { preconditionFailure("no key \(name)") }
    return .key(key)
  }

  func control(_ character: Character) -> TalkInput {
    .key(Key(character, modifiers: .control))
  }

  func drag(_ talk: inout TalkSession, y: Double) {
    _ = talk.handle(.click(.left, x: 100, y: y, window: 1), at: 0)
    for index in 1...10 {
      _ = talk.handle(.pointerMoved(x: 100 + Double(index) * 30, y: y, window: 1), at: 0)
    }
    _ = talk.handle(.release(.left, x: 400, y: y, window: 1), at: 0)
  }

  /// A journal kept while `actions` run, one keeper turn after each; and the ink after each.
  func keep(
    _ talk: inout TalkSession, _ keeper: inout JournalKeeper, _ data: inout Data,
    _ action: (inout TalkSession) -> Void
  ) {
    action(&talk)
    for record in keeper.records(for: talk, at: 0, wall: 1000) {
      data += TalkJournal.line(record, wall: 1000)
    }
  }

  func strokes(_ ink: Ink) -> Int { ink.strokeCount }

  /// The strokes as the sidecar and the journal write them (points to five decimals).
  func written(_ ink: Ink) -> [String] {
    InkSidecar.encode(ink).split(separator: "\n").filter { $0.hasPrefix("stroke ") }.map(
      String.init)
  }

  @Test func eachInkChangeIsAJournalLineAndReplaysOverTheSidecar() throws {
    var talk = try session()
    var keeper = JournalKeeper(talk: .present, deckPath: Self.path, ink: talk.ink.ink)
    var data = Data()
    keep(&talk, &keeper, &data) { _ in }
    _ = talk.handle(key("d"), at: 0)
    var snapshots: [Ink] = [talk.ink.ink]
    let actions: [(inout TalkSession) -> Void] = [
      { self.drag(&$0, y: 100) },
      { self.drag(&$0, y: 200) },
      { _ = $0.handle(self.control("z"), at: 0) },  // undo
      { _ = $0.handle(self.control("y"), at: 0) },  // redo
      { self.drag(&$0, y: 300) },
      { _ = $0.handle(self.key("c"), at: 0) },  // clear
      { _ = $0.handle(self.control("z"), at: 0) },  // the clear taken back
    ]
    for action in actions {
      keep(&talk, &keeper, &data, action)
      snapshots.append(talk.ink.ink)
    }
    let replayed = try #require(TalkJournal.replay(data))
    #expect(replayed.skipped == 0)
    #expect(replayed.ink.count == actions.count, "one ink line per change")
    #expect(replayed.ink.map(\.to) == snapshots.dropFirst().map(\.generation))
    // The first two lines add a stroke each: just that stroke, appended.
    #expect(replayed.ink[0].places.count == 1 && replayed.ink[0].places[0].append)
    #expect(replayed.ink[1].places[0].strokes.count == 1 && replayed.ink[1].places[0].append)
    // The clear is the place's whole ink: none.
    #expect(replayed.ink[5].places[0].strokes.isEmpty && !replayed.ink[5].places[0].append)
    let final = talk.ink.ink
    #expect(strokes(final) == 3)
    // From a sidecar written at any point of the talk, the journal brings the ink to the end.
    for sidecar in snapshots {
      var ink = sidecar
      ink.replay(replayed.ink)
      #expect(written(ink) == written(final), "from generation \(sidecar.generation)")
      #expect(ink.generation == final.generation)
      // Replaying again changes nothing: the lines the ink holds are skipped.
      #expect(ink.replay(replayed.ink) == 0)
      #expect(written(ink) == written(final))
    }
    // Through the sidecar's text too: its generation is kept.
    let text = InkSidecar.encode(snapshots[2])
    #expect(text.contains("\ngeneration \(snapshots[2].generation)\n"), "\(text)")
    var read = InkSidecar.decode(text, file: "x.ink", scope: .step).ink
    #expect(read.generation == snapshots[2].generation)
    read.replay(replayed.ink)
    #expect(written(read) == written(final))
  }

  @Test func aLostLineStopsTheReplayAndNothingIsInventedFromIt() throws {
    var talk = try session()
    var keeper = JournalKeeper(talk: .present, deckPath: Self.path, ink: talk.ink.ink)
    var lines: [Data] = []
    func turn(_ action: (inout TalkSession) -> Void) {
      action(&talk)
      for record in keeper.records(for: talk, at: 0, wall: 1000) {
        lines.append(TalkJournal.line(record, wall: 1000))
      }
    }
    turn { _ in }
    _ = talk.handle(key("d"), at: 0)
    turn { self.drag(&$0, y: 100) }
    turn { self.drag(&$0, y: 200) }
    turn { self.drag(&$0, y: 300) }
    // The second ink line damaged (one byte): its checksum fails, and the third line does not
    // lead on from what the first left, so only the first stroke comes back.
    var damaged = lines
    let inkLine = damaged.count - 2
    damaged[inkLine][damaged[inkLine].startIndex + 40] ^= 0x01
    let replayed = try #require(TalkJournal.replay(damaged.reduce(Data(), +)))
    #expect(replayed.skipped == 1 && replayed.ink.count == 2)
    var ink = Ink()
    #expect(ink.replay(replayed.ink) == 1)
    #expect(ink.strokeCount == 1)
  }

  @Test func resumeTakesTheJournalsInkTheSidecarMissedAndTheNewJournalKeepsIt() throws {
    var talk = try session()
    let sidecar = talk.ink.ink
    var keeper = JournalKeeper(talk: .present, deckPath: Self.path, ink: sidecar)
    var data = Data()
    keep(&talk, &keeper, &data) { _ in }
    _ = talk.handle(key("d"), at: 0)
    keep(&talk, &keeper, &data) { _ = $0.handle(self.key("Right"), at: 0) }
    keep(&talk, &keeper, &data) { self.drag(&$0, y: 150) }
    let drawn = written(talk.ink.ink)
    #expect(drawn.count == 1)
    // kill -9 before the sidecar was written: the next talk reads the old sidecar (no ink).
    let journal = try #require(TalkJournal.replay(data))
    var next = try session(ink: sidecar)
    #expect(next.ink.ink.strokeCount == 0)
    let event = next.resume(journal, clock: .talk, at: 0, wall: 1001)
    #expect(written(next.ink.ink) == drawn)
    // The trace says which generation the talk came back to: the journal's last ink line's.
    guard case .resumed(let resumed) = event else {
      Issue.record("not a resumed event: \(event)")
      return
    }
    #expect(resumed.ink != nil && resumed.ink == journal.ink.last?.to)
    #expect(resumed.ink == next.ink.ink.generation)
    let shown = next.ink.commands(slide: 0, step: 1, in: Rect(x: 0, y: 0, width: 80, height: 45))
    #expect(shown.count == 3, "the stroke between its clip: \(shown)")
    // The resumed talk's journal, begun over the same old sidecar, has the stroke again.
    var newKeeper = JournalKeeper(talk: .present, deckPath: Self.path, ink: sidecar)
    let records = newKeeper.records(for: next, at: 0, wall: 1002)
    let again = records.compactMap { record -> JournalRecord.InkChange? in
      if case .ink(let change) = record { return change }
      return nil
    }
    var ink = sidecar
    ink.replay(again)
    #expect(written(ink) == drawn)
    // A talk that keeps no ink (`--no-ink`) takes none from the journal, and journals none.
    let loaded = DeckLoader(files: InMemoryFiles([Self.path: Self.deckText])).load(Self.path)
    var bare = TalkSession(path: Self.path, deck: try #require(loaded.deck), theme: loaded.theme)
    let bareEvent = bare.resume(journal, clock: .talk, at: 0, wall: 1001)
    #expect(bare.ink.ink.strokeCount == 0)
    if case .resumed(let resumed) = bareEvent { #expect(resumed.ink == nil) }
    var bareKeeper = JournalKeeper(talk: .present, deckPath: Self.path)
    #expect(!bareKeeper.records(for: bare, at: 0, wall: 1).contains { $0.isInk })
  }
}

extension InkJournalTests {
  /// The trace's ink event, as the soak reads it: its name, generation and strokes.
  @Test func theInkTraceEventSaysTheGenerationAndStrokes() throws {
    let line = TraceLine(t: 1.5, event: .ink(.init(generation: 7, strokes: 3)))
    let data = try JSONEncoder().encode(line)
    let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["event"] as? String == "ink")
    #expect(object["generation"] as? Int == 7 && object["strokes"] as? Int == 3)
    #expect(try JSONDecoder().decode(TraceLine.self, from: data) == line)
  }
}

extension JournalRecord {
  fileprivate var isInk: Bool {
    if case .ink = self { return true }
    return false
  }
}
