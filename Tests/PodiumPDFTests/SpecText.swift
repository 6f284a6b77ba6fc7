import Foundation

@testable import PodiumCore

/// The words a reader sees, to compare a spec example's expected HTML with Podium's PDF of it,
/// all whitespace taken out (line breaks fall where the slide's width puts them).
enum SpecText {
  /// What a browser shows of `html`, parsed as HTML5 parses it (gumbo, through PodiumCore's
  /// `HTMLFragment`): its text, not its comments nor what `<script>` and `<style>` hold, a
  /// picture's alt text (what a browser shows of a picture it cannot load, as the spec's are),
  /// and each list item's marker as Podium draws it (•, ◦ and – by depth, numbers from the
  /// list's start, ☑ and ☐ for tasks), since the HTML's markers are no text.
  static func words(ofHTML html: String) -> String {
    var text = ""
    append(HTMLFragment.parse(html).nodes, into: &text, listDepth: 0)
    return squeezed(text)
  }

  private static func append(_ nodes: [HTMLFragment.Node], into text: inout String, listDepth: Int)
  {
    for node in nodes {
      switch node {
      case .text(let string, _):
        text += string
      case .comment:
        break
      case .element(let element):
        switch element.name {
        case "script", "style", "template", "head":
          continue
        case "img":
          text += element.attribute("alt") ?? ""
        case "ol", "ul":
          var number = element.name == "ol" ? Int(element.attribute("start") ?? "") ?? 1 : 0
          for child in element.children {
            guard case .element(let item) = child, item.name == "li" else {
              append([child], into: &text, listDepth: listDepth)
              continue
            }
            text += marker(
              of: item, ordered: element.name == "ol", number: number, depth: listDepth)
            number += 1
            append(item.children, into: &text, listDepth: listDepth + 1)
            text += "\n"
          }
        default:
          append(element.children, into: &text, listDepth: listDepth)
        }
      }
    }
  }

  private static func marker(of item: HTMLFragment.Element, ordered: Bool, number: Int, depth: Int)
    -> String
  {
    for case .element(let box) in item.children where box.name == "input" {
      if box.attribute("type") == "checkbox" { return box.attribute("checked") != nil ? "☑" : "☐" }
    }
    if ordered { return "\(number)." }
    return ["•", "◦", "–"][min(depth, 2)]
  }

  /// Podium's shown text (`pdftotext -raw`: in the order it is drawn).
  static func words(ofShownText shown: String) -> String {
    squeezed(shown)
  }

  private static func squeezed(_ text: String) -> String {
    String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
  }
}
