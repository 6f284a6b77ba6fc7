import CSDL2
import PodiumCore

/// A failed SDL call, naming the function and carrying SDL's own message.
public typealias SDLError = FailedCall

extension FailedCall {
  /// The error SDL reports for the call that just failed. The corresponding C function is
  /// `SDL_GetError`.
  public static func last(_ function: String) -> SDLError {
    SDLError(function: function, message: SDL_GetError().map { String(cString: $0) } ?? "")
  }

  /// SDL's message on this thread, empty when there is none. SDL also sets it when a call that
  /// returns nothing is handed an object it has already freed ("Parameter 'texture' is
  /// invalid"), which is how tests see that Podium frees SDL objects in SDL's order. The
  /// corresponding C function is `SDL_GetError`.
  static var threadMessage: String { SDL_GetError().map { String(cString: $0) } ?? "" }

  /// Forgets SDL's message on this thread. The corresponding C function is `SDL_ClearError`.
  static func clearThreadMessage() { SDL_ClearError() }
}

/// Runs an SDL call that returns 0 on success and throws its error otherwise.
@discardableResult
func sdlCall(_ function: String, _ body: () -> Int32) throws -> Int32 {
  let result = body()
  guard result >= 0 else { throw SDLError.last(function) }
  return result
}
