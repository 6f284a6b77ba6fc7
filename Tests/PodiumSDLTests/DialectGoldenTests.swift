import Foundation
import PodiumCore
import PodiumSDLTestSupport
import PodiumTestSupport
import Testing

/// pandoc's and Slidev's decks drawn: the title slide pandoc makes from the metadata, a beamer
/// frame with columns, Slidev's `two-cols` and `image-right` layouts.
extension GoldenImageTests {
  static let pandocTalk = """
    ---
    title: Sparse Models for Fast Inference
    subtitle: Group meeting
    author: [Ada Lovelace, Charles Babbage]
    institute: University of Somewhere
    date: March 2024
    documentclass: beamer
    slide-level: 2
    ---

    # Method

    ## Formulation {.t}

    :::: columns
    ::: {.column width="40%"}
    - Sparse *weights*
    - Fewer multiplications

    ::: notes
    Not on the slide.
    :::
    :::
    ::: {.column width="60%"}
    ![Two displays](images/two-displays.png){width=90%}
    :::
    ::::
    """

  @Test func pandocTitleSlideFromTheMetadata() throws {
    let (image, frame) = try render(Self.pandocTalk, slide: 0, size: Self.small)
    let texts = frame.commands.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    #expect(texts.contains("Group meeting") && texts.contains("University of Somewhere"))
    #expect(image.count(of: Theme.light.colors.heading) > 2_000, "the title's ink is there")
    try check("pandoc-title", image)
  }

  @Test func pandocColumnsUnderABeamerSection() throws {
    // Slide 2 is the section page; 3 the frame, its columns 40% and 60% of the width.
    let (image, frame) = try render(Self.pandocTalk, slide: 2, size: Self.small)
    let sparse = try #require(
      frame.commands.first {
        if case .text(let t) = $0 { t.text.hasPrefix("Sparse") } else { false }
      })
    guard case .text(let word) = sparse else { return }
    #expect(word.x < 960 * 0.4, "the list is in the left column")
    let texts = frame.commands.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    #expect(!texts.contains { $0.contains("Not on the slide") }, "notes stay off the slide")
    try check("pandoc-beamer-columns", image)
  }

  @Test func slidevTwoColumnsAndImageRight() throws {
    let deck = """
      ---
      theme: seriph
      layout: two-cols
      transition: slide-left
      ---

      # Two columns

      - Left, *first*
      - Left, second

      ::right::

      <div class="text-sm">Right side text</div>

      ---
      layout: image-right
      image: images/two-displays.png
      class: text-right
      ---

      # Image right

      The picture takes the right half.
      """
    let (columns, _) = try render(deck, slide: 0, size: Self.small)
    try check("slidev-two-cols", columns)
    let (pictured, frame) = try render(deck, slide: 1, size: Self.small)
    let picture = frame.commands.contains {
      if case .image(let item) = $0 { return item.destination.x >= 480 - 1 } else { return false }
    }
    #expect(picture, "the image is on the right half")
    try check("slidev-image-right", pictured)
  }
}
