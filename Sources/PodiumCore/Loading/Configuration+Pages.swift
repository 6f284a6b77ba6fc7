import Yams

extension Configuration {
  /// The MB `page-cache:` (and `--page-cache`) accept: from 16 MB (two 1080p pages) to 64 GB.
  public static let pageCacheRange = 16...65536

  /// `page-cache: MB` (memory for a PDF's pages drawn ahead) or `auto` (sized to the displays).
  static func readPageCache(
    _ value: Node, into config: inout Configuration, sink: inout DiagnosticSink
  ) {
    let raw = value.scalar?.string ?? ""
    if raw.lowercased() == "auto" {
      config.pageCacheMB = nil
    } else if let megabytes = Int(raw), pageCacheRange.contains(megabytes) {
      config.pageCacheMB = megabytes
    } else {
      sink.error(
        "page-cache must be auto or a number of MB from 16 to 65536, not '\(raw.isEmpty ? "a list" : raw)'",
        at: value.sourceLocation)
    }
  }
}
