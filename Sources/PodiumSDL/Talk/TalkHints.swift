import CSDL2
import Foundation

/// The SDL hints and the signal mask a talk needs, set in one place before SDL starts.
enum TalkHints {
  static func apply() {
    // A talk's windows must stay put when focus moves to the other screen.
    SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
    // Software windows present through the X server's shared memory rather than an OpenGL
    // texture, which is several times slower where OpenGL is Mesa's llvmpipe.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    // Ctrl+C and SIGTERM must reach SDL, which turns them into a quit. A launcher may hand down
    // a signal mask that blocks them (a test runner's threads do): unblock them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }
}
