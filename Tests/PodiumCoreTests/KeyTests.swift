import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@Suite struct KeyTests {
  @Test func everyDefaultKeyReadsBackFromItsPrintedName() throws {
    for binding in KeyBindings.standard + KeyBindings.overview {
      let printed = binding.key.description
      #expect(Key(name: printed) == binding.key, "\(printed)")
      #expect(Key(name: printed.uppercased()) == binding.key, "names are read in any case")
    }
  }

  @Test func sdlNamesAreTheSpellings() {
    #expect(Key(name: "PageDown") == Key(.pageDown))
    #expect(Key(name: "Keypad Enter") == Key(.keypadEnter))
    #expect(Key(name: "Keypad 3") == .keypad("3"))
    #expect(Key(name: "Keypad +") == .keypad("+"))
    #expect(Key(name: "+") == Key("+"), "a plus sign is a key, not a modifier's joint")
    #expect(Key(name: "J") == Key("j"))
    #expect(Key(name: "F12") == Key(.f12))
    #expect(Key(name: "AudioNext") == Key(.other("audionext")), "keys Podium has no name for")
    #expect(Key(name: "") == nil)
  }

  @Test func modifiersAreWrittenBeforeTheKey() throws {
    let back = try #require(Key(name: "Alt+Left"))
    #expect(back == Key(.left, modifiers: .alt))
    #expect(back.description == "alt+left" && back.hintLabel == "Alt+←")
    #expect(Key(name: "ctrl+alt+q") == Key("q", modifiers: [.control, .alt]))
    #expect(Key(name: "Shift++") == Key("+", modifiers: .shift))
    #expect(Key(name: "alt+") == Key(.other("alt+")), "a modifier alone is no key")
  }

  @Test func modifiedKeysMeanTheirOwnBindingElseTheKeyAlone() {
    let bindings = KeyBindings(own: [Key("j"): .next])
    #expect(bindings.command(for: Key(.left, modifiers: .alt)) == .back)
    #expect(bindings.command(for: Key(.left, modifiers: [.control, .alt])) == .back)
    #expect(bindings.command(for: Key(.f5, modifiers: .shift)) == .toggleBlack, "a clicker's stop")
    #expect(bindings.command(for: Key("j", modifiers: .control)) == .next)
    #expect(bindings.command(for: Key(.left, modifiers: .alt), inOverview: true) == .back)
    #expect(bindings.command(for: Key(.right), inOverview: true) == .moveSelection(1))
    #expect(bindings.command(for: Key("b"), inOverview: true) == .toggleBlack)
  }

  @Test func aClickersOwnKeysAreBoundAndPrintedBack() throws {
    let folder = try Fixtures.temporaryDirectory("podium-config")
    let path = folder.appendingPathComponent("config.yaml").path
    try """
    keys:
      next: [AudioNext, "Keypad ,", Alt+Right]
      notes-up: "["
      notes-smaller: "-"
    """.write(toFile: path, atomically: true, encoding: .utf8)
    let (config, diagnostics) = Configuration.load(path: path)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    #expect(config.command(for: Key(.other("audionext"))) == .next)
    #expect(config.command(for: Key(.right, modifiers: .alt)) == .next)
    #expect(config.command(for: Key(.right)) == .next)
    #expect(
      config.printed.contains("next: [alt+right, audionext, 'keypad ,']"), "\(config.printed)")
    // What --print writes reads back as the same keys.
    let printed = folder.appendingPathComponent("printed.yaml").path
    try config.printed.write(toFile: printed, atomically: true, encoding: .utf8)
    let (again, problems) = Configuration.load(path: printed)
    #expect(problems.isEmpty, "\(problems)")
    #expect(again.keys == config.keys)
  }

  @Test func keysThatAreNoKeyNamesAreErrorsWithTheirPlace() throws {
    let folder = try Fixtures.temporaryDirectory("podium-config")
    let path = folder.appendingPathComponent("config.yaml").path
    try "keys:\n  next: [[j]]\n  previous: ''\n  nxet: j\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let lines = Configuration.load(path: path).1.map(\.description)
    let takes = "error: 'next' takes a key name or a list of them, e.g. [PageDown, Right]"
    #expect(lines.contains { $0.hasSuffix("config.yaml:2:10: " + takes) }, "\(lines)")
    #expect(
      lines.contains {
        $0.hasSuffix(
          "config.yaml:3:13: " + takes.replacingOccurrences(of: "'next'", with: "'previous'"))
      })
    #expect(
      lines.contains {
        $0.hasSuffix(":4:3: error: unknown command 'nxet' in keys; did you mean 'next'?")
      })
  }
}

@Suite struct KeySummaryTests {
  @Test func theHelpListsEveryBindableCommandWithItsDefaultKeys() {
    let summary = KeyBindings.summary
    #expect(summary.hasPrefix("next: right, down, pagedown, space, return, keypad enter, n; "))
    #expect(summary.contains("; back: alt+left; quit: q"))
    for (name, _) in Configuration.commandNames { #expect(summary.contains("\(name): ")) }
  }
}
