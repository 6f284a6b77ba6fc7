import ArgumentParser
import PodiumCore

/// The display options shared by `podium displays` and `podium present`.
struct StageOptionGroup: ParsableArguments {
  @Option(help: "The display for the presenter console: an index or an output name (e.g. eDP-1).")
  var presenterDisplay: String?

  @Option(help: "The display for the audience: an index or an output name (e.g. HDMI-1).")
  var audienceDisplay: String?

  @Flag(help: "Swap the console and audience displays.")
  var swap = false

  @Flag(help: "Mirror the audience view on one display, even when there are more.")
  var mirror = false

  @Flag(help: "Both views as ordinary windows on the current display.")
  var windowed = false

  var options: StageOptions {
    StageOptions(
      presenterDisplay: presenterDisplay.map(DisplaySelector.init),
      audienceDisplay: audienceDisplay.map(DisplaySelector.init), swap: swap, mirror: mirror,
      windowed: windowed)
  }
}
