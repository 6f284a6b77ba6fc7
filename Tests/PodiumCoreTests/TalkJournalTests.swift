import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// The journal's pure parts: its lines, their checksums, replaying them into where the talk was,
/// what the keeper writes, and taking a talk up again (`--resume`, the console's offer).
@Suite struct TalkJournalTests {
  static let path = "/talks/deck.md"

  /// A deck of `slides` slides; slide 5 (when there is one) has three build steps.
  func session(slides: Int = 8) throws -> TalkSession {
    let text = (1...slides).map { number in
      number == 5
        ? "## Five\n\n- a\n\n<!-- pause -->\n\n- b\n\n<!-- pause -->\n\n- c\n" : "## \(number)\n"
    }.joined(separator: "\n---\n\n")
    let loaded = DeckLoader(files: InMemoryFiles([Self.path: text])).load(Self.path)
    return TalkSession(path: Self.path, deck: try #require(loaded.deck), theme: loaded.theme)
  }

  func press(_ name: String) -> TalkInput {
    guard let key = Key(name: name) else { preconditionFailure("no key named \(name)") }
    return .key(key)
  }

  /// The lines a keeper writes for `session` at each of `moments` (talk clock, wall clock).
  func journal(_ lines: [(JournalRecord, Double)]) -> Data {
    lines.reduce(into: Data()) { $0 += TalkJournal.line($1.0, wall: $1.1) }
  }

  let start = JournalRecord.start(
    .init(talk: .present, deck: "/talks/deck.md", shape: .init(steps: [1, 1, 1, 1, 3], version: 1)))

  @Test func aLineIsItsChecksumAndJSONAndReplaysToTheLastState() throws {
    let line = TalkJournal.line(start, wall: 1000)
    let text = String(decoding: line, as: UTF8.self)
    #expect(text.hasSuffix("\n") && text.dropFirst(9).hasPrefix("{\"deck\":"), "\(text)")
    #expect(text.prefix(8) == Substring(CRC32.hex(Array(text.utf8.dropFirst(9).dropLast()))))
    let data = journal([
      (start, 1000),
      (
        .state(
          JournalState(slide: 4, step: 1, blank: .black, elapsed: 61.5, running: true), spent: []),
        1061
      ),
    ])
    let replayed = try #require(TalkJournal.replay(data))
    #expect(replayed.deckPath == "/talks/deck.md" && replayed.talk == .present)
    #expect(
      replayed.state?.slide == 4 && replayed.state?.step == 1 && replayed.state?.blank == .black)
    #expect(replayed.began == 1000 && replayed.updated == 1061 && !replayed.closed)
    #expect(replayed.prompt == "Resume at slide 5 step 2, black, 1:01 elapsed? Enter / Esc")
    #expect(replayed.isUnfinished(at: 1061 + 3599, within: 3600))
    #expect(
      !replayed.isUnfinished(at: 1061 + 3601, within: 3600), "an hour later it is another talk")
  }

  @Test func aTornLastLineIsSkippedNeverTrusted() throws {
    let good = journal([
      (start, 1000),
      (.state(JournalState(slide: 2, step: 0, elapsed: 10, running: true), spent: []), 1010),
    ])
    let last = TalkJournal.line(
      .state(JournalState(slide: 3, step: 0, elapsed: 11, running: true), spent: []), wall: 1011)
    // Cut anywhere inside the last line: the place stays the last whole line's.
    for cut in [1, 8, 9, 20, last.count - 2, last.count - 1] {
      let replayed = try #require(TalkJournal.replay(good + last.prefix(cut)))
      #expect(replayed.state?.slide == 2, "cut at \(cut)")
      #expect(replayed.skipped == 1 && replayed.updated == 1010, "cut at \(cut)")
    }
    // A damaged byte inside a line fails its checksum; the lines after it still count.
    var damaged = good + last
    let index = damaged.startIndex + good.count + 30
    damaged[index] = damaged[index] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
    let after = TalkJournal.line(
      .state(JournalState(slide: 4, step: 0, elapsed: 12, running: true), spent: []), wall: 1012)
    let replayed = try #require(TalkJournal.replay(damaged + after))
    #expect(replayed.skipped == 1 && replayed.state?.slide == 4)
    // Nothing that begins a talk: nothing to replay.
    #expect(TalkJournal.replay(Data("garbage\n".utf8)) == nil)
    #expect(TalkJournal.replay(TalkJournal.line(start, wall: 1).dropLast(3)) == nil)
  }

  @Test func theKeeperWritesEachChangeAndTheRunningClockAtMostOnceASecond() throws {
    var talk = try session()
    var keeper = JournalKeeper(talk: .present, deckPath: Self.path)
    let first = keeper.records(for: talk, at: 0, wall: 100)
    #expect(first.count == 2)
    guard case .start(let begun) = first.first else {
      Issue.record("a journal begins with its talk: \(first)")
      return
    }
    #expect(begun.shape.steps == [1, 1, 1, 1, 3, 1, 1, 1])
    #expect(keeper.records(for: talk, at: 0.5, wall: 100.5).isEmpty, "nothing changed")
    #expect(keeper.records(for: talk, at: 5, wall: 105).isEmpty, "the clock has not started")
    _ = talk.handle(press("Right"), at: 6)
    #expect(keeper.records(for: talk, at: 6, wall: 106).count == 1, "a slide change at once")
    _ = talk.handle(press("b"), at: 6.2)
    #expect(keeper.records(for: talk, at: 6.2, wall: 106.2).count == 1, "blanking at once")
    #expect(keeper.records(for: talk, at: 6.9, wall: 106.9).isEmpty, "the clock: not yet")
    let tick = keeper.records(for: talk, at: 7.2, wall: 107.2)
    guard case .state(let ticked, _)? = tick.first else {
      Issue.record("a line for the clock a second later: \(tick)")
      return
    }
    #expect(abs(ticked.elapsed - 1.2) < 0.001 && ticked.running && ticked.blank == .black)
    _ = talk.handle(press("t"), at: 8)
    #expect(keeper.records(for: talk, at: 8, wall: 108).count == 1, "paused")
    #expect(keeper.records(for: talk, at: 20, wall: 120).isEmpty, "a paused clock writes nothing")
    _ = talk.handle(press("r"), at: 21)
    let reset = keeper.records(for: talk, at: 21, wall: 121)
    guard case .state(let zero, _)? = reset.first else {
      Issue.record("a reset of the paused clock is a change: \(reset)")
      return
    }
    #expect(zero.elapsed == 0 && !zero.running)
    _ = talk.handle(press("t"), at: 22)
    #expect(keeper.records(for: talk, at: 22, wall: 122).count == 1, "running again")
    _ = talk.handle(press("r"), at: 22.5)
    #expect(keeper.records(for: talk, at: 22.5, wall: 122.5).count == 1, "reset while running")
  }

  @Test func aRehearsalsLinesCarryTheStepsTimesAndReplayIntoAnInterruptedRun() throws {
    var talk = try session(slides: 3)
    var keeper = JournalKeeper(talk: .rehearse, deckPath: Self.path)
    var data = Data()
    func keep(_ now: Double) {
      for record in keeper.records(for: talk, at: now, wall: 1000 + now) {
        data += TalkJournal.line(record, wall: 1000 + now)
      }
    }
    keep(0)
    _ = talk.handle(press("Right"), at: 1)  // the clock starts on slide 2
    keep(1)
    keep(2.5)
    _ = talk.handle(press("Right"), at: 4)  // 3 s on slide 2
    keep(4)
    keep(5.5)  // 1.5 s on slide 3 so far; then the crash
    let replayed = try #require(TalkJournal.replay(data))
    #expect(replayed.talk == .rehearse)
    #expect(replayed.spent == [[0], [3], [1.5]])
    let run = RehearsalRecorder.run(
      replayed.spent, titles: ["1", "2", "3"], date: Date(timeIntervalSince1970: 0),
      interrupted: true)
    #expect(run.interrupted == true && run.total == 4.5)
    #expect(run.slides.map(\.seconds) == [0, 3, 1.5])
    // Resumed, the run goes on from those times.
    var again = try session(slides: 3)
    again.resume(replayed, clock: .talk, at: 50, wall: 2000)
    _ = again.handle(press("Left"), at: 52)
    #expect(again.recorder.stepSeconds == [[0], [3], [3.5]])
  }

  @Test func resumingRestoresPlaceBlankingFreezeAndTheClockWithoutTheDowntime() throws {
    var saved = JournalState(slide: 4, step: 1, blank: .white, elapsed: 754, running: true)
    saved.frozenSlide = 3
    saved.frozenStep = 0
    let data = journal([(start, 1000), (.state(saved, spent: []), 1754)])
    let replayed = try #require(TalkJournal.replay(data))
    var talk = try session()
    let event = talk.resume(replayed, clock: .talk, at: 3, wall: 1754 + 120)
    #expect(talk.state.position == .init(slide: 4, step: 1))
    #expect(talk.state.blank == .white && talk.state.frozen == .init(slide: 3, step: 0))
    #expect(talk.state.timer.isRunning && talk.state.timer.elapsed(at: 3) == 754)
    #expect(talk.state.timer.elapsed(at: 13) == 764, "and it runs on")
    guard case .resumed(let resumed) = event else {
      Issue.record("\(event)")
      return
    }
    #expect(resumed.downtime == 120 && !resumed.clamped && resumed.blank == "white")
    // --resume-clock wall: the two minutes down are added, as a wall clock would have.
    var walled = try session()
    walled.resume(replayed, clock: .wall, at: 3, wall: 1754 + 120)
    #expect(walled.state.timer.elapsed(at: 3) == 874)
    // A paused clock stays paused, at its reading, either way.
    var paused = saved
    paused.running = false
    let pausedJournal = try #require(
      TalkJournal.replay(journal([(start, 1000), (.state(paused, spent: []), 1754)])))
    walled = try session()
    walled.resume(pausedJournal, clock: .wall, at: 3, wall: 1754 + 120)
    #expect(!walled.state.timer.isRunning && walled.state.timer.elapsed(at: 100) == 754)
  }

  /// A journal for another version of the deck: slides removed while Podium was down. The
  /// place clamps to what is left, as a reload does.
  @Test func aJournalOfAnotherDeckVersionClampsAsReloadDoes() throws {
    let saved = JournalState(slide: 6, step: 0, frozen: .init(slide: 4, step: 2), elapsed: 30)
    let replayed = try #require(
      TalkJournal.replay(journal([(start, 1000), (.state(saved, spent: []), 1030)])))
    var talk = try session(slides: 5)
    let event = talk.resume(replayed, clock: .talk, at: 0, wall: 1040)
    #expect(talk.state.position == .init(slide: 4, step: 0), "the last slide")
    #expect(talk.state.frozen == .init(slide: 4, step: 2))
    guard case .resumed(let resumed) = event else {
      Issue.record("\(event)")
      return
    }
    #expect(resumed.clamped && resumed.slide == 5 && resumed.step == 1)
    // Fewer steps on the slide: the step clamps too.
    var shorter = try session(slides: 3)
    let onFive = JournalState(slide: 1, step: 2, elapsed: 30)
    shorter.resume(
      try #require(
        TalkJournal.replay(journal([(start, 1000), (.state(onFive, spent: []), 1030)]))),
      clock: .talk, at: 0, wall: 1040)
    #expect(shorter.state.position == .init(slide: 1, step: 0))
  }

  @Test func theOfferWaitsForEnterOrEscAndMovingOnDeclinesIt() throws {
    let saved = JournalState(slide: 4, step: 1, blank: .black, elapsed: 751, running: true)
    let replayed = try #require(
      TalkJournal.replay(journal([(start, 1000), (.state(saved, spent: []), 1751)])))
    var talk = try session()
    talk.offerResume(replayed, clock: .talk, at: 0, wall: 1800)
    #expect(talk.state.position == .init(slide: 0, step: 0), "the first slide until the answer")
    let status = talk.consoleStatus(
      for: talk.state, stage: Stage(mode: .extended, presenter: 0, audience: [1]),
      plan: TalkPlan(), now: 0, date: Date(), clock: DateFormatter(), displays: [])
    #expect(status.offer == "Resume at slide 5 step 2, black, 12:31 elapsed? Enter / Esc")
    var keeper = JournalKeeper(talk: .present, deckPath: Self.path)
    #expect(keeper.records(for: talk, at: 0, wall: 1800).isEmpty, "the old journal is kept")
    _ = talk.handle(press("q"), at: 1)
    _ = talk.handle(press("o"), at: 1.5)
    _ = talk.handle(press("o"), at: 1.6)
    #expect(talk.resumeOffer != nil, "q and the overview are no answer")
    _ = talk.handle(press("Return"), at: 2)
    #expect(talk.resumeOffer == nil && talk.state.position == .init(slide: 4, step: 1))
    #expect(talk.state.blank == .black && talk.state.timer.elapsed(at: 2) == 751)
    #expect(keeper.records(for: talk, at: 2, wall: 1802).count == 2, "a new journal begins")

    var declined = try session()
    declined.offerResume(replayed, clock: .talk, at: 0, wall: 1800)
    _ = declined.handle(press("Escape"), at: 1)
    #expect(declined.resumeOffer == nil && declined.state.blank == nil)
    #expect(declined.takeResumeAnswers().map(\.name) == ["resume-offered", "resume-declined"])

    var movedOn = try session()
    movedOn.offerResume(replayed, clock: .talk, at: 0, wall: 1800)
    _ = movedOn.handle(press("Right"), at: 1)
    #expect(movedOn.resumeOffer == nil && movedOn.state.slide == 1)
  }

  @Test func aJournalIsWrittenOffTheLoopAndClosedByACleanQuit() throws {
    let folder = try Fixtures.temporaryDirectory()
    let deckPath = folder.appendingPathComponent("talk.md").path
    try Data("# One\n".utf8).write(to: URL(fileURLWithPath: deckPath))
    let state = folder.appendingPathComponent("state/podium").path
    let file = JournalFile(deck: deckPath, talk: .present, folder: state)
    #expect(file.path.hasPrefix(state + "/talk-") && file.path.hasSuffix(".present.journal"))
    #expect(file.read() == nil)
    let begin = JournalRecord.start(
      .init(talk: .present, deck: file.deckPath, shape: .init(steps: [1], version: 1)))
    file.append([begin, .state(JournalState(slide: 0, step: 0), spent: [])], wall: 10)
    file.append([.state(JournalState(slide: 0, step: 0, blank: .black), spent: [])], wall: 11)
    file.close(ending: false)
    #expect(file.takeReports() == [.opened(file.path)])
    let crashed = try #require(file.read())
    #expect(crashed.state?.blank == .black && !crashed.closed)
    let again = JournalFile(deck: deckPath, talk: .present, folder: state)
    again.append([begin], wall: 20)
    again.close(ending: true)
    #expect(try #require(again.read()).closed, "q q closes it")
    #expect(JournalFile.folder(environment: ["XDG_STATE_HOME": "/s"]) == "/s/podium")
    #expect(JournalFile.folder(environment: ["HOME": "/h"]) == "/h/.local/state/podium")

    // A state folder that cannot be made: reported once, and nothing is thrown at the talk.
    let blocked = folder.appendingPathComponent("file").path
    try Data().write(to: URL(fileURLWithPath: blocked))
    let failing = JournalFile(deck: deckPath, talk: .present, folder: blocked + "/podium")
    failing.append([begin], wall: 30)
    failing.append([.state(JournalState(slide: 0, step: 0), spent: [])], wall: 31)
    failing.close(ending: true)
    let reports = failing.takeReports()
    #expect(reports.count == 1, "\(reports)")
    guard case .failed(let message)? = reports.first else { return }
    #expect(message.contains("Not a directory"), "\(message)")
  }
}
