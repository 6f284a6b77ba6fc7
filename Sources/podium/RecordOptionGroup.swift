import ArgumentParser
import Foundation
import PodiumCore
import PodiumSDL
import PodiumVideo

/// `podium present --record talk.mkv` (and `rehearse`), `--record-size` and `--mic`: the talk
/// recorded as the room sees it, with the speaker's voice and a chapter per slide. Also on for
/// every talk with `record: FOLDER` in config.yaml.
struct RecordOptionGroup: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Record the talk to FILE (.mkv, .mp4 or .webm): the room's slides at 30 frames a second, "
        + "the microphone and a chapter per slide (also talk.chapters.vtt for talk.mkv). A file "
        + "already there is kept: the recording goes to talk-2.mkv.", valueName: "FILE"))
  var record: String?

  @Option(
    help: ArgumentHelp(
      "The recording's size (default: the audience display's; 1920x1080 in a rehearsal).",
      valueName: "WxH"))
  var recordSize: String?

  @Option(
    help: ArgumentHelp(
      "The microphone to record (podium displays lists them), 'default', or 'none' for the "
        + "slides alone.", valueName: "NAME"))
  var mic: String?

  @Option(
    help: ArgumentHelp(
      "With a recording: the speaker's camera in a corner of the recording (Shift+C moves it "
        + "round the corners or hides it): a camera (/dev/video0) or any input FFmpeg reads.",
      valueName: "SOURCE"))
  var camera: String?

  func validate() throws {
    if let recordSize, PixelSize(parsing: recordSize) == nil {
      throw ValidationError("--record-size '\(recordSize)' is not a size such as 1920x1080.")
    }
    if let record, Self.isMovie(record) == false {
      throw ValidationError(
        "--record '\(record)' must end in .mkv, .mp4 or .webm (Matroska survives a crash best)"
          + (record.hasSuffix(".json") ? "; the rehearsals are kept with --rehearsals FILE" : "")
          + ".")
    }
  }

  static func isMovie(_ path: String) -> Bool {
    Configuration.movieExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
  }

  /// A recording that runs, and the microphone that feeds it.
  final class Running {
    let recorder: TalkRecorder
    let microphone: Microphone?

    init(recorder: TalkRecorder, microphone: Microphone?) {
      self.recorder = recorder
      self.microphone = microphone
    }

    /// After the talk: the microphone stops, the file is closed and said.
    func finish(command: String) {
      microphone?.close()
      recorder.finish()
      recorder.settings.camera?.close()
      let status = recorder.status
      let megabytes = String(format: "%.1f MB", Double(status.bytes) / 1_048_576)
      var line =
        "podium \(command): recorded \(recorder.settings.path) (\(ConsoleStatus.format(status.seconds)), \(megabytes)"
      if status.droppedFrames > 0 { line += ", \(status.droppedFrames) frames dropped" }
      line += ")"
      if let chapters = recorder.settings.chaptersPath,
        FileManager.default.fileExists(atPath: chapters)
      {
        line += "; chapters in \(chapters)"
      }
      if let problem = status.problem { line += "; it stopped early: \(problem)" }
      Console.error(line)
    }
  }

  /// Starts the recording `--record` or `record:` asks for, nil when neither does. A recording
  /// that cannot start is a message and the talk goes on without it; a microphone that cannot
  /// be opened is a message and the slides are recorded alone.
  func start(_ settings: Configuration, deck: String, command: String) -> Running? {
    guard let asked = record ?? settings.recordingPath(forDeck: deck) else {
      if let camera {
        Console.error(
          "podium \(command): warning: --camera \(camera) is for a recording: give --record FILE (or record: FOLDER in config.yaml)"
        )
      }
      return nil
    }
    let path = TalkRecorder.freshPath(asked)
    if record == nil {
      try? FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
        withIntermediateDirectories: true)
    }
    // The recorder first, so that the microphone's first sound is its: a microphone that
    // does not open leaves the movie without a sound track (it begins at the first picture).
    var recorderSettings = TalkRecorder.Settings(
      path: path, size: recordSize.flatMap(PixelSize.init(parsing:)) ?? settings.recordSize,
      sound: (Microphone.sampleRate, Microphone.channels))
    if let camera {
      do {
        recorderSettings.camera = try CameraFeed(source: camera)
      } catch {
        Console.error("podium \(command): warning: the recording has no camera: \(error)")
      }
    }
    let recorder: TalkRecorder
    do {
      recorder = try TalkRecorder(recorderSettings)
    } catch {
      recorderSettings.camera?.close()
      Console.error("podium \(command): warning: the talk is not recorded: \(error)")
      return nil
    }
    var microphone: Microphone?
    let named = mic ?? settings.recordMicrophone
    if named?.lowercased() != "none" {
      do {
        microphone = try Microphone(
          named: named?.lowercased() == "default" ? nil : named,
          hear: { [recorder] in recorder.hear($0) })
      } catch {
        Console.error(
          "podium \(command): warning: the recording has no sound: the microphone cannot be opened: \(error)"
        )
      }
    }
    if microphone == nil { recorder.withoutSound() }
    Console.error(
      "podium \(command): recording to \(path)"
        + (microphone.map { " with \($0.name)" } ?? " (no sound)")
        + (recorderSettings.camera.map { " and the camera \($0.source)" } ?? ""))
    return Running(recorder: recorder, microphone: microphone)
  }
}
