import Testing

@testable import PodiumCore

/// The CSS tokenizer against CSS Syntax Module Level 3's definitions and examples (§4).
@Suite struct CSSTokenizerTests {
  func tokens(_ css: String) -> [CSSToken] { CSSToken.tokenize(css) }

  @Test func aRuleOfMarpsThemes() {
    #expect(
      tokens("section { font-size: 29px; padding: 78.5px }")
        == [
          .ident("section"), .whitespace, .openCurly, .whitespace, .ident("font-size"), .colon,
          .whitespace, .dimension(29, unit: "px"), .semicolon, .whitespace, .ident("padding"),
          .colon, .whitespace, .dimension(78.5, unit: "px"), .whitespace, .closeCurly,
        ])
  }

  @Test func numbersPercentagesAndDimensions() {
    #expect(tokens("12") == [.number(12, isInteger: true)])
    #expect(tokens("+.5") == [.number(0.5, isInteger: false)])
    #expect(tokens("-1e3") == [.number(-1000, isInteger: false)])
    #expect(tokens("1e") == [.dimension(1, unit: "e")], "e with no digits is a unit")
    #expect(tokens("50%") == [.percentage(50)])
    #expect(tokens("1.2em") == [.dimension(1.2, unit: "em")])
    #expect(tokens("3--x") == [.dimension(3, unit: "--x")])
  }

  @Test func identifiersFunctionsAndCustomProperties() {
    #expect(tokens("--color-fg") == [.ident("--color-fg")])
    #expect(tokens("var(--x)") == [.function("var"), .ident("--x"), .closeParen])
    #expect(tokens("-webkit-box") == [.ident("-webkit-box")])
    #expect(tokens("- x") == [.delim("-"), .whitespace, .ident("x")])
    #expect(tokens("\\31 a") == [.ident("1a")], "an escaped digit starts an identifier")
  }

  @Test func hashesAreIDsWhenTheyStartAnIdentifier() {
    #expect(tokens("#fff") == [.hash("fff", isID: true)])
    #expect(tokens("#123") == [.hash("123", isID: false)])
    #expect(tokens("# x") == [.delim("#"), .whitespace, .ident("x")])
  }

  @Test func stringsAndTheirEscapes() {
    #expect(tokens("'gaia'") == [.string("gaia")])
    #expect(tokens("\"a\\\"b\"") == [.string("a\"b")])
    #expect(tokens("'\\263A'") == [.string("☺")])
    #expect(tokens("'a\\\nb'") == [.string("ab")], "an escaped newline continues the string")
    // A newline ends a string badly; the last quote opens a string that EOF closes.
    #expect(tokens("'a\nb'") == [.badString, .whitespace, .ident("b"), .string("")])
    #expect(tokens("'open") == [.string("open")], "EOF ends a string")
  }

  @Test func urlsQuotedOrNot() {
    #expect(tokens("url(x.png)") == [.url("x.png")])
    #expect(tokens("url(  x.png  )") == [.url("x.png")])
    #expect(tokens("url('x.png')") == [.function("url"), .string("x.png"), .closeParen])
    #expect(tokens("url(a b)") == [.badURL])
    #expect(tokens("url(a(b)") == [.badURL])
  }

  @Test func commentsAtRulesCDOAndCDC() {
    #expect(tokens("/* @theme x */a") == [.ident("a")])
    #expect(
      tokens("@import 'gaia';") == [.atKeyword("import"), .whitespace, .string("gaia"), .semicolon])
    #expect(tokens("<!-- -->") == [.cdo, .whitespace, .cdc])
    #expect(
      tokens("a:hover>b") == [.ident("a"), .colon, .ident("hover"), .delim(">"), .ident("b")])
    #expect(tokens("/* unclosed") == [])
  }

  @Test func preprocessingTurnsLineEndsAndNulIntoWhatTheSpecSays() {
    #expect(tokens("a\r\nb") == [.ident("a"), .whitespace, .ident("b")])
    #expect(tokens("a\0") == [.ident("a\u{FFFD}")])
    #expect(tokens("\\0") == [.ident("\u{FFFD}")], "escape of zero is U+FFFD")
  }
}
