import CSDL2
import Foundation
import PodiumCore

/// A microphone heard through SDL's audio capture: 48 kHz, 16-bit mono, handed on in buffers of
/// about 20 ms from SDL's audio thread. `SDL_AUDIODRIVER` chooses the driver as usual (`disk`
/// reads `SDL_DISKAUDIOFILEIN`, as the tests do).
public final class Microphone: @unchecked Sendable {
  public static let sampleRate = 48_000
  public static let channels = 1

  private let hear: @Sendable (UnsafeBufferPointer<Int16>) -> Void
  private var device: SDL_AudioDeviceID = 0
  /// The device's name, or "the default microphone".
  public let name: String

  /// The capture devices SDL knows, by name. The corresponding C functions are
  /// `SDL_GetNumAudioDevices` and `SDL_GetAudioDeviceName`.
  public static func deviceNames() -> [String] {
    guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else { return [] }
    defer { SDL_QuitSubSystem(SDL_INIT_AUDIO) }
    let count = SDL_GetNumAudioDevices(1)
    return (0..<max(0, count)).compactMap { index in
      SDL_GetAudioDeviceName(index, 1).map { String(cString: $0) }
    }
  }

  /// Opens `named` (nil: the default capture device) and starts hearing; `hear` gets each
  /// buffer on SDL's audio thread. Throws SDL's reason (no such device, none at all). The
  /// corresponding C functions are `SDL_InitSubSystem`, `SDL_OpenAudioDevice` and
  /// `SDL_PauseAudioDevice`.
  public init(named: String?, hear: @escaping @Sendable (UnsafeBufferPointer<Int16>) -> Void) throws
  {
    self.hear = hear
    name = named ?? "the default microphone"
    guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
      throw SDLError.last("SDL_InitSubSystem(audio)")
    }
    if let named, !Self.deviceNames().contains(named) {
      SDL_QuitSubSystem(SDL_INIT_AUDIO)
      let known = Self.deviceNames()
      throw SDLError(
        function: "SDL_OpenAudioDevice",
        message: "no microphone named '\(named)'"
          + (known.isEmpty ? " (SDL finds none)" : "; there are: " + known.joined(separator: ", ")))
    }
    var wanted = SDL_AudioSpec()
    wanted.freq = Int32(Self.sampleRate)
    wanted.format = SDL_AudioFormat(AUDIO_S16LSB)
    wanted.channels = UInt8(Self.channels)
    wanted.samples = 1024
    wanted.callback = microphoneCallback
    wanted.userdata = Unmanaged.passUnretained(self).toOpaque()
    var obtained = SDL_AudioSpec()
    // No changes allowed: SDL converts from what the device gives.
    let device = SDL_OpenAudioDevice(named, 1, &wanted, &obtained, 0)
    guard device != 0 else {
      let error = SDLError.last("SDL_OpenAudioDevice")
      SDL_QuitSubSystem(SDL_INIT_AUDIO)
      throw error
    }
    self.device = device
    SDL_PauseAudioDevice(device, 0)
  }

  deinit { close() }

  /// Stops hearing; SDL waits for its thread to leave the callback first. The corresponding C
  /// functions are `SDL_CloseAudioDevice` and `SDL_QuitSubSystem`.
  public func close() {
    guard device != 0 else { return }
    SDL_CloseAudioDevice(device)
    SDL_QuitSubSystem(SDL_INIT_AUDIO)
    device = 0
  }

  fileprivate func heard(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
    stream.withMemoryRebound(to: Int16.self, capacity: bytes / 2) { samples in
      hear(UnsafeBufferPointer(start: samples, count: bytes / 2))
    }
  }
}

private let microphoneCallback: SDL_AudioCallback = { userdata, stream, length in
  guard let userdata, let stream else { return }
  Unmanaged<Microphone>.fromOpaque(userdata).takeUnretainedValue().heard(stream, bytes: Int(length))
}
