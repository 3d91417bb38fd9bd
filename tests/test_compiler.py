"""The two translations, construct by construct.

Each construct is an expression E of type string. It is run at top level
(⟦E⟧Ω), under `code` (⟦E⟧^Λ_Ω, generated then run), under `code` inside
`code` (a nested generator lifted into generated code), under `code` in a
function body, and spliced through a code variable; every way must print
the expected string, which is also what the staging-erased program prints.
Then: the decision trees of the match compiler, tail calls in constant
stack, the basis and prelude, the code compPoly generates, and the paper's
Table 1 reduction counts.
"""

from __future__ import annotations

import io

import pytest

from ccam.instructions import BUILTIN_EXNS, MAX_ARRAY_LENGTH, Status, walk
from ccam.values import Block
from mlbox import basis, driver
from mlbox import matchcomp as mc
from mlbox.diagnostics import Source
from mlbox.parser import parse_program

SHARED_DEFAULT_INPUTS = ("[(A, A, A, A, A, A), (H, B, A, A, A, A), (A, A, C, D, E, F), (H, H, H, D, H, H), "
                         "(A, A, A, A, A, F), (A, A, A, A, H, F), (G, G, G, G, G, G), (A, A, A, A, A, H)]")

# (name, top-level declarations, expression of type string, expected output)
CONSTRUCTS = [
    ("int constant", "", "Int.toString 42", "42"),
    ("string and char", "", "\"ab\" ^ implode [#\"c\", chr 100]", "abcd"),
    ("arithmetic", "", "Int.toString (~3 + 4 * 5 - 10 div 3 - 7 mod 4)", "11"),
    ("overloaded word and string ops", "",
     "Word.toString (0w10 + 0w5 * 0w2) ^ (if \"abc\" < \"abd\" then \"<\" else \">=\")", "14<"),
    ("basis prim as a value", "", "String.concat (map Int.toString (map ~ [1, 2]))", "~1~2"),
    ("tuple and selection", "", "case (1, \"two\", #\"3\") of (a, b, c) => Int.toString a ^ b ^ str' c",
     "1two3"),
    ("list", "", "String.concat (map Int.toString ([1, 2] @ [3]))", "123"),
    ("if", "", "if 1 < 2 then \"yes\" else \"no\"", "yes"),
    ("andalso orelse not", "", "Bool' (true andalso not false orelse false)", "true"),
    ("fn with match", "", "(fn 0 => \"zero\" | n => Int.toString n) 5", "5"),
    ("application of a closure", "", "let val f = fn x => x * 2 in Int.toString (f (f 3)) end", "12"),
    ("curried fun with clauses", "",
     "let fun z f (x :: xs) (y :: ys) = f (x, y) :: z f xs ys | z _ _ _ = [] "
     "in String.concat (map Int.toString (z op + [1, 2, 3] [10, 20])) end", "1122"),
    ("val with tuple pattern", "", "let val (a, (b, c)) = (1, (2, 3)) in Int.toString (a + b * c) end", "7"),
    ("refutable val raises Bind", "",
     "(let val [x] = [1, 2] in \"matched\" end) handle Bind => \"Bind\"", "Bind"),
    ("recursive fun", "", "let fun f 0 = 1 | f n = n * f (n - 1) in Int.toString (f 6) end", "720"),
    ("mutually recursive fun", "",
     "let fun ev 0 = true | ev n = od (n - 1) and od 0 = false | od n = ev (n - 1) "
     "in Bool' (ev 10) ^ Bool' (od 7) end", "truetrue"),
    ("val rec", "", "let val rec f = fn 0 => 0 | n => n + f (n - 1) in Int.toString (f 10) end", "55"),
    ("datatype and case", "datatype t = A | B of int | C of t * t",
     "let fun s A = \"A\" | s (B n) = Int.toString n | s (C (x, y)) = \"(\" ^ s x ^ s y ^ \")\" "
     "in s (C (B 1, C (A, B 2))) end", "(1(A2))"),
    ("local datatype", "",
     "let datatype color = Red | Green of string in "
     "case Green \"g\" of Red => \"red\" | Green s => s end", "g"),
    ("constants in patterns", "",
     "String.concat (map (fn \"a\" => \"A\" | s => s) [\"a\", \"b\"]) ^ "
     "(case #\"x\" of #\"x\" => \"X\" | _ => \"?\") ^ (case ~1 of ~1 => \"m\" | _ => \"?\")", "AbXm"),
    ("as and nested list patterns", "",
     "case [1, 2, 3] of (all as x :: (rest as _ :: _)) => "
     "Int.toString (length all) ^ Int.toString x ^ Int.toString (length rest) | _ => \"?\"", "312"),
    ("ref pattern reads at match time", "",
     "let val r = ref 5 in case r of ref v => (r := 6; Int.toString v ^ Int.toString (!r)) end", "56"),
    ("option and valOf", "",
     "Int.toString (valOf (SOME 3)) ^ (Int.toString (valOf NONE) handle Option => \"Option\")", "3Option"),
    ("raise and handle", "exception E of int",
     "(raise E 4) handle E n => Int.toString n", "4"),
    ("builtin exceptions", "",
     "(Int.toString (1 div 0) handle Div => \"Div\") ^ (hd [] handle Empty => \"Empty\") ^ "
     "(Int.toString (List.nth ([1], 3)) handle Subscript => \"Subscript\")", "DivEmptySubscript"),
    ("handler falls through", "exception E1 exception E2",
     "((raise E2) handle E1 => \"E1\") handle E2 => \"E2\"", "E2"),
    ("generative local exceptions", "",
     "let fun mk () = let exception L in (fn () => raise L, fn f => (f (); \"no\") handle L => \"caught\") end "
     "val (t1, c1) = mk () val (t2, c2) = mk () in c1 t1 ^ (c1 t2 handle _ => \"escaped\") end",
     "caughtescaped"),
    ("refs and sequencing", "",
     "let val r = ref 1 in r := !r + 1; r := !r * 10; Int.toString (!r) end", "20"),
    ("arrays", "",
     "let val a = Array.array (3, 0) in Array.update (a, 1, 7); "
     "Int.toString (Array.sub (a, 1) + Array.length a) ^ "
     "Int.toString (Array.sub (Array.tabulate (4, fn i => i * i), 3)) end", "109"),
    ("while", "",
     "let val i = ref 0 val s = ref 0 in while !i < 10 do (i := !i + 1; s := !s + !i); "
     "Int.toString (!s) end", "55"),
    ("let with exception and type", "",
     "let type t = int exception Stop of t in (raise Stop 3) handle Stop n => Int.toString n end", "3"),
    ("global from inside", "val g = 100 fun addG x = x + g", "Int.toString (addG 1)", "101"),
    ("prelude functions", "",
     "Int.toString (foldl op + 0 [1, 2, 3]) ^ Int.toString (foldr op - 0 [1, 2, 3]) ^ "
     "Int.toString (List.length (List.filter (fn x => x > 1) [1, 2, 3])) ^ "
     "Bool' (List.exists (fn x => x = 2) [1, 2]) ^ Bool' (List.all (fn x => x = 2) [1, 2]) ^ "
     "Int.toString (Int.max (3, 9)) ^ Int.toString ((op o) (fn x => x + 1, fn x => x * 2) 5)", "622truefalse911"),
    ("lift", "", "let cogen c = lift (6 * 7) in Int.toString c end", "42"),
    ("cogen of code", "", "let cogen f = code (fn x => x + 1) in Int.toString (f 41) end", "42"),
    ("eval of nested code", "", "Int.toString (eval (eval (code (code 42))))", "42"),
    ("code variable used twice", "",
     "let cogen p = code (fn x => x * x) in Int.toString (p (p 3)) end", "81"),
    ("local in let", "",
     "let local val a = 20 fun d x = x + a in val b = d 1 val c = d 2 end in Int.toString (b + c) end", "43"),
    ("nested local", "",
     "let val b = 5 local local val a = 1 in val b = a + 1 end in val c = b * 10 end "
     "in Int.toString (c + b) end", "25"),
    ("local with cogen", "",
     "let local cogen k = lift 4 in val g = code (k * k) fun h () = k + 1 end "
     "in Int.toString (eval g) ^ Int.toString (h ()) end", "165"),
    ("top-level local", "local val hidden = 3 fun tw x = x * hidden in val six = tw 2 fun nine () = tw hidden end",
     "Int.toString (six + nine ())", "15"),
    ("exception replication", "",
     "let exception A of int exception B = A in "
     "((raise B 1) handle A n => Int.toString n) ^ ((raise A 2) handle B n => Int.toString n) end", "12"),
    ("replicated built-in exception", "", "let exception F = Fail in (raise F \"f\") handle Fail m => m end", "f"),
    ("exception replicated in local", "",
     "let exception A local exception B = A in fun r () = raise B end in (r (); \"no\") handle A => \"A\" end",
     "A"),
    ("top-level exception replication", "exception Top of string exception Top2 = Top",
     "(raise Top2 \"t\") handle Top s => s", "t"),
    ("user infix", "infix 6 ++ fun x ++ y = x * 10 + y", "Int.toString (1 ++ 2 ++ 3 * 2)", "126"),
    ("infix declared in let", "",
     "let infixr 5 +++ fun a +++ b = a ^ \"-\" ^ b in \"a\" +++ \"b\" +++ \"c\" end", "a-b-c"),
    ("user infix constructor", "datatype lst = E | ::: of string * lst infixr 5 :::",
     "let fun cat E = \"\" | cat (s ::: r) = s ^ cat r in cat (\"x\" ::: \"y\" ::: E) end", "xy"),
    ("nonfix and op", "",
     "let nonfix + val n = + (1, 2) infix 1 + val m = 3 + 4 * 2 in Int.toString (op + (n, m)) end", "14"),
    # a match whose decision tree shares large nodes (join points, see
    # test_a_subproblem_met_on_several_paths_is_compiled_once)
    ("match with shared defaults", "datatype t8 = A | B | C | D | E | F | G | H",
     "let fun f (A, A, A, A, A, A) = \"1\" | f (_, B, _, _, _, _) = \"2\" | f (_, _, C, _, _, _) = \"3\" "
     "| f (_, _, _, D, _, _) = \"4\" | f (_, _, _, _, E, _) = \"5\" | f (_, _, _, _, _, F) = \"6\" | f _ = \"7\" "
     "in String.concat (map f " + SHARED_DEFAULT_INPUTS + ") end", "12346677"),
    ("match with shared defaults under a ref", "datatype t8 = A | B | C | D | E | F | G | H",
     "let fun f (ref (A, A, A, A, A, A)) = \"1\" | f (ref (_, B, _, _, _, _)) = \"2\" "
     "| f (ref (_, _, C, _, _, _)) = \"3\" | f (ref (_, _, _, D, _, _)) = \"4\" "
     "| f (ref (_, _, _, _, E, _)) = \"5\" | f (ref (_, _, _, _, _, F)) = \"6\" | f _ = \"7\" "
     "in String.concat (map (fn x => f (ref x)) " + SHARED_DEFAULT_INPUTS + ") end", "12346677"),
    ("handler with a ref pattern that does not match re-raises", "exception R of int ref",
     "((raise R (ref 3)) handle R (ref 4) => \"no\") handle R (ref n) => Int.toString n", "3"),
    # the core declarations beyond ML□'s core (docs/language.md §2), declared where E runs
    ("withtype in let", "",
     "let datatype 'a t = N of 'a * 'a ts withtype 'a ts = 'a t list "
     "fun s (N (v, l)) = foldl (fn (x, a) => a + s x) v l in Int.toString (s (N (1, [N (2, []), N (3, [])]))) end",
     "6"),
    ("abstype in let", "",
     "let abstype c = C of int withtype n = int with fun mk (k : n) = C k fun get (C k) = k end "
     "in Int.toString (get (mk 7)) end", "7"),
    ("datatype replication in let", "",
     "let datatype u = datatype order datatype v = datatype u "
     "in case Int.compare (1, 2) : v of LESS => \"lt\" | _ => \"ge\" end", "lt"),
    ("symbolic constructor declared in let", "",
     "let datatype p = <> of int * int | ! in case 1 <> 2 of a <> b => Int.toString (a + b) | ! => \"\" end", "3"),
    ("val with and rec", "val k = 100",
     "let val k = 2 and rec f = fn 0 => k | n => n + f (n - 1) and g = fn n => f n * 10 "
     "in Int.toString (f 3 + g 1 + k) end", "1118"),
    ("top-level withtype, abstype, replication and symbolic constructor",
     "datatype t = N of ts withtype ts = t list\n"
     "abstype bag = B of int list with val empty = B [] fun add (B l) x = B (x :: l) fun size (B l) = length l end\n"
     "datatype o' = datatype option\ndatatype p = ++ of int * int\ninfix 6 ++",
     "Int.toString (size (add (add empty 1) 2)) ^ (case N [N []] of N l => Int.toString (length l)) "
     "^ (case SOME 3 : int o' of SOME k => Int.toString k | NONE => \"\") ^ (case 4 ++ 5 of a ++ b => Int.toString (a * b))",
     "21320"),
]

PRELUDE_HELPERS = "fun str' c = implode [c]\nfun Bool' b = if b then \"true\" else \"false\"\n"


def run_text(text: str, machine: str = "py"):
    compiled = driver.compile_source(Source("test.sml", text))
    return driver.run_program(compiled.program, machine=machine)


def printed(text: str, machine: str = "py") -> str:
    result = run_text(text, machine)
    assert result.status == Status.OK, result.message
    return result.output.decode("latin-1")


WAYS = {
    "top level": "val _ = print ({e})",
    "under code": "val _ = print (eval (code ({e})))",
    "under code in code": "val _ = print (eval (eval (code (code ({e})))))",
    "in a function under code": "val _ = print (eval (code ((fn () => {e}) ())))",
    "spliced code variable": "val _ = print (let cogen u = code ({e}) in eval (code (u ^ \"\")) end)",
    "in a local function of generated code": "val _ = print (eval (code (let fun f () = {e} in f () end)))",
    # generation-time beta-reduction (generator.py's modes): a code variable
    # applied to an argument that is the top slot (apply mode) or not (query
    # first), for a `fn` generator, another generator, and one above
    # DUPLICATE_LIMIT
    "applied code variable": "val _ = print (let cogen u = code (fn () => {e}) "
                             "in eval (code (fn y => (ignore (u ()); u y))) () end)",
    "applied non-fn code variable": "val _ = print (let cogen u = code (let val z = () in fn () => {e} end) "
                                    "in eval (code (fn y => (ignore (u (ignore 0)); u y))) () end)",
    "applied large generator": "val _ = print (let cogen u = code (fn () => {e} ^ String.concat [" + ", ".join(['""'] * 120) + "]) "
                               "in eval (code (fn y => (ignore (u ()); u y))) () end)",
}


@pytest.mark.parametrize("way", list(WAYS))
@pytest.mark.parametrize("name, decls, exp, want", CONSTRUCTS, ids=[c[0] for c in CONSTRUCTS])
def test_construct(name, decls, exp, want, way):
    program = PRELUDE_HELPERS + decls + "\n" + WAYS[way].format(e=exp) + "\n"
    assert printed(program) == want


def test_erased_and_staged_agree_on_every_construct():
    """The staging-erased program prints the same (the expected strings)."""
    from mlbox.erase import erase_program
    from mlbox.printer import show_program

    for name, decls, exp, want in CONSTRUCTS:
        staged = PRELUDE_HELPERS + decls + "\n" + WAYS["under code in code"].format(e=exp) + "\n"
        erased = show_program(erase_program(parse_program(Source("t.sml", staged))))
        assert printed(erased) == want, name


def test_c_machine_agrees_on_every_construct():
    for name, decls, exp, want in CONSTRUCTS:
        program = PRELUDE_HELPERS + decls + "\n" + WAYS["under code in code"].format(e=exp) + "\n"
        on_py, on_c = run_text(program, "py"), run_text(program, "c")
        assert (on_c.output, on_c.reductions) == (on_py.output, on_py.reductions), name


# ------------------------------------------------------------ decision trees


def _tests_on_paths(tree, seen=()):
    """For every root-to-leaf path, the occurrences tested along it."""
    if isinstance(tree, mc.Switch):
        for arm in tree.arms:
            yield from _tests_on_paths(arm, seen + (tree.occ,))
    elif isinstance(tree, mc.Test):
        yield from _tests_on_paths(tree.yes, seen + (tree.occ,))
        yield from _tests_on_paths(tree.no, seen + (tree.occ,))
    elif isinstance(tree, mc.Deref):
        yield from _tests_on_paths(tree.sub, seen)
    else:
        yield seen


def test_decision_tree_never_retests_a_constructor():
    # fun f ([], _) | f (_, []) | f (x :: _, y :: _): clause-by-clause matching
    # would test the first list twice; a decision tree tests it once.
    I, C, T, W = mc.MVar, mc.MCon, mc.MTuple, mc.WILD
    nil = C(0, 2, None, "list")

    def cons(h, t):
        return C(1, 2, T((h, t)), "list")

    rows = [[nil, W], [W, nil], [cons(I("x"), W), cons(I("y"), W)]]
    tree = mc.compile_match(["a", "b"], rows)
    for path in _tests_on_paths(tree):
        assert len(path) == len(set(path))
    assert tree.occ == ("a", ())


def test_decision_tree_keeps_clause_order():
    tree = mc.compile_match(["a"], [[mc.MConst(0)], [mc.MVar("n")], [mc.MConst(1)]])
    assert isinstance(tree, mc.Test) and tree.yes == mc.Leaf(0, ())
    assert tree.no == mc.Leaf(1, (("n", ("a", ())),))


def _chosen(tree, value):
    """The action a one-column decision tree of constant tests picks for value."""
    while isinstance(tree, mc.Test):
        hit = value == tree.value if tree.kind == "const" else value < tree.value
        tree = tree.yes if hit else tree.no
    return tree.action if isinstance(tree, mc.Leaf) else None


def _test_depth(tree) -> int:
    return 1 + max(_test_depth(tree.yes), _test_depth(tree.no)) if isinstance(tree, mc.Test) else 0


@pytest.mark.parametrize("values", [
    [k * 7 - 1000 for k in range(300)],
    [-(1 << 62), (1 << 62) - 1] + list(range(-150, 150)),
    [bytes([k]) for k in range(256)] + [b"", b"ab", b"a\xff", b"\xff\xff"],
])
def test_many_constants_are_searched_by_halving_in_clause_order(values):
    # Each test of a chain nests the rest one code block deeper: a case with
    # hundreds of constant arms is a binary search, of logarithmic depth. A variable row in the middle catches the constants
    # after it, and a repeated constant keeps its first row.
    rows = [[mc.MConst(v)] for v in values[:100]] + [[mc.MVar("n")]] + [[mc.MConst(v)] for v in values[100:]]
    rows.append([mc.MConst(values[0])])
    tree = mc.compile_match(["a"], rows)
    assert _test_depth(tree) <= 12
    for index, v in enumerate(values):
        assert _chosen(tree, v) == (index if index < 100 else 100)
    absent = b"absent" if isinstance(values[0], bytes) else 1 << 61
    assert _chosen(tree, absent) == 100


def test_a_case_with_hundreds_of_constant_arms_compiles_and_runs():
    arms = " | ".join(f"{k * 3} => {k}" for k in range(600))
    chars = " | ".join(f"#\"\\{k:03d}\" => {k}" for k in range(256))
    text = (f"fun f x = case x of {arms} | _ => ~1\n"
            f"fun g c = case c of {chars}\n"
            "val _ = print (String.concatWith \" \" (map (Int.toString o f) [0, 3, 1797, 1798, ~3]))\n"
            "val _ = print (Int.toString (foldl (fn (k, s) => s + g (chr k)) 0 (List.tabulate (256, fn k => k))))\n"
            "val h = code (fn x => case x of " + arms + " | _ => ~1)\n"
            "val _ = print (Int.toString (eval h 1500))\n")
    for machine in ("c", "py"):
        assert printed(text, machine) == "0 1 599 ~1 ~1" + str(sum(range(256))) + "500"


def _eight_constructor_rows(columns: int) -> list:
    """fun f (A, A, ...) | f (_, B, _, ...) | f (_, _, C, ...) ... | f _: every
    wildcard row survives every arm of every switch."""
    con = [mc.MCon(tag, 8, None, "t8") for tag in range(8)]
    rows = [[mc.MTuple(tuple(con[0] for _ in range(columns)))]]
    for j in range(1, columns):
        rows.append([mc.MTuple(tuple(con[j] if k == j else mc.WILD for k in range(columns)))])
    return rows + [[mc.WILD]]


def _nodes(tree) -> set:
    seen, todo = {}, [tree]
    while todo:
        t = todo.pop()
        if id(t) not in seen:
            seen[id(t)] = t
            todo.extend(mc.children(t))
    return set(seen)


def test_match_columns_slice_as_the_tuple_of_their_items():
    # the columns are a chain of chunks (a short one in front where a
    # column was pushed): a slice starting past the first chunk must skip it
    items = tuple(range(3 * mc._CHUNK + 5))
    cols = mc._Cols((-1, -2), mc._Cols.of(items))
    whole = (-1, -2) + items
    for start, stop in [(0, 5), (1, len(whole)), (3, 2 * mc._CHUNK), (mc._CHUNK + 3, mc._CHUNK + 9),
                        (len(whole) - 2, len(whole) + 4)]:
        assert cols[start:stop] == whole[start:stop], (start, stop)


def test_a_subproblem_met_on_several_paths_is_compiled_once():
    tree = mc.compile_match(["a"], _eight_constructor_rows(8))
    assert mc.tree_size(tree) > 8 ** 7  # what copying every path would cost
    assert len(_nodes(tree)) < 200
    groups = mc.join_points(tree)
    assert list(groups) == [None] and groups[None]
    # each join point's body may call only join points made before it
    made: set = set()
    for node in groups[None]:
        inner = _nodes(node) - {id(node)}
        assert all(id(j) in made for j in groups[None] if id(j) in inner)
        made.add(id(node))


def test_a_default_is_a_join_point_only_when_its_copies_would_add_much_code():
    # case x of A => ... | _ => default, over 12 constructors: the default's
    # leaf is reached from 11 arms
    rows = [[mc.MCon(0, 12, None, "t12")], [mc.WILD]]
    tree = mc.compile_match(["a"], rows)
    assert mc.join_points(tree, leaf_weight=lambda action: 1) == {}
    assert len(mc.join_points(tree, leaf_weight=lambda action: 10)[None]) == 1
    # reached from two arms only: copied unless very large
    rows = [[mc.MCon(0, 3, None, "t3")], [mc.WILD]]
    assert mc.join_points(mc.compile_match(["a"], rows), leaf_weight=lambda action: 20) == {}


@pytest.mark.parametrize("terms, copies", [(8, 2), (40, 1)])
def test_a_rule_body_weighs_a_third_of_its_ast_nodes_in_choosing_join_points(terms, copies):
    """The default of `case x of A => 0 | _ => body` over three constructors
    is reached from two arms: a body of ~50 AST nodes is copied into both
    (cheaper than a join point's closure and call), one of ~250 is compiled
    once (compiler.Translation.match_tree's leaf_weight)."""
    body = " + ".join(f"n * {i}" for i in range(1, terms + 1))
    text = ("datatype t = A | B | C\n"
            f"fun f (x, n) = case x of A => 0 | _ => (print \"marker \"; {body})\n"
            "val _ = print (Int.toString (f (A, 1) + f (B, 1) + f (C, 2)))\n")
    program = driver.compile_source(Source("default.sml", text)).program
    assert sum(1 for i in walk(program.code) if i.op == "quote" and "marker" in repr(i.args[0])) == copies
    for machine in ("c", "py"):
        assert printed(text, machine) == "marker marker " + str(3 * terms * (terms + 1) // 2)


def test_join_points_keep_code_small_and_choose_the_first_matching_clause():
    columns = 8
    names = "ABCDEFGH"
    rows = [f"f ({', '.join(names[0] for _ in range(columns))}) = 0"]
    rows += [f"f ({', '.join(names[j] if k == j else '_' for k in range(columns))}) = {j}" for j in range(1, columns)]
    inputs = [(0,) * columns, (7,) * columns, (0,) * (columns - 1) + (7,), (3, 1, 2, 3, 4, 5, 6, 7)]
    inputs += [tuple((i * 7 + k * 3) % 8 for k in range(columns)) for i in range(40)]

    def expected(x):
        if all(v == 0 for v in x):
            return 0
        return next((j for j in range(1, columns) if x[j] == j), columns)

    text = ("datatype t8 = A | B | C | D | E | F | G | H\n"
            "fun " + " | ".join(rows) + f" | f _ = {columns}\n"
            "val _ = print (String.concatWith \" \" (map (Int.toString o f) ["
            + ", ".join("(" + ", ".join(names[v] for v in x) + ")" for x in inputs) + "]))\n")
    compiled = driver.compile_source(Source("wide.sml", text))
    assert sum(1 for _ in walk(compiled.program.code)) < 20_000  # without sharing: > 8**7 nodes
    for machine in ("c", "py"):
        assert printed(text, machine) == " ".join(str(expected(x)) for x in inputs)


def test_exception_patterns_and_constants_share_one_tree():
    text = (PRELUDE_HELPERS + "exception A of int exception B\n"
            "fun f e = (raise e) handle A 0 => \"A0\" | A n => \"A\" ^ Int.toString n | B => \"B\" | _ => \"other\"\n"
            "val _ = print (String.concat (map f [A 0, A 5, B, Div]))\n")
    assert printed(text) == "A0A5Bother"


# ------------------------------------------------------------ tail calls

TAIL_LOOPS = [
    "fun loop (0, acc) = acc | loop (n, acc) = loop (n - 1, acc + 1)\nval _ = print (Int.toString (loop (100000, 0)))",
    "val _ = print (Int.toString (let fun loop 0 = 0 | loop n = loop (n - 1) in loop 100000 end))",
    "val _ = print (Int.toString (eval (code (let fun loop 0 = 7 | loop n = if n > 0 then loop (n - 1) else 0 "
    "in loop 100000 end))))",
    "val _ = print (Int.toString (let val i = ref 0 in while !i < 100000 do i := !i + 1; !i end))",
    "fun ev 0 = true | ev n = od (n - 1) and od 0 = false | od n = ev (n - 1)\n"
    "val _ = print (if ev 100000 then \"even\" else \"odd\")",
    "fun upto (0, acc) = acc | upto (n, acc) = upto (n - 1, n :: acc)\n"
    "fun sum (x :: xs, n) = sum (xs, n + x) | sum ([], n) = n\n"
    "val _ = print (Int.toString (sum (upto (100000, []), 0)))",
]


@pytest.mark.parametrize("program", TAIL_LOOPS)
def test_tail_calls_run_in_constant_stack(program):
    compiled = driver.compile_source(Source("tail.sml", program + "\n"))
    result = driver.run_program(compiled.program, machine="py", max_stack=200)
    assert result.status == Status.OK, result.message


@pytest.mark.parametrize("expression", ['CharVector.tabulate (20000, fn i => #"a")',
                                        "String.map Char.toUpper (CharVector.tabulate (20000, fn i => #\"a\"))",
                                        "String.translate str (CharVector.tabulate (20000, fn i => #\"a\"))",
                                        "String.toString (CharVector.tabulate (20000, fn i => #\"a\"))"])
def test_strings_made_character_by_character_need_no_stack_frame_per_character(expression):
    # made in chunks of 4,096 (prelude.sml): a list of all 20,000 characters
    # would need 40,000 stack entries
    program = f"val _ = print (Int.toString (size ({expression})))"
    compiled = driver.compile_source(Source("chars.sml", program + "\n"))
    for machine in driver.MACHINES:
        result = driver.run_program(compiled.program, machine=machine, max_stack=10_000)
        assert (result.status, result.output) == (Status.OK, b"20000"), (machine, result.message)


# ------------------------------------------------------------ basis and prelude


def test_every_prelude_value_is_defined():
    pre = driver.compiled_prelude()
    wanted = {name for name, (_, impl) in basis.VALUES.items() if impl == ("prelude",)}
    assert wanted | set(basis.PRELUDE_EXCEPTIONS) == set(pre.globals.prelude)
    assert pre.globals.names[:len(BUILTIN_EXNS)] == list(BUILTIN_EXNS)


def test_prelude_is_compiled_once():
    assert driver.compiled_prelude() is driver.compiled_prelude()


@pytest.mark.parametrize("exp, exn", [
    ("hd []", "Empty"), ("tl []", "Empty"), ("valOf NONE", "Option"), ("List.nth ([1], 1)", "Subscript"),
    ("List.nth ([1], ~1)", "Subscript"), ("Array.tabulate (~1, fn i => i)", "Size"), ("1 div 0", "Div"),
    ("String.sub (\"a\", 2)", "Subscript"), ("chr 300", "Chr"),
    ("Vector.sub (Vector.fromList [1], 1)", "Subscript"), ("Vector.update (Vector.fromList [], 0, 1)", "Subscript"),
    ("Vector.tabulate (~1, fn i => i)", "Size"),
    # beyond the machine's limit, before calling f once
    ("Vector.tabulate (Vector.maxLen + 1, fn i => raise Fail \"called\")", "Size"),
])
def test_basis_exceptions(exp, exn):
    result = run_text(f"val _ = ignore ({exp})\n")
    assert result.status == Status.UNCAUGHT
    assert result.value.name.name.decode() == exn


def test_vector_max_len_is_the_machines_limit():
    result = run_text("val _ = print (Int.toString Vector.maxLen)\n")
    assert result.output == str(MAX_ARRAY_LENGTH).encode()
    # a vector of exactly that length can be made, one more item is Size
    # (made by the primitives Array.array and Array.vector, in a few reductions)
    full = "val full = Array.vector (Array.array (Vector.maxLen, 0))\n"
    assert run_text(full).status == Status.OK
    over = run_text(full + "val _ = Vector.concat [full, Vector.fromList [1]]\n")
    assert over.status == Status.UNCAUGHT and over.value.name.name == b"Size"
    assert over.reductions < 1000  # the lengths are added up before any item is copied


def test_every_basis_name_compiles_as_a_value():
    names = [n for n in list(basis.VALUES) + list(basis.OVERLOADS) if n not in ("=", "<>")]
    decls = "".join(f"val v{i} = op {n}\n" if not n[0].isalpha() or n in ("o", "before", "div", "mod")
                    else f"val v{i} = {n}\n" for i, n in enumerate(names))
    assert run_text(decls).status == Status.OK


# ------------------------------------------------------------ the paper's examples

COMP_POLY = """
fun compPoly (nil) = code (fn x => 0)
  | compPoly (a::p) =
    let cogen f = compPoly p
        cogen a' = lift a
    in code (fn x => a' + (x * f x)) end
val codeGenerator = compPoly [2,4,0,2333]
"""


def test_comp_poly_generates_straight_line_code():
    """The code compPoly generates has no case analysis on lists and never
    calls compPoly: the list was consumed at generation time."""
    block = generated_block(COMP_POLY, "codeGenerator")
    comp_poly = driver.compile_source(Source("poly.sml", COMP_POLY)).program.global_names.index("compPoly")
    code = list(walk(block.code))
    assert code, "nothing was generated"
    assert not any(i.op in ("switch", "branch") for i in code)
    assert not any(i.op == "getglobal" and i.args[0] == comp_poly for i in code)
    # `f x` was beta-reduced while generating: one closure (the whole
    # polynomial), no application inside it
    assert [i.op for i in block.code] == ["cur"]
    assert not any(i.op == "app" for i in code)


def generated_block(text: str, name: str) -> Block:
    """The block the generator bound to `name` emits (run as the REPL's :gen does)."""
    from ccam.instructions import I, Program
    from ccam.refmachine import Machine
    from mlbox.generator import INVOKE

    program = driver.compile_source(Source("g.sml", text)).program
    machine = Machine(program)
    assert machine.run().status == Status.OK
    slot = program.global_names.index(name)
    invoke = Program((I.getglobal(slot), *INVOKE), program.nglobals, program.global_names)
    result = machine.run_more(invoke)
    assert result.status == Status.OK, result.message
    return result.value.snd


TABLE_1 = """
val poly1 = [2,4,0,2333];
fun evalPoly (x, nil) = 0
  | evalPoly (x, a::p) = a + (x * evalPoly (x, p));
fun specPoly (nil) = (fn x => 0)
  | specPoly (a::p) = let val polyp = specPoly p in fn x => a + (x * polyp x) end
val poly1target = specPoly poly1;
""" + COMP_POLY + "val mlPolyFun = eval codeGenerator;\n"

PAPER_TABLE_1 = {
    "evalPoly (47, poly1)": 807, "specPoly poly1": 443, "poly1target 47": 175,
    "compPoly poly1": 553, "eval codeGenerator": 200, "mlPolyFun 47": 74,
}


def reductions_of(exp: str) -> int:
    """Reductions of evaluating `exp` (the `val r = exp` declaration costs
    setglobal and the reset quote on top of it)."""
    base = run_text(TABLE_1).reductions
    return run_text(TABLE_1 + f"val r = {exp};\n").reductions - base - 2


@pytest.mark.parametrize("exp, bound", list(PAPER_TABLE_1.items()))
def test_table_1_at_or_below_the_paper(exp, bound):
    assert reductions_of(exp) <= bound


def test_output_goes_to_out():
    out = io.BytesIO()
    compiled = driver.compile_source(Source("p.sml", "val _ = print \"x\"\n"))
    driver.run_program(compiled.program, machine="py", out=out)
    assert out.getvalue() == b"x"


# ------------------------------------------------------------ generation-time beta-reduction


def test_applied_fn_generator_is_inlined():
    """`u a` for u = code (fn ...) generates u's body with a bound, not a
    closure and an application (generator.py's apply mode)."""
    block = generated_block("val g = let cogen u = code (fn x => x + 1) in code (fn y => u y * u (y + 2)) end",
                            "g")
    assert [i.op for i in block.code] == ["cur"]
    assert not any(i.op in ("cur", "app") for i in walk(block.code[0].args[0]))


def test_beta_reduction_keeps_the_order_of_effects():
    """A generator that is not a `fn` has effects before its function: they
    still come before the argument's."""
    program = """
val log = ref ""
fun note s = log := !log ^ s
val f = code (note "f"; fn x => x + 1)
val h = let cogen u = f in code (fn y => u (note "a"; y) + u y) end
val r = eval h 1
val _ = print (!log ^ Int.toString r)
"""
    assert printed(program) == "faf4" == printed(program, "c")


def test_applied_lifted_function():
    program = """
fun mk k = lift (fn x => x * k)
val h = let cogen u = mk 3 in code (fn y => u y + u (y + 1)) end
val _ = print (Int.toString (eval h 2))
"""
    assert printed(program) == "15"


@pytest.mark.parametrize("body", ["let val z = 1 in fn y => y + z + {pad} end", "fn y => y + {pad}"])
def test_generators_above_the_duplicate_limit(body):
    from mlbox.generator import DUPLICATE_LIMIT

    pad = " + ".join(["1"] * (DUPLICATE_LIMIT // 4))
    program = (f"val g = code ({body.format(pad=pad)})\n"
               "val h = let cogen u = g in code (fn y => u y + u (y + 1) + u 0) end\n"
               "val _ = print (Int.toString (eval h 1))\n")
    extra = 1 if body.startswith("let") else 0
    n = DUPLICATE_LIMIT // 4 + extra
    assert printed(program) == str((1 + n) + (2 + n) + (0 + n))
    on_py, on_c = run_text(program, "py"), run_text(program, "c")
    assert (on_c.output, on_c.reductions) == (on_py.output, on_py.reductions)


# A curried `fn` chain bound to u, applied under `code` as {call} to a.
CURRIED = "val g = let cogen u = code (fn x => fn y => x * 10 + y) in code (fn a => {call}) end\n"


def running_reductions(program: str, arg: int = 5, machine: str = "py") -> int:
    """Reductions of applying the function `eval g` to arg (the generated
    code alone: `eval g` is run before)."""
    base = program + "val f = eval g\n"
    return run_text(base + f"val r = f {arg}\n", machine).reductions - run_text(base, machine).reductions - 2


@pytest.mark.parametrize("call", ["u (a + 1) a", "(u (a + 1)) a", "u (a + 1) (a * 2)", "u a 7"])
def test_curried_application_of_a_fn_chain_is_inlined(call):
    """`u a b` for u = code (fn x => fn y => M) generates M with both
    arguments bound, no closure and no application (apply_curried(2))."""
    block = generated_block(CURRIED.format(call=call), "g")
    assert [i.op for i in block.code] == ["cur"]
    assert not any(i.op in ("cur", "app") for i in walk(block.code[0].args[0])), block.code


def test_curried_application_is_the_code_of_a_let():
    """With a variable or constant as its second argument, `u a b` is
    exactly `let val x = a val y = b in M end`: 27 reductions to call the
    generated function, where reducing the first application only
    (Cur(⟦M⟧); push; ⟦b⟧; cons; app for the second) cost 29."""
    curried = CURRIED.format(call="u (a + 1) a")
    let_form = "val g = code (fn a => let val x = a + 1 val y = a in x * 10 + y end)\n"
    assert generated_block(curried, "g").code == generated_block(let_form, "g").code
    assert running_reductions(curried) == running_reductions(let_form) == 27 == running_reductions(curried, machine="c")
    assert printed(curried + "val _ = print (Int.toString (eval g 5))\n") == "65"


def test_a_curried_application_with_computed_arguments_saves_the_closure():
    """Arguments that are not variables or constants are each evaluated in
    the application's environment (a copy of it waits under the bound
    slots): 31 reductions to call the generated function for `u (a + 1)
    (a * 2)` (was 33). A first argument that is the top slot already is
    not bound again: 19 for `u a 7` (was 21)."""
    curried = CURRIED.format(call="u (a + 1) (a * 2)")
    assert running_reductions(curried) == 31 == running_reductions(curried, machine="c")
    top_slot = CURRIED.format(call="u a 7")
    assert running_reductions(top_slot) == 19 == running_reductions(top_slot, machine="c")
    assert printed(top_slot + "val _ = print (Int.toString (eval g 5))\n") == "57"
    assert printed(curried + "val _ = print (Int.toString (eval g 5))\n") == "70"


def test_partial_and_over_application_of_a_curried_chain():
    """A chain of three applied to two arguments leaves the third `fn` as the
    only closure. A chain of two whose body returns a function other than
    by `fn`, applied to three arguments, has no apply_curried(3): it is
    applied to the first two by apply_curried(2), and its value to the
    third by an ordinary application."""
    three = "val g = let cogen u = code (fn x => fn y => fn z => x * 100 + y * 10 + z) in code (fn a => u a 2) end\n"
    block = generated_block(three, "g")
    inner = list(walk(block.code[0].args[0]))
    assert [i.op for i in inner].count("cur") == 1 and not any(i.op == "app" for i in inner)
    assert printed(three + "val _ = print (Int.toString (eval g 1 3))\n") == "123"
    over = ("val g = let cogen u = code (fn x => fn y => let val k = x + y in fn z => k * z end)\n"
            "        in code (fn a => u a 2 (a + 3)) end\n")
    inner = list(walk(generated_block(over, "g").code[0].args[0]))
    assert [i.op for i in inner].count("app") == 1
    assert printed(over + "val _ = print (Int.toString (eval g 1))\n") == "12"


def test_curried_application_to_a_pair_keeps_the_apply_pair_mode():
    """`u (p, q) c` binds p and q as two slots for u's first `fn` (the
    apply-pair mode, whose body reads them there) and applies the closure
    it makes to c: 66 reductions to call the generated function, where
    binding (p, q) whole for apply_curried(2) cost 67 (a projection per
    use of x or y)."""
    program = ("val g = let cogen u = code (fn (x, y) => fn z => x * y + x * z + y * z + x + y)\n"
               "        in code (fn a => u (a + 1, a) 3) end\n")
    inner = list(walk(generated_block(program, "g").code[0].args[0]))
    assert [i.op for i in inner].count("app") == 1 and not any(i.op in ("fst", "snd") for i in inner)
    assert running_reductions(program) == 66 == running_reductions(program, machine="c")
    assert printed(program + "val _ = print (Int.toString (eval g 5))\n") == "74"


def test_curried_beta_reduction_keeps_the_order_of_effects():
    """Where applying u to its first argument does something (a body that is
    not a `fn`, a match that can fail, a `ref` pattern read), that happens
    before the second argument is evaluated, as in SML: the chain is not
    beta-reduced past it."""
    program = """
val log = ref ""
fun note s = log := !log ^ s
val r = ref 1
val g = let cogen u = code (fn 0 => (fn y => y) | n => (fn y => n + y))
            cogen v = code (fn x => (note "v"; fn y => x + y))
            cogen w = code (fn (ref x) => fn y => x + y)
            cogen k = code (fn 0 => fn y => y)
        in code (fn a => u a (note "1"; a) + v (note "2"; a) (note "3"; a)
                         + w r (r := 10; note "4"; a) + (k a (note "5"; a) handle Match => 100)) end
val x = eval g 1
val _ = print (!log ^ " " ^ Int.toString x)
"""
    assert printed(program) == "12v34 106" == printed(program, "c")


def test_curried_chains_above_the_duplicate_limit():
    """The apply_curried modes keep copies of parts of the body, no more
    than DUPLICATE_LIMIT instructions in all: a chain of three whose body
    is about two thirds of the limit keeps apply_curried(2) only (`u a 2 3`
    then applies a closure to 3), and a body over the limit none (applying
    u is then an ordinary application, per argument)."""
    from mlbox.generator import DUPLICATE_LIMIT

    def apps(program):
        return sum(i.op == "app" for i in walk(generated_block(program, "g").code[0].args[0]))

    n = DUPLICATE_LIMIT // 13  # about 8 instructions of the generator each
    pad = " + ".join(["1"] * n)
    three = f"val g = let cogen u = code (fn x => fn y => fn z => x + y + z + {pad}) in code (fn a => {{call}}) end\n"
    assert (apps(three.format(call="u a 2")), apps(three.format(call="u a 2 3"))) == (0, 1)
    shown = three.format(call="u a 2 3") + "val _ = print (Int.toString (eval g 1))\n"
    assert printed(shown) == str(6 + n) == printed(shown, "c")

    n = DUPLICATE_LIMIT // 4
    pad = " + ".join(["1"] * n)
    two = f"val g = let cogen u = code (fn x => fn y => x + y + {pad}) in code (fn a => u a 2 + u 3 a) end\n"
    assert apps(two) == 4  # u to its first argument, then the closure to its second
    shown = two + "val _ = print (Int.toString (eval g 1))\n"
    assert printed(shown) == str(3 + n + 4 + n) == printed(shown, "c")


FOLDS = [  # (expression of x and the lifted a', a', whether the operation disappears, value at x = 7)
    ("a' + x", "0", True, 7), ("x + a'", "0", True, 7), ("a' + x", "3", False, 10),
    ("x - a'", "0", True, 7), ("a' - x", "0", False, -7), ("a' * x", "1", True, 7), ("x * a'", "1", True, 7),
    ("x * a'", "0", False, 0), ("x div a'", "1", True, 7), ("a' div x", "1", False, 0),
]


@pytest.mark.parametrize("exp, k, folds, value", FOLDS)
def test_operations_on_lifted_identities_fold_while_generating(exp, k, folds, value):
    program = f"val g = let cogen a' = lift {k} in code (fn x => {exp}) end\n"
    body = generated_block(program, "g").code[0].args[0]
    assert any(i.op == "prim" for i in walk(body)) != folds
    assert printed(program + "val _ = print (Int.toString (eval g 7))\n") == str(value).replace("-", "~")


def test_string_concatenation_with_a_lifted_empty_string_folds():
    program = "val g = let cogen e = lift \"\" in code (fn s => e ^ s ^ e) end\n"
    assert not any(i.op == "prim" for i in walk(generated_block(program, "g").code[0].args[0]))
    assert printed(program + "val _ = print (eval g \"ab\")\n") == "ab"


def _translations(program: str, monkeypatch) -> int:
    """How many expressions the generators translate to compile `program`."""
    from mlbox.generator import Generator

    calls = 0
    original = Generator.exp

    def counting(self, e, ctx):
        nonlocal calls
        calls += 1
        return original(self, e, ctx)

    with monkeypatch.context() as patch:
        patch.setattr(Generator, "exp", counting)
        driver.compile_source(Source("t.sml", program))
    return calls


CHAINS = {  # program for a chain of n; its output for n
    # folding tests at every `+` whose right operand is lifted
    "sum of lifted operands": ("val g = let cogen a = lift 2 in code (fn x => x + {chain}) end\n"
                               "val _ = print (Int.toString (eval g 1))\n", "a", " + ", lambda n: str(1 + 2 * n)),
    # generation-time beta-reduction at every application of u
    "nested applications of a code variable": ("val g = let cogen u = code (fn y => y * 2) in code (fn x => {chain}) end\n"
                                               "val _ = print (Int.toString (eval g 1))\n", "u (", ")", lambda n: str(2 ** n)),
    # both at every level: u's argument is a sum with a lifted operand
    "applications to sums with a lifted operand": (
        "val g = let cogen u = code (fn y => y * 2) cogen a = lift 1 in code (fn x => {chain}) end\n"
        "val _ = print (Int.toString (eval g 0))\n", "u (a + ", ")", lambda n: str(2 ** (n + 1) - 2)),
    # the apply-pair mode: the pair's second component is bound one slot deeper
    "applications to pairs": ("val g = let cogen u = code (fn (p, q) => p + q) cogen a = lift 1 in code (fn x => {chain}) end\n"
                              "val _ = print (Int.toString (eval g 0))\n", "u (a, ", ")", lambda n: str(n)),
    # a curried application: the last argument is bound under the first
    "curried applications": ("val g = let cogen u = code (fn p => fn q => p + q) in code (fn x => {chain}) end\n"
                             "val _ = print (Int.toString (eval g 1))\n", "u (x + 1) (", ")", lambda n: str(n * 2 + 1)),
    "curried applications nested in the first argument": (
        "val g = let cogen u = code (fn p => fn q => p + q) in code (fn x => {chain}) end\n"
        "val _ = print (Int.toString (eval g 1))\n", "u (", ") (x + 1)", lambda n: str(n * 2 + 1)),
}


@pytest.mark.parametrize("shape", list(CHAINS))
def test_generators_translate_a_chain_in_work_linear_in_its_length(shape, monkeypatch):
    """Each optimisation that builds two alternatives (folding a lifted
    identity, beta-reduction at generation time) translates the shared
    operand once: translating it again for each alternative doubled the
    work at every level of a chain, so 12 lifted terms in one sum took
    seconds to compile and 18 took a minute."""
    template, item, joiner, output = CHAINS[shape]

    def program(n):
        chain = joiner.join([item] * n) if joiner == " + " else item * n + "x" + joiner * n
        return template.format(chain=chain)

    short, long = _translations(program(10), monkeypatch), _translations(program(20), monkeypatch)
    assert long <= 3 * short, (short, long)
    assert printed(program(30)) == output(30) == printed(program(30), "c")


# ------------------------------------------------------------ commutative primitives with a constant operand

COMMUTED = [  # (expression of x, value at x = 7): a constant first operand of a commutative primitive
    ("2 + x", "9"), ("3 * x", "21"), ("Word.toInt (0w12 + Word.fromInt x)", "19"), ("Word.toInt (Word.andb (0w5, Word.fromInt x))", "5"),
    ("if 7 = x then 1 else 0", "1"), ("if 6 <> x then 1 else 0", "1"), ("x + 1", "8"),
]


@pytest.mark.parametrize("exp, value", COMMUTED)
def test_a_constant_first_operand_of_a_commutative_primitive_is_paired_second(exp, value):
    """p (K, X) with K a constant compiles as p (X, K): X; push; K; cons, with
    no swap (one reduction less), in ordinary and in generated code."""
    program = f"fun f x = {exp}\nval g = code (fn x => {exp})\n"
    compiled = driver.compile_source(Source("c.sml", program)).program
    f_slot = compiled.global_names.index("f")
    code = list(compiled.code)
    fn_code = next(code[k - 1].args[0] for k, i in enumerate(code) if i.op == "setglobal" and i.args[0] == f_slot)
    assert not any(i.op == "swap" for i in walk(fn_code)), fn_code
    generated = generated_block(program, "g").code[0].args[0]
    assert not any(i.op == "swap" for i in walk(generated)), generated
    shown = printed(program + "val _ = print (Int.toString (f 7) ^ Int.toString (eval g 7))\n")
    assert shown == value + value


def test_commuting_keeps_overflow_and_effects():
    """The operand that is not constant still runs (its output is kept) and
    an overflow is still raised, whichever operand is taken first."""
    program = """
fun f x = 1 + (print "x"; x)
val g = code (fn x => 1 + (print "g"; x))
val _ = print (Int.toString (f 1) ^ Int.toString (eval g 2))
val _ = (f 4611686018427387903; print "no overflow") handle Overflow => print " Overflow"
"""
    assert printed(program) == "xg23x Overflow" == printed(program, "c")


# ------------------------------------------------------------ splices and lifts that end a generator


def test_a_final_splice_or_lift_does_not_keep_the_state():
    """in_tail drops the push ... drop around a splice or lift_now that ends
    a generator (or an arm of a final branch or switch), and nothing else."""
    from ccam.instructions import I
    from mlbox.generator import APPLY, NORMAL, apply_curried, in_tail, lift_now, splice

    before = [I.emit(I.push), I.emit(I.acc(0))]
    for final in (splice([I.acc(2)], APPLY), splice([I.getglobal(12)], NORMAL), lift_now([I.acc(3), I.arg]),
                  splice([I.acc(1), I.snd], apply_curried(3))):
        assert in_tail(before + final) == before + final[1:-1]
        assert in_tail(before + final + [I.emit(I.cons)]) == before + final + [I.emit(I.cons)]
        assert in_tail([I.branch(before + final, before)]) == [I.branch(before + final[1:-1], before)]
        assert in_tail([I.switch([before, final])]) == [I.switch([before, final[1:-1]])]
    # a state-dependent fetch that is not a plain read is left alone
    odd = [I.push, I.push, I.quote(APPLY), I.swap, I.push, I.cur([I.acc(0)]), I.swap, I.snd, I.cons, I.app, I.drop]
    assert in_tail(odd) == odd


def test_generators_ending_in_splices_and_lifts():
    """Generators whose code ends by splicing another generator (in each
    mode) or by lifting a value, nested, give the same results and counts on
    both machines."""
    program = """
fun lifted n = let cogen k = lift n in code (fn (x : int) => k) end
fun chain 0 = code (fn (x, y) => x + y)
  | chain n = let cogen next = chain (n - 1)  cogen k = lift n
              in code (fn (x, y) => if x > k then next (x - 1, y) else next (y, x)) end
val g = let cogen c = chain 3  cogen l = lifted 7  cogen f = code (fn z => c (z, l z))
        in code (fn z => (f z, l z, c (z, z))) end
val (a, b, c) = eval g 5
val _ = print (Int.toString a ^ " " ^ Int.toString b ^ " " ^ Int.toString c)
"""
    on_py, on_c = run_text(program, "py"), run_text(program, "c")
    assert on_py.output == b"9 7 7"
    assert (on_c.output, on_c.reductions) == (on_py.output, on_py.reductions)


# ------------------------------------------------------------ the apply-pair mode (a tuple argument split over two slots)


def test_split_pair_lookup():
    """A split pair's paths start at its components' slots; used whole it
    is paired again, unless the split is strict."""
    from ccam.instructions import I
    from mlbox.layout import WholePair, root

    ctx = root().push("a").push("b").split("p", "a", "b")
    assert ctx.lookup("p", ("fst",)) == [I.acc(1)]
    assert ctx.lookup("p", ("snd", "fst")) == [I.acc(0), I.fst]
    assert ctx.lookup("p") == [I.push, I.acc(1), I.swap, I.acc(0), I.cons]
    aliased = ctx.alias("s", "p", ()).alias("r", "s", ("snd",))
    assert aliased.lookup("r", ("arg",)) == [I.acc(0), I.arg]
    assert aliased.is_top_split("s") and aliased.is_top_split("p") and not aliased.is_top_split("r")
    assert not aliased.push("c").is_top_split("s")
    with pytest.raises(WholePair):
        root().push("a").push("b").split("p", "a", "b", strict=True).lookup("p")


SPLIT_PROGRAMS = [
    # (program, printed): code variables applied to tuples, in every shape
    ("val u = code (fn (a, b) => a - b)\n"
     "val g = let cogen u = u in code (fn (x, y) => u (y, x) * 10 + u (x, 1)) end\n"
     "val _ = print (Int.toString (eval g (3, 5)))", "22"),
    # the argument used whole: paired again
    ("val u = code (fn (s as (a, b)) => if a > b then s else (b, a))\n"
     "val g = let cogen u = u in code (fn x => let val (a, _) = u (x, 4)  val (_, d) = u (2, x) in a + d end) end\n"
     "val _ = print (Int.toString (eval g 7) ^ Int.toString (eval g 1))", "95"),
    # passed on whole to another split generator, three and four items, constant patterns
    ("fun count 0 = code (fn (n : int, acc : int, _ : string) => acc)\n"
     "  | count k = let cogen next = count (k - 1)\n"
     "              in code (fn (s as (n, acc, tag)) => if n > 0 then next (n - 1, acc + n, tag) else next s) end\n"
     "val g = let cogen c = count 3 in code (fn x => c (x, 100, \"t\")) end\n"
     "val h = code (fn (0, b, c, d) => b ^ c ^ d | (_, b, _, _) => b)\n"
     "val k = let cogen h = h in code (fn n => h (n, \"b\", \"c\", \"d\")) end\n"
     "val _ = print (Int.toString (eval g 2) ^ \" \" ^ eval k 0 ^ \" \" ^ eval k 1)", "103 bcd b"),
    # generators that are not `fn`s, applied to tuples (a lifted function, an expression with an effect)
    ("val note = ref \"\"\n"
     "val f = code (note := !note ^ \"f\"; fn (a, b) => a * b)\n"
     "fun mk k = lift (fn (a, b) => a + b + k)\n"
     "val g = let cogen f = f  cogen m = mk 100\n"
     "        in code (fn x => f ((note := !note ^ \"a\"; x), x) + m (x, 1)) end\n"
     "val _ = print (Int.toString (eval g 3) ^ !note)", "113fa"),
    # a match that fails on a split argument
    ("val u = code (fn (1, b) => b | (2, b) => b * 2)\n"
     "val g = let cogen u = u in code (fn x => u (x, 10)) end\n"
     "val _ = print (Int.toString (eval g 2) ^ ((Int.toString (eval g 3)) handle Match => \" Match\"))", "20 Match"),
]


@pytest.mark.parametrize("program, want", SPLIT_PROGRAMS)
def test_tuple_arguments_of_code_variables(program, want):
    on_py, on_c = run_text(program, "py"), run_text(program, "c")
    assert on_py.output == want.encode()
    assert (on_c.output, on_c.reductions) == (on_py.output, on_py.reductions)


def test_a_split_argument_is_read_from_its_slots():
    """`u (a, b)` for u = code (fn (x, y) => ...) binds a and b as two slots
    and u's body reads x and y from them: no projection in the generated code."""
    program = "val g = let cogen u = code (fn (x, y) => x - y) in code (fn z => u (z + 1, z)) end"
    body = generated_block(program, "g").code[0].args[0]
    assert [i.op for i in body] == ["push", "acc", "push", "quote", "cons", "prim", "cons", "push", "acc",
                                    "cons", "push", "acc", "swap", "acc", "cons", "prim"]
    assert printed(program + "\nval _ = print (Int.toString (eval g 5))") == "1"


def test_a_split_argument_passed_on_whole_stays_split():
    """v = code (fn p => u p): v's apply-pair arm hands the split p to u in
    the apply-pair mode (nothing to bind), so `v (a, b)` generates exactly
    the code of `u (a, b)`: no pair built, no closure, no projection."""
    direct = "val g = let cogen u = code (fn (x, y) => x - y) in code (fn z => u (z + 1, z)) end"
    relayed = ("val g = let cogen u = code (fn (x, y) => x - y)  cogen v = code (fn p => u p)\n"
               "        in code (fn z => v (z + 1, z)) end")
    assert generated_block(relayed, "g").code == generated_block(direct, "g").code
    assert printed(relayed + "\nval _ = print (Int.toString (eval g 5))") == "1"


@pytest.mark.parametrize("target", ["plain", "gen"])
def test_long_tuples_compile_as_nested_pairs(target):
    """tuple_code builds pair(a, pair(b, ...)) without copying the tail per
    component: the same code as the nested pairs, on both targets, constant
    components (whose innermost pair takes pair's shorter form) included."""
    from ccam.instructions import I, ConstInt
    from mlbox.compiler import PLAIN, Compiler
    from mlbox.generator import GEN

    t = PLAIN if target == "plain" else GEN
    compiler = Compiler.__new__(Compiler)
    compiler.t = t

    def const(n):
        return t.ins(I.quote(ConstInt(n)))

    def computed(n):
        return t.ins(I.acc(n)) + t.ins(I.snd)

    def nested(parts):
        code = parts[-1]
        for part in reversed(parts[:-1]):
            code = compiler.pair(part, code)
        return code

    for parts in ([const(1)], [const(1), const(2)], [computed(0), const(1)], [const(1), computed(0)],
                  [computed(i) if i % 3 else const(i) for i in range(7)],
                  [const(i) for i in range(6)], [computed(i) for i in range(5)]):
        # tuple_code builds in its parts' lists (Translation.pair_in_place): give it copies
        assert compiler.tuple_code([list(part) for part in parts]) == nested(parts)
