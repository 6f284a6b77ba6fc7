import CSDL2
import PodiumCore

/// An owned `SDL_Renderer`: a window's, or a software renderer drawing into a surface.
///
/// SDL objects must go in order: textures, then their renderer, then the window or surface it
/// draws into. `SDL_DestroyRenderer` frees every texture still made by it and reads its window,
/// so a `Texture` outliving its renderer, or a window destroyed before its renderer, is a
/// use-after-free inside SDL (valgrind shows both; AddressSanitizer cannot see into SDL). So
/// each `Texture` keeps its renderer alive, and the renderer keeps its target alive and
/// destroys a window after itself: whatever order Swift releases them in, SDL sees the right one.
public final class Renderer {
  let pointer: OpaquePointer
  /// The window this renderer draws into, destroyed with it (after it).
  private let window: OpaquePointer?
  /// The surface a software renderer draws into, freed after it.
  private let surface: Surface?
  /// What the surface belongs to (a Wayland window's buffers, which own the window), freed
  /// after it.
  private let owner: AnyObject?

  /// Takes ownership of `pointer`, and of `window` if given: both are destroyed with this
  /// object, the renderer first.
  init(owning pointer: OpaquePointer, window: OpaquePointer? = nil) {
    self.pointer = pointer
    self.window = window
    surface = nil
    owner = nil
  }

  /// A software renderer that draws into `surface`, for headless export; it keeps the surface
  /// until it is destroyed. The corresponding C function is `SDL_CreateSoftwareRenderer`.
  /// `owner`, if given, is kept until after the renderer is destroyed too.
  init(drawingInto surface: Surface, owner: AnyObject? = nil) throws {
    guard let renderer = SDL_CreateSoftwareRenderer(surface.pointer) else {
      throw SDLError.last("SDL_CreateSoftwareRenderer")
    }
    pointer = renderer
    window = nil
    self.surface = surface
    self.owner = owner
  }

  /// The corresponding C functions are `SDL_DestroyRenderer`, then `SDL_DestroyWindow`; the
  /// surface, if any, is freed after this body.
  deinit {
    SDL_DestroyRenderer(pointer)
    if let window { SDL_DestroyWindow(window) }
  }

  /// The corresponding C functions are `SDL_SetRenderDrawColor` and `SDL_RenderFillRect`.
  func fill(_ rect: SDL_Rect, _ color: RGBAColor) {
    SDL_SetRenderDrawBlendMode(
      pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
    var rect = rect
    SDL_RenderFillRect(pointer, &rect)
  }

  /// Fills triangles (x, y of three corners each, flat) in one colour: ink strokes. With
  /// `multiply`, the colour is multiplied into what is beneath (`SDL_BLENDMODE_MOD`: a
  /// highlighter). The corresponding C functions are `SDL_SetRenderDrawBlendMode` and
  /// `SDL_RenderGeometry` (SDL 2.0.18+).
  func fillTriangles(
    _ corners: [Double], _ color: RGBAColor, multiply: Bool, blend: SDL_BlendMode? = nil
  ) {
    guard corners.count >= 6 else { return }
    let mode =
      blend
      ?? (multiply
        ? SDL_BLENDMODE_MOD : color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    SDL_SetRenderDrawBlendMode(pointer, mode)
    let tint = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    var vertices: [SDL_Vertex] = []
    vertices.reserveCapacity(corners.count / 2)
    for index in stride(from: 0, to: corners.count - 1, by: 2) {
      vertices.append(
        SDL_Vertex(
          position: SDL_FPoint(x: Float(corners[index]), y: Float(corners[index + 1])),
          color: tint, tex_coord: SDL_FPoint(x: 0, y: 0)))
    }
    vertices.withUnsafeBufferPointer { buffer in
      _ = SDL_RenderGeometry(pointer, nil, buffer.baseAddress, Int32(buffer.count), nil, 0)
    }
  }

  /// Fills triangles as `fillTriangles` does, but through `scratch`: drawn opaque into its
  /// top-left `area.w` x `area.h` pixels (white beneath a multiplied stroke, nothing beneath any
  /// other), which then go over `area` of what is drawn into now as one picture, multiplied or
  /// blended at the colour's alpha. SDL's software renderer blends a triangle by making a
  /// surface for it alone (a highlighter stroke is hundreds), and blended triangles that
  /// overlap would show their seams; through the scratch, neither. The clip is lifted after;
  /// false when the scratch cannot be drawn into (nothing was drawn). The corresponding C
  /// functions are `SDL_GetRenderTarget`, `SDL_SetRenderTarget`, `SDL_RenderGeometry`,
  /// `SDL_SetTextureBlendMode` and `SDL_RenderCopy`.
  func fillTriangles(
    _ corners: [Double], _ color: RGBAColor, multiply: Bool, through scratch: Texture,
    area: SDL_Rect
  ) -> Bool {
    let target = SDL_GetRenderTarget(pointer)
    guard area.w <= scratch.width, area.h <= scratch.height,
      SDL_SetRenderTarget(pointer, scratch.pointer) == 0
    else { return false }
    let opaque = RGBAColor(red: color.red, green: color.green, blue: color.blue)
    let beneath =
      multiply
      ? RGBAColor(red: 255, green: 255, blue: 255)
      : RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: 0)
    let inside = SDL_Rect(x: 0, y: 0, w: area.w, h: area.h)
    SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_NONE)
    SDL_SetRenderDrawColor(pointer, beneath.red, beneath.green, beneath.blue, beneath.alpha)
    var rect = inside
    SDL_RenderFillRect(pointer, &rect)
    var moved = corners
    for index in stride(from: 0, to: moved.count - 1, by: 2) {
      moved[index] -= Double(area.x)
      moved[index + 1] -= Double(area.y)
    }
    fillTriangles(moved, multiply ? opaque : color, multiply: false, blend: SDL_BLENDMODE_NONE)
    guard SDL_SetRenderTarget(pointer, target) == 0 else { return false }
    SDL_SetTextureBlendMode(scratch.pointer, multiply ? SDL_BLENDMODE_MOD : SDL_BLENDMODE_BLEND)
    copy(scratch, source: inside, destination: area)
    return true
  }

  /// Limits drawing to `rect`, or lifts the limit with nil. The corresponding C function is
  /// `SDL_RenderSetClipRect`.
  func clip(_ rect: SDL_Rect?) {
    if var rect {
      SDL_RenderSetClipRect(pointer, &rect)
    } else {
      SDL_RenderSetClipRect(pointer, nil)
    }
  }

  /// Uploads a surface. The corresponding C function is `SDL_CreateTextureFromSurface`.
  func texture(from surface: Surface) throws -> Texture {
    guard let texture = SDL_CreateTextureFromSurface(pointer, surface.pointer) else {
      throw SDLError.last("SDL_CreateTextureFromSurface")
    }
    return Texture(owning: texture, renderer: self, width: surface.width, height: surface.height)
  }

  /// A texture of straight BGRA rows (`size.width * 4` bytes each, ARGB8888 in memory), uploaded
  /// once, with no surface between: a PDF page's pixels. `opaque`: every pixel covers what is
  /// under it. The corresponding C functions are `SDL_CreateTexture` and `SDL_UpdateTexture`.
  func texture(bgra pixels: [UInt8], size: PixelSize, opaque: Bool) throws -> Texture {
    guard pixels.count >= size.width * size.height * 4 else {
      throw SDLError(function: "SDL_UpdateTexture", message: "\(pixels.count) bytes for \(size)")
    }
    let texture = try makeTexture(
      format: SDL_PIXELFORMAT_ARGB8888.rawValue, access: SDL_TEXTUREACCESS_STATIC,
      width: size.width, height: size.height, opaque: opaque)
    let status = pixels.withUnsafeBytes {
      SDL_UpdateTexture(texture.pointer, nil, $0.baseAddress, Int32(size.width * 4))
    }
    guard status == 0 else { throw SDLError.last("SDL_UpdateTexture") }
    return texture
  }

  /// A texture to draw into, opaque, in `format` (the window's, so copying it to the window is a
  /// plain copy). The corresponding C function is `SDL_CreateTexture`.
  func targetTexture(width: Int, height: Int, format: UInt32) throws -> Texture {
    try makeTexture(
      format: format, access: SDL_TEXTUREACCESS_TARGET, width: width, height: height, opaque: true)
  }

  /// A texture to draw into with an alpha channel (ARGB8888), for what is drawn and then put
  /// over a frame as one picture (ink strokes). The corresponding C function is
  /// `SDL_CreateTexture`.
  func scratchTexture(width: Int, height: Int) throws -> Texture {
    try makeTexture(
      format: SDL_PIXELFORMAT_ARGB8888.rawValue, access: SDL_TEXTUREACCESS_TARGET, width: width,
      height: height, opaque: false)
  }

  /// A texture for a clip's pictures, planar YUV 4:2:0 as decoders give them: the renderer turns
  /// them into the window's colours as it copies them. The corresponding C function is
  /// `SDL_CreateTexture`.
  func videoTexture(width: Int, height: Int) throws -> Texture {
    try makeTexture(
      format: SDL_PIXELFORMAT_IYUV.rawValue, access: SDL_TEXTUREACCESS_STREAMING, width: width,
      height: height, opaque: true)
  }

  /// The one place textures of a given format and access are made. `opaque`: what is drawn from
  /// it covers what is under it (no blending). The corresponding C function is
  /// `SDL_CreateTexture`.
  private func makeTexture(
    format: UInt32, access: SDL_TextureAccess, width: Int, height: Int, opaque: Bool
  ) throws -> Texture {
    guard
      let texture = SDL_CreateTexture(
        pointer, format, Int32(access.rawValue), Int32(width), Int32(height))
    else {
      throw SDLError.last("SDL_CreateTexture")
    }
    return Texture(owning: texture, renderer: self, width: width, height: height, opaque: opaque)
  }

  /// Sends drawing to `texture`, or back to the window with nil. The corresponding C function is
  /// `SDL_SetRenderTarget`.
  func setTarget(_ texture: Texture?) throws {
    guard SDL_SetRenderTarget(pointer, texture?.pointer) == 0 else {
      throw SDLError.last("SDL_SetRenderTarget")
    }
  }

  /// Reads `rect` of what the renderer draws into now (a target texture, or the window) in
  /// `format`, rows `pitch` bytes apart. The corresponding C function is
  /// `SDL_RenderReadPixels`.
  func readPixels(
    _ rect: SDL_Rect, format: UInt32, into pixels: UnsafeMutableRawPointer, pitch: Int
  ) -> Bool {
    var area = rect
    return SDL_RenderReadPixels(pointer, &area, format, pixels, Int32(pitch)) == 0
  }

  /// The renderer's name (`software`, `opengl`, ...). The corresponding C function is
  /// `SDL_GetRendererInfo`.
  var name: String {
    var info = SDL_RendererInfo()
    guard SDL_GetRendererInfo(pointer, &info) == 0, let name = info.name else { return "unknown" }
    return String(cString: name)
  }

  /// Draws `texture` (or its `source` part) into `destination`. The corresponding C function is
  /// `SDL_RenderCopy`.
  func copy(_ texture: Texture, source: SDL_Rect?, destination: SDL_Rect) {
    var target = destination
    if var crop = source {
      SDL_RenderCopy(pointer, texture.pointer, &crop, &target)
    } else {
      SDL_RenderCopy(pointer, texture.pointer, nil, &target)
    }
  }

  /// Carries out the drawing SDL has queued. The corresponding C function is `SDL_RenderFlush`.
  func flush() {
    SDL_RenderFlush(pointer)
  }

  /// The corresponding C function is `SDL_RenderPresent`.
  public func present() {
    SDL_RenderPresent(pointer)
  }
}

/// An owned `SDL_Texture`. It keeps the renderer that made it alive: SDL frees a renderer's
/// textures with it, so a texture destroyed after its renderer is one SDL has already freed.
public final class Texture {
  let pointer: OpaquePointer
  private let renderer: Renderer
  public let width: Int
  public let height: Int
  private let opaque: Bool

  /// Opaque textures (whole slides) are copied without blending, which is several times faster
  /// in software.
  init(
    owning pointer: OpaquePointer, renderer: Renderer, width: Int, height: Int,
    opaque: Bool = false
  ) {
    self.pointer = pointer
    self.renderer = renderer
    self.width = width
    self.height = height
    self.opaque = opaque
    SDL_SetTextureBlendMode(pointer, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    // Scaled images (backgrounds, figures) are filtered, not blocky.
    SDL_SetTextureScaleMode(pointer, SDL_ScaleModeLinear)
  }

  /// Puts a picture's Y, U and V planes into a texture made by `Renderer.videoTexture`. The
  /// corresponding C function is `SDL_UpdateYUVTexture`.
  func update(with picture: any VideoPicture) {
    picture.withPlanes { y, yPitch, u, uPitch, v, vPitch in
      SDL_UpdateYUVTexture(
        pointer, nil, y, Int32(yPitch), u, Int32(uPitch), v, Int32(vPitch))
    }
  }

  /// Whether copies scaled from it are filtered (linear) or sampled (nearest). The corresponding
  /// C function is `SDL_SetTextureScaleMode`.
  var filtered = true {
    didSet {
      guard filtered != oldValue else { return }
      SDL_SetTextureScaleMode(pointer, filtered ? SDL_ScaleModeLinear : SDL_ScaleModeNearest)
    }
  }

  /// How much of it a copy shows over what is beneath, 0 to 255 (a slide fading in a
  /// transition): an opaque texture is blended only while under 255. The corresponding C
  /// functions are `SDL_SetTextureAlphaMod` and `SDL_SetTextureBlendMode`.
  var opacity: UInt8 = 255 {
    didSet {
      guard opacity != oldValue else { return }
      SDL_SetTextureAlphaMod(pointer, opacity)
      let blended = !opaque || opacity < 255
      SDL_SetTextureBlendMode(pointer, blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }
  }

  /// The corresponding C function is `SDL_DestroyTexture`; the renderer is released after it.
  deinit {
    SDL_DestroyTexture(pointer)
  }
}

extension Rect {
  /// Whole pixels, with edges rounded so that neighbouring rectangles meet without a gap.
  var sdlRect: SDL_Rect {
    let aligned = pixelAligned
    return SDL_Rect(
      x: Int32(aligned.x), y: Int32(aligned.y), w: Int32(aligned.width),
      h: Int32(aligned.height))
  }

  /// The rectangle SDL gave.
  init(_ rect: SDL_Rect) {
    self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.w), height: Double(rect.h))
  }
}
