import ArgumentParser
import PodiumCore

/// `podium present`'s extra windows: views on displays of their own, and the audience as a
/// window to share in a video call.
struct ViewOptionGroup: ParsableArguments {
  @Option(
    name: .customLong("views"),
    help: ArgumentHelp(
      "Open a view on a display of its own: notes, timer or audience, at an output name or index, e.g. notes@HDMI-2 (repeat it or separate views with commas; default: the configuration's 'views'). A view whose display is missing, or has the console or the audience, stays closed until a display change frees it.",
      valueName: "VIEW@DISPLAY"))
  var views: [String] = []

  @Flag(
    help:
      "Show the audience in an ordinary, resizable window titled 'Podium: audience' (1920x1080, on the primary display) for a video call to share; it keeps drawing when covered. The console goes full screen on another display, or beside the window."
  )
  var share = false

  @Option(
    help: ArgumentHelp(
      "As --share, with the window this size, e.g. 1280x720.", valueName: "WxH"))
  var windowedAudience: String?

  func validate() throws {
    for text in views {
      do {
        _ = try StageViewRequest.parse(text)
      } catch {
        throw ValidationError("--views \(error)")
      }
    }
    if let windowedAudience, SharedWindow(parsing: windowedAudience) == nil {
      throw ValidationError(
        "--windowed-audience '\(windowedAudience)' is not a size such as 1920x1080 (160x90 to 7680x4320)."
      )
    }
  }

  /// `stage` with the views asked for (else the configuration's) and the shared window.
  func apply(to stage: inout StageOptions, configuration: Configuration) {
    let asked = views.flatMap { (try? StageViewRequest.parse($0)) ?? [] }
    stage.views = asked.isEmpty ? configuration.views : asked
    if let windowedAudience {
      stage.share = SharedWindow(parsing: windowedAudience)
    } else if share {
      stage.share = .standard
    }
  }
}
