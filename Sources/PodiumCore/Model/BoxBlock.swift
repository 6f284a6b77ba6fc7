/// A length as CSS writes it in a deck's inline HTML (`style="top: 40px"`).
public enum CSSLength: Hashable, Sendable {
  /// CSS pixels of the slide: Marp's slides are 720 of them high (1280 wide at 16:9).
  case pixels(Double)
  /// A share of what holds it: the slide's width (left, right, width) or height (top, bottom).
  case percent(Double)
  /// Times the text's size.
  case em(Double)

  /// The length in pixels, for a slide `slideHeight` pixels high, a containing length of
  /// `whole` and text of `em` pixels.
  public func resolved(slideHeight: Double, whole: Double, em: Double) -> Double {
    switch self {
    case .pixels(let value): return value * slideHeight / 720
    case .percent(let value): return value / 100 * whole
    case .em(let value): return value * em
    }
  }
}

/// An HTML element holding blocks (`<div style="...">`, `<p>`, `<center>`) whose look cannot be
/// handed to the blocks inside it: a background behind them, a size of text in pixels, or a
/// place of its own on the slide (`position: absolute`).
public struct BoxBlock: Hashable, Sendable {
  /// Where an absolutely positioned box stands on the slide; nil sides are free.
  public struct Placement: Hashable, Sendable {
    public var left: CSSLength?
    public var top: CSSLength?
    public var right: CSSLength?
    public var bottom: CSSLength?

    public init(
      left: CSSLength? = nil, top: CSSLength? = nil, right: CSSLength? = nil,
      bottom: CSSLength? = nil
    ) {
      self.left = left
      self.top = top
      self.right = right
      self.bottom = bottom
    }
  }

  public var blocks: [Block]
  /// The text's colour inside, where a block has none of its own.
  public var color: RGBAColor?
  public var background: RGBAColor?
  /// The text's size inside (`font-size: 24px`).
  public var fontSize: CSSLength?
  public var width: CSSLength?
  public var height: CSSLength?
  /// Set for `position: absolute` (or `fixed`): the box leaves the flow of the slide.
  public var placement: Placement?

  public init(blocks: [Block]) {
    self.blocks = blocks
  }
}
