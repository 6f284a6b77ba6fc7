import CSDL2
import Foundation
import PodiumCore

/// The audio device a talk's clips are heard through: 48 kHz, 16-bit stereo, opened when a clip
/// with sound first plays. SDL's audio thread asks the clips for their sound (which is their
/// clock); with none playing it plays silence. `SDL_AUDIODRIVER` chooses the driver as usual
/// (`disk` writes it to a file, as the tests do).
final class SoundOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var players: [any ClipPlayer] = []
  private var device: SDL_AudioDeviceID = 0
  /// How long the device takes to play what it is handed: its buffer, twice.
  private var latency = 0.0

  /// The default device, or nil (with SDL's reason) when there is none: clips then play silent,
  /// timed by the clock. The corresponding C functions are `SDL_InitSubSystem` and
  /// `SDL_OpenAudioDevice`.
  static func open() -> Result<SoundOutput, SDLError> {
    guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
      return .failure(SDLError.last("SDL_InitSubSystem(audio)"))
    }
    let output = SoundOutput()
    var wanted = SDL_AudioSpec()
    wanted.freq = Int32(VideoPlaybackFormat.sampleRate)
    wanted.format = SDL_AudioFormat(AUDIO_S16LSB)
    wanted.channels = 2
    wanted.samples = 1024
    wanted.callback = soundCallback
    wanted.userdata = Unmanaged.passUnretained(output).toOpaque()
    var obtained = SDL_AudioSpec()
    // No changes allowed: SDL converts to what the device takes, so the callback always fills
    // the format asked for.
    let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
    guard device != 0 else {
      SDL_QuitSubSystem(SDL_INIT_AUDIO)
      return .failure(SDLError.last("SDL_OpenAudioDevice"))
    }
    output.device = device
    output.latency = 2 * Double(obtained.samples) / Double(VideoPlaybackFormat.sampleRate)
    SDL_PauseAudioDevice(device, 0)
    return .success(output)
  }

  private init() {}

  /// The device is closed before this object goes: SDL's thread holds a pointer to it.
  deinit {
    close()
  }

  /// The clips heard from now on.
  func play(_ players: [any ClipPlayer]) {
    lock.lock()
    self.players = players
    lock.unlock()
  }

  /// Closes the device; SDL waits for its thread to leave the callback first. The corresponding
  /// C functions are `SDL_CloseAudioDevice` and `SDL_QuitSubSystem`.
  func close() {
    guard device != 0 else { return }
    SDL_CloseAudioDevice(device)
    SDL_QuitSubSystem(SDL_INIT_AUDIO)
    device = 0
  }

  fileprivate func fill(_ stream: UnsafeMutablePointer<UInt8>, bytes: Int) {
    memset(stream, 0, bytes)
    lock.lock()
    let heard = players
    lock.unlock()
    let frames = bytes / 4
    stream.withMemoryRebound(to: Int16.self, capacity: frames * 2) { samples in
      for player in heard { player.mixSound(into: samples, frames: frames, latency: latency) }
    }
  }
}

private let soundCallback: SDL_AudioCallback = { userdata, stream, length in
  guard let userdata, let stream else { return }
  Unmanaged<SoundOutput>.fromOpaque(userdata).takeUnretainedValue().fill(stream, bytes: Int(length))
}
