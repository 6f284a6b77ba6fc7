import PodiumCore
import Testing

/// Renders a line compactly: plain text as is, other tokens as `[kw func]`.
private func render(_ line: [CodeToken]) -> String {
  line.map { token in
    token.kind == .plain ? token.text : "[\(abbreviation[token.kind] ?? "?") \(token.text)]"
  }.joined()
}

private let abbreviation: [CodeTokenKind: String] = [
  .keyword: "kw", .type: "ty", .string: "str", .comment: "com", .number: "num",
  .function: "fn", .punctuation: "p", .attribute: "attr",
]

private func render(_ code: String, _ language: String) -> [String] {
  SyntaxHighlighter.highlight(code, language: language).map(render)
}

/// The input's lines with tabs expanded to the next multiple of 4, written independently of the
/// highlighter (ASCII before the tabs is enough for these tests).
private func expectedLines(_ code: String) -> [String] {
  var lines: [String] = []
  var line = ""
  var column = 0
  var pending = false
  var scalars = Array(code.unicodeScalars)[...]
  while let scalar = scalars.popFirst() {
    if scalar == "\r" || scalar == "\n" {
      if scalar == "\r" && scalars.first == "\n" { scalars.removeFirst() }
      lines.append(line)
      line = ""
      column = 0
      pending = false
      continue
    }
    pending = true
    if scalar == "\t" {
      let width = 4 - column % 4
      line += String(repeating: " ", count: width)
      column += width
    } else {
      line.unicodeScalars.append(scalar)
      if !takesNoColumn(scalar) { column += 1 }
    }
  }
  if pending { lines.append(line) }
  return lines
}

/// Combining marks, joiners, variation selectors and skin tones sit on the column before them.
private func takesNoColumn(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF:
    return true
  default:
    return [.nonspacingMark, .spacingMark, .enclosingMark].contains(
      scalar.properties.generalCategory)
  }
}

/// The guarantees every result keeps, whatever the input: tokens re-join to the (tab-expanded)
/// lines, none is empty, neighbours differ in kind, and no token starts inside a grapheme.
private func checkInvariants(
  _ code: String, _ language: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let lines = SyntaxHighlighter.highlight(code, language: language)
  let joined = lines.map { $0.map(\.text).joined() }
  #expect(joined == expectedLines(code), "\(language ?? "nil")", sourceLocation: sourceLocation)
  for line in lines {
    #expect(!line.contains { $0.text.isEmpty }, sourceLocation: sourceLocation)
    for (left, right) in zip(line, line.dropFirst()) where left.kind == right.kind {
      Issue.record("neighbours share \(left.kind): \(line)", sourceLocation: sourceLocation)
    }
    // Only a line's first token may start with a mark (when the line itself does).
    for token in line.dropFirst() {
      if let first = token.text.unicodeScalars.first, takesNoColumn(first) {
        Issue.record("token starts inside a grapheme: \(line)", sourceLocation: sourceLocation)
      }
    }
  }
}

private let allLanguages = [
  "swift", "c", "cpp", "python", "javascript", "typescript", "rust", "go", "shell", "json",
  "yaml",
]

// MARK: - Snippets

/// One realistic snippet per language with the expected rendering of every line.
private let snippets: [(language: String, code: String, expected: [String])] = [
  (
    "swift",
    #"""
    @MainActor
    func greet(_ name: String, times: Int = 0x1F) -> String {
      let message = "hi \(name)!" // x
      return message + #"raw \n"# + String(1_000) + `default`
    }
    """#,
    [
      "[attr @MainActor]",
      "[kw func] [fn greet][p (]_ name[p :] [ty String][p ,] times[p :] [ty Int] [p =] "
        + "[num 0x1F][p )] [p ->] [ty String] [p {]",
      #"  [kw let] message [p =] [str "hi ][attr \(name)][str !"] [com // x]"#,
      ##"  [kw return] message [p +] [str #"raw \n"#] [p +] [ty String][p (][num 1_000][p )] "##
        + "[p +] `default`",
      "[p }]",
    ]
  ),
  (
    "c",
    #"""
    #include <stdio.h>
    #define MAX 10 /* limit */
    int main(int argc, char **argv) {
      size_t n = sizeof(int) * 1.5f;
      printf ("%d\n", 'a' + 0x1Fu);  // print
      return 0;
    }
    """#,
    [
      "[attr #include] [str <stdio.h>]",
      "[attr #define] MAX [num 10] [com /* limit */]",
      "[ty int] [fn main][p (][ty int] argc[p ,] [ty char] [p **]argv[p )] [p {]",
      "  [ty size_t] n [p =] [kw sizeof][p (][ty int][p )] [p *] [num 1.5f][p ;]",
      #"  [fn printf] [p (][str "%d\n"][p ,] [str 'a'] [p +] [num 0x1Fu][p );]  [com // print]"#,
      "  [kw return] [num 0][p ;]",
      "[p }]",
    ]
  ),
  (
    "cpp",
    #"""
    template <typename T>
    class Box final {
     public:
      [[nodiscard]] std::string name() const { return R"(raw "text")"; }
      auto big = 1'000'000ULL;
      std::vector<int> v{1, 2};
    };
    """#,
    [
      "[kw template] [p <][kw typename] [ty T][p >]",
      "[kw class] [ty Box] [kw final] [p {]",
      " [kw public][p :]",
      "  [attr [[nodiscard]]] std[p ::][ty string] [fn name][p ()] [kw const] [p {] [kw return] "
        + #"[str R"(raw "text")"][p ;] [p }]"#,
      "  [kw auto] big [p =] [num 1'000'000ULL][p ;]",
      "  std[p ::][ty vector][p <][ty int][p >] v[p {][num 1][p ,] [num 2][p };]",
      "[p };]",
    ]
  ),
  (
    "python",
    #"""
    @property
    def area(self) -> float:
        """Area of the shape.
        Spans lines."""
        return 3.14 * self.r ** 2  # approx
    match command:
        case "go": print(f"{x}", 1e-3, 0b1010, ValueError(rb'\x00'))
    """#,
    [
      "[attr @property]",
      "[kw def] [fn area][p (][kw self][p )] [p ->] [ty float][p :]",
      #"    [str """Area of the shape.]"#,
      #"[str     Spans lines."""]"#,
      "    [kw return] [num 3.14] [p *] [kw self][p .]r [p **] [num 2]  [com # approx]",
      "[kw match] command[p :]",
      #"    [kw case] [str "go"][p :] [fn print][p (][str f"{x}"][p ,] [num 1e-3][p ,] "#
        + #"[num 0b1010][p ,] [ty ValueError][p (][str rb'\x00'][p ))]"#,
    ]
  ),
  (
    "javascript",
    """
    import { readFile } from "fs";
    const re = /ab+c/gi, n = 100n;
    async function load(path) {
      const text = `Hello ${name}!
    multi ${a + b} line`;
      return text.length / 2; // half
    }
    """,
    [
      #"[kw import] [p {] readFile [p }] [kw from] [str "fs"][p ;]"#,
      "[kw const] re [p =] [str /ab+c/gi][p ,] n [p =] [num 100n][p ;]",
      "[kw async] [kw function] [fn load][p (]path[p )] [p {]",
      "  [kw const] text [p =] [str `Hello ][attr ${name}][str !]",
      "[str multi ][attr ${a + b}][str  line`][p ;]",
      "  [kw return] text[p .]length [p /] [num 2][p ;] [com // half]",
      "[p }]",
    ]
  ),
  (
    "typescript",
    """
    interface User { id: number; name?: string }
    type Id = string | number;
    @Component({ selector: "app" })
    export class Store<T> implements Repo<T> {
      private items: Map<string, T> = new Map();
    }
    """,
    [
      "[kw interface] [ty User] [p {] id[p :] [ty number][p ;] name[p ?:] [ty string] [p }]",
      "[kw type] [ty Id] [p =] [ty string] [p |] [ty number][p ;]",
      #"[attr @Component][p ({] selector[p :] [str "app"] [p })]"#,
      "[kw export] [kw class] [ty Store][p <][ty T][p >] [kw implements] [ty Repo][p <][ty T][p >] "
        + "[p {]",
      "  [kw private] items[p :] [ty Map][p <][ty string][p ,] [ty T][p >] [p =] [kw new] "
        + "[ty Map][p ();]",
      "[p }]",
    ]
  ),
  (
    "rust",
    #####"""
    #[derive(Debug, Clone)]
    pub struct Wrapper<'a> { name: &'a str }
    fn main() -> &'static str {
        let raw = r#"a "quoted" str"#;
        let c = 'x'; let n = 10u32 + 0b1010_1010;
        println!("{}", raw); // done
    }
    """#####,
    [
      "[attr #[derive(Debug, Clone)]]",
      "[kw pub] [kw struct] [ty Wrapper][p <][attr 'a][p >] [p {] name[p :] [p &][attr 'a] "
        + "[ty str] [p }]",
      "[kw fn] [fn main][p ()] [p ->] [p &][attr 'static] [ty str] [p {]",
      ##"    [kw let] raw [p =] [str r#"a "quoted" str"#][p ;]"##,
      "    [kw let] c [p =] [str 'x'][p ;] [kw let] n [p =] [num 10u32] [p +] [num 0b1010_1010]"
        + "[p ;]",
      #"    [fn println!][p (][str "{}"][p ,] raw[p );] [com // done]"#,
      "[p }]",
    ]
  ),
  (
    "go",
    "package main\n\nimport \"fmt\"\n\n"
      + "func (s *Server) Handle(w http.ResponseWriter) error {\n"
      + "\tmsg := `raw\nstring`\n"
      + "\tfmt.Println(\"hi\", 'x', 1_000, 0x1F, 3.5e2)\n"
      + "\treturn nil\n}\n",
    [
      "[kw package] main",
      "",
      #"[kw import] [str "fmt"]"#,
      "",
      "[kw func] [p (]s [p *][ty Server][p )] [fn Handle][p (]w http[p .][ty ResponseWriter][p )] "
        + "[ty error] [p {]",
      "    msg [p :=] [str `raw]",
      "[str string`]",
      #"    fmt[p .][fn Println][p (][str "hi"][p ,] [str 'x'][p ,] [num 1_000][p ,] [num 0x1F]"#
        + "[p ,] [num 3.5e2][p )]",
      "    [kw return] [kw nil]",
      "[p }]",
    ]
  ),
  (
    "shell",
    #"""
    #!/bin/bash
    # Deploy script
    set -euo pipefail
    NAME="world" count=$#
    if [ -n "${NAME}" ]; then
      echo "Hello $NAME, $(date)" 'no $expansion' a#b | grep -v x # note
    fi
    for f in *.md; do cat "$f"; done
    cat <<EOF
    body $x
    EOF
    """#,
    [
      "[com #!/bin/bash]",
      "[com # Deploy script]",
      "[fn set] -euo pipefail",
      #"[attr NAME][p =][str "world"] [attr count][p =][attr $#]"#,
      #"[kw if] [p [] -n [str "][attr ${NAME}][str "] [p ];] [kw then]"#,
      #"  [fn echo] [str "Hello ][attr $NAME][str , ][attr $(date)][str "] [str 'no $expansion'] "#
        + "a#b [p |] [fn grep] -v x [com # note]",
      "[kw fi]",
      #"[kw for] f [kw in] *.md[p ;] [kw do] [fn cat] [str "][attr $f][str "][p ;] [kw done]"#,
      "[fn cat] [p <<][attr EOF]",
      "[str body $x]",
      "[attr EOF]",
    ]
  ),
  (
    "json",
    """
    {
      "name": "podium",
      "version": 1.5e3,
      "tags": ["a", "b\\"c"],
      "ok": true, "none": null, "neg": -42
    }
    """,
    [
      "[p {]",
      #"  [attr "name"][p :] [str "podium"][p ,]"#,
      #"  [attr "version"][p :] [num 1.5e3][p ,]"#,
      #"  [attr "tags"][p :] [p [][str "a"][p ,] [str "b\"c"][p ],]"#,
      #"  [attr "ok"][p :] [kw true][p ,] [attr "none"][p :] [kw null][p ,] [attr "neg"][p :] "#
        + "[num -42]",
      "[p }]",
    ]
  ),
  (
    "yaml",
    """
    ---
    title: Scaling the Unscalable   # comment
    aspect: 16:9
    paginate: true
    count: 0x1F
    quote: "a # not comment"
    'key two': 'it''s'
    steps:
      - name: build
        run: |
          swift build # not a comment
          echo done
      - [a, b]
    anchors: &base { x: 1.5, url: http://x.org/#top }
    ...
    """,
    [
      "[p ---]",
      "[attr title][p :] [str Scaling the Unscalable]   [com # comment]",
      "[attr aspect][p :] [str 16:9]",
      "[attr paginate][p :] [kw true]",
      "[attr count][p :] [num 0x1F]",
      #"[attr quote][p :] [str "a # not comment"]"#,
      "[attr 'key two'][p :] [str 'it''s']",
      "[attr steps][p :]",
      "  [p -] [attr name][p :] [str build]",
      "    [attr run][p :] [p |]",
      "      [str swift build # not a comment]",
      "      [str echo done]",
      "  [p -] [p [][str a][p ,] [str b][p ]]",
      "[attr anchors][p :] [ty &base] [p {] [attr x][p :] [num 1.5][p ,] [attr url][p :] "
        + "[str http://x.org/#top] [p }]",
      "[p ...]",
    ]
  ),
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
    for name in ["", "cobol", "text", "markdown", "c#", "{}"] {
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
    // Each pattern defeats one lookahead: unclosed regexes, attributes, quotes and brackets.
    let patterns = ["a", "/", "(/[", "[[", "'", "\"\\", "#[", "`", "${", "x: ", "- ", "/*", "1."]
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
    // Fixed-seed generator: the same "random" corpus on every run.
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      seed &+= 0x9E37_79B9_7F4A_7C15
      var z = seed
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    let pieces = [
      "\"", "'", "`", "\"\"\"", "/*", "*/", "//", "#", "@", "$", "{", "}", "(", ")", "[", "]",
      "\\", "\n", "\r", "\t", " ", "a", "Foo", "fn", "if", "0x", "1", ".", "e", ":", "-", "|",
      "<<", "r#", "'a", "R\"(", "é", "\u{301}", "👨‍👩‍👧", "\u{FFFD}", "ש", "=", "!", ",",
    ]
    for language in allLanguages {
      for _ in 0..<200 {
        let length = Int(next() % 60)
        let code = (0..<length).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
        checkInvariants(code, language)
      }
    }
  }
}
