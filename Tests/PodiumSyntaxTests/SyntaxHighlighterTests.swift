import PodiumSyntax
import Testing

private let allLanguages = [
  "swift", "c", "cpp", "python", "javascript", "typescript", "rust", "go", "shell", "json",
  "yaml",
]

@Suite struct SyntaxHighlighterTests {
  @Test(arguments: snippets.indices)
  func snippetHighlightsAsExpected(index: Int) {
    let snippet = snippets[index]
    let lines = render(snippet.code, snippet.language)
    #expect(lines.count == snippet.expected.count, "\(snippet.language)")
    for (number, (line, expected)) in zip(lines, snippet.expected).enumerated() {
      #expect(line == expected, "\(snippet.language) line \(number + 1)")
    }
    checkInvariants(snippet.code, snippet.language)
  }

  @Test func everyLanguageHasASnippet() {
    #expect(Set(snippets.map(\.language)) == Set(allLanguages))
  }

  // MARK: Multi-line state

  @Test func blockCommentsAndStringsContinueOnTheNextLine() {
    #expect(
      render(
        "/* outer /* inner */ still\ncomment */ let s = \"\"\"\n  text \"q\"\n  \"\"\" + x", "swift"
      )
        == [
          "[com /* outer /* inner */ still]",
          #"[com comment */] [kw let] s [p =] [str """]"#,
          #"[str   text "q"]"#,
          #"[str   """] [p +] x"#,
        ])
    // C comments do not nest: the first */ ends the comment.
    #expect(
      render("int a; /* one /* two\nthree */ int b; */", "c")
        == ["[ty int] a[p ;] [com /* one /* two]", "[com three */] [ty int] b[p ;] [p */]"])
    #expect(
      render("/* one /* two */\nthree */ x", "rust")
        == ["[com /* one /* two */]", "[com three */] x"])
    #expect(
      render("let s = \"one\ntwo\"; let r = r##\"a\"#\"##;", "rust")
        == [
          ###"[kw let] s [p =] [str "one]"###,
          ###"[str two"][p ;] [kw let] r [p =] [str r##"a"#"##][p ;]"###,
        ])
    #expect(
      render("auto s = R\"x(line )\" one\nline two)x\";", "cpp")
        == [#"[kw auto] s [p =] [str R"x(line )" one]"#, #"[str line two)x"][p ;]"#])
    #expect(
      render("x = '''a\n'b'\nc''' + 1", "python")
        == ["x [p =] [str '''a]", "[str 'b']", "[str c'''] [p +] [num 1]"])
    #expect(
      render("msg: \"one\n  two\" # c\nnext: 'it''s\n  more'", "yaml")
        == [
          #"[attr msg][p :] [str "one]"#, #"[str   two"] [com # c]"#,
          "[attr next][p :] [str 'it''s]",
          "[str   more']",
        ])
    #expect(
      render("echo 'one\ntwo' done # c", "shell")
        == ["[fn echo] [str 'one]", "[str two'] done [com # c]"])
    #expect(
      render("/* a\nb */ {\"k\": 1}", "json")
        == ["[com /* a]", #"[com b */] [p {][attr "k"][p :] [num 1][p }]"#])
  }

  @Test func oneLineStringsEndAtTheLineUnlessItEndsInABackslash() {
    #expect(render("s = \"open\nx = 1", "python") == [#"s [p =] [str "open]"#, "x [p =] [num 1]"])
    #expect(
      render("s = \"open \\\nstill\" + 1", "javascript")
        == [#"s [p =] [str "open \]"#, #"[str still"] [p +] [num 1]"#])
  }

  @Test func shellLineContinuationsAndIndentedHeredocs() {
    #expect(
      render("docker run \\\n  --rm image\nls", "shell")
        == ["[fn docker] run [p \\]", "  --rm image", "[fn ls]"])
    #expect(
      render("cat <<-'END' > out\n\tbody\n\tEND\necho", "shell")
        == [
          "[fn cat] [p <<-][attr 'END'] [p >] out", "[str     body]", "    [attr END]", "[fn echo]",
        ])
  }

  @Test func yamlBlockScalarsEndWhenTheIndentationReturns() {
    #expect(
      render("a: >-\n  folded # text\n\n  more\nb: 2", "yaml")
        == [
          "[attr a][p :] [p >-]", "  [str folded # text]", "", "  [str more]",
          "[attr b][p :] [num 2]",
        ])
  }

  // MARK: Details

  @Test func numbers() {
    let code = "1_000 0x1F 0b1010 0o17 1.5e-3 10u32 2.5f32 1e10 .5 0x1p-2 1..2 x.0"
    #expect(
      render(code, "rust")
        == [
          "[num 1_000] [num 0x1F] [num 0b1010] [num 0o17] [num 1.5e-3] [num 10u32] [num 2.5f32] "
            + "[num 1e10] [p .][num 5] [num 0x1p-2] [num 1][p ..][num 2] x[p .][num 0]"
        ])
    #expect(
      render("x = 1.5f + 10UL + .5;", "c") == [
        "x [p =] [num 1.5f] [p +] [num 10UL] [p +] [num .5][p ;]"
      ])
    #expect(render("n = 1j + 0xFF_FF", "python") == ["n [p =] [num 1j] [p +] [num 0xFF_FF]"])
  }

  @Test func rustLifetimesAreNotCharLiterals() {
    #expect(
      render(
        #"fn f<'a>(x: &'a str, c: char) -> char { 'outer: loop { break 'outer; } '\n' }"#, "rust")
        == [
          "[kw fn] [fn f][p <][attr 'a][p >(]x[p :] [p &][attr 'a] [ty str][p ,] c[p :] [ty char]"
            + "[p )] [p ->] [ty char] [p {] [attr 'outer][p :] [kw loop] [p {] [kw break] "
            + #"[attr 'outer][p ;] [p }] [str '\n'] [p }]"#
        ])
    #expect(
      render("let b = b'x'; let e = '😀';", "rust") == [
        "[kw let] b [p =] [str b'x'][p ;] [kw let] e [p =] [str '😀'][p ;]"
      ])
  }

  @Test func keywordsAfterADotAreMembers() {
    #expect(render("x.default.match(y)", "swift") == ["x[p .]default[p .][fn match][p (]y[p )]"])
    #expect(render("m = re.match(p)", "python") == ["m [p =] re[p .][fn match][p (]p[p )]"])
    #expect(render("match = 3", "python") == ["match [p =] [num 3]"])
    #expect(render("let v = fut.await?;", "rust") == ["[kw let] v [p =] fut[p .][kw await][p ?;]"])
  }

  @Test func declaredNamesAndCapitalisedNames() {
    #expect(
      render("func make<T>() {}", "swift") == ["[kw func] [fn make][p <][ty T][p >()] [p {}]"])
    #expect(render("type point struct{}", "go") == ["[kw type] [ty point] [kw struct][p {}]"])
    #expect(
      render("struct node *n = MAX_SIZE;", "c") == [
        "[kw struct] [ty node] [p *]n [p =] MAX_SIZE[p ;]"
      ])
    #expect(
      render("let x = Some(URL(s))", "rust") == [
        "[kw let] x [p =] [ty Some][p (][ty URL][p (]s[p ))]"
      ])
  }

  @Test func decoratorsAndPreprocessor() {
    #expect(render("@app.route(\"/\")", "python") == [#"[attr @app.route][p (][str "/"][p )]"#])
    #expect(
      render("#if os(macOS)\n#endif", "swift") == [
        "[attr #if] [fn os][p (]macOS[p )]", "[attr #endif]",
      ])
    #expect(render("  #  pragma once", "cpp") == ["  [attr #  pragma] once"])
    #expect(render("#![allow(dead_code)]", "rust") == ["[attr #![allow(dead_code)]]"])
    #expect(render("a = b ## c", "c") == ["a [p =] b [p ##] c"])
  }

  @Test func javascriptRegexOnlyWhereAnOperandStarts() {
    #expect(render("x = a / b / c", "javascript") == ["x [p =] a [p /] b [p /] c"])
    #expect(
      render("if (/[/]x/.test(s)) {}", "javascript") == [
        "[kw if] [p (][str /[/]x/][p .][fn test][p (]s[p ))] [p {}]"
      ])
    #expect(render("return /\"/g", "typescript") == [#"[kw return] [str /"/g]"#])
    #expect(render("#!/usr/bin/env node", "javascript") == ["[com #!/usr/bin/env node]"])
  }

  @Test func shellHashesOnlyCommentAtTheStartOfAWord() {
    #expect(
      render("echo $# ${#arr[@]} a#b #c", "shell") == [
        "[fn echo] [attr $#] [attr ${#arr[@]}] a#b [com #c]"
      ])
    #expect(
      render("x=$((1 + 2)) # sum", "shell") == [
        "[attr x][p =$((][num 1] + [num 2][p ))] [com # sum]"
      ])
    #expect(
      render("greet() { echo hi; }", "shell") == ["[fn greet][p ()] [p {] [fn echo] hi[p ;] [p }]"])
    #expect(render("$ ls -la 2>&1", "console") == ["[p $] [fn ls] -la [num 2][p >&][num 1]"])
  }

  // MARK: Languages

  @Test func aliasesMapToCanonicalNames() {
    let expected: [String: String] = [
      "py": "python", "python": "python", "ts": "typescript", "tsx": "typescript",
      "sh": "shell", "bash": "shell", "zsh": "shell", "shell": "shell", "console": "shell",
      "yml": "yaml", "yaml": "yaml", "rs": "rust", "c++": "cpp", "cc": "cpp", "hpp": "cpp",
      "cxx": "cpp", "cpp": "cpp", "js": "javascript", "jsx": "javascript", "mjs": "javascript",
      "golang": "go", "go": "go", "h": "c", "c": "c", "swift": "swift", "json": "json",
      "Python": "python", "rust,ignore": "rust", "python {1,3}": "python", "bash +exec": "shell",
      "{.python}": "python", " JS ": "javascript",
    ]
    for (name, canonical) in expected {
      #expect(SyntaxHighlighter.canonicalLanguage(name) == canonical, "\(name)")
    }
    for name in ["", "cobol", "text", "x86asm", "fortran", "{}"] {
      #expect(SyntaxHighlighter.canonicalLanguage(name) == nil, "\(name)")
    }
  }

  @Test func unknownOrMissingLanguageIsOnePlainTokenPerLine() {
    let code = "func x() {\n\t\"a\"\n\n}"
    let expected: [[CodeToken]] = [
      [CodeToken(.plain, "func x() {")], [CodeToken(.plain, "    \"a\"")], [],
      [CodeToken(.plain, "}")],
    ]
    #expect(SyntaxHighlighter.highlight(code, language: nil) == expected)
    #expect(SyntaxHighlighter.highlight(code, language: "cobol") == expected)
  }

  // MARK: Robustness

  @Test func linesAndTabs() {
    #expect(SyntaxHighlighter.highlight("", language: "swift").isEmpty)
    #expect(SyntaxHighlighter.highlight("\n", language: "swift") == [[]])
    #expect(SyntaxHighlighter.highlight("a\n\n", language: nil).count == 2)
    #expect(render("a\r\nb\rc\n", "c") == ["a", "b", "c"])
    // Tabs go to the next multiple of 4 columns; combining marks take no column.
    #expect(render("\tx\ty\t", "go") == ["    x   y   "])
    #expect(render("e\u{301}\tz", "go") == ["e\u{301}   z"])
  }

  @Test(arguments: allLanguages)
  func unterminatedConstructsNeitherCrashNorLeak(language: String) {
    let openers = [
      "\"", "'", "`", "\"\"\"", "'''", "/*", "/* /*", "r#\"", "R\"x(", "#\"", "#[", "[[", "${",
      "$(", "\\", "<<EOF", "@", "#", "0x", "1e", "1.", "'a", "a: |", "- ", "{", "[", "\\(",
      "$'", "#!/x",
    ]
    for opener in openers {
      checkInvariants(opener, language)
      checkInvariants("x = " + opener + "\nnext line\n", language)
      checkInvariants(opener + opener + "tail", language)
    }
  }

  @Test(arguments: allLanguages)
  func hostileInputKeepsEveryGuarantee(language: String) {
    let samples = [
      "let s = \"\u{FFFD}\u{FFFD}\" // \u{FFFD}",
      "greet(\"👋🏽 👨‍👩‍👧 🇫🇷\") 👍 ✈️",
      "x = \"e\u{301}\"\u{301} + e\u{301}(y)",
      "שלום = \"עולם\" // مرحبا بالعالم",
      "\u{202E}evil\u{202C} = 1 # \u{200F}",
      "a\u{0}b\u{7}c\u{1B}[31m \u{00A0}\u{3000}z",
      "'\u{301}' \"\u{200D}\" \u{200D}x",
      "\t\tmixed\ttabs\t",
    ]
    for sample in samples {
      checkInvariants(sample, language)
    }
  }

  @Test(arguments: allLanguages)
  func aHundredThousandCharacterLineStaysLinear(language: String) {
    // Each pattern defeats one lookahead: unclosed regexes, attributes, quotes and brackets,
    // and shell words that are all assignments.
    let patterns = [
      "a", "/", "(/[", "[[", "'", "\"\\", "#[", "`", "${", "x: ", "- ", "/*", "1.", "a=",
    ]
    for pattern in patterns {
      let line = String(repeating: pattern, count: 100_000 / pattern.count)
      let lines = SyntaxHighlighter.highlight(line, language: language)
      #expect(lines.count == 1)
      #expect(lines.first?.map(\.text).joined() == line, "\(language) \(pattern)")
    }
  }

  @Test(arguments: allLanguages)
  func twentyThousandLinesOfMixedCodeRoundTrip(language: String) {
    // Every snippet's lines in turn, so each language also reads the others' syntax.
    let snippetLines = snippets.flatMap {
      $0.code.split(separator: "\n", omittingEmptySubsequences: false)
    }
    let lines = (0..<20_000).map { snippetLines[$0 % snippetLines.count] }
    let code = lines.joined(separator: "\n")
    let highlighted = SyntaxHighlighter.highlight(code, language: language)
    #expect(highlighted.count == 20_000)
    #expect(highlighted.map { $0.map(\.text).joined() } == expectedLines(code))
  }

  @Test func randomInputKeepsEveryGuarantee() {
    let pieces = [
      "\"", "'", "`", "\"\"\"", "/*", "*/", "//", "#", "@", "$", "{", "}", "(", ")", "[", "]",
      "\\", "\n", "\r", "\t", " ", "a", "Foo", "fn", "if", "0x", "1", ".", "e", ":", "-", "|",
      "<<", "r#", "'a", "R\"(", "é", "\u{301}", "👨‍👩‍👧", "\u{FFFD}", "ש", "=", "!", ",",
    ]
    checkRandomInputs(of: pieces, in: allLanguages, each: 200, seed: 0x9E37_79B9_7F4A_7C15)
  }
}
