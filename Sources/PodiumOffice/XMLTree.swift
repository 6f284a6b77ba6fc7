import CXML2
import Foundation
import PodiumCore

/// An XML element as Podium keeps it: a value tree read through libxml2, the only file that
/// calls it. Names are written as in the file (`p:sp`, `a:t`): the office formats' prefixes are
/// fixed by their standards and their writers. Entities are not expanded and nothing is read
/// from the network or from outside the bytes given: a document with an entity bomb or an
/// external entity is read without them, or refused.
struct XMLElement: Hashable, Sendable {
  var name: String
  var attributes: [String: String]
  var children: [XMLNode]

  /// Reads `bytes` as an XML document: its root element, or why not.
  static func parse(_ bytes: [UInt8], name: String) throws(OfficeProblem) -> XMLElement {
    guard bytes.count < Int(Int32.max) else { throw OfficeProblem("\(name) is too large") }
    // NONET: no network; no NOENT (entities stay references), no DTDLOAD: nothing outside.
    let options =
      Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue)
      | Int32(XML_PARSE_NOWARNING.rawValue) | Int32(XML_PARSE_COMPACT.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xmlReadMemory($0, Int32(buffer.count), name, nil, options)
      }
    }
    guard let document else { throw OfficeProblem("\(name) is not well-formed XML") }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else {
      throw OfficeProblem("\(name) has no root element")
    }
    return element(root)
  }

  /// `bytes` with `attribute="value"` set on every element named `name` whose `id` is one of
  /// `ids` (written back by libxml2, namespaces and all): how a shape is hidden in a slide.
  static func setting(
    _ attribute: String, to value: String, on name: String, ids: Set<String>, in bytes: [UInt8],
    part: String
  ) throws(OfficeProblem) -> [UInt8] {
    try rewriting(bytes, part: part) { document throws(OfficeProblem) in
      func visit(_ node: xmlNodePtr) {
        var child = node.pointee.children
        while let current = child {
          if current.pointee.type == XML_ELEMENT_NODE {
            if qualified(current.pointee.name, current.pointee.ns) == name,
              let id = xmlGetProp(current, "id")
            {
              if ids.contains(String(cString: id)) { xmlSetProp(current, attribute, value) }
              podium_xml_free(id)
            }
            visit(current)
          }
          child = current.pointee.next
        }
      }
      guard let root = xmlDocGetRootElement(document) else {
        throw OfficeProblem("\(part) has no root element")
      }
      visit(root)
    }
  }

  /// `bytes` with the children of the first element named `parent` replaced by `children`
  /// (qualified names, `p:sldId`, attributes such as `r:id`, their prefixes those the document
  /// declares), the rest written back as it was: how a copy of a deck gets its own slide list.
  /// The corresponding C functions are `xmlNewDocNode`, `xmlSearchNs` and `xmlSetNsProp`.
  static func replacingChildren(
    of parent: String, with children: [(name: String, attributes: [(String, String)])],
    in bytes: [UInt8], part: String
  ) throws(OfficeProblem) -> [UInt8] {
    try rewriting(bytes, part: part) { document throws(OfficeProblem) in
      func find(_ node: xmlNodePtr) -> xmlNodePtr? {
        if qualified(node.pointee.name, node.pointee.ns) == parent { return node }
        var child = node.pointee.children
        while let current = child {
          if current.pointee.type == XML_ELEMENT_NODE, let found = find(current) { return found }
          child = current.pointee.next
        }
        return nil
      }
      guard let root = xmlDocGetRootElement(document), let list = find(root) else {
        throw OfficeProblem("\(part) has no \(parent)")
      }
      while let child = list.pointee.children {
        xmlUnlinkNode(child)
        xmlFreeNode(child)
      }
      func split(_ name: String) -> (prefix: String?, local: String) {
        guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
      }
      for child in children {
        let (prefix, local) = split(child.name)
        let namespace = prefix.flatMap { xmlSearchNs(document, list, $0) }
        guard let node = xmlNewDocNode(document, namespace, local, nil) else {
          throw OfficeProblem("\(part) could not be written")
        }
        xmlAddChild(list, node)
        for (name, value) in child.attributes {
          let (attributePrefix, attributeLocal) = split(name)
          let attributeNamespace = attributePrefix.flatMap { xmlSearchNs(document, node, $0) }
          xmlSetNsProp(node, attributeNamespace, attributeLocal, value)
        }
      }
    }
  }

  /// `bytes` read into a libxml2 document (no network, nothing from outside them), `change`
  /// made to it, and the document written back as UTF-8.
  private static func rewriting(
    _ bytes: [UInt8], part: String, _ change: (xmlDocPtr) throws(OfficeProblem) -> Void
  ) throws(OfficeProblem) -> [UInt8] {
    let options =
      Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue)
      | Int32(XML_PARSE_NOWARNING.rawValue)
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        xmlReadMemory($0, Int32(buffer.count), part, nil, options)
      }
    }
    guard let document else { throw OfficeProblem("\(part) is not well-formed XML") }
    defer { xmlFreeDoc(document) }
    try change(document)
    var output: UnsafeMutablePointer<xmlChar>?
    var length: Int32 = 0
    xmlDocDumpMemoryEnc(document, &output, &length, "UTF-8")
    guard let output else { throw OfficeProblem("\(part) could not be written") }
    defer { podium_xml_free(output) }
    return Array(UnsafeBufferPointer(start: output, count: Int(length)))
  }

  private static func qualified(_ name: UnsafePointer<xmlChar>?, _ namespace: xmlNsPtr?)
    -> String
  {
    let local = name.map { String(cString: $0) } ?? ""
    guard let prefix = namespace?.pointee.prefix else { return local }
    return String(cString: prefix) + ":" + local
  }

  private static func element(_ node: xmlNodePtr) -> XMLElement {
    var attributes: [String: String] = [:]
    var attribute = node.pointee.properties
    while let current = attribute {
      let key = qualified(current.pointee.name, current.pointee.ns)
      if let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
        attributes[key] = String(cString: value)
        podium_xml_free(value)
      } else {
        attributes[key] = ""
      }
      attribute = current.pointee.next
    }
    var children: [XMLNode] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        children.append(.element(element(current)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if let content = current.pointee.content {
          children.append(.text(String(cString: content)))
        }
      default:
        break
      }
      child = current.pointee.next
    }
    return XMLElement(
      name: qualified(node.pointee.name, node.pointee.ns), attributes: attributes,
      children: children)
  }

  /// The child elements.
  var elements: [XMLElement] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  /// Every element below this one (depth first, in document order) named `name`.
  func descendants(_ name: String) -> [XMLElement] {
    descendants { $0 == name }
  }

  /// Every element below this one (depth first, in document order) whose name passes `test`.
  func descendants(where test: (String) -> Bool) -> [XMLElement] {
    var found: [XMLElement] = []
    collect(into: &found, test)
    return found
  }

  private func collect(into found: inout [XMLElement], _ test: (String) -> Bool) {
    for child in children {
      guard case .element(let element) = child else { continue }
      if test(element.name) { found.append(element) }
      element.collect(into: &found, test)
    }
  }

  /// The first child element named `name`.
  func child(_ name: String) -> XMLElement? { elements.first { $0.name == name } }

  /// The element as XML text (its attributes sorted, text escaped), with `namespace` declared
  /// as the default on it: for the small package parts a copy of a deck writes anew
  /// (relationships, content types), whose elements are all in that one namespace.
  func xml(namespace: String? = nil) -> String {
    func escaped(_ text: String) -> String {
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
    var text = "<" + name
    if let namespace { text += " xmlns=\"\(escaped(namespace))\"" }
    for (key, value) in attributes.sorted(by: { $0.key < $1.key }) {
      text += " \(key)=\"\(escaped(value))\""
    }
    guard !children.isEmpty else { return text + "/>" }
    text += ">"
    for child in children {
      switch child {
      case .text(let string): text += escaped(string)
      case .element(let element): text += element.xml()
      }
    }
    return text + "</\(name)>"
  }

  /// The text inside, every level of it, in order.
  var text: String {
    children.map {
      switch $0 {
      case .text(let text): return text
      case .element(let element): return element.text
      }
    }.joined()
  }
}

indirect enum XMLNode: Hashable, Sendable {
  case element(XMLElement)
  case text(String)
}
