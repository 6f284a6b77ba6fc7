import Foundation
import PodiumCore

extension MathTypesetter {
  /// The installed pdflatex with a cache folder of this test run's own, so that tests start
  /// from nothing and leave the user's cache alone. Throws when TeX Live is missing: the math
  /// tests need it (`scripts/setup --tests` installs it), and are never skipped.
  public static func forTests(cache: String? = nil) throws -> MathTypesetter {
    let standard = MathTypesetter.standard()
    guard standard.tex != nil else { throw MissingTeX() }
    let folder =
      cache ?? NSTemporaryDirectory()
      + "podium-math-tests-\(ProcessInfo.processInfo.processIdentifier)"
    return MathTypesetter(cacheDirectory: folder, tex: standard.tex)
  }

  public struct MissingTeX: Error, CustomStringConvertible {
    public var description: String {
      "pdflatex is not installed: install \(MathTypesetter.package) (scripts/setup --tests)"
    }
  }
}
