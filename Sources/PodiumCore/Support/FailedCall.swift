/// A C library's call that failed: the function's name and the library's own message. What
/// every C boundary throws (SDL's as `SDLError`, cairo's, FreeType's and HarfBuzz's as
/// `PDFError`, libdeflate's as `PNGEncoderError`).
public struct FailedCall: Error, Hashable, Sendable, CustomStringConvertible {
  public var function: String
  public var message: String

  public init(function: String, message: String) {
    self.function = function
    self.message = message
  }

  public var description: String { "\(function) failed: \(message)" }
}
