import CPoppler
import Foundation
import PodiumCore

/// An owned Poppler document (a `PopplerDocument` GObject): a PDF file's pages, their sizes,
/// labels and notes, drawn through cairo. Poppler's objects are not to be shared between threads:
/// each user keeps its own, or holds a lock around it (`PopplerPages`).
final class PopplerFile {
  let pointer: OpaquePointer

  /// The corresponding C functions are `g_filename_to_uri` and `poppler_document_new_from_file`.
  init(path: String, password: String? = nil) throws(PDFReadError) {
    var error: UnsafeMutablePointer<GError>?
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    guard let uri = g_filename_to_uri(absolute, nil, &error) else {
      throw .damaged(Self.take(error))
    }
    defer { g_free(uri) }
    guard let document = poppler_document_new_from_file(uri, password, &error) else {
      let encrypted =
        error.map {
          $0.pointee.domain == poppler_error_quark()
            && $0.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
        } ?? false
      let reason = Self.take(error)
      throw encrypted ? .encrypted : .damaged(reason)
    }
    pointer = document
  }

  /// The document's title or author from its metadata. The corresponding C functions are
  /// `poppler_document_get_title` and `poppler_document_get_author`.
  var title: String? { Self.take(poppler_document_get_title(pointer)) }
  var author: String? { Self.take(poppler_document_get_author(pointer)) }

  private static func take(_ text: UnsafeMutablePointer<gchar>?) -> String? {
    guard let text else { return nil }
    defer { g_free(text) }
    let value = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    return value.isEmpty ? nil : value
  }

  /// The corresponding C function is `g_object_unref`.
  deinit {
    g_object_unref(UnsafeMutableRawPointer(pointer))
  }

  /// The corresponding C function is `poppler_document_get_n_pages`.
  var pageCount: Int { Int(poppler_document_get_n_pages(pointer)) }

  /// The page at a zero-based index. The corresponding C function is
  /// `poppler_document_get_page`.
  func page(_ index: Int) -> PopplerFilePage? {
    guard index >= 0, index < pageCount, let page = poppler_document_get_page(pointer, Int32(index))
    else { return nil }
    return PopplerFilePage(owning: page)
  }

  /// A GError's message, and the error freed. The corresponding C function is `g_error_free`.
  private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
  }
}

/// Reads a PDF deck's pages with Poppler: sizes, labels and sticky notes (`PDFReader`).
public struct PopplerPDFReader: PDFReader {
  public init() {}

  public func read(_ path: String, password: String?) -> Result<PDFDocumentInfo, PDFReadError> {
    let file: PopplerFile
    do {
      file = try PopplerFile(path: path, password: password)
    } catch {
      return .failure(error)
    }
    var pages: [PDFDocumentInfo.Page] = []
    for index in 0..<file.pageCount {
      guard let page = file.page(index) else { continue }
      let (width, height) = page.size
      pages.append(
        PDFDocumentInfo.Page(width: width, height: height, label: page.label, notes: page.noteTexts)
      )
    }
    return .success(PDFDocumentInfo(pages: pages, title: file.title, author: file.author))
  }

  public func firstLines(
    of pages: [Int], crop: (Int) -> Rect, in path: String, password: String?
  ) -> [String?] {
    guard let file = try? PopplerFile(path: path, password: password) else {
      return pages.map { _ in nil }
    }
    return pages.map { index in
      file.page(index)?.text(in: crop(index)).split(separator: "\n").lazy
        .map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }
  }
}

/// An owned Poppler page (a `PopplerPage` GObject).
final class PopplerFilePage {
  let pointer: OpaquePointer

  init(owning pointer: OpaquePointer) {
    self.pointer = pointer
  }

  /// The corresponding C function is `g_object_unref`.
  deinit {
    g_object_unref(UnsafeMutableRawPointer(pointer))
  }

  /// The page's size in points, as it is shown (its rotation applied). The corresponding C
  /// function is `poppler_page_get_size`.
  var size: (width: Double, height: Double) {
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(pointer, &width, &height)
    return (width, height)
  }

  /// The page's label (beamer's frame number, "ii" in a front matter), if the file gives one.
  /// The corresponding C function is `poppler_page_get_label`.
  var label: String? {
    guard let label = poppler_page_get_label(pointer) else { return nil }
    defer { g_free(label) }
    let text = String(cString: label)
    return text.isEmpty ? nil : text
  }

  /// The texts of the page's text annotations (sticky notes), in the page's order. The
  /// corresponding C functions are `poppler_page_get_annot_mapping` and
  /// `poppler_annot_get_contents`.
  var noteTexts: [String] {
    guard let mapping = poppler_page_get_annot_mapping(pointer) else { return [] }
    defer { poppler_page_free_annot_mapping(mapping) }
    var texts: [String] = []
    var node: UnsafeMutablePointer<GList>? = mapping
    while let current = node {
      if let data = current.pointee.data {
        let entry = data.assumingMemoryBound(to: PopplerAnnotMapping.self)
        if let annot = entry.pointee.annot,
          poppler_annot_get_annot_type(annot) == POPPLER_ANNOT_TEXT,
          let contents = poppler_annot_get_contents(annot)
        {
          let text = String(cString: contents).trimmingCharacters(in: .whitespacesAndNewlines)
          g_free(contents)
          if !text.isEmpty { texts.append(text) }
        }
      }
      node = current.pointee.next
    }
    return texts
  }

  /// The text whose characters lie inside `area` (points from the top-left corner), in reading
  /// order, a line a line. The corresponding C functions are `poppler_page_get_text` and
  /// `poppler_page_get_text_layout`, a rectangle for each character of the text.
  func text(in area: Rect) -> String {
    guard let text = poppler_page_get_text(pointer) else { return "" }
    defer { g_free(text) }
    var rectangles: UnsafeMutablePointer<PopplerRectangle>?
    var count: guint = 0
    guard poppler_page_get_text_layout(pointer, &rectangles, &count) != 0, let rectangles else {
      return ""
    }
    defer { g_free(rectangles) }
    var result = ""
    for (index, character) in String(cString: text).unicodeScalars.enumerated()
    where index < Int(count) {
      if character == "\n" {
        if result.last != "\n" { result.append("\n") }
        continue
      }
      let box = rectangles[index]
      let (x, y) = ((box.x1 + box.x2) / 2, (box.y1 + box.y2) / 2)
      if x >= area.x && x <= area.x + area.width && y >= area.y && y <= area.y + area.height {
        result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// Draws the page on a cairo context, its top-left corner at the context's origin, one point
  /// a unit; annotations are drawn as a viewer prints them (no sticky-note icons). The
  /// corresponding C function is `poppler_page_render_for_printing`.
  func render(on context: OpaquePointer) {
    poppler_page_render_for_printing(pointer, context)
  }
}
