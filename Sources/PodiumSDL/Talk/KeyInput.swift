import CSDL2
import PodiumCore

extension Key {
  /// The key an SDL key press names, with its Ctrl, Alt and Shift. Keys in config.yaml are SDL's
  /// key names, so the press is read through the same name (`SDL_GetKeyName`) to agree with
  /// them for every key, including those Podium has no name for. Nil for a key SDL cannot name.
  init?(_ keysym: SDL_Keysym) {
    guard let cName = SDL_GetKeyName(keysym.sym), let key = Key(name: String(cString: cName))
    else { return nil }
    var modifiers: Modifiers = []
    let held = UInt32(keysym.mod)
    if held & KMOD_CTRL.rawValue != 0 { modifiers.insert(.control) }
    if held & KMOD_ALT.rawValue != 0 { modifiers.insert(.alt) }
    if held & KMOD_SHIFT.rawValue != 0 { modifiers.insert(.shift) }
    self.init(key.code, modifiers: modifiers)
  }
}
