import Foundation
import Yams

extension Configuration {
  /// The containers a recording or a rendered movie can be written in.
  public static let movieExtensions = ["mkv", "mp4", "webm"]

  /// `record: FOLDER` (every talk recorded there as `DECK-2026-12-03-1405.mkv`) or `off`;
  /// `record-mic: NAME` (a microphone, or `none` for slides only); `record-size: WxH`.
  static func readRecording(
    _ key: String, _ value: Node, into config: inout Configuration, sink: inout DiagnosticSink,
    folder: URL
  ) {
    let raw = value.scalar?.string ?? ""
    switch key {
    case "record":
      if ["off", "false", "no", ""].contains(raw.lowercased()) && value.scalar != nil {
        config.recordFolder = nil
      } else if value.scalar != nil {
        let expanded = raw.hasPrefix("~/") ? NSHomeDirectory() + raw.dropFirst(1) : raw
        config.recordFolder =
          expanded.hasPrefix("/") ? expanded : folder.appendingPathComponent(expanded).path
      } else {
        sink.error("record must be a folder for the recordings, or off", at: value.sourceLocation)
      }
    case "record-mic":
      if raw.isEmpty {
        sink.error(
          "record-mic must be a microphone's name (podium displays lists them), default or none",
          at: value.sourceLocation)
      } else {
        config.recordMicrophone = raw
      }
    default:
      if let size = PixelSize(parsing: raw) {
        config.recordSize = size
      } else {
        sink.error(
          "record-size must be a size such as 1920x1080, not '\(raw.isEmpty ? "a list" : raw)'",
          at: value.sourceLocation)
      }
    }
  }

  /// Where `record:` puts the recording of a talk of `deck` started at `date`.
  public func recordingPath(forDeck deck: String, at date: Date = Date()) -> String? {
    guard let recordFolder else { return nil }
    let name = URL(fileURLWithPath: deck).deletingPathExtension().lastPathComponent
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    let stamp = String(
      format: "%04d-%02d-%02d-%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0)
    return URL(fileURLWithPath: recordFolder).appendingPathComponent("\(name)-\(stamp).mkv").path
  }

  var printedRecording: [String] {
    var lines = [
      "record: \(recordFolder ?? "off")"
        + (recordFolder == nil ? "           # a folder: every talk recorded there" : "")
    ]
    if let recordMicrophone { lines.append("record-mic: \(recordMicrophone)") }
    if let recordSize { lines.append("record-size: \(recordSize)") }
    return lines
  }
}
