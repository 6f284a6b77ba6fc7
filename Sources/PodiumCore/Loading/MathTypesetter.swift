import Foundation

/// Typesets formulas with TeX Live's `pdflatex`, each formula once: its page is kept in a cache
/// folder under a key made from its TeX, so a deck opens at once the second time and an edit
/// typesets only the formulas it changed. The formulas a deck lacks are set together in one run
/// of TeX, each on a page of its own cut to its box.
///
/// TeX runs in a folder of its own, without shell escapes, reading and writing no file outside
/// it. One formula cannot spoil the others: a formula that ends TeX with a fatal error, or that
/// TeX spends more than `formulaLimit` seconds over, is set aside with its own reason (kept in
/// the cache, so it is not tried again until its text changes) and the rest are set without
/// it; all of it within `batchLimit` seconds.
public struct MathTypesetter: Sendable {
  /// Where typeset formulas are kept (`$XDG_CACHE_HOME/podium/math`).
  public var cacheDirectory: String
  /// The `pdflatex` program, or nil when TeX Live is not installed.
  public var tex: String?
  /// The longest TeX may spend on one formula: a talk cannot wait longer for an edit.
  public var formulaLimit: TimeInterval = 4
  /// The longest one deck's formulas may take, however many runs setting them aside needs.
  public var batchLimit: TimeInterval = 20
  /// Asked while TeX runs: true stops it (live reload sets this when a later edit supersedes
  /// the load), and the formulas it had not set are reported, not kept in the cache.
  public var shouldStop: (@Sendable () -> Bool)?

  /// What installs the TeX this needs, for the message when it is missing.
  public static let package = "texlive-latex-base"

  public init(cacheDirectory: String, tex: String?) {
    self.cacheDirectory = cacheDirectory
    self.tex = tex
  }

  /// The cache under `$XDG_CACHE_HOME` (or `~/.cache`), and `pdflatex` from `PATH`.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> MathTypesetter
  {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
    let tex = (environment["PATH"] ?? "/usr/bin").split(separator: ":").lazy
      .map { $0 + "/pdflatex" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    return MathTypesetter(cacheDirectory: cache + "/podium/math", tex: tex)
  }

  public struct Result: Sendable {
    public var formulas: [MathFormula: TypesetFormula] = [:]
    /// Why TeX could not set a formula: its first error.
    public var problems: [MathFormula: String] = [:]
  }

  /// The formulas typeset, from the cache or by one run of TeX for those it lacks (and one more
  /// for each formula it had to set aside).
  public func typeset(_ formulas: [MathFormula]) -> Result {
    var result = Result()
    guard let tex else { return result }
    var missing: [MathFormula] = []
    for formula in Set(formulas) {
      if let record = cached(formula) {
        if let typeset = record.typeset {
          result.formulas[formula] = typeset
        } else {
          result.problems[formula] = record.problem ?? "TeX could not set it"
        }
      } else if let refusal = Self.refusal(formula.tex) {
        result.problems[formula] = refusal
      } else {
        missing.append(formula)
      }
    }
    guard !missing.isEmpty else { return result }
    missing.sort { $0.tex < $1.tex }
    let deadline = Date().addingTimeInterval(batchLimit)
    while !missing.isEmpty {
      let run = TeXRun(
        tex: tex, directory: cacheDirectory, formulaLimit: formulaLimit, deadline: deadline,
        shouldStop: shouldStop)
      switch run.typeset(missing, source: Self.document(missing)) {
      case .failed(let failure):
        // Not kept: the same formulas may well be set on the next try.
        for formula in missing { result.problems[formula] = failure.message }
        return result
      case .stopped(let index, let reason):
        // This formula alone is set aside, for good; the others go to TeX again without it.
        let culprit = missing.remove(at: index)
        var record = Record(tex: culprit.tex, display: culprit.display)
        record.problem = reason
        result.problems[culprit] = reason
        store(record)
      case .typeset(let pdf, let boxes, let errors):
        keep(missing, pdf: pdf, boxes: boxes, errors: errors, in: &result)
        return result
      }
    }
    return result
  }

  /// Records what one complete run of TeX set, and why it set what it did not.
  private func keep(
    _ formulas: [MathFormula], pdf: String, boxes: TeXRun.Boxes, errors: [Int: String],
    in result: inout Result
  ) {
    for (index, formula) in formulas.enumerated() {
      var record = Record(tex: formula.tex, display: formula.display)
      if let error = errors[index] {
        record.problem = error
        result.problems[formula] = error
      } else if let box = boxes[index] {
        let typeset = TypesetFormula(
          file: pdf, page: index, width: box.0, height: box.1, depth: box.2,
          margin: Self.margin)
        record.typeset = typeset
        result.formulas[formula] = typeset
      } else {
        record.problem = "TeX stopped before it"
        result.problems[formula] = record.problem
      }
      store(record)
    }
  }

  // MARK: - The cache

  /// What the cache keeps for one formula: where its page is, or why TeX refused it.
  struct Record: Codable {
    var tex: String
    var display: Bool
    var typeset: TypesetFormula?
    var problem: String?
  }

  private func recordPath(_ formula: MathFormula) -> String {
    cacheDirectory + "/" + Self.key(formula) + ".json"
  }

  private func cached(_ formula: MathFormula) -> Record? {
    guard let data = FileManager.default.contents(atPath: recordPath(formula)),
      let record = try? JSONDecoder().decode(Record.self, from: data),
      record.tex == formula.tex, record.display == formula.display
    else { return nil }
    if let file = record.typeset?.file, !FileManager.default.fileExists(atPath: file) {
      return nil
    }
    return record
  }

  private func store(_ record: Record) {
    guard let data = try? JSONEncoder().encode(record) else { return }
    let path = recordPath(MathFormula(tex: record.tex, display: record.display))
    _ = FileManager.default.createFile(atPath: path, contents: data)
  }

  /// A key made of the formula and the way it is set.
  static func key(_ formula: MathFormula) -> String {
    key(text: "\(version)\u{0}\(formula.display)\u{0}\(formula.tex)")
  }

  /// Two 64-bit FNV-1a hashes of `text`, as a file name.
  static func key(text: String) -> String { ContentKey.of(text) }

  // MARK: - The TeX document

  /// Changes to the document below make earlier cache entries stale.
  static let version = "podium-math-1"
  /// Room around each box, in points, for ink outside it (an italic f, a slanted integral).
  static let margin = 2.0

  /// A formula TeX is not given: unbalanced braces would swallow the formulas after it.
  static func refusal(_ tex: String) -> String? {
    var depth = 0
    var escaped = false
    for character in tex {
      if escaped {
        escaped = false
        continue
      }
      switch character {
      case "\\": escaped = true
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth < 0 { return "a '}' closes no '{'" }
      default: break
      }
    }
    if depth > 0 { return "\(depth) '{' never closed" }
    if tex.contains("\\end{document}") || tex.contains("\\csname") || tex.contains("\\catcode") {
      return "it uses TeX commands a formula may not"
    }
    return nil
  }

  /// The formula's TeX for a math-mode box: LaTeX's display environments, which KaTeX and
  /// MathJax accept inside `$$`, become the forms that work there.
  static func mathBody(_ formula: MathFormula) -> String {
    var tex = formula.tex
    let renames = [
      ("align*", "aligned"), ("align", "aligned"), ("flalign*", "aligned"),
      ("flalign", "aligned"), ("eqnarray*", "aligned"), ("eqnarray", "aligned"),
      ("gather*", "gathered"), ("gather", "gathered"), ("multline*", "gathered"),
      ("multline", "gathered"), ("equation*", ""), ("equation", ""), ("displaymath", ""),
    ]
    for (from, to) in renames {
      let replacementOpen = to.isEmpty ? "" : "\\begin{\(to)}"
      let replacementClose = to.isEmpty ? "" : "\\end{\(to)}"
      tex = tex.replacingOccurrences(of: "\\begin{\(from)}", with: replacementOpen)
        .replacingOccurrences(of: "\\end{\(from)}", with: replacementClose)
    }
    guard formula.display else { return tex }
    // Lines (`\\`) outside an environment are centred one above the other, as KaTeX does.
    let lines = tex.contains("\\\\") && !tex.contains("\\begin{")
    return "\\displaystyle" + (lines ? "\\begin{gathered}\n\(tex)\n\\end{gathered}" : "\n" + tex)
  }

  /// One LaTeX document with a page per formula, each page its box and a margin; the log says
  /// each box's size (`PODIUM-BOX n width height depth`) and where each formula starts.
  static func document(_ formulas: [MathFormula]) -> String {
    var source = #"""
      \documentclass[10pt]{article}
      \usepackage{amsmath,amssymb,color}
      \pagestyle{empty}
      \providecommand\R{\mathbb{R}}\providecommand\N{\mathbb{N}}\providecommand\Z{\mathbb{Z}}
      \providecommand\Q{\mathbb{Q}}\providecommand\C{\mathbb{C}}
      \hoffset=-1in \voffset=-1in
      \newsavebox\podiumbox
      \newdimen\podiummargin \podiummargin=\#(margin)pt
      \newcommand\podiumship[1]{%
        \typeout{PODIUM-BOX #1 \the\wd\podiumbox\space\the\ht\podiumbox\space\the\dp\podiumbox}%
        \pdfpagewidth=\dimexpr\wd\podiumbox+2\podiummargin\relax
        \pdfpageheight=\dimexpr\ht\podiumbox+\dp\podiumbox+2\podiummargin\relax
        \shipout\vbox{\kern\podiummargin\hbox{\kern\podiummargin\usebox\podiumbox}}}
      \begin{document}

      """#
    for (index, formula) in formulas.enumerated() {
      // Reading the empty file flushes TeX's terminal output: the run sees each formula begin.
      source += "\\typeout{PODIUM-BEGIN \(index)}\\input{\(TeXRun.flushFile)}%\n"
      source += "\\sbox\\podiumbox{$\(mathBody(formula))\n$}%\n"
      source += "\\podiumship{\(index)}%\n"
    }
    return source + "\\end{document}\n"
  }
}
