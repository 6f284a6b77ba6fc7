import Yams

extension Configuration {
  /// `views: notes@HDMI-2`, `views: [notes@HDMI-2, timer@DP-1]`: each bad item an error at its
  /// place, the good ones kept.
  static func readViews(_ node: Node, into config: inout Configuration, sink: inout DiagnosticSink)
  {
    let items = node.sequence.map { Array($0) } ?? [node]
    for item in items {
      guard let text = item.scalar?.string else {
        sink.error(
          "views is a view or a list of views such as [notes@HDMI-2, timer@DP-1]",
          at: item.sourceLocation)
        continue
      }
      do {
        config.views += try StageViewRequest.parse(text)
      } catch {
        sink.error("views: \(error)", at: item.sourceLocation)
      }
    }
  }
}
