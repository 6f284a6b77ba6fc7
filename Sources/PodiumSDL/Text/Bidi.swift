import CFriBidi

/// The Unicode Bidirectional Algorithm for one line, through GNU FriBidi: which way each character
/// runs and where it ends up, so mixed Arabic, Hebrew and English lines read as every other
/// program shows them (spaces and digits included), not as a guess of our own.
struct Bidi {
  /// The resolved embedding level of each scalar: odd levels run right to left.
  let levels: [UInt8]
  /// The logical index of the scalar shown at each visual position, from the left.
  let visualOrder: [Int]
  /// Whether the line's base direction, from its first strong character (rules P2 and P3), is
  /// right to left; a line with no strong character is left to right.
  let isRightToLeft: Bool

  /// Resolves one line of `scalars`, in the direction `rightToLeft` says or, when nil, its first
  /// strong character's. The corresponding C functions are `fribidi_get_bidi_types`,
  /// `fribidi_get_bracket_types`, `fribidi_get_par_embedding_levels_ex` and
  /// `fribidi_reorder_line`.
  init(_ scalars: [Unicode.Scalar], rightToLeft: Bool? = nil) {
    let count = scalars.count
    guard count > 0 else {
      levels = []
      visualOrder = []
      isRightToLeft = false
      return
    }
    let characters: [FriBidiChar] = scalars.map { $0.value }
    var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
    var brackets = [FriBidiBracketType](repeating: FriBidiBracketType(0), count: count)
    var levels = [FriBidiLevel](repeating: 0, count: count)
    var map = Array(Int32(0)..<Int32(count))
    var base = podium_fribidi_par_auto
    if let rightToLeft { base = rightToLeft ? podium_fribidi_par_rtl : podium_fribidi_par_ltr }
    let length = FriBidiStrIndex(count)
    fribidi_get_bidi_types(characters, length, &types)
    fribidi_get_bracket_types(characters, length, types, &brackets)
    let resolved = fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels)
    // Zero means FriBidi could not allocate: the line then stays in logical order, left to right.
    if resolved == 0 {
      self.levels = [UInt8](repeating: 0, count: count)
      visualOrder = Array(0..<count)
      isRightToLeft = false
      return
    }
    // No flags: HarfBuzz mirrors brackets and orders marks within each run it shapes; FriBidi
    // only orders the runs (and gives trailing spaces the line's own level, rule L1).
    _ = fribidi_reorder_line(0, types, length, 0, base, &levels, nil, &map)
    self.levels = levels.map { UInt8(bitPattern: $0) }
    visualOrder = map.map(Int.init)
    isRightToLeft = base == podium_fribidi_par_rtl
  }

  /// The order, from the left, of `pieces` that together make the line: each goes where its
  /// leftmost scalar does (a piece that mixes directions is ordered inside when it is drawn).
  static func visualOrder(of pieces: [String], rightToLeft: Bool) -> [Int] {
    let bidi = Bidi(pieces.flatMap { Array($0.unicodeScalars) }, rightToLeft: rightToLeft)
    var position = [Int](repeating: 0, count: bidi.visualOrder.count)
    for (visual, logical) in bidi.visualOrder.enumerated() { position[logical] = visual }
    var start = 0
    var leftmost: [Int] = []
    for piece in pieces {
      let end = start + piece.unicodeScalars.count
      leftmost.append(position[start..<end].min() ?? start)
      start = end
    }
    return pieces.indices.sorted { leftmost[$0] < leftmost[$1] }
  }
}
