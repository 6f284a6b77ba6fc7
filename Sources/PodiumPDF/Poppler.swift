import CPoppler
import Foundation
import PodiumCore

/// An owned Poppler document (a `PopplerDocument` GObject): a PDF file's pages, their sizes,
/// labels and notes, drawn through cairo. Poppler's objects are not to be shared between threads:
/// each user keeps its own, or holds a lock around it (`PopplerPages`).
final class PopplerFile {
  let pointer: OpaquePointer

  /// The corresponding C functions are `g_filename_to_uri` and `poppler_document_new_from_file`.
  init(path: String) throws {
    var error: UnsafeMutablePointer<GError>?
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    guard let uri = g_filename_to_uri(absolute, nil, &error) else {
      throw PDFError(function: "g_filename_to_uri", message: Self.take(error))
    }
    defer { g_free(uri) }
    guard let document = poppler_document_new_from_file(uri, nil, &error) else {
      throw PDFError(function: "poppler_document_new_from_file", message: Self.take(error))
    }
    pointer = document
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

/// Pages of PDF files as pixels, for the screen (`PageRasterizer`): formulas and PDF decks drawn
/// at each window's own size. Open files are kept, a few at a time; one lock guards Poppler.
public final class PopplerPages: PageRasterizer, @unchecked Sendable {
  private let lock = NSLock()
  private var open = LRUCache<String, PopplerFile?>(budget: 8)

  public init() {}

  public func bgraPixels(ofPage index: Int, in file: String, size: PixelSize, crop: Rect?)
    -> [UInt8]?
  {
    lock.lock()
    defer { lock.unlock() }
    guard let page = document(file)?.page(index), let canvas = try? CairoCanvas(size: size)
    else { return nil }
    let (width, height) = page.size
    canvas.fit(crop ?? Rect(x: 0, y: 0, width: width, height: height))
    page.render(on: canvas.context)
    return canvas.bgraPixels()
  }

  private func document(_ file: String) -> PopplerFile? {
    if let known = open.value(forKey: file) { return known }
    let made = try? PopplerFile(path: file)
    open.insert(made, forKey: file, cost: 1)
    return made
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

  /// Draws the page on a cairo context, its top-left corner at the context's origin, one point
  /// a unit; annotations are drawn as a viewer prints them (no sticky-note icons). The
  /// corresponding C function is `poppler_page_render_for_printing`.
  func render(on context: OpaquePointer) {
    poppler_page_render_for_printing(pointer, context)
  }
}
