// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Podium",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "podium", targets: ["podium"]),
    .library(name: "PodiumCore", targets: ["PodiumCore"]),
    .library(name: "PodiumSyntax", targets: ["PodiumSyntax"]),
    .library(name: "PodiumSDL", targets: ["PodiumSDL"]),
    .library(name: "PodiumPDF", targets: ["PodiumPDF"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    // System libraries from Debian (DESIGN.md lists the packages). The SDL module maps include
    // <SDL2/...> from the default include path instead of asking pkg-config: sdl2.pc adds
    // -D_REENTRANT, which SwiftPM rejects with a warning per target, and SDL_ttf.h and
    // SDL_image.h find "SDL.h" beside themselves.
    .systemLibrary(name: "CSDL2", path: "Sources/CSDL2", providers: [.apt(["libsdl2-dev"])]),
    .systemLibrary(
      name: "CSDL2TTF", path: "Sources/CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
    .systemLibrary(
      name: "CSDL2Image", path: "Sources/CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
    .systemLibrary(
      name: "CCmarkGFM", path: "Sources/CCmarkGFM", pkgConfig: "libcmark-gfm",
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
    .systemLibrary(
      name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"])]),
    .systemLibrary(
      name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]),
    // Output names (eDP-1, HDMI-A-1) and scales on Wayland, which SDL 2 does not report.
    .systemLibrary(
      name: "CWaylandClient", path: "Sources/CWaylandClient", pkgConfig: "wayland-client",
      providers: [.apt(["libwayland-dev"])]),
    .systemLibrary(
      name: "CFriBidi", path: "Sources/CFriBidi", pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"])]),
    // The PDF: cairo's PDF surface, HarfBuzz shaping, FreeType faces (PodiumPDF only).
    .systemLibrary(
      name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", path: "Sources/CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]),
    // PDF pages (math formulas, PDF decks) drawn through cairo (PodiumPDF only).
    .systemLibrary(
      name: "CPoppler", path: "Sources/CPoppler", pkgConfig: "poppler-glib",
      providers: [.apt(["libpoppler-glib-dev"])]),

    // The code highlighter: a leaf that depends on nothing, not even Foundation.
    .target(name: "PodiumSyntax"),
    .target(
      name: "PodiumCore",
      dependencies: ["PodiumSyntax", "CCmarkGFM", .product(name: "Yams", package: "Yams")]),
    .target(
      name: "PodiumSDL",
      dependencies: [
        "PodiumCore", "CSDL2", "CSDL2TTF", "CSDL2Image", "CFontconfig", "CFriBidi", "CDeflate",
        "CWaylandClient",
      ]),
    // Vector PDF export and PDF pages (Poppler); no SDL: fonts' runs and images' pixels come in
    // through PodiumCore's protocols, and pages go out through one (`PageRasterizer`).
    .target(
      name: "PodiumPDF",
      dependencies: ["PodiumCore", "CCairo", "CHarfBuzz", "CFreeType", "CPoppler"]),
    .executableTarget(
      name: "podium",
      dependencies: [
        "PodiumCore", "PodiumSDL", "PodiumPDF",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .target(name: "PodiumTestSupport", dependencies: ["PodiumCore"]),
    // Pixels and SDL's allocations for the tests of PodiumSDL; the only target besides
    // PodiumSDL that may import SDL (ArchitectureTests).
    .target(
      name: "PodiumSDLTestSupport",
      dependencies: ["PodiumSDL", "PodiumCore", "CSDL2", "CSDL2Image"]),

    .executableTarget(
      name: "deck-outline", dependencies: ["PodiumCore"], path: "Examples/deck-outline"),
    .executableTarget(
      name: "render-deck", dependencies: ["PodiumCore", "PodiumSDL"], path: "Examples/render-deck"),
    .executableTarget(
      name: "custom-theme", dependencies: ["PodiumCore", "PodiumSDL"], path: "Examples/custom-theme"
    ),
    // The fuzzing harness (scripts/fuzz); an ordinary build replays inputs named on its command line.
    .executableTarget(name: "deck-fuzz", dependencies: ["PodiumCore"], path: "Fuzz/deck-fuzz"),

    .testTarget(name: "PodiumSyntaxTests", dependencies: ["PodiumSyntax"]),
    .testTarget(
      name: "PodiumCoreTests", dependencies: ["PodiumCore", "PodiumTestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "PodiumSDLTests",
      dependencies: ["PodiumSDL", "PodiumPDF", "PodiumTestSupport", "PodiumSDLTestSupport"],
      exclude: ["__Goldens__"]),
    .testTarget(
      name: "PodiumPDFTests",
      dependencies: ["PodiumPDF", "PodiumSDL", "PodiumTestSupport", "PodiumSDLTestSupport"]),
    .testTarget(
      name: "podiumTests", dependencies: ["podium", "PodiumTestSupport", "PodiumSDLTestSupport"],
      exclude: ["__Fixtures__"]),
  ]
)
