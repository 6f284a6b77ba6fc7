import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

@testable import PodiumVideo

/// The camera of a recording, read from a clip FFmpeg made (a camera is one more input to it):
/// pictures at its pace, scaled to the corner's box, and the end of it said.
@Suite struct CameraFeedTests {
  static func clip(seconds: Double, color: String = "0xff00ff") throws -> String {
    let folder = try Fixtures.temporaryDirectory("podium-camera")
    let path = folder.appendingPathComponent("camera.mp4").path
    try TestClips.ffmpeg([
      "-f", "lavfi", "-i", "color=c=\(color):s=640x360:r=30:d=\(seconds)", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", path,
    ])
    return path
  }

  @Test func aCamerasPicturesComeAtItsPaceInTheBoxAndItsEndIsSaid() throws {
    let camera = try CameraFeed(source: try Self.clip(seconds: 1.5), width: 320)
    defer { camera.close() }
    let picture = try #require(eventually(timeout: 5) { camera.picture })
    #expect(picture.width == 320 && picture.height == 180)
    #expect(picture.isYUV420)
    // Magenta in 4:2:0: middling luma, blue and red differences both high.
    let (luma, u, v) = (
      picture.byte(plane: 0, x: 100, y: 50) ?? 0, picture.byte(plane: 1, x: 50, y: 25) ?? 0,
      picture.byte(plane: 2, x: 50, y: 25) ?? 0
    )
    #expect(luma > 80 && luma < 130 && u > 180 && v > 180, "Y \(luma) U \(u) V \(v)")
    camera.fit(movieWidth: 1280)
    #expect(camera.size == PixelSize(width: 320, height: 180))
    camera.fit(movieWidth: 1920)
    #expect(camera.size == PixelSize(width: 480, height: 270))
    // A second and a half of pictures, played at their pace: not all at once.
    #expect(camera.problem == nil)
    let problem = try #require(eventually(timeout: 6) { camera.problem })
    #expect(problem == "the camera stopped: it ended")
    #expect(camera.picture == nil, "a camera that stopped shows nothing")
  }

  @Test func aCameraThatIsNotThereIsAClearError() throws {
    #expect {
      _ = try CameraFeed(source: "/dev/video97")
    } throws: { "\($0)".contains("the camera '/dev/video97' cannot be opened") }
    #expect {
      _ = try CameraFeed(source: "/nonexistent/camera.mp4")
    } throws: { "\($0)".contains("No such file or directory") }
  }
}
