import PodiumSDL
import Testing

/// SDL's video state is global, so these run one at a time.
@Suite(.serialized) struct VideoSubsystemTests {
  @Test func headlessDummyDriverStartsWithOneDisplay() throws {
    let video = try VideoSubsystem(driver: "dummy")
    #expect(video.driver == "dummy")
    #expect(try video.displayCount() == 1)
  }

  @Test func unknownDriverIsAnErrorNamingTheCall() {
    do {
      _ = try VideoSubsystem(driver: "podium-no-such-driver")
      Issue.record("an unknown video driver must not start")
    } catch let error as SDLError {
      #expect(error.function == "SDL_VideoInit")
      #expect(error.message.contains("podium-no-such-driver"))
      #expect(error.description.hasPrefix("SDL_VideoInit failed: "))
    } catch {
      Issue.record("expected an SDLError, got \(error)")
    }
  }
}
