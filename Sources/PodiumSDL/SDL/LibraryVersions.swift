import CSDL2
import CSDL2Image
import CSDL2TTF

/// The versions of the C libraries Podium is running against, for `--version` and bug reports.
public enum LibraryVersions {
  public struct Version: Hashable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    public var description: String { "\(major).\(minor).\(patch)" }
  }

  /// The SDL the program loaded at run time. The corresponding C function is `SDL_GetVersion`.
  public static var sdl: Version {
    var version = SDL_version()
    SDL_GetVersion(&version)
    return Version(major: Int(version.major), minor: Int(version.minor), patch: Int(version.patch))
  }

  /// The corresponding C function is `TTF_Linked_Version`.
  public static var ttf: Version {
    guard let version = TTF_Linked_Version()?.pointee else {
      return Version(major: 0, minor: 0, patch: 0)
    }
    return Version(major: Int(version.major), minor: Int(version.minor), patch: Int(version.patch))
  }

  /// The corresponding C function is `IMG_Linked_Version`.
  public static var image: Version {
    guard let version = IMG_Linked_Version()?.pointee else {
      return Version(major: 0, minor: 0, patch: 0)
    }
    return Version(major: Int(version.major), minor: Int(version.minor), patch: Int(version.patch))
  }

  /// One line: `SDL 2.26.5, SDL_ttf 2.20.1, SDL_image 2.6.3`.
  public static var summary: String {
    "SDL \(sdl), SDL_ttf \(ttf), SDL_image \(image)"
  }
}
