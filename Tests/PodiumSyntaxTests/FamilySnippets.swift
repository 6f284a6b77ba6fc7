/// One realistic snippet per language of the families `Languages/` added to the first eleven,
/// with the expected rendering of every line.
let familySnippets: [(language: String, code: String, expected: [String])] = [
  (
    "java",
    #"""
    @Override
    public List<String> names(int limit) throws IOException {
        var text = """
            Hello, %s!""";
        char c = 'x'; long n = 0x1FL; // count
        return items.stream().map(Item::name).limit(limit).toList();
    }
    """#,
    [
      #"[attr @Override]"#,
      #"[kw public] [ty List][p <][ty String][p >] [fn names][p (][ty int] limit[p )] [kw throws] [ty IOException] [p {]"#,
      #"    [kw var] text [p =] [str """]"#,
      #"[str         Hello, %s!"""][p ;]"#,
      #"    [ty char] c [p =] [str 'x'][p ;] [ty long] n [p =] [num 0x1FL][p ;] [com // count]"#,
      #"    [kw return] items[p .][fn stream][p ().][fn map][p (][ty Item][p ::]name[p ).][fn limit][p (]limit[p ).][fn toList][p ();]"#,
      #"[p }]"#,
    ]
  ),
  (
    "kotlin",
    #"""
    @JvmStatic
    fun greet(name: String, times: Int = 2): String {
        val message = "Hi $name, ${times * 2} times"
        /* nested /* comment */ ok */
        return when (times) { 0 -> "none"; else -> message }
    }
    """#,
    [
      #"[attr @JvmStatic]"#,
      #"[kw fun] [fn greet][p (]name[p :] [ty String][p ,] times[p :] [ty Int] [p =] [num 2][p ):] [ty String] [p {]"#,
      #"    [kw val] message [p =] [str "Hi ][attr $name][str , ][attr ${times * 2}][str  times"]"#,
      #"    [com /* nested /* comment */ ok */]"#,
      #"    [kw return] [kw when] [p (]times[p )] [p {] [num 0] [p ->] [str "none"][p ;] [kw else] [p ->] message [p }]"#,
      #"[p }]"#,
    ]
  ),
  (
    "scala",
    #"""
    case class Point(x: Double, y: Double)
    object Main extends App {
      def norm(p: Point): Double = math.sqrt(p.x * p.x + p.y * p.y)
      val label = s"norm is ${norm(Point(3, 4))} for $name"
      @tailrec def loop(n: Int): Int = if n == 0 then 0 else loop(n - 1)
    }
    """#,
    [
      #"[kw case] [kw class] [ty Point][p (]x[p :] [ty Double][p ,] y[p :] [ty Double][p )]"#,
      #"[kw object] [ty Main] [kw extends] [ty App] [p {]"#,
      #"  [kw def] [fn norm][p (]p[p :] [ty Point][p ):] [ty Double] [p =] math[p .][fn sqrt][p (]p[p .]x [p *] p[p .]x [p +] p[p .]y [p *] p[p .]y[p )]"#,
      #"  [kw val] label [p =] [str s"norm is ][attr ${norm(Point(3, 4))}][str  for ][attr $name][str "]"#,
      #"  [attr @tailrec] [kw def] [fn loop][p (]n[p :] [ty Int][p ):] [ty Int] [p =] [kw if] n [p ==] [num 0] [kw then] [num 0] [kw else] [fn loop][p (]n [p -] [num 1][p )]"#,
      #"[p }]"#,
    ]
  ),
  (
    "groovy",
    #"""
    plugins { id 'java' }
    def greet(String name) {
        println "Hello, ${name.toUpperCase()}!"
    }
    dependencies { implementation 'org.slf4j:slf4j-api:2.0.9' }
    """#,
    [
      #"plugins [p {] id [str 'java'] [p }]"#,
      #"[kw def] [fn greet][p (][ty String] name[p )] [p {]"#,
      #"    println [str "Hello, ][attr ${name.toUpperCase()}][str !"]"#,
      #"[p }]"#,
      #"dependencies [p {] implementation [str 'org.slf4j:slf4j-api:2.0.9'] [p }]"#,
    ]
  ),
  (
    "csharp",
    #"""
    [HttpGet("{id}")]
    public async Task<ActionResult<Item>> Get(int id)
    {
        var path = @"C:\data\items.json";
        string label = $"Item {id}"; // lookup
        return await _db.Items.FindAsync(id) ?? NotFound();
    }
    """#,
    [
      #"[attr [HttpGet("{id}")]]"#,
      #"[kw public] [kw async] [ty Task][p <][ty ActionResult][p <][ty Item][p >>] [fn Get][p (][ty int] id[p )]"#,
      #"[p {]"#,
      #"    [kw var] path [p =] [str @"C:\data\items.json"][p ;]"#,
      #"    [ty string] label [p =] [str $"Item {id}"][p ;] [com // lookup]"#,
      #"    [kw return] [kw await] _db[p .][ty Items][p .][fn FindAsync][p (]id[p )] [p ??] [fn NotFound][p ();]"#,
      #"[p }]"#,
    ]
  ),
  (
    "dart",
    #"""
    class Counter extends StatelessWidget {
      final int count;
      const Counter({super.key, required this.count});
      @override
      Widget build(BuildContext context) => Text('Count: $count');
    }
    """#,
    [
      #"[kw class] [ty Counter] [kw extends] [ty StatelessWidget] [p {]"#,
      #"  [kw final] [ty int] count[p ;]"#,
      #"  [kw const] [ty Counter][p ({][kw super][p .]key[p ,] [kw required] [kw this][p .]count[p });]"#,
      #"  [attr @override]"#,
      #"  [ty Widget] [fn build][p (][ty BuildContext] context[p )] [p =>] [ty Text][p (][str 'Count: ][attr $count][str '][p );]"#,
      #"[p }]"#,
    ]
  ),
  (
    "php",
    #"""
    <?php
    function total(array $items): float {
        # sum the prices
        $sum = 0.0;
        foreach ($items as $item) { $sum += $item->price; }
        return $sum > 100 ? "big: $sum" : $sum; // done
    }
    """#,
    [
      #"[attr <?php]"#,
      #"[kw function] [fn total][p (][kw array] [attr $items][p ):] [ty float] [p {]"#,
      #"    [com # sum the prices]"#,
      #"    [attr $sum] [p =] [num 0.0][p ;]"#,
      #"    [kw foreach] [p (][attr $items] [kw as] [attr $item][p )] [p {] [attr $sum] [p +=] [attr $item][p ->]price[p ;] [p }]"#,
      #"    [kw return] [attr $sum] [p >] [num 100] [p ?] [str "big: ][attr $sum][str "] [p :] [attr $sum][p ;] [com // done]"#,
      #"[p }]"#,
    ]
  ),
  (
    "haskell",
    #"""
    {- Sum of squares -}
    module Main where
    import qualified Data.Map as M
    sumSquares :: [Int] -> Int
    sumSquares xs = foldr (\x acc -> x * x + acc) 0 xs  -- fold
    main = print (sumSquares [1, 2, 3]) >> putStrLn "done" >> print 'c'
    """#,
    [
      #"[com {- Sum of squares -}]"#,
      #"[kw module] [ty Main] [kw where]"#,
      #"[kw import] [kw qualified] [ty Data][p .][ty Map] [kw as] [ty M]"#,
      #"[fn sumSquares] [p ::] [p [][ty Int][p ]] [p ->] [ty Int]"#,
      #"sumSquares xs [p =] foldr [p (\]x acc [p ->] x [p *] x [p +] acc[p )] [num 0] xs  [com -- fold]"#,
      #"main [p =] print [p (]sumSquares [p [][num 1][p ,] [num 2][p ,] [num 3][p ])] [p >>] putStrLn [str "done"] [p >>] print [str 'c']"#,
    ]
  ),
  (
    "purescript",
    #"""
    module Main where
    import Effect.Console (log)
    main :: Effect Unit
    main = log "Hello" -- greeting
    """#,
    [
      #"[kw module] [ty Main] [kw where]"#,
      #"[kw import] [ty Effect][p .][ty Console] [p (]log[p )]"#,
      #"[fn main] [p ::] [ty Effect] [ty Unit]"#,
      #"main [p =] log [str "Hello"] [com -- greeting]"#,
    ]
  ),
  (
    "elm",
    #"""
    type Msg = Increment | Decrement
    update : Msg -> Int -> Int
    update msg model =
        case msg of
            Increment -> model + 1
            Decrement -> model - 1 -- clamp later
    """#,
    [
      #"[kw type] [ty Msg] [p =] [ty Increment] [p |] [ty Decrement]"#,
      #"[fn update] [p :] [ty Msg] [p ->] [ty Int] [p ->] [ty Int]"#,
      #"update msg model [p =]"#,
      #"    [kw case] msg [kw of]"#,
      #"        [ty Increment] [p ->] model [p +] [num 1]"#,
      #"        [ty Decrement] [p ->] model [p -] [num 1] [com -- clamp later]"#,
    ]
  ),
  (
    "idris",
    #"""
    data Vect : Nat -> Type -> Type where
      Nil  : Vect Z a
      (::) : a -> Vect k a -> Vect (S k) a
    total
    append : Vect n a -> Vect m a -> Vect (n + m) a
    """#,
    [
      #"[kw data] [ty Vect] [p :] [ty Nat] [p ->] [ty Type] [p ->] [ty Type] [kw where]"#,
      #"  [ty Nil]  [p :] [ty Vect] [ty Z] a"#,
      #"  [p (::)] [p :] a [p ->] [ty Vect] k a [p ->] [ty Vect] [p (][ty S] k[p )] a"#,
      #"[kw total]"#,
      #"[fn append] [p :] [ty Vect] n a [p ->] [ty Vect] m a [p ->] [ty Vect] [p (]n [p +] m[p )] a"#,
    ]
  ),
  (
    "agda",
    #"""
    module Nat where
    data ℕ : Set where
      zero : ℕ
      suc  : ℕ → ℕ
    _+_ : ℕ → ℕ → ℕ
    zero + n = n -- base case
    """#,
    [
      #"[kw module] [ty Nat] [kw where]"#,
      #"[kw data] [ty ℕ] [p :] [kw Set] [kw where]"#,
      #"  [fn zero] [p :] [ty ℕ]"#,
      #"  [fn suc]  [p :] [ty ℕ] → [ty ℕ]"#,
      #"_[p +]_ [p :] [ty ℕ] → [ty ℕ] → [ty ℕ]"#,
      #"zero [p +] n [p =] n [com -- base case]"#,
    ]
  ),
  (
    "ocaml",
    #"""
    (* Print a table (* nested *) *)
    let rec sum = function
      | [] -> 0
      | x :: rest -> x + sum rest
    type 'a tree = Leaf | Node of 'a tree * 'a * 'a tree
    let () = Printf.printf "%d %c\n" (sum [1; 2; 3]) 'z'
    """#,
    [
      #"[com (* Print a table (* nested *) *)]"#,
      #"[kw let] [kw rec] sum [p =] [kw function]"#,
      #"  [p |] [p []] [p ->] [num 0]"#,
      #"  [p |] x [p ::] rest [p ->] x [p +] sum rest"#,
      #"[kw type] [attr 'a] tree [p =] [ty Leaf] [p |] [ty Node] [kw of] [attr 'a] tree [p *] [attr 'a] [p *] [attr 'a] tree"#,
      #"[kw let] [p ()] [p =] [ty Printf][p .]printf [str "%d %c\n"] [p (]sum [p [][num 1][p ;] [num 2][p ;] [num 3][p ])] [str 'z']"#,
    ]
  ),
  (
    "fsharp",
    #"""
    [<EntryPoint>]
    let main argv =
        let square x = x * x // square it
        (* a block comment *)
        printfn "%d" (List.sum [ for i in 1..10 -> square i ])
        0
    """#,
    [
      #"[attr [<EntryPoint>]]"#,
      #"[kw let] main argv [p =]"#,
      #"    [kw let] square x [p =] x [p *] x [com // square it]"#,
      #"    [com (* a block comment *)]"#,
      #"    printfn [str "%d"] [p (][ty List][p .]sum [p [] [kw for] i [kw in] [num 1][p ..][num 10] [p ->] square i [p ])]"#,
      #"    [num 0]"#,
    ]
  ),
  (
    "sml",
    #"""
    fun fact 0 = 1
      | fact n = n * fact (n - 1)  (* recursion *)
    val x : int = fact 5
    datatype shape = Circle of real | Square of real
    """#,
    [
      #"[kw fun] [fn fact] [num 0] [p =] [num 1]"#,
      #"  [p |] fact n [p =] n [p *] fact [p (]n [p -] [num 1][p )]  [com (* recursion *)]"#,
      #"[kw val] x [p :] [ty int] [p =] fact [num 5]"#,
      #"[kw datatype] [ty shape] [p =] [ty Circle] [kw of] [ty real] [p |] [ty Square] [kw of] [ty real]"#,
    ]
  ),
  (
    "rescript",
    #"""
    @react.component
    let make = (~name: string) => {
      let (count, setCount) = React.useState(() => 0)
      // a comment
      <button onClick={_ => setCount(c => c + 1)}> {React.string(`Hi ${name}`)} </button>
    }
    type t<'a> = option<'a>
    """#,
    [
      #"[attr @react.component]"#,
      #"[kw let] make [p =] [p (~]name[p :] [ty string][p )] [p =>] [p {]"#,
      #"  [kw let] [p (]count[p ,] setCount[p )] [p =] [ty React][p .][fn useState][p (()] [p =>] [num 0][p )]"#,
      #"  [com // a comment]"#,
      #"  [p <]button onClick[p ={]_ [p =>] [fn setCount][p (]c [p =>] c [p +] [num 1][p )}>] [p {][ty React][p .][fn string][p (][str `Hi ][attr ${name}][str `][p )}] [p </]button[p >]"#,
      #"[p }]"#,
      #"[kw type] [ty t][p <][attr 'a][p >] [p =] [ty option][p <][attr 'a][p >]"#,
    ]
  ),
  (
    "sql",
    #"""
    -- vectors nearest to a query
    SELECT id, embedding <-> $1 AS distance
    FROM items
    WHERE category = 'it''s' AND created_at > now() - interval '7 days'
    ORDER BY distance LIMIT 5;
    create index on items using hnsw (embedding vector_cosine_ops); /* fast */
    """#,
    [
      #"[com -- vectors nearest to a query]"#,
      #"[kw SELECT] id[p ,] embedding [p <->] [attr $1] [kw AS] distance"#,
      #"[kw FROM] items"#,
      #"[kw WHERE] category [p =] [str 'it''s'] [kw AND] created_at [p >] [fn now][p ()] [p -] [ty interval] [str '7 days']"#,
      #"[kw ORDER] [kw BY] distance [kw LIMIT] [num 5][p ;]"#,
      #"[kw create] [kw index] [kw on] items [kw using] hnsw [p (]embedding vector_cosine_ops[p );] [com /* fast */]"#,
    ]
  ),
  (
    "pascal",
    #"""
    program Hello;
    { a brace comment }
    var i: Integer;
    procedure Greet(const Name: string);
    begin
      WriteLn('Hello, ', Name, '!'); (* greet *) i := $FF + #65;
    end;
    """#,
    [
      #"[kw program] Hello[p ;]"#,
      #"[com { a brace comment }]"#,
      #"[kw var] i[p :] [ty Integer][p ;]"#,
      #"[kw procedure] [fn Greet][p (][kw const] Name[p :] [ty string][p );]"#,
      #"[kw begin]"#,
      #"  [fn WriteLn][p (][str 'Hello, '][p ,] Name[p ,] [str '!'][p );] [com (* greet *)] i [p :=] [num $FF] [p +] [str #65][p ;]"#,
      #"[kw end][p ;]"#,
    ]
  ),
  (
    "nix",
    #"""
    { pkgs ? import <nixpkgs> {} }:
    pkgs.stdenv.mkDerivation rec {
      pname = "hello-world";
      src = ./src;
      buildInputs = with pkgs; [ gcc gnumake ];
      installPhase = ''
        mkdir -p $out/bin ${pname}
      ''; # install
    }
    """#,
    [
      #"[p {] pkgs [p ?] [ty import] [str <nixpkgs>] [p {}] [p }:]"#,
      #"pkgs[p .]stdenv[p .]mkDerivation [kw rec] [p {]"#,
      #"  [attr pname] [p =] [str "hello-world"][p ;]"#,
      #"  [attr src] [p =] [str ./src][p ;]"#,
      #"  [attr buildInputs] [p =] [kw with] pkgs[p ;] [p [] gcc gnumake [p ];]"#,
      #"  [attr installPhase] [p =] [str '']"#,
      #"[str     mkdir -p $out/bin ][attr ${pname}]"#,
      #"[str   ''][p ;] [com # install]"#,
      #"[p }]"#,
    ]
  ),
  (
    "ruby",
    #"""
    # Benchmark the sums
    require 'benchmark'
    class Summer
      def initialize(items) = @items = items
      def total = @items.sum { |x| x * 2 }
    end
    puts "Total: #{Summer.new([1, 2]).total}", :done
    """#,
    [
      #"[com # Benchmark the sums]"#,
      #"[kw require] [str 'benchmark']"#,
      #"[kw class] [ty Summer]"#,
      #"  [kw def] [fn initialize][p (]items[p )] [p =] [attr @items] [p =] items"#,
      #"  [kw def] [fn total] [p =] [attr @items][p .]sum [p {] [p |]x[p |] x [p *] [num 2] [p }]"#,
      #"[kw end]"#,
      #"[kw puts] [str "Total: ][attr #{Summer.new([1, 2]).total}][str "][p ,] [str :done]"#,
    ]
  ),
  (
    "julia",
    #"""
    #= A block
       comment =#
    function area(r::Float64)::Float64
        return π * r^2  # circle
    end
    @time println("area is $(area(2.0)) and $r", 'c')
    """#,
    [
      #"[com #= A block]"#,
      #"[com    comment =#]"#,
      #"[kw function] [fn area][p (]r[p ::][ty Float64][p )::][ty Float64]"#,
      #"    [kw return] π [p *] r[p ^][num 2]  [com # circle]"#,
      #"[kw end]"#,
      #"[attr @time] [fn println][p (][str "area is ][attr $(area(2.0))][str  and ][attr $r][str "][p ,] [str 'c'][p )]"#,
    ]
  ),
  (
    "lua",
    #"""
    --[[ a block
    comment ]]
    local function greet(name)
      print("Hello, " .. name) -- say it
    end
    for i = 1, 10 do greet('world') end
    """#,
    [
      #"[com --[[ a block]"#,
      #"[com comment ]]]"#,
      #"[kw local] [kw function] [fn greet][p (]name[p )]"#,
      #"  [fn print][p (][str "Hello, "] [p ..] name[p )] [com -- say it]"#,
      #"[kw end]"#,
      #"[kw for] i [p =] [num 1][p ,] [num 10] [kw do] [fn greet][p (][str 'world'][p )] [kw end]"#,
    ]
  ),
  (
    "r",
    #"""
    # fit a model
    data <- read.csv("data.csv")
    model <- lm(y ~ x, data = data)
    if (summary(model)$r.squared > 0.5) print(TRUE)
    """#,
    [
      #"[com # fit a model]"#,
      #"data [p <-] read[p .][fn csv][p (][str "data.csv"][p )]"#,
      #"model [p <-] [fn lm][p (]y [p ~] x[p ,] data [p =] data[p )]"#,
      #"[kw if] [p (][fn summary][p (]model[p )$]r[p .]squared [p >] [num 0.5][p )] [fn print][p (][kw TRUE][p )]"#,
    ]
  ),
  (
    "elixir",
    #"""
    defmodule Greeter do
      @moduledoc "Greets people"
      def hello(name) when is_binary(name), do: "Hello, #{name}!"
      # a comment
      def run, do: IO.puts(hello("world")) |> then(fn _ -> :ok end)
    end
    """#,
    [
      #"[kw defmodule] [ty Greeter] [kw do]"#,
      #"  [attr @moduledoc] [str "Greets people"]"#,
      #"  [kw def] [fn hello][p (]name[p )] [kw when] [fn is_binary][p (]name[p ),] [kw do][p :] [str "Hello, ][attr #{name}][str !"]"#,
      #"  [com # a comment]"#,
      #"  [kw def] [fn run][p ,] [kw do][p :] [ty IO][p .][fn puts][p (][fn hello][p (][str "world"][p ))] [p |>] [fn then][p (][kw fn] _ [p ->] [str :ok] [kw end][p )]"#,
      #"[kw end]"#,
    ]
  ),
  (
    "lisp",
    #"""
    ;;; Factorial
    (defun factorial (n &optional (acc 1))
      "Multiply down to one."
      (if (<= n 1) acc (factorial (- n 1) (* acc n))))
    #| block
    comment |#
    (format t "~a~%" (factorial 10 :key #\a))
    """#,
    [
      #"[com ;;; Factorial]"#,
      #"[p (][kw defun] factorial [p (][fn n] [attr &optional] [p (][fn acc] [num 1][p ))]"#,
      #"  [str "Multiply down to one."]"#,
      #"  [p (][kw if] [p (][fn <=] n [num 1][p )] acc [p (][fn factorial] [p (][fn -] n [num 1][p )] [p (][fn *] acc n[p ))))]"#,
      #"[com #| block]"#,
      #"[com comment |#]"#,
      #"[p (][fn format] [kw t] [str "~a~%"] [p (][fn factorial] [num 10] [attr :key] [str #\a][p ))]"#,
    ]
  ),
  (
    "scheme",
    #"""
    (define (square x) (* x x)) ; square it
    (let ((xs '(1 2 3)))
      (map square xs))
    (display #t)
    """#,
    [
      #"[p (][kw define] [p (][fn square] x[p )] [p (][fn *] x x[p ))] [com ; square it]"#,
      #"[p (][kw let] [p ((][fn xs] [p '(][num 1] [num 2] [num 3][p )))]"#,
      #"  [p (][fn map] square xs[p ))]"#,
      #"[p (][fn display] [kw #t][p )]"#,
    ]
  ),
  (
    "clojure",
    #"""
    (ns demo.core)
    (defn greet [name]
      (str "Hello, " name \!)) ; exclaim
    (def config {:port 8080 :debug true})
    """#,
    [
      #"[p (][kw ns] demo.core[p )]"#,
      #"[p (][kw defn] greet [p []name[p ]]"#,
      #"  [p (][fn str] [str "Hello, "] name [str \!][p ))] [com ; exclaim]"#,
      #"[p (][kw def] config [p {][attr :port] [num 8080] [attr :debug] [kw true][p })]"#,
    ]
  ),
  (
    "html",
    #"""
    <!DOCTYPE html>
    <html lang="en">
    <!-- Notice the script
         injected here -->
    <body class=main>
      <h1 id="title">Caf&eacute; &amp; tea</h1>
      <img src="a.png"
           alt="A picture" />
    </body>
    """#,
    [
      #"[attr <!DOCTYPE html>]"#,
      #"[p <][kw html] [attr lang][p =][str "en"][p >]"#,
      #"[com <!-- Notice the script]"#,
      #"[com      injected here -->]"#,
      #"[p <][kw body] [attr class][p =][str main][p >]"#,
      #"  [p <][kw h1] [attr id][p =][str "title"][p >]Caf[attr &eacute;] [attr &amp;] tea[p </][kw h1][p >]"#,
      #"  [p <][kw img] [attr src][p =][str "a.png"]"#,
      #"       [attr alt][p =][str "A picture"] [p />]"#,
      #"[p </][kw body][p >]"#,
    ]
  ),
  (
    "xml",
    #"""
    <?xml version="1.0" encoding="UTF-8"?>
    <project xmlns="http://maven.apache.org/POM/4.0.0">
      <artifactId>demo</artifactId> <!-- id -->
      <description><![CDATA[a <raw> text]]></description>
    </project>
    """#,
    [
      #"[attr <?xml version="1.0" encoding="UTF-8"?>]"#,
      #"[p <][kw project] [attr xmlns][p =][str "http://maven.apache.org/POM/4.0.0"][p >]"#,
      #"  [p <][kw artifactId][p >]demo[p </][kw artifactId][p >] [com <!-- id -->]"#,
      #"  [p <][kw description][p >][str <![CDATA[a <raw> text]]>][p </][kw description][p >]"#,
      #"[p </][kw project][p >]"#,
    ]
  ),
  (
    "css",
    #"""
    /* Card styles */
    .card > h2:hover, #main {
      padding: 16px 1.5em;
      color: #1e40af !important;
      background: rgba(0, 0, 0, 0.5) url("bg.png");
    }
    @media (max-width: 600px) { .card { margin: 0; } }
    """#,
    [
      #"[com /* Card styles */]"#,
      #"[ty .card] [p >] [kw h2][attr :hover][p ,] [ty #main] [p {]"#,
      #"  [attr padding][p :] [num 16px] [num 1.5em][p ;]"#,
      #"  [attr color][p :] [num #1e40af] [kw !important][p ;]"#,
      #"  [attr background][p :] [fn rgba][p (][num 0][p ,] [num 0][p ,] [num 0][p ,] [num 0.5][p )] [fn url][p (][str "bg.png"][p );]"#,
      #"[p }]"#,
      #"[kw @media] [p (][attr max-width][p :] [num 600px][p )] [p {] [ty .card] [p {] [attr margin][p :] [num 0][p ;] [p }] [p }]"#,
    ]
  ),
  (
    "scss",
    #"""
    $accent: #ff6600; // brand colour
    .button {
      color: $accent;
      &:hover { opacity: 0.8; }
    }
    """#,
    [
      #"[attr $accent][p :] [num #ff6600][p ;] [com // brand colour]"#,
      #"[ty .button] [p {]"#,
      #"  [attr color][p :] [attr $accent][p ;]"#,
      #"  [p &][attr :hover] [p {] [attr opacity][p :] [num 0.8][p ;] [p }]"#,
      #"[p }]"#,
    ]
  ),
  (
    "markdown",
    #"""
    # Task Phase 1
    - [x] Write tests for `docker compose`
    1. Read the [guide](https://example.com/guide) and **then** start
    > A quote
    ```js
    let x = 1
    ```
    ---
    """#,
    [
      #"[kw # Task Phase 1]"#,
      #"[p -] [p [x]] Write tests for [str `docker compose`]"#,
      #"[p 1.] Read the [p []guide[p ](][str https://example.com/guide][p )] and [p **]then[p **] start"#,
      #"[com > A quote]"#,
      #"[p ```][attr js]"#,
      #"[str let x = 1]"#,
      #"[p ```]"#,
      #"[p ---]"#,
    ]
  ),
  (
    "latex",
    #"""
    \documentclass{article}
    \begin{document}
    % a comment
    The area is $\pi r^2$ and \( e^{i\pi} = -1 \), see \cite{knuth84}.
    \end{document}
    """#,
    [
      #"[kw \documentclass][p {]article[p }]"#,
      #"[kw \begin][p {][ty document][p }]"#,
      #"[com % a comment]"#,
      #"The area is [str $\pi r^2$] and [str \( e^{i\pi} = -1 \)], see [kw \cite][p {]knuth84[p }]."#,
      #"[kw \end][p {][ty document][p }]"#,
    ]
  ),
  (
    "toml",
    #"""
    [package]
    name = "rpn_calc"
    version = "0.1.0" # release
    [dependencies]
    clap = { version = "4.3.0", features = ["derive"] }
    released = 1979-05-27T07:32:00Z
    """#,
    [
      #"[ty [package]]"#,
      #"[attr name] [p =] [str "rpn_calc"]"#,
      #"[attr version] [p =] [str "0.1.0"] [com # release]"#,
      #"[ty [dependencies]]"#,
      #"[attr clap] [p =] [p {] [attr version] [p =] [str "4.3.0"][p ,] [attr features] [p =] [p [][str "derive"][p ]] [p }]"#,
      #"[attr released] [p =] [num 1979-05-27T07:32:00Z]"#,
    ]
  ),
  (
    "ini",
    #"""
    ; global settings
    [server]
    host = example.org
    port = 8080
    debug = true
    """#,
    [
      #"[com ; global settings]"#,
      #"[ty [server]]"#,
      #"[attr host] [p =] [str example.org]"#,
      #"[attr port] [p =] [num 8080]"#,
      #"[attr debug] [p =] [kw true]"#,
    ]
  ),
  (
    "properties",
    #"""
    # database
    db.url=jdbc:postgresql://localhost/app
    db.pool.size = 10
    """#,
    [
      #"[com # database]"#,
      #"[attr db.url][p =][str jdbc:postgresql://localhost/app]"#,
      #"[attr db.pool.size] [p =] [num 10]"#,
    ]
  ),
  (
    "dockerfile",
    #"""
    # build stage
    FROM rust:1.77 AS builder
    WORKDIR /app
    COPY --chown=app . .
    RUN cargo build --release && \
        strip target/release/app
    ENV PORT=8080
    CMD ["./app", "--port", "8080"]
    """#,
    [
      #"[com # build stage]"#,
      #"[kw FROM] [str rust:1.77] [kw AS] [str builder]"#,
      #"[kw WORKDIR] /app"#,
      #"[kw COPY] --chown=app . ."#,
      #"[kw RUN] [fn cargo] build --release [p &&] [p \]"#,
      #"    strip target/release/app"#,
      #"[kw ENV] [attr PORT][p =][num 8080]"#,
      #"[kw CMD] [p [][str "./app"], [str "--port"], [str "8080"][p ]]"#,
    ]
  ),
  (
    "makefile",
    #"""
    # build everything
    CC := gcc
    CFLAGS = -O2 -Wall
    all: app
    app: main.o util.o
    	$(CC) $(CFLAGS) -o $@ $^
    .PHONY: all
    """#,
    [
      #"[com # build everything]"#,
      #"[attr CC] [p :=] gcc"#,
      #"[attr CFLAGS] [p =] -O2 -Wall"#,
      #"[fn all][p :] app"#,
      #"[fn app][p :] main.o util.o"#,
      #"    [attr $(CC)] [attr $(CFLAGS)] -o [attr $@] [attr $^]"#,
      #"[fn .PHONY][p :] all"#,
    ]
  ),
  (
    "diff",
    #"""
    diff --git a/app.py b/app.py
    --- a/app.py
    +++ b/app.py
    @@ -1,3 +1,3 @@
     import os
    -print("old")
    +print("new")
    """#,
    [
      #"[com diff --git a/app.py b/app.py]"#,
      #"[com --- a/app.py]"#,
      #"[com +++ b/app.py]"#,
      #"[attr @@ -1,3 +1,3 @@]"#,
      #" import os"#,
      #"[kw -print("old")]"#,
      #"[str +print("new")]"#,
    ]
  ),
  (
    "http",
    #"""
    POST /v1/items?limit=5 HTTP/1.1
    Host: api.example.com
    Content-Type: application/json

    {"name": "widget", "count": 2}
    """#,
    [
      #"[kw POST] [str /v1/items?limit=5] [kw HTTP/1.1]"#,
      #"[attr Host][p :] api.example.com"#,
      #"[attr Content-Type][p :] application/json"#,
      #""#,
      #"[p {][attr "name"][p :] [str "widget"][p ,] [attr "count"][p :] [num 2][p }]"#,
    ]
  ),
  (
    "mermaid",
    #"""
    %% a flowchart
    flowchart TD
        A[Start] -->|yes| B(Run tests)
        B --> C{Pass?}
        style A fill:#dbeafe
    sequenceDiagram
        Alice->>Bob: Hello "Bob"
    """#,
    [
      #"[com %% a flowchart]"#,
      #"[kw flowchart] [kw TD]"#,
      #"    A[p [][str Start][p ]] [p -->|][str yes][p |] B[p (][str Run tests][p )]"#,
      #"    B [p -->] C[p {][str Pass?][p }]"#,
      #"    [kw style] A fill[p :][num #dbeafe]"#,
      #"[kw sequenceDiagram]"#,
      #"    Alice[p ->>]Bob[p :][str  Hello "Bob"]"#,
    ]
  ),
  (
    "plantuml",
    #"""
    @startuml
    ' a comment
    actor User
    class Order {
      + total(): Money
    }
    User --> Order : places "many"
    @enduml
    """#,
    [
      #"[attr @startuml]"#,
      #"[com ' a comment]"#,
      #"[kw actor] User"#,
      #"[kw class] Order [p {]"#,
      #"  [p +] [fn total][p ():] Money"#,
      #"[p }]"#,
      #"User [p -->] Order [p :] places [str "many"]"#,
      #"[attr @enduml]"#,
    ]
  ),
  (
    "dot",
    #"""
    digraph G {
      // a comment
      node [shape=box, color="blue"];
      a -> b -> c;
    }
    """#,
    [
      #"[kw digraph] G [p {]"#,
      #"  [com // a comment]"#,
      #"  [kw node] [p [][attr shape][p =]box[p ,] [attr color][p =][str "blue"][p ];]"#,
      #"  a [p ->] b [p ->] c[p ;]"#,
      #"[p }]"#,
    ]
  ),
]
