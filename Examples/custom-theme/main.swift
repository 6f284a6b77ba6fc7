// Example: a custom theme built in code, used to render one slide to a PNG.
//
//   swift run custom-theme /tmp/custom-theme.png
import Foundation
import PodiumCore
import PodiumSDL

let output = CommandLine.arguments.dropFirst().first ?? "custom-theme.png"

// Start from the dark theme and make it our own: colours, a serif body, bigger text.
var theme = Theme.dark
theme.name = "midnight-amber"
theme.colors.background = RGBAColor(red: 0x10, green: 0x18, blue: 0x20)
theme.colors.accent = RGBAColor(red: 0xF2, green: 0xAA, blue: 0x4C)
theme.colors.heading = RGBAColor(red: 0xF2, green: 0xAA, blue: 0x4C)
theme.fonts.body = "DejaVu Serif"
theme.sizes.body = 0.05

let markdown = """
  ## A custom theme

  - Colours, fonts and sizes are plain values
  - Start from `Theme.light` or `Theme.dark`
  - Or write a theme **YAML file** and name it in the front matter
  """
let parsed = DeckParser.parse(text: markdown, file: "example.md", baseDirectory: ".")
guard let deck = parsed.deck, let slide = deck.slides.first else { exit(1) }

let fonts = FontLibrary()
let images = ImageLibrary()
let measurer = SDLTextMeasurer(library: fonts)
let size = PixelSize(width: 1280, height: 720)
let frame = LayoutEngine(theme: theme, measurer: measurer, images: images)
  .layout(slide, in: deck, step: slide.stepCount - 1, size: size)
do {
  let canvas = try OffscreenCanvas(size: size, fonts: fonts, images: images, measurer: measurer)
  canvas.draw(frame)
  try canvas.writePNG(path: output)
  print("wrote \(output)")
} catch {
  print("error: \(error)")
  exit(1)
}
