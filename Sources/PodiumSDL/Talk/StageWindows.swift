import CSDL2
import Foundation
import PodiumCore

/// A window of the talk: its role and the display it is on.
struct StageWindow {
  var role: WindowPlacement.Role
  var display: Int
  var window: Window
}

/// The open windows of a talk: opened where `WindowPlacement` puts them, all closed when the
/// stage changes, each opening and closing written to the trace.
final class StageWindows {
  private(set) var all: [StageWindow] = []
  private let record: (TraceEvent) -> Void
  private let system = WindowingSystem.current

  init(record: @escaping (TraceEvent) -> Void) {
    self.record = record
  }

  /// The window SDL knows by `id`.
  func entry(id: UInt32) -> StageWindow? {
    all.first { $0.window.id == id }
  }

  /// Opens a window at `placement`, not yet full screen: with no window manager SDL would wait
  /// for an answer before the first frame (see `Window.enterFullscreen`).
  func open(_ placement: WindowPlacement, title: String, painter: TalkPainter) throws -> StageWindow
  {
    let area = placement.area
    // On XWayland only an override-redirect window stays on the output it is put on (see
    // `WindowingSystem.isXWayland`): the audience's, which takes no keys. SDL reads the hint
    // when it creates the window.
    let unmanaged = placement.role == .audience && placement.fullScreen && system.isXWayland
    SDL_SetHint(SDL_HINT_X11_FORCE_OVERRIDE_REDIRECT, unmanaged ? "1" : "0")
    let window = try Window(
      title: title, x: area.x, y: area.y, width: area.width, height: area.height,
      borderless: placement.fullScreen, display: placement.display, fonts: painter.fonts,
      images: painter.images, measurer: painter.measurer)
    // The audience's window keeps the slide and its neighbours; the console its slide views too.
    window.keepLayers(windowFrames: [.presenter: 6, .audience: 4][placement.role] ?? 1)
    if placement.role == .presenter {
      window.frames.pictureInterval = 1000 / TalkPainter.consolePictureRate
    }
    let entry = StageWindow(role: placement.role, display: placement.display, window: window)
    all.append(entry)
    recordPlace(of: entry)
    return entry
  }

  func closeAll() {
    for entry in all { record(.windowClosed(.init(entry.role, display: entry.display))) }
    all.removeAll()
  }

  /// Traces where a window is and how many pixels it draws: when it opens, and again when its
  /// size settles (full screen, a new resolution).
  func recordPlace(of entry: StageWindow) {
    let frame = entry.window.frame
    let area = DisplayInfo.Area(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    record(
      .window(
        .init(
          entry.role, display: entry.display, frame: area, pixels: entry.window.pixelSize,
          renderer: entry.window.rendererName,
          driver: VideoDriverChoice.describe(
            system.driver, environment: ProcessInfo.processInfo.environment))))
  }
}
