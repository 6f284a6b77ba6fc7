import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// `remote:` and `remote-readonly:` in config.yaml, Shift+R, and the console's pairing card.
@Suite struct RemoteConfigurationTests {
  @Test func remoteIsOffUnlessAskedFor() throws {
    #expect(Configuration().remote == nil)
    #expect(try Fixtures.configuration("remote: off\n").0.remote == nil)
    #expect(try Fixtures.configuration("remote: on\n").0.remote == "127.0.0.1")
    let (config, problems) = try Fixtures.configuration(
      "remote: 0.0.0.0:9000\nremote-readonly: true\n")
    #expect(problems.isEmpty, "\(problems)")
    #expect(config.remote == "0.0.0.0:9000" && config.remoteReadOnly)
    #expect(config.printed.contains("remote: 0.0.0.0:9000\nremote-readonly: true"))
    #expect(Configuration().printed.contains("remote: off"))
  }

  @Test func badRemoteValuesAreLocatedErrors() throws {
    let (_, problems) = try Fixtures.configuration("remote: 'a b/c'\nremote-readonly: maybe\n")
    #expect(problems.contains { $0.contains(":1:9: error: remote must be on, off, an address") })
    #expect(
      problems.contains { $0.contains(":2:18: error: remote-readonly must be true or false") },
      "\(problems)")
  }

  @Test func shiftRTogglesTheCardAndRAloneStillResetsTheTimer() {
    var state = PresentationState(stepCounts: [1, 1])
    let bindings = KeyBindings()
    #expect(bindings.command(for: Key("r", modifiers: .shift)) == .toggleRemoteCard)
    #expect(bindings.command(for: Key("r")) == .resetTimer)
    #expect(!state.remoteCardHidden)
    let changed = state.apply(.toggleRemoteCard, at: 0)
    #expect(changed)
    #expect(state.remoteCardHidden)
  }

  @Test func theCardDrawsTheCodeInItsQuietZoneAndThePIN() {
    // A 21x21 code whose modules are dark on the diagonal only.
    let modules = (0..<441).map { $0 / 21 == $0 % 21 }
    let card = RemoteCard(
      qrWidth: 21, modules: modules, address: "http://10.0.0.2:8123/", pin: "123456")
    let commands = card.commands(
      size: PixelSize(width: 1920, height: 1080), family: "sans", measurer: FixedTextMeasurer())
    guard case .fill(let box, let white)? = commands.first else {
      Issue.record("no card")
      return
    }
    #expect(white == RGBAColor(red: 255, green: 255, blue: 255))
    let modulesDrawn = commands.dropFirst().compactMap { command -> Rect? in
      if case .fill(let rect, _) = command { return rect }
      return nil
    }
    // One square per diagonal module, each inside the card with 4 modules of margin.
    #expect(modulesDrawn.count == 21)
    let side = modulesDrawn[0].width
    #expect(side >= 8 && modulesDrawn.allSatisfy { $0.width == side && $0.height == side })
    #expect(modulesDrawn[0].x >= box.x + 4 * side && modulesDrawn[0].y >= box.y + 4 * side)
    #expect(modulesDrawn[20].x - modulesDrawn[0].x == 20 * side)
    let texts = commands.compactMap { command -> String? in
      if case .text(let item) = command { return item.text }
      return nil
    }
    #expect(texts == ["Phone: http://10.0.0.2:8123/", "PIN 123456"])
    // Inside the console, above its bottom bar.
    #expect(box.maxX <= 1920 && box.maxY <= 1080 * 0.86)
    var paired = card
    paired.pin = nil
    #expect(
      paired.commands(
        size: PixelSize(width: 1920, height: 1080), family: "sans", measurer: FixedTextMeasurer()
      ).contains {
        if case .text(let item) = $0 { return item.text.hasPrefix("Paired") } else { return false }
      })
  }
}
