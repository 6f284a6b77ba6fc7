import Glibc
import PodiumBus

// `podium`: the commands `podium remote` sends a running talk (next, prev, goto N, black,
// state --json) are made here, by a program that loads libdbus and Swift's core library only,
// so that a stream deck's key moves the talk within milliseconds; everything else, and any
// other spelling of those (--help, a bad number), is the whole of Podium, `podium-app`, run
// in this process's place. Podium's 250-odd libraries take 90 ms to link at each start, which
// a key on a stream deck would wait for every time (scripts/bench-bus).

/// The call `arguments` (without the program's name) make, when they are one the quick path
/// takes as `podium remote` would.
func quickCall(_ arguments: [String]) -> (TalkBusClient.Verb, [BusValue], printsAnswer: Bool)? {
  guard arguments.count >= 2, arguments[0] == "remote",
    let verb = TalkBusClient.Verb(rawValue: arguments[1])
  else { return nil }
  let rest = Array(arguments.dropFirst(2))
  switch verb {
  case .next, .prev, .black:
    return rest.isEmpty ? (verb, [], false) : nil
  case .goto:
    guard rest.count == 1, let word = rest.first, !word.isEmpty,
      word.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let slide = UInt32(word)
    else { return nil }
    return (verb, [.uint32(slide)], false)
  case .state:
    // The speaker's own reading of the state needs JSON decoding: podium-app says it.
    return rest == ["--json"] ? (verb, [], true) : nil
  }
}

/// Where the whole of Podium is: beside this program (a build, `scripts/install`'s bin), or in
/// `../libexec/podium` of it.
func appPath() -> String {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  let me =
    length > 0
    ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    : CommandLine.arguments[0]
  let folder = me.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
    separator: "/")
  let beside = folder + "/podium-app"
  if access(beside, X_OK) == 0 { return beside }
  return folder + "/../libexec/podium/podium-app"
}

/// A line on standard error.
func say(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let (verb, values, printsAnswer) = quickCall(arguments) {
  do throws(TalkBusClient.Failure) {
    if printsAnswer {
      print(try TalkBusClient.state())
    } else {
      _ = try TalkBusClient.call(verb.member, values)
    }
    exit(0)
  } catch {
    say(error.line(for: verb))
    exit(1)
  }
}
let app = appPath()
var argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
execv(app, &argv)
say("podium: cannot run \(app): \(String(cString: strerror(errno)))")
exit(127)
