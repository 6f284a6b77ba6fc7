import Foundation

/// Writes small PDF files for tests, object by object, with a cross-reference table: pages of
/// any size with a label, a sticky note and a filled square of a grey, so a page can be told
/// apart in pixels. What the PDF tests need that no Debian tool writes (labels, notes, ten
/// thousand pages, a page 200 inches wide).
public struct TinyPDF {
  public struct Page {
    public var width: Double
    public var height: Double
    public var label: String?
    public var note: String?
    /// The grey (0 black to 1 white) of a square in the page's middle.
    public var grey: Double
    /// Tiny filled curves scattered over the page, to make it slow to draw (200,000 take
    /// seconds at 1080p).
    public var curves: Int

    public init(
      width: Double = 400, height: Double = 225, label: String? = nil, note: String? = nil,
      grey: Double = 0.2, curves: Int = 0
    ) {
      self.width = width
      self.height = height
      self.label = label
      self.note = note
      self.grey = grey
      self.curves = curves
    }
  }

  public var pages: [Page]

  public init(pages: [Page]) {
    self.pages = pages
  }

  /// The file's bytes.
  public var data: Data {
    var objects: [String] = []  // object n is objects[n - 1]
    func add(_ body: String) -> Int {
      objects.append(body)
      return objects.count
    }
    let catalog = add("")  // filled in below
    let tree = add("")
    var kids: [Int] = []
    for page in pages {
      let square = min(page.width, page.height) / 3
      var content =
        "\(page.grey) g \((page.width - square) / 2) \((page.height - square) / 2) "
        + "\(square) \(square) re f"
      for index in 0..<page.curves {
        // A fixed scatter (no randomness): the same file each time.
        let x = Double((index &* 7919) % Int(max(1, page.width - 10)))
        let y = Double((index &* 104_729) % Int(max(1, page.height - 10))) + 5
        content += " \(x) \(y) m \(x + 3) \(y + 5) \(x + 6) \(y - 5) \(x + 9) \(y) c f"
      }
      let stream = add("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
      var annotations = ""
      if let note = page.note {
        let annotation = add(
          "<< /Type /Annot /Subtype /Text /Rect [10 10 30 30] /Contents (\(escaped(note))) >>")
        annotations = " /Annots [\(annotation) 0 R]"
      }
      kids.append(
        add(
          "<< /Type /Page /Parent \(tree) 0 R /MediaBox [0 0 \(page.width) \(page.height)] "
            + "/Contents \(stream) 0 R\(annotations) >>"))
    }
    var labels = ""
    if pages.contains(where: { $0.label != nil }) {
      let entries = pages.enumerated().map { index, page in
        "\(index) << /P (\(escaped(page.label ?? ""))) >>"
      }
      labels = " /PageLabels << /Nums [\(entries.joined(separator: " "))] >>"
    }
    objects[catalog - 1] = "<< /Type /Catalog /Pages \(tree) 0 R\(labels) >>"
    objects[tree - 1] =
      "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] "
      + "/Count \(kids.count) >>"

    var output = "%PDF-1.7\n"
    var offsets: [Int] = []
    for (index, body) in objects.enumerated() {
      offsets.append(output.utf8.count)
      output += "\(index + 1) 0 obj\n\(body)\nendobj\n"
    }
    let table = output.utf8.count
    output += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets { output += String(format: "%010d 00000 n \n", offset) }
    output += "trailer\n<< /Size \(objects.count + 1) /Root \(catalog) 0 R >>\n"
    output += "startxref\n\(table)\n%%EOF\n"
    return Data(output.utf8)
  }

  public func write(to url: URL) throws {
    try data.write(to: url)
  }

  private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
      .replacingOccurrences(of: ")", with: "\\)")
  }
}
