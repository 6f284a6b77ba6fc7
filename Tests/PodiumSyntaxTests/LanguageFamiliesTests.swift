import PodiumSyntax
import Testing

/// The languages `Languages/` adds to the first eleven, by canonical name.
private let familyLanguages = [
  "java", "kotlin", "scala", "groovy", "csharp", "dart", "php", "haskell", "purescript", "elm",
  "idris", "agda", "ocaml", "fsharp", "sml", "rescript", "sql", "pascal", "nix", "ruby", "julia",
  "lua", "r", "elixir", "lisp", "scheme", "clojure", "html", "xml", "css", "scss", "markdown",
  "latex", "toml", "ini", "properties", "dockerfile", "makefile", "diff", "http", "mermaid",
  "plantuml", "dot",
]

@Suite struct LanguageFamiliesTests {
  @Test(arguments: familySnippets.indices)
  func snippetHighlightsAsExpected(index: Int) {
    let snippet = familySnippets[index]
    let lines = render(snippet.code, snippet.language)
    #expect(lines.count == snippet.expected.count, "\(snippet.language)")
    for (number, (line, expected)) in zip(lines, snippet.expected).enumerated() {
      #expect(line == expected, "\(snippet.language) line \(number + 1)")
    }
    checkInvariants(snippet.code, snippet.language)
  }

  @Test func everyFamilyLanguageHasASnippet() {
    #expect(familySnippets.map(\.language) == familyLanguages)
    for language in familyLanguages {
      #expect(SyntaxHighlighter.canonicalLanguage(language) == language, "\(language)")
    }
  }

  @Test func theCorpusFenceNamesMapToTheirLanguages() {
    let expected: [String: String] = [
      "cs": "csharp", "c#": "csharp", "csharp": "csharp", "fsharp": "fsharp", "f#": "fsharp",
      "fs": "fsharp", "hs": "haskell", "haskell": "haskell", "ml": "ocaml", "res": "rescript",
      "md": "markdown", "markdown": "markdown", "dockerfile": "dockerfile",
      "Dockerfile": "dockerfile",
      "make": "makefile", "makefile": "makefile", "kt": "kotlin", "rb": "ruby", "jl": "julia",
      "el": "lisp", "elisp": "lisp", "clj": "clojure", "racket": "scheme", "tex": "latex",
      "htm": "html", "svg": "xml", "yml": "yaml", "sh": "shell", "zsh": "shell",
      "shell-session": "shell", "postgresql": "sql", "psql": "sql", "delphi": "pascal",
      "patch": "diff", "ini": "ini", "cfg": "ini", "dotenv": "properties", "graphviz": "dot",
      "puml": "plantuml", "mmd": "mermaid", "{.nix emphasize=1-1}": "nix",
      "bash: Terminal": "shell",
      "toml: Cargo.toml": "toml",
    ]
    for (name, canonical) in expected {
      #expect(SyntaxHighlighter.canonicalLanguage(name) == canonical, "\(name)")
    }
  }

  // MARK: Details

  @Test func caseInsensitiveKeywordsAndDoubledQuotes() {
    #expect(
      render("select 'it''s' FROM t where x = $1", "sql")
        == ["[kw select] [str 'it''s'] [kw FROM] t [kw where] x [p =] [attr $1]"])
    #expect(
      render("BEGIN WriteLn('a''b') End;", "pascal") == [
        "[kw BEGIN] [fn WriteLn][p (][str 'a''b'][p )] [kw End][p ;]"
      ])
  }

  @Test func blockCommentsOfEachStyleSpanLines() {
    #expect(render("{- a {- b -}\n c -} x", "haskell") == ["[com {- a {- b -}]", "[com  c -}] x"])
    #expect(render("(* a\n b *) let", "ocaml") == ["[com (* a]", "[com  b *)] [kw let]"])
    #expect(render("{ a\n b } begin", "pascal") == ["[com { a]", "[com  b }] [kw begin]"])
    #expect(render("#| a\n b |# (f)", "lisp") == ["[com #| a]", "[com  b |#] [p (][fn f][p )]"])
    #expect(
      render("<!-- a\n b --> <p>", "html") == [
        "[com <!-- a]", "[com  b -->] [p <][kw p][p >]",
      ])
  }

  @Test func markupTagsGoOnOverLines() {
    #expect(
      render("<a href=\"x\"\n   title='y'>text</a>", "html") == [
        #"[p <][kw a] [attr href][p =][str "x"]"#,
        "   [attr title][p =][str 'y'][p >]text[p </][kw a][p >]",
      ])
  }

  @Test func markdownFencesHoldTheirTextUntilTheirClosingFence() {
    #expect(
      render("````md\n```js\n````\n# after", "markdown") == [
        "[p ````][attr md]", "[str ```js]", "[p ````]", "[kw # after]",
      ])
  }

  @Test func dockerfileRunLinesAreShellAndGoOnAfterABackslash() {
    #expect(
      render("RUN apt-get update && \\\n    apt-get install -y curl\nUSER app", "dockerfile") == [
        "[kw RUN] [fn apt-get] update [p &&] [p \\]", "    apt-get install -y curl",
        "[kw USER] app",
      ])
  }

  @Test func httpBodiesAfterTheBlankLineAreJSON() {
    #expect(
      render("GET / HTTP/1.1\nAccept: */*\n\n{\"a\": [1]}", "http") == [
        "[kw GET] [str /] [kw HTTP/1.1]", "[attr Accept][p :] */*", "",
        #"[p {][attr "a"][p :] [p [][num 1][p ]}]"#,
      ])
  }

  @Test func primesTypeVariablesAndCharacters() {
    #expect(
      render("let x' = 'a' in f 'b", "ocaml") == [
        "[kw let] x' [p =] [str 'a'] [kw in] f [attr 'b]"
      ])
    #expect(render("go' :: a -> a", "haskell") == ["[fn go'] [p ::] a [p ->] a"])
  }

  // MARK: Robustness

  @Test(arguments: familyLanguages)
  func unterminatedConstructsNeitherCrashNorLeak(language: String) {
    let openers = [
      "\"", "'", "`", "\"\"\"", "''", "/*", "{-", "(*", "#|", "<!--", "<![CDATA[", "<a b=",
      "${", "#{", "$(", "[<", "[", "{", "(", "<", "\\(", "$", "@", "#", "%%", "```", "-- ", ":",
      "&amp", "0x", "1e", "@@", "<?php", "<<EOF", "\\",
    ]
    for opener in openers {
      checkInvariants(opener, language)
      checkInvariants("x = " + opener + "\nnext line\n", language)
      checkInvariants(opener + opener + "tail", language)
    }
  }

  @Test(arguments: familyLanguages)
  func hostileInputKeepsEveryGuarantee(language: String) {
    let samples = [
      "let s = \"\u{FFFD}\u{FFFD}\" // \u{FFFD}",
      "greet(\"👋🏽 👨‍👩‍👧 🇫🇷\") 👍 ✈️ <b>é\u{301}</b>",
      "x = \"e\u{301}\"\u{301} + e\u{301}(y) '\u{301}' `\u{200D}`",
      "שלום = \"עולם\" -- مرحبا (* ok *) ; # %",
      "a\u{0}b\u{7}c\u{1B}[31m \u{00A0}\u{3000}z",
      "\t\tmixed\ttabs\t[x]: y",
    ]
    for sample in samples {
      checkInvariants(sample, language)
    }
  }

  @Test(arguments: familyLanguages)
  func aHundredThousandCharacterLineStaysLinear(language: String) {
    // Each pattern defeats one lookahead: unclosed labels, tags, spans, paths and quotes.
    let patterns = [
      "a", "/", "[", "(", "{", "<", "<a ", "'", "\"\\", "`", "${", "x: ", "- ", "/*", "1.", "$",
      "|",
      "[<", "&", "\\(", "./", "#", ":", "''", "a=",
    ]
    for pattern in patterns {
      let line = String(repeating: pattern, count: 100_000 / pattern.count)
      let lines = SyntaxHighlighter.highlight(line, language: language)
      #expect(lines.count == 1)
      #expect(lines.first?.map(\.text).joined() == line, "\(language) \(pattern)")
    }
  }

  @Test(arguments: familyLanguages)
  func fiveThousandLinesOfMixedCodeRoundTrip(language: String) {
    // Every snippet's lines in turn, so each language also reads the others' syntax.
    let snippetLines = (snippets + familySnippets).flatMap {
      $0.code.split(separator: "\n", omittingEmptySubsequences: false)
    }
    let lines = (0..<5_000).map { snippetLines[$0 % snippetLines.count] }
    let code = lines.joined(separator: "\n")
    let highlighted = SyntaxHighlighter.highlight(code, language: language)
    #expect(highlighted.count == 5_000)
    #expect(highlighted.map { $0.map(\.text).joined() } == expectedLines(code))
  }

  @Test func randomInputKeepsEveryGuarantee() {
    let pieces = [
      "\"", "'", "`", "''", "/*", "*/", "{-", "-}", "(*", "*)", "#|", "|#", "<!--", "-->", "<",
      ">", "</", "/>", "=", "$", "${", "#{", "@", "%", ";", "--", "#", "{", "}", "(", ")", "[",
      "]", "|", "\\", "\n", "\t", " ", "a", "Foo", "let", "SELECT", "1", ".", ":", "::", "-",
      "```", "é", "\u{301}", "👨‍👩‍👧", "ש", "&amp;", "[<", ">]",
    ]
    checkRandomInputs(of: pieces, in: familyLanguages, each: 100, seed: 0x2545_F491_4F6C_DD1D)
  }
}
