/// One realistic snippet per language with the expected rendering of every line.
let snippets: [(language: String, code: String, expected: [String])] = [
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
