import Foundation
import PodiumTestSupport
import Testing

/// Notes that follow the builds, on a real two-monitor X server: a Slidev deck's `[click]`
/// parts, each lit on the console at its own click and dimmed at the others, read off the
/// console's pixels; the room never sees a line of them.
@Suite(.serialized) struct NotesPartsEndToEndTests {
  static let deckText = """
    ---
    highlighter: shiki
    ---

    # Clicks

    <v-click>

    First point

    </v-click>

    <v-click>

    Second point

    </v-click>

    <!--
    Open with the question to the room.

    [click] Now the first point, with its example.

    [click] And the second, to close.
    -->

    ---

    # The end
    """

  /// The lines of text in the notes panel of the console (the left-hand monitor), top to
  /// bottom, each as how far its brightest pixel stands from the panel's own colour.
  static func notesLines(_ screen: Screenshot) -> [Int] {
    // The notes panel of a 1920 x 1080 console: the right-hand column under the next slide
    // (x 1172 to 1894, y 468 to 970), inside its edges.
    let console = screen.crop(x: 1185, y: 475, width: 700, height: 490)
    var counts: [Int: Int] = [:]
    for index in stride(from: 0, to: console.pixels.count, by: 3) {
      let key =
        Int(console.pixels[index]) << 16 | Int(console.pixels[index + 1]) << 8
        | Int(console.pixels[index + 2])
      counts[key, default: 0] += 1
    }
    let panel = counts.max { $0.value < $1.value }?.key ?? 0
    let background = [panel >> 16 & 0xFF, panel >> 8 & 0xFF, panel & 0xFF]
    var contrast: [Int] = []
    for row in 0..<console.height {
      var most = 0
      for column in 0..<console.width {
        let offset = (row * console.width + column) * 3
        let distance = (0..<3).reduce(0) {
          $0 + abs(Int(console.pixels[offset + $1]) - background[$1])
        }
        most = max(most, distance)
      }
      contrast.append(most)
    }
    // Runs of rows with text in them, apart by a few blank rows: one per paragraph.
    var lines: [Int] = []
    var current: Int?
    var blank = 0
    for value in contrast {
      if value > 60 {
        current = max(current ?? 0, value)
        blank = 0
      } else if let run = current {
        blank += 1
        if blank >= 6 {
          lines.append(run)
          current = nil
        }
      }
    }
    if let current { lines.append(current) }
    return lines
  }

  @Test func eachClickLightsItsPartOfTheNotesOnTheConsole() throws {
    let deckPath = try Fixtures.writeDeck(Self.deckText, named: "slides.md")
    let check = try CommandRunner.podium("check", "--json", deckPath)
    let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any]
    let read = (report?["decks"] as? [[String: Any]])?.first
    #expect(read?["dialect"] as? String == "slidev", "\(check.stdout)")
    let server = try XorgServer(monitors: 2)
    defer { server.stop() }
    let run = try PresentRun(server, deck: deckPath)
    #expect(run.waitFor("show") != nil, "\(run.errors())")
    for step in 1...3 {
      if step > 1 {
        let mark = run.events().count
        try run.key("Right")
        #expect(
          run.waitFor("present", after: mark) {
            $0["role"] as? String == "presenter" && $0["step"] as? Int == step
          } != nil, "the console at step \(step)")
      }
      Thread.sleep(forTimeInterval: 0.4)
      let screen = try Screenshot.capture(display: server.display)
      let lines = Self.notesLines(screen)
      #expect(lines.count == 3, "three parts of notes at step \(step): \(lines)")
      guard lines.count == 3 else { continue }
      for (part, contrast) in lines.enumerated() where part != step - 1 {
        #expect(
          lines[step - 1] > contrast * 13 / 10,
          "step \(step): part \(step) lit (\(lines[step - 1])), part \(part + 1) dimmed (\(contrast))"
        )
      }
    }
    try run.key("q", "q")
    #expect(run.waitForExit() == 0, "\(run.errors())")
  }
}
