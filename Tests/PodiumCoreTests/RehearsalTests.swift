import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct RehearsalTests {
  typealias Position = PresentationState.Position

  /// Three slides: one step, two steps, one step.
  func talk() -> PresentationState { PresentationState(stepCounts: [1, 2, 1]) }

  @Test func timeCountsFromTheFirstAdvanceOnEachSlideAndStep() {
    var state = talk()
    var recorder = RehearsalRecorder(stepCounts: state.stepCounts)
    recorder.observe(state, at: 100)  // the title slide, clock not started
    // The first advance starts the clock: 30 s on the title are not counted.
    state.apply(.next, at: 130)
    recorder.observe(state, at: 130)
    state.apply(.next, at: 175)  // 45 s on slide 2 step 1
    recorder.observe(state, at: 175)
    state.apply(.toggleTimer, at: 190)  // 15 s on step 2, then a pause
    recorder.observe(state, at: 190)
    state.apply(.toggleTimer, at: 290)  // the 100 s of pause are not counted
    recorder.observe(state, at: 290)
    state.apply(.next, at: 300)  // 10 s more on step 2
    recorder.observe(state, at: 300)
    recorder.observe(state, at: 360)  // 60 s on slide 3, then quit
    #expect(recorder.stepSeconds == [[0], [45, 25], [60]])
    #expect(recorder.total == 130)
    let run = recorder.run(
      titles: ["Title", "Middle", "End"], date: Date(timeIntervalSince1970: 0))
    #expect(run.date == "1970-01-01T00:00:00Z")
    #expect(run.slides.map(\.seconds) == [0, 70, 60])
    #expect(
      run.slides[1]
        == RehearsalRun.SlideTime(slide: 2, title: "Middle", seconds: 70, steps: [45, 25]))
    #expect(run.seconds(onSlide: 2) == 60 && run.seconds(onSlide: 9) == 0)
  }

  @Test func goingBackAddsToTheSlideAgain() {
    var state = talk()
    var recorder = RehearsalRecorder(stepCounts: state.stepCounts)
    state.apply(.next, at: 0)
    recorder.observe(state, at: 0)
    state.apply(.previous, at: 20)
    recorder.observe(state, at: 20)
    state.apply(.next, at: 25)
    recorder.observe(state, at: 25)
    recorder.observe(state, at: 35)
    #expect(recorder.stepSeconds == [[5], [30, 0], [0]])
  }

  @Test func theLogKeepsEveryRunAndSaysWhatIsWrongWithABadFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "podium-rehearsal-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let deck = folder.appendingPathComponent("talk.md").path
    let path = RehearsalLog.defaultPath(forDeck: deck)
    #expect(path == folder.appendingPathComponent("talk.rehearsal.json").path)
    #expect(try RehearsalLog.read(from: path).runs.isEmpty, "no file yet: no runs")
    let run = RehearsalRun(
      date: "2026-11-23T10:00:00Z", total: 12,
      slides: [.init(slide: 1, title: "A", seconds: 12, steps: [12])])
    var log = RehearsalLog(runs: [run])
    try log.write(to: path)
    log.runs.append(run)
    try log.write(to: path)
    #expect(try RehearsalLog.read(from: path).runs.count == 2)
    try Data("{\"version\": 1, \"runs\": [{\"date\": 3}]}".utf8).write(
      to: URL(fileURLWithPath: path))
    #expect {
      try RehearsalLog.read(from: path)
    } throws: { error in
      "\(error)".contains("talk.rehearsal.json:1:34: error: not a rehearsal record (runs.0.date")
    }
  }

  @Test func theTableComparesThisRunThePreviousAndThePlan() {
    let run = RehearsalRun(
      date: "", total: 130,
      slides: [
        .init(slide: 1, title: "Title", seconds: 10, steps: [10]),
        .init(
          slide: 2, title: "A rather long slide title that goes on and on", seconds: 120,
          steps: [120]),
      ])
    let previous = RehearsalRun(
      date: "", total: 100,
      slides: [
        .init(slide: 1, title: "Title", seconds: 20, steps: [20]),
        .init(slide: 2, title: "x", seconds: 80, steps: [80]),
      ])
    let plan = PacingPlan(slideSeconds: [30, 60], source: .directives)
    let table = RehearsalTable.render(
      run: run, previous: previous, plan: plan, duration: TalkDuration(seconds: 90))
    let lines = table.split(separator: "\n").map(String.init)
    #expect(
      lines[0].contains("this run") && lines[0].contains("previous") && lines[0].contains("plan"))
    #expect(lines[1].hasPrefix("  1  Title") && lines[1].hasSuffix("0:10      0:20      0:30"))
    #expect(
      lines[2].contains("A rather long slide title that goes on…"),
      "long titles are cut: \(lines[2])")
    #expect(lines[2].hasSuffix("2:00      1:20      1:00"))
    #expect(
      lines[3].contains("total")
        && lines[3].hasSuffix("2:10      1:40      1:30  (0:40 over the 1:30 talk)"))
    let exact = RehearsalTable.render(
      run: run, previous: nil, plan: nil, duration: TalkDuration(seconds: 130))
    #expect(exact.hasSuffix("(on time for the 2:10 talk)"))
    let first = RehearsalTable.render(run: run, previous: nil, plan: nil, duration: nil)
    #expect(first.split(separator: "\n")[1].hasSuffix("0:10         -         -"))
  }
}

@Suite struct PacingTests {
  func deck(_ text: String) throws -> Deck {
    try #require(DeckParser.parse(text: text, file: "talk.md", baseDirectory: "/tmp").deck)
  }

  @Test func directivesKeepTheirTimeAndTheDeckDurationIsSpreadOverTheRest() throws {
    let deck = try deck(
      "---\nduration: 10m\n---\n\n# A\n\n---\n\n<!-- duration: 4m -->\n\n## B\n\n---\n\n## C\n\n---\n\n## D\n"
    )
    let plan = try #require(PacingPlan.plan(for: deck, duration: nil, rehearsal: nil))
    #expect(plan.slideSeconds == [120, 240, 120, 120] && plan.source == .directives)
    #expect(plan.total == 600)
    // --duration on the command line wins over the deck's.
    #expect(
      PacingPlan.plan(for: deck, duration: TalkDuration(seconds: 840), rehearsal: nil)?.slideSeconds
        == [200, 240, 200, 200])
    // Directives alone make a plan; nothing at all makes none.
    #expect(
      PacingPlan.plan(
        for: try self.deck("# A\n\n---\n\n<!-- duration: 90s -->\n\n## B\n"), duration: nil,
        rehearsal: nil)?.slideSeconds == [0, 90])
    #expect(
      PacingPlan.plan(for: try self.deck("# A\n\n---\n\n## B\n"), duration: nil, rehearsal: nil)
        == nil)
  }

  @Test func theLastRehearsalIsThePlanWhenItFitsTheDeck() throws {
    let deck = try deck("---\nduration: 10m\n---\n\n# A\n\n---\n\n## B\n")
    let rehearsal = RehearsalRun(
      date: "", total: 100,
      slides: [
        .init(slide: 1, title: "A", seconds: 30, steps: [30]),
        .init(slide: 2, title: "B", seconds: 70, steps: [70]),
      ])
    #expect(
      PacingPlan.plan(for: deck, duration: nil, rehearsal: rehearsal)
        == PacingPlan(slideSeconds: [30, 70], source: .rehearsal))
    var older = rehearsal
    older.slides.removeLast()
    #expect(
      PacingPlan.plan(for: deck, duration: nil, rehearsal: older)?.source == .directives,
      "a rehearsal of another deck shape is not used")
  }

  @Test func aheadBehindAndWhatIsLeft() {
    let plan = PacingPlan(slideSeconds: [60, 120, 60], source: .directives)
    #expect(plan.plannedStart(ofSlide: 2) == 180)
    #expect(plan.offset(onSlide: 1, elapsed: 30) == -30, "on slide 2 after 30 s: 30 s ahead")
    #expect(plan.offset(onSlide: 1, elapsed: 100) == 0, "inside the slide's window: on time")
    #expect(plan.offset(onSlide: 1, elapsed: 225) == 45, "past its end: 45 s behind")
    #expect(plan.remaining(onSlide: 1, elapsed: 100) == 140)
    #expect(
      plan.remaining(onSlide: 1, elapsed: 225) == 60, "behind: only the later slides are left")
  }

  @Test func pacingFollowsTheLastRunThatFinished() {
    let finished = RehearsalRun(
      date: "", total: 20, slides: [.init(slide: 1, title: "A", seconds: 20, steps: [20])])
    var interrupted = finished
    interrupted.total = 5
    interrupted.interrupted = true
    #expect(RehearsalLog(runs: [finished, interrupted]).lastFinished == finished)
    #expect(RehearsalLog(runs: [interrupted]).lastFinished == nil)
  }

  @Test func aCorruptOrHandEditedRehearsalRecordIsReportedAtItsLineAndKeptAside() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("talk.rehearsal.json").path
    let run = RehearsalRun(
      date: "2026-01-01T00:00:00Z", total: 3,
      slides: [.init(slide: 1, title: "One", seconds: 3, steps: [3])])
    try RehearsalLog(runs: [run]).write(to: path)
    #expect(try RehearsalLog.read(from: path).runs == [run])
    let good = try #require(
      String(data: try Data(contentsOf: URL(fileURLWithPath: path)), encoding: .utf8))

    // Hand-edited: a number made a word. The place is the value's.
    let edited = good.replacingOccurrences(of: "\"total\" : 3", with: "\"total\" : \"three\"")
    #expect(edited != good, "\(good)")
    try Data(edited.utf8).write(to: URL(fileURLWithPath: path))
    let line = edited.split(separator: "\n", omittingEmptySubsequences: false)
      .firstIndex { $0.contains("three") }.map { $0 + 1 }
    do {
      _ = try RehearsalLog.read(from: path)
      Issue.record("a record with a word for a number was read")
    } catch let error as RehearsalLog.ReadError {
      #expect(error.location?.line == line, "\(error)")
      #expect(
        error.description.hasPrefix("\(path):\(line ?? 0):")
          && error.description.contains("runs.0.total"), "\(error)")
    }

    // Cut short (a crash of an older Podium mid-write): where the JSON stops.
    try Data(good.prefix(40).utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: RehearsalLog.ReadError.self) { try RehearsalLog.read(from: path) }

    // Kept aside, never overwritten: NAME.bad, then NAME.bad.2.
    let first = RehearsalLog.readKeepingAside(path)
    #expect(first.log.runs.isEmpty && first.problem != nil)
    #expect(first.keptAside == path + ".bad")
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(FileManager.default.contents(atPath: path + ".bad") == Data(good.prefix(40).utf8))
    try Data("{".utf8).write(to: URL(fileURLWithPath: path))
    #expect(RehearsalLog.readKeepingAside(path).keptAside == path + ".bad.2")
    #expect(FileManager.default.contents(atPath: path + ".bad") == Data(good.prefix(40).utf8))
    // A missing record is an empty one, not a problem.
    #expect(RehearsalLog.readKeepingAside(path).problem == nil)
  }
}
