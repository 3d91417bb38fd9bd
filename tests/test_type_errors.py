"""Ill-typed and ill-staged programs: each must be reported at the exact
line:col with the expected wording (fragments are the checker's message
constants, so wording changes in one place)."""

import pytest

from mlbox import checker as C
from mlbox.checker import check_program
from mlbox.parser import parse_program

E, W = "error", "warning"

# (name, program, severity, line, col, message fragment, note fragment or None)
CASES = [
    # ---- unbound names, arity
    ("unbound_var", "val x = y + 1", E, 1, 9, C.UNBOUND_VARIABLE.format(name="y"), None),
    ("unbound_qualified", "val n = List.size [1]", E, 1, 9, C.UNBOUND_VARIABLE.format(name="List.size"),
     C.UNBOUND_QUALIFIED_NOTE),
    # a structure the Basis has and ML\u25a1 leaves out: said, not only "corrected" to a neighbour
    # left out on purpose (language.md §12): the note says why, and what to use
    ("exn_message", "val m = exnMessage Div", E, 1, 9, C.UNBOUND_VARIABLE.format(name="exnMessage"),
     C.EXN_MESSAGE_NOTE),
    ("exn_message_qualified", "val m = General.exnMessage Div", E, 1, 9,
     C.UNBOUND_VARIABLE.format(name="General.exnMessage"), C.EXN_MESSAGE_NOTE),
    ("absent_structure", "val n = IntInf.fromInt 3", E, 1, 9, C.UNBOUND_VARIABLE.format(name="IntInf.fromInt"),
     C.ABSENT_STRUCTURE_NOTE.format(structure="IntInf") + "; " + C.DID_YOU_MEAN.format(name="Int.fromInt")),
    ("absent_structure_no_neighbour", "val r = Real.fromInt 3", E, 1, 9,
     C.UNBOUND_VARIABLE.format(name="Real.fromInt"), C.ABSENT_STRUCTURE_NOTE.format(structure="Real")),
    ("absent_structure_type", "fun f (w : Word8.word) = w", E, 1, 12, C.UNBOUND_TYPE.format(name="Word8.word"),
     C.ABSENT_STRUCTURE_NOTE.format(structure="Word8")),
    # the optional sized structures too (MLton's regression/ref-flatten.2.sml uses Word16)
    ("absent_optional_structure", "val w = Word16.fromInt 3", E, 1, 9, C.UNBOUND_VARIABLE.format(name="Word16.fromInt"),
     C.ABSENT_STRUCTURE_NOTE.format(structure="Word16") + "; " + C.DID_YOU_MEAN.format(name="Word.fromInt")),
    # no IntInf or LargeWord, so none of their conversions (language.md §12)
    ("large_conversion", "val w = Word.toLarge 0w3", E, 1, 9, C.UNBOUND_VARIABLE.format(name="Word.toLarge"),
     C.LARGE_CONVERSION_NOTE.format(name="Word.toLarge")),
    ("large_int_conversion", "val i = Int.fromLarge 3", E, 1, 9, C.UNBOUND_VARIABLE.format(name="Int.fromLarge"),
     C.LARGE_CONVERSION_NOTE.format(name="Int.fromLarge")),
    ("absent_optional_structure_type", "fun f (i : Int8.int) = i", E, 1, 12, C.UNBOUND_TYPE.format(name="Int8.int"),
     C.ABSENT_STRUCTURE_NOTE.format(structure="Int8")),
    ("unbound_typo", "fun fact 0 = 1 | fact n = n * fac (n - 1)", E, 1, 31, C.UNBOUND_VARIABLE.format(name="fac"),
     C.DID_YOU_MEAN.format(name="fact")),
    ("unbound_qualified_typo", "val s = Int.toStrin 3", E, 1, 9, C.UNBOUND_VARIABLE.format(name="Int.toStrin"),
     C.DID_YOU_MEAN.format(name="Int.toString")),
    ("cogen_of_a_pattern", "cogen (a, b) = (code 1, code 2)", E, 1, 1, C.UNBOUND_VARIABLE.format(name="cogen"),
     C.STAGING_KEYWORD_NOTES["cogen"]),
    ("lift_alone", "val l = lift", E, 1, 9, C.UNBOUND_VARIABLE.format(name="lift"), C.STAGING_KEYWORD_NOTES["lift"]),
    ("code_alone", "val c = code", E, 1, 9, C.UNBOUND_VARIABLE.format(name="code"), C.STAGING_KEYWORD_NOTES["code"]),
    ("unbound_con_pat", "fun f (Foo x) = x", E, 1, 7, C.UNBOUND_CONSTRUCTOR.format(name="Foo"), None),
    # `code` and `lift` are names where the constructs would need parentheses
    ("staging_operand", "val e = 1 + code 2", E, 1, 13, C.UNBOUND_VARIABLE.format(name="code"),
     C.STAGING_KEYWORD_NOTES["code"]),
    ("staging_argument", "val g = fn h => h lift 1", E, 1, 19, C.UNBOUND_VARIABLE.format(name="lift"),
     C.STAGING_KEYWORD_NOTES["lift"]),
    ("unbound_type", "val x : tree = 3", E, 1, 9, C.UNBOUND_TYPE.format(name="tree"), None),
    ("box_type_written_as_code", "datatype t = C of (int -> int) code", E, 1, 19,
     C.UNBOUND_TYPE.format(name="code"), C.BOX_TYPE_NOTE.format(name="code", arg="int -> int")),
    ("shadowed_unit_type", "datatype unit = U\nval x : unit -> int = fn () => 1", E, 2, 23,
     C.VAL_MISMATCH.format(actual="unit -> int", expected="unit -> int"), C.SAME_NAME_NOTE.format(name="unit")),
    # an operator overloaded on the basis's int or string, at a datatype of that name
    ("overload_at_a_datatype_named_int", "datatype int = A | B\nval x = A + B", E, 2, 9,
     C.OVERLOAD_MISMATCH.format(op="+", type="int", allowed="int and word"), C.SAME_NAME_NOTE.format(name="int")),
    ("overload_at_a_datatype_named_string", "datatype string = S\nval b = S < S", E, 2, 9,
     C.OVERLOAD_MISMATCH.format(op="<", type="string", allowed="int, word, string and char"),
     C.SAME_NAME_NOTE.format(name="string")),
    ("unbound_tyvar_exn", "exception E of 'a", E, 1, 16, C.UNBOUND_TYVAR.format(name="'a"), None),
    ("unbound_tyvar_datatype", "datatype t = C of 'b", E, 1, 19, C.UNBOUND_TYVAR.format(name="'b"), None),
    ("type_arity", "type 'a pair = 'a * 'a\nval p : pair = (1, 2)", E, 2, 9,
     C.TYPE_ARITY.format(name="pair", n=1, m=0), None),
    ("type_arity_list", "val l : (int, int) list = []", E, 1, 9, C.TYPE_ARITY.format(name="list", n=1, m=2), None),
    # ---- tuple selectors: the tuple's width must be known by the unit's end
    ("selector_width_unknown", "fun first p = #1 p;\nval x = first (1, 2)", E, 1, 15,
     C.UNRESOLVED_SELECTOR.format(name="#1"), C.UNRESOLVED_SELECTOR_NOTE.format(index=1)),
    ("selector_width_unknown_at_end", "val f = #2", E, 1, 9, C.UNRESOLVED_SELECTOR.format(name="#2"), None),
    ("selector_past_the_end", "val x = #3 (1, 2)", E, 1, 12,
     C.ARG_MISMATCH.format(actual="int * int", fn="'#3'", expected="{3: 'a, ...}"), None),
    ("selector_of_a_non_tuple", 'val x = #1 "ab"', E, 1, 12,
     C.ARG_MISMATCH.format(actual="string", fn="'#1'", expected="{1: 'a, ...}"), None),
    ("selector_of_a_rigid_variable", "fun f (p : 'a) = #1 p", E, 1, 21,
     C.ARG_MISMATCH.format(actual="'a", fn="'#1'", expected="{1: 'b, ...}"), None),
    ("selector_not_polymorphic", 'val y = let val f = fn p => #1 p in (f (1, 2), f ("a", 2)) end', E, 1, 51,
     C.ARG_MISMATCH.format(actual="string", fn="'f'", expected="int"), None),
    # the selector's component is checked where it is wrong, and a failed
    # one shows what the selector expects, not the tuple (Poly/ML's
    # Test076: `val g = valOf o f` then `f (0, 1)`)
    ("selector_component_pointed_at", "val r = let val f = #1 val g = valOf o f val _ = f (0, 1) in 1 end",
     E, 1, 53, C.ARG_MISMATCH.format(actual="int", fn="'f'", expected="'a option"),
     "'f' has type 'a option * 'b -> 'a option"),
    ("selector_component_of_a_tuple_value",
     "val r = let val f = #1 val g = valOf o f val p = (0, 1) val _ = f p in 1 end", E, 1, 67,
     C.ARG_MISMATCH.format(actual="int * int", fn="'f'", expected="{1: 'a option, ...}"), None),
    # a selector's tuple holding itself: an error, not a crash nor a cycle
    ("selector_tuple_applied_to_itself", "fun h p = #1 p p", E, 1, 16,
     C.CIRCULAR.format(var="'a", type="{1: 'a -> 'b, ...}"), None),
    ("selector_tuple_through_a_val", "fun h p = let val f = #1 p in f p end", E, 1, 33,
     C.CIRCULAR.format(var="'a", type="{1: 'a -> 'b, ...}"), None),
    ("selector_tuple_compared_with_itself", "fun h (p, q) = (#2 p q; q = p)", E, 1, 29,
     C.CIRCULAR.format(var="''a", type="{2: ''a -> 'b, ...}"), None),
    # a selector's tuple as an operand of `+` (or the other way round): the
    # operator's message, not a bare mismatch ("has type {1: 'a, ...} but 'b
    # is expected")
    ("selector_tuple_added", "fun f p = (#1 p; p + p)", E, 1, 18,
     C.OVERLOAD_MISMATCH.format(op="+", type="{1: 'a, ...}", allowed="int and word"), None),
    ("operand_of_plus_selected_from", "fun f p = (p + p; #1 p)", E, 1, 22,
     C.OVERLOAD_MISMATCH.format(op="+", type="{1: 'a, ...}", allowed="int and word"), None),
    ("selector_tuple_argument_of_itself", "fun h p = (fn q => #1 q p) p", E, 1, 28,
     C.CIRCULAR.format(var="'a", type="{1: 'a -> 'b, ...}"), None),
    # an equality tuple of unknown width: its known components admit equality too (as in Poly/ML)
    # (at the component that is wrong, since the selector's components are checked one by one)
    ("selector_equality_components", "fun f x = (#1 x; x = x; #2 x)\nval y = f (1, fn z => z)", E, 2, 15,
     C.NOT_EQUALITY.format(type="'a -> 'a", reason="functions cannot be compared"),
     "this argument has type 'a -> 'a but 'f' expects ''b"),
    ("selector_equality_component_applied", "fun f x = (x = x; (#1 x) 3)", E, 1, 19,
     C.NOT_A_FUNCTION.format(actual="''a"), None),
    # two tuples of unknown width made one, a component of one holding the other (Poly/ML's #310)
    ("selector_tuples_circular", "fun f x y = (#1 x y, #1 y, [x, y])", E, 1, 32,
     C.CIRCULAR.format(var="{1: 'a, ...}", type="{1: {1: 'a, ...} -> 'b, ...}"), None),
    ("selector_tuples_circular_other_way", "val g = fn x => fn y => (#2 y, #1 x y, [x, y])", E, 1, 44,
     C.CIRCULAR.format(var="{2: 'a, ...}", type="{1: {2: 'a, ...} -> 'b, 2: 'a, ...}"), None),
    # a tuple of unknown width made one of its own components (an internal error, or a hang, before)
    ("selector_tuple_is_its_component", "fun f1 x = (#1 x = x)", E, 1, 20,
     C.CIRCULAR.format(var="''a", type="{1: ''a, ...}"), None),
    ("selector_tuple_is_its_component_let", "val f2 = fn x => let val y = #1 x in [x, y] end", E, 1, 42,
     C.CIRCULAR.format(var="'a", type="{1: 'a, ...}"), None),
    ("selector_tuple_is_its_component_list", "fun f3 x y = (#1 x, #2 y, x = y, [#1 x, y])", E, 1, 41,
     C.CIRCULAR.format(var="''a", type="{1: ''a, 2: ''b, ...}"), None),
    # ---- mismatches
    ("if_branches", 'val x = if true then 1 else "one"', E, 1, 29,
     C.IF_BRANCHES.format(actual="string", expected="int"), None),
    ("if_cond", "val x = if 1 then 2 else 3", E, 1, 12, C.IF_CONDITION.format(actual="int"), None),
    ("app_arg", 'fun f (x : int) = x\nval y = f "a"', E, 2, 11,
     C.ARG_MISMATCH.format(actual="string", fn="'f'", expected="int"), "'f' has type int -> int"),
    ("app_not_fn", "val x = 3 4", E, 1, 9, C.NOT_A_FUNCTION.format(actual="int"), None),
    # an operand of `+` applied (Poly/ML's Test096, with a parameter shadowing
    # the function), and `~` where an int is expected: the overloaded type
    # shows as its default, as Poly/ML shows it (it was 'a, as if any type)
    ("app_overloaded_value_as_argument", "fun f (x : int) = x\nval y = f ~", E, 2, 11,
     C.ARG_MISMATCH.format(actual="int -> int", fn="'f'", expected="int"), None),
    ("app_overloaded_operand", "fun f (a, b) = (a + b; a 3)", E, 1, 24, C.NOT_A_FUNCTION.format(actual="int"), None),
    ("operand_plus", 'val x = 1 + "a"', E, 1, 13,
     C.OPERAND_MISMATCH.format(fn="'+'", actual="string", expected="int"), None),
    ("operand_concat", 'val s = "a" ^ 1', E, 1, 15,
     C.OPERAND_MISMATCH.format(fn="'^'", actual="int", expected="string"), None),
    ("list_elem", 'val l = [1, 2, "three"]', E, 1, 16,
     C.LIST_ELEMENT.format(actual="string", expected="int"), None),
    ("case_arm", 'fun f x = case x of 0 => "zero" | _ => 1', E, 1, 40,
     C.CASE_ARM.format(actual="int", expected="string"), None),
    ("case_pattern", 'fun f x = case x of 0 => 1 | "a" => 2', E, 1, 30,
     C.CASE_PATTERN.format(actual="string", expected="int"), None),
    ("fn_arm", "val f = fn 0 => true | _ => 0", E, 1, 29, C.FN_ARM.format(actual="int", expected="bool"), None),
    ("clause_body", "fun f 0 = true\n  | f n = n", E, 2, 11, C.CLAUSE_BODY.format(actual="int", expected="bool"), None),
    ("clause_pattern", 'fun f 0 = 1\n  | f "x" = 2', E, 2, 7,
     C.CLAUSE_PATTERN.format(actual="string", expected="int"), None),
    ("clause_arity", "fun f 0 y = y\n  | f x = x", E, 2, 5, C.CLAUSE_ARITY.format(name="f", n=1, m=2), None),
    ("andalso", "val b = true andalso 1", E, 1, 22, C.LOGIC_OPERAND.format(op="andalso", actual="int"), None),
    ("while_cond", "val _ = while 1 do ()", E, 1, 15, C.WHILE_CONDITION.format(actual="int"), None),
    ("raise_non_exn", "fun f x = raise 3", E, 1, 17, C.RAISE_NOT_EXN.format(actual="int"), None),
    ("handler_type", 'val x = (1 div 0) handle Div => "inf"', E, 1, 33,
     C.HANDLE_ARM.format(actual="string", expected="int"), None),
    ("val_pattern_mismatch", "val (a, b) = 5", E, 1, 14, C.VAL_MISMATCH.format(actual="int", expected="'a * 'b"), None),
    ("con_arg_type", 'val x : int option = SOME "a"', E, 1, 22,
     C.VAL_MISMATCH.format(actual="string option", expected="int option"), None),
    ("recovers_next_dec", 'val a = 1 + true\nval b = 2 + "x"', E, 2, 13,
     C.OPERAND_MISMATCH.format(fn="'+'", actual="string", expected="int"), None),
    # ---- occurs check
    ("occurs", "fun f x = f", E, 1, 11, "circular type: 'b would have to equal 'a -> 'b", None),
    ("occurs_list", "fun g x = [x] = x", E, 1, 17, "circular type: ''a would have to equal ''a list", None),
    # a `fn` applied at once: its domain's 'a occurs twice, so it is bound
    # with the occurs check (types.vars_made_since), though made after w's
    # type: z's variable merged into it first, and w's type holds z's
    ("occurs_twice_in_an_applied_fn_domain",
     "fun f z w = (w :: [[z]]; (fn (x, y) => if true then x else y) (z, w))", E, 1, 67,
     "circular type: 'a would have to equal 'a list", None),
    # the same for a named function's instance: its 'a met in the first
    # component is no longer fresh in the second (types.fresh_domain_vars)
    ("occurs_in_a_later_component_of_an_instance_domain",
     "fun pick (x, y) = if true then x else y\nfun f z w = (w :: [[z]]; pick (z, w))", E, 2, 35,
     "circular type: 'a would have to equal 'a list", None),
    # an argument tuple wider than the instance's domain, passed whole: the
    # widths differ, so it is not unified component by component (zip would
    # drop the third; types.unify_instance)
    ("argument_tuple_wider_than_instance_domain", "fun f (x, y) = x\nval t = (1, 2, 3)\nval _ = f t", E, 3, 11,
     C.ARG_MISMATCH.format(actual="int * int * int", fn="'f'", expected="'a * 'b"), None),
    # a recursive call at another instance: SML has no polymorphic recursion
    ("polymorphic_recursion_nested_datatype",
     "datatype 'a t = Nest of 'a * 'a list t | Flat\n"
     "fun depth Flat = 0\n  | depth (Nest (_, r)) = 1 + depth r", E, 3, 37,
     "circular type: 'a would have to equal 'a list",
     C.POLYMORPHIC_RECURSION_NOTE.format(name="depth", actual="'a list t")),
    ("polymorphic_recursion_explicit_tyvar",
     "datatype 'a t = Nest of 'a * 'a list t | Flat\n"
     "fun depth (Flat : 'a t) : int = 0\n  | depth (Nest (_, r)) = 1 + depth r", E, 3, 37,
     C.ARG_MISMATCH.format(actual="'a list t", fn="'depth'", expected="'a t"),
     C.POLYMORPHIC_RECURSION_NOTE.format(name="depth", actual="'a list t")),
    ("polymorphic_recursion_val_rec", "val rec g = fn x => (g [x]; x)", E, 1, 13,
     "circular type: 'a would have to equal 'a list", C.POLYMORPHIC_RECURSION_VAL_REC_NOTE.format(name="g")),
    ("polymorphic_recursion_tuple_operand", "fun h (a, b, n) = if n = 0 then [a] else h (b, [a], n - 1)",
     E, 1, 48, "circular type: 'a would have to equal 'a list",
     C.POLYMORPHIC_RECURSION_NOTE.format(name="h", actual="'a list")),
    # ---- value restriction, annotations, explicit type variables
    ("value_restriction", 'val r = ref []\nval _ = r := [1]\nval _ = r := ["a"]', E, 3, 14,
     C.OPERAND_MISMATCH.format(fn="':='", actual="string list", expected="int list"), None),
    ("annotation", "val x = (3 : string)", E, 1, 10, C.ANNOTATION_MISMATCH.format(actual="int", expected="string"), None),
    ("result_annotation", "fun f (x : int) : string = x + 1", E, 1, 28,
     C.RESULT_ANNOTATION_MISMATCH.format(actual="int", expected="string"), None),
    ("pattern_annotation", "val f = fn ((a, b) : int) => a", E, 1, 13,
     C.PATTERN_ANNOTATION_MISMATCH.format(actual="'a * 'b", expected="int"), None),
    ("rigid_tyvar", "fun f (x : 'a) : int = x", E, 1, 24,
     C.RESULT_ANNOTATION_MISMATCH.format(actual="'a", expected="int"), C.RIGID_NOTE.format(var="'a")),
    ("rigid_value_restriction", "val r : 'a list ref = ref []", E, 1, 1,
     C.RIGID_NOT_GENERALISED.format(var="'a"), None),
    # a type variable cannot come to stand for a datatype declared after it
    # (found by tests/polyml_types_diff.py's hand cases: mlbox accepted all;
    # Poly/ML and SML/NJ reject them)
    ("tyname_after_weak_var", "val r = ref []\ndatatype t = A\nval _ = r := [A]", E, 3, 14,
     C.TYNAME_ESCAPE.format(name="t"), "declare the datatype t before it"),
    ("tyname_in_let_via_ref", "val r = ref []\nfun f () = let datatype t = A in r := [A] end", E, 2, 39,
     C.TYNAME_ESCAPE.format(name="t"), None),
    ("tyname_in_let_via_fn_param", "val x = fn y => let datatype t = A in (y = A; 1) end", E, 1, 44,
     C.TYNAME_ESCAPE.format(name="t"), None),
    # SML '97 rule 43: the name before `as` is a variable, never a constructor
    # (found by tests/polyml_types_diff.py: mlbox rebound SOME as a variable)
    ("layered_constructor", "val f = fn x => case x of NONE as y => y | _ => x", E, 1, 27,
     C.LAYERED_CONSTRUCTOR.format(name="NONE"), None),
    ("layered_exception", "exception E\nfun f (E as x) = x", E, 2, 7, C.LAYERED_CONSTRUCTOR.format(name="E"), None),
    # a long identifier is only ever a reference: no declaration binds one
    # (found by MLton's regression/fail/dec.sml: mlbox accepted `fun F.f`,
    # and `fun Int.toString x = ...` replaced the basis function)
    ("qualified_fun_name", 'fun Int.toString n = "?"\nval s = Int.toString 3', E, 1, 5,
     C.QUALIFIED_BINDER.format(name="Int.toString", plain="toString"), None),
    ("qualified_pattern_var", "val List.length = 4", E, 1, 5, C.QUALIFIED_PATTERN_VAR.format(name="List.length", plain="length"),
     None),
    ("qualified_as_var", "fun g (Q.y as z) = z", E, 1, 7, C.UNBOUND_CONSTRUCTOR.format(name="Q.y"),
     C.QUALIFIED_PATTERN_NOTE),
    ("qualified_fn_param", "val h = fn (a, M.b) => a", E, 1, 16, C.UNBOUND_CONSTRUCTOR.format(name="M.b"), None),
    ("qualified_val_rec", "val rec S.f = fn x => x", E, 1, 9, C.UNBOUND_CONSTRUCTOR.format(name="S.f"), None),
    # a misspelt qualified exception caught everything, bound as a variable
    ("qualified_handler_typo", "val n = hd [] handle List.Emtpy => 0", E, 1, 22,
     C.UNBOUND_CONSTRUCTOR.format(name="List.Emtpy"), C.DID_YOU_MEAN.format(name="List.Empty")),
    ("qualified_constructor", "datatype t = A | M.B", E, 1, 18, C.QUALIFIED_BINDER.format(name="M.B", plain="B"), None),
    ("qualified_datatype", "datatype M.t = A", E, 1, 10, C.QUALIFIED_BINDER.format(name="M.t", plain="t"), None),
    ("qualified_type", "type M.t = int", E, 1, 6, C.QUALIFIED_BINDER.format(name="M.t", plain="t"), None),
    ("qualified_exception", "exception M.E of int", E, 1, 11, C.QUALIFIED_BINDER.format(name="M.E", plain="E"), None),
    ("qualified_fixity", "infix 4 M.++", E, 1, 1, C.QUALIFIED_BINDER.format(name="M.++", plain="++"), None),
    # 'a occurs only inside the inner val, so it is scoped there (SML '97
    # section 4.6), where x's type is not its own to generalise (found by
    # tests/polyml_types_diff.py: mlbox scoped it at the outer val)
    ("tyvar_scoped_at_inner_val", "val f = fn x => let val y : 'a = x in y end", E, 1, 34,
     C.RIGID_ESCAPE.format(var="'a"), "'a is scoped at the outermost val or fun where it occurs"),
    # ---- staging: value variables under code
    ("code_fn_bound", "val f = fn a => code (a + 1)", E, 1, 23, C.STAGING_VARIABLE.format(name="a"),
     "'a' is bound at 1:12 outside the enclosing 'code' (at 1:17)"),
    ("code_fun_param", "fun f a =\n  code (fn x => a + x)", E, 2, 17, C.STAGING_VARIABLE.format(name="a"),
     C.STAGING_LIFT_FIX.format(name="a")),
    ("code_case_bound", "fun f opt = case opt of SOME y => code y | NONE => code 0", E, 1, 40,
     C.STAGING_VARIABLE.format(name="y"), "'y' is bound at 1:30 outside the enclosing 'code' (at 1:35)"),
    ("code_let_bound", "fun f x = let val y = x * 2 in code (y + 1) end", E, 1, 38,
     C.STAGING_VARIABLE.format(name="y"), "'y' is bound at 1:19"),
    ("code_handle_bound", 'fun f () = (raise Fail "x") handle Fail msg => code (size msg)', E, 1, 59,
     C.STAGING_VARIABLE.format(name="msg"), "'msg' is bound at 1:41"),
    ("code_local_fun", "val g = let fun sq z = z * z in code (sq 3) end", E, 1, 39,
     C.STAGING_VARIABLE.format(name="sq"), "'sq' is bound at 1:17"),
    ("code_generator_var", "fun f (g : [int]) = code (g + 1)", E, 1, 27,
     C.STAGING_VARIABLE.format(name="g"), C.STAGING_COGEN_FIX.format(name="g")),
    ("code_nested_depth", "val h = code (fn a => code (a + 1))", E, 1, 29,
     C.STAGING_VARIABLE.format(name="a"), "outside the enclosing 'code' (at 1:23)"),
    ("code_local_exception", "fun f () = let exception E in code (raise E) end", E, 1, 43,
     C.STAGING_EXCEPTION.format(name="E"), C.STAGING_EXCEPTION_FIX),
    ("let_datatype_escapes", "val x = let datatype t = A in A end", E, 1, 9,
     C.LOCAL_TYPE_ESCAPE.format(name="t", type="t"), C.LOCAL_TYPE_ESCAPE_NOTE.format(name="t")),
    ("let_datatype_escapes_in_result", "fun f () = let datatype t = A | B of int in [B 1] end", E, 1, 12,
     C.LOCAL_TYPE_ESCAPE.format(name="t", type="t list"), None),
    ("let_datatype_escapes_by_abbreviation", "val g = let datatype t = A; type u = t in fn (x : u) => 1 end",
     E, 1, 9, C.LOCAL_TYPE_ESCAPE.format(name="t", type="t -> int"), None),
    ("lift_inside_code_local", "fun f x = code (lift x)", E, 1, 22, C.STAGING_VARIABLE.format(name="x"), None),
    ("generator_applied", "val g = code (fn x => x + 1)\nval y = g 3", E, 2, 9,
     C.NOT_A_FUNCTION.format(actual="[int -> int]"), C.GENERATOR_APPLIED.format(g="g")),
    # a generator that is not a name: the note spoke of a `g` the program has not
    ("generator_exp_applied", "fun gen n = code (fn x => x + 1)\nval y = gen 1 3", E, 2, 9,
     C.NOT_A_FUNCTION.format(actual="[int -> int]"), C.GENERATOR_APPLIED_EXP),
    ("abbreviation_applied", "type t = int * int\nval z = (1, 2) : t\nval w = z 3", E, 3, 9,
     C.NOT_A_FUNCTION.format(actual="t"), C.ALIAS_NOTE.format(name="t", expansion="int * int")),
    ("cogen_non_generator", "fun f x = let cogen u = x + 1 in code u end", E, 1, 25,
     C.COGEN_NOT_GENERATOR.format(actual="int"), "cogen u = lift"),
    ("cogen_top_non_generator", 'cogen u = "forty-two"', E, 1, 11, C.COGEN_NOT_GENERATOR.format(actual="string"), None),
    ("cogen_function", "fun f g = let cogen u = g in u end\nval x = f (fn y => y)", E, 2, 11,
     C.ARG_MISMATCH.format(actual="'a -> 'a", fn="'f'", expected="['b]"), None),
    # `eval v` for a code variable: v already runs (or splices) its code;
    # the note said to write `eval (code v)`, which is v again
    ("code_var_evaluated", "val k = let cogen v = lift 3 in eval v end", E, 1, 38,
     C.ARG_MISMATCH.format(actual="int", fn="'eval'", expected="['a]"),
     C.CODE_VAR_EVALUATED.format(name="v", type="int")),
    ("code_var_evaluated_under_code",
     "fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) =\n"
     "      let cogen f = compPoly p cogen a' = lift a in code (fn x => a' + x * eval f x) end", E, 3, 81,
     C.ARG_MISMATCH.format(actual="'a -> int", fn="'eval'", expected="['b]"),
     C.CODE_VAR_EVALUATED.format(name="f", type="'a -> int")),
    # a code variable passed to a function other than eval wanting a generator
    ("code_var_as_generator", "fun twice g = let cogen h = g in code (fn x => h (h x)) end\n"
     "val k = let cogen v = code (fn x => x + 1) in twice v end", E, 2, 53,
     C.ARG_MISMATCH.format(actual="int -> int", fn="'twice'", expected="['a -> 'a]"),
     C.CODE_VAR_NOT_GENERATOR.format(name="v", type="int -> int")),
    # a recursive generator whose result is annotated: the annotation types the
    # recursive call first, so the code variable it binds is blamed where it is
    # passed as a generator (not the whole body as returning [[int -> int]])
    ("code_var_from_recursive_call",
     "fun wrap (k : int, g : [int -> int]) : [int -> int] = let cogen f = g cogen k2 = lift k in code (fn x => f x + k2) end\n"
     "fun build (n : int) : [int -> int] =\n"
     "    if n = 0 then code (fn x => x) else let cogen rest = build (n - 1) in wrap (n, rest) end", E, 3, 84,
     C.ARG_MISMATCH.format(actual="int -> int", fn="'wrap'", expected="[int -> int]"),
     C.CODE_VAR_NOT_GENERATOR.format(name="rest", type="int -> int")),
    # the code variable returned by the 'then' branch, a generator by the
    # 'else': the code variable is blamed, not the 'else' branch, nor the
    # clause as returning int -> int where the other clause gives [int -> int]
    ("code_var_in_then_branch",
     "fun gen 0 = code (fn x => x)\n"
     "  | gen n = let cogen rest = gen (n - 1) in if n > 5 then rest else code (fn x => rest x + 1) end", E, 2, 59,
     C.IF_THEN_BRANCH.format(actual="int -> int", expected="[int -> int]"),
     C.CODE_VAR_NOT_GENERATOR.format(name="rest", type="int -> int")),
    # the same in a case: the first arm is checked last
    ("code_var_in_first_case_arm",
     "fun gen 0 = code (fn x => x)\n"
     "  | gen n = let cogen rest = gen (n - 1) in case n mod 2 of 0 => rest | _ => code (fn x => rest x + 1) end",
     E, 2, 66, C.FIRST_ARM[C.CASE_ARM].format(actual="int -> int", expected="[int -> int]"),
     C.CODE_VAR_NOT_GENERATOR.format(name="rest", type="int -> int")),
    ("code_var_in_first_fn_arm",
     "fun gen 0 = code (fn x => x)\n"
     "  | gen n = let cogen rest = gen (n - 1) in (fn 0 => rest | _ => code (fn x => rest x + 1)) (n mod 2) end",
     E, 2, 54, C.FIRST_ARM[C.FN_ARM].format(actual="int -> int", expected="[int -> int]"),
     C.CODE_VAR_NOT_GENERATOR.format(name="rest", type="int -> int")),
    # a datatype's constructor hides the basis exception of the same name
    # (an expression language with a `Div` node): the handler does not
    # catch what it seems to
    ("handler_constructor_hides_exception",
     "datatype exp = Num of int | Div of exp * exp\nval x = (10 div 0) handle Div _ => 0", E, 2, 27,
     C.HANDLE_PATTERN.format(actual="exp"),
     C.HIDDEN_EXCEPTION_NOTE.format(name="Div", datatype="exp", at="1:29", qualified="General.Div")),
    ("handler_nullary_constructor_hides_exception",
     "datatype token = Empty | Tok of string\nval x = hd [] handle Empty => 0", E, 2, 22,
     C.HANDLE_PATTERN.format(actual="token"),
     C.HIDDEN_EXCEPTION_NOTE.format(name="Empty", datatype="token", at="1:18", qualified="List.Empty")),
    # and where it is raised
    ("raised_constructor_hides_exception",
     'datatype t = Fail of string | Ok\nval _ = raise Fail "no"', E, 2, 15,
     C.RAISE_NOT_EXN.format(actual="t"),
     C.HIDDEN_EXCEPTION_NOTE.format(name="Fail", datatype="t", at="1:14", qualified="General.Fail")),
    # raised bare: the basis exception needs its value too
    ("raised_bare_constructor_hides_exception_with_value",
     "datatype t = Fail of string\nfun f x = if x > 0 then x else raise Fail", E, 2, 38,
     C.RAISE_NOT_EXN.format(actual="string -> t"),
     C.HIDDEN_EXCEPTION_ARG_NOTE.format(name="Fail", datatype="t", at="1:14", qualified="General.Fail",
                                        arg="string")),
    ("raised_nullary_constructor_hides_exception",
     "datatype e = N | Div\nfun f 0 = raise Div | f n = n", E, 2, 17,
     C.RAISE_NOT_EXN.format(actual="e"),
     C.HIDDEN_EXCEPTION_NOTE.format(name="Div", datatype="e", at="1:18", qualified="General.Div")),
    # In a `fun ... and ...` group, the annotations of every function are
    # known before any body is checked: a bad call made in an earlier
    # function is reported at that call, not at the later callee's
    # annotated parameter (or result) as a mismatch with the call's types.
    ("mutual_parameter_annotation",
     'fun f x = g (x, "one") + 1\nand g (n : int, m : int) = n + m', E, 1, 17,
     C.ARG_MISMATCH.format(actual="string", fn="'g'", expected="int"), "'g' has type int * int -> 'a"),
    ("mutual_result_annotation",
     "fun f x = size (g x)\nand g x : int = x + 1", E, 1, 16,
     C.ARG_MISMATCH.format(actual="int", fn="'size'", expected="string"), None),
    ("mutual_curried_parameter_annotation",
     "fun f x = g x true\nand g (a : int) (b : string) = a + size b", E, 1, 15,
     C.ARG_MISMATCH.format(actual="bool", fn="the function", expected="string"), None),
    # staged: a generator `and` a helper; the code variable is passed where
    # the helper's annotation asks for a generator
    ("mutual_generator_gets_code_variable",
     "fun power n : [int] = if n = 0 then code 1 else let cogen c = power (n - 1) in double c end\n"
     "and double (g : [int]) : [int] = let cogen x = g in code (x * 2) end", E, 1, 87,
     C.ARG_MISMATCH.format(actual="int", fn="'double'", expected="[int]"),
     C.CODE_VAR_NOT_GENERATOR.format(name="c", type="int")),
    # types that differ by the box alone: a `code` or an `eval` left out
    ("code_left_out_of_a_clause",
     "fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) =\n"
     "      let cogen f = compPoly p cogen a' = lift a in (fn x => a' + (x * f x)) end", E, 3, 7,
     C.CLAUSE_BODY.format(actual="int -> int", expected="[int -> int]"), C.CODE_MISSING.format(type="int -> int")),
    ("code_left_out_of_a_base_case",
     "fun power e = if e = 0 then (fn _ => 1) else let cogen p = power (e - 1) in code (fn b => b * p b) end",
     E, 1, 15, C.CLAUSE_BODY.format(actual="'a -> int", expected="[int -> int]"),
     C.CODE_MISSING.format(type="'a -> int")),
    ("eval_left_out", "val g = code (fn x => x + 1)\nval r = map g [1, 2]", E, 2, 13,
     C.ARG_MISMATCH.format(actual="[int -> int]", fn="'map'", expected="'a -> 'b"),
     C.GENERATOR_NOT_VALUE.format(type="int -> int")),
    ("eval_left_out_of_a_val", "val n : int = lift 3", E, 1, 15,
     C.VAL_MISMATCH.format(actual="[int]", expected="int"), C.GENERATOR_NOT_VALUE.format(type="int")),
    # a function returning a generator where a generator is expected: its
    # argument left out, or `eval f x` for `eval (f x)`
    ("eval_of_a_generator_function",
     "fun power e = if e = 0 then code (fn _ => 1) else let cogen p = power (e - 1) in code (fn b => b * p b) end\n"
     "val c = eval power 3", E, 2, 14,
     C.ARG_MISMATCH.format(actual="int -> [int -> int]", fn="'eval'", expected="['a]"),
     C.EVAL_PARENTHESES.format(fn="power", call="eval (power 3)")),
    ("eval_of_a_generator_function_alone",
     "fun power e = if e = 0 then code (fn _ => 1) else let cogen p = power (e - 1) in code (fn b => b * p b) end\n"
     "val c = eval power", E, 2, 14,
     C.ARG_MISMATCH.format(actual="int -> [int -> int]", fn="'eval'", expected="['a]"), C.GENERATOR_FUNCTION),
    ("cogen_of_a_generator_function", "fun g (h : int -> [int]) = let cogen u = h in u end", E, 1, 42,
     C.COGEN_NOT_GENERATOR.format(actual="int -> [int]"), C.GENERATOR_FUNCTION),
    ("lift_misuse", "val g = lift 3\nval n = g + 1", E, 2, 9,
     C.OVERLOAD_MISMATCH.format(op="+", type="[int]", allowed="int and word"), None),
    # ---- equality
    ("eq_functions", "val b = (fn x => x + 1) = (fn x => x)", E, 1, 9,
     C.NOT_EQUALITY.format(type="int -> int", reason="functions cannot be compared"), None),
    ("eq_function_param", "fun same (f : int -> int, g) = f = g", E, 1, 32,
     C.NOT_EQUALITY.format(type="int -> int", reason="functions cannot be compared"), None),
    ("eq_generators", "val b = (lift 1) = (code 1)", E, 1, 9,
     C.NOT_EQUALITY.format(type="[int]", reason="generators [t] cannot be compared"), None),
    # the constructor that keeps it from equality named (was "values of type t cannot be compared")
    ("eq_datatype_with_fn", "datatype t = F of int -> int\nfun eq (a : t, b) = a = b", E, 2, 21,
     C.NOT_EQUALITY.format(type="t", reason="its constructor F holds a function"), None),
    ("eq_datatype_holding_one", "datatype s = A | F of (int * [int]) list\ndatatype u = U of s | V\n"
     "fun eq (a : u, b) = a = b", E, 3, 21, C.NOT_EQUALITY.format(type="u", reason="its constructor U holds a value of type s"),
     None),
    ("eq_datatype_with_generator", "datatype g = G of int * [int]\nval b = G (1, lift 1) = G (1, lift 1)", E, 2, 9,
     C.NOT_EQUALITY.format(type="g", reason="its constructor G holds a generator [t]"), None),
    # a ref or an array of functions admits equality: the constructor named
    # is the one that does not (was R, which holds a ref of a function)
    ("eq_datatype_ref_then_fn", "datatype t = R of (int -> int) ref | A of (bool -> bool) array * int"
     " | F of int -> int\nval r = R (ref (fn x => x))\nval b = r = r", E, 3, 9,
     C.NOT_EQUALITY.format(type="t", reason="its constructor F holds a function"), None),
    ("eq_rigid", "fun eq (x : 'a, y) = x = y", E, 1, 22, "type 'a does not admit equality", None),
    ("eq_exn", "val b = Div = Div", E, 1, 9, "type exn does not admit equality", None),
    ("eq_vector_of_functions", "val v = Vector.fromList [fn x => x + 1]\nval b = v = v", E, 2, 9,
     C.NOT_EQUALITY.format(type="(int -> int) vector", reason="functions cannot be compared"), None),
    # ---- constructors and patterns
    ("con_no_arg_exp", "val x = NONE 3", E, 1, 9, C.CON_NO_ARG.format(name="NONE"), None),
    ("con_no_arg_pat", "fun f (NONE x) = x", E, 1, 7, C.CON_NO_ARG.format(name="NONE"), None),
    # an exception declared without an argument, given one: was "constructor
    # 'NotFound' takes no argument", without saying how to give it one
    ("exn_no_arg_exp", "exception NotFound\nfun find [] = raise NotFound \"missing\"", E, 2, 21,
     C.EXN_NO_ARG.format(name="NotFound"), C.EXN_NO_ARG_NOTE.format(name="NotFound", at="1:11", type="string")),
    ("exn_no_arg_pat", "exception NotFound\nval x = (raise NotFound) handle NotFound m => m", E, 2, 33,
     C.EXN_NO_ARG.format(name="NotFound"), C.EXN_NO_ARG_NOTE.format(name="NotFound", at="1:11", type="t")),
    ("basis_exn_no_arg", "val y = Empty 3", E, 1, 9, C.EXN_NO_ARG.format(name="Empty"), None),
    ("con_needs_arg_pat", "fun f SOME = 1", E, 1, 7, C.CON_NEEDS_ARG.format(name="SOME"), None),
    ("dup_pattern_var", "fun f (x, x) = x", E, 1, 11, C.DUPLICATE_PATTERN_VAR.format(name="x"), None),
    ("dup_constructor", "datatype color = Red | Green | Red", E, 1, 32,
     C.DUPLICATE_CONSTRUCTOR.format(name="Red"), None),
    ("dup_val_and", "val x = 1 and x = 2", E, 1, 15, C.DUPLICATE_BINDING.format(name="x"), None),
    ("dup_fun_and", "fun f x = x and f y = y", E, 1, 17, C.DUPLICATE_BINDING.format(name="f"), None),
    ("not_a_constructor", "fun f (print x) = x", E, 1, 7, C.NOT_A_CONSTRUCTOR.format(name="print"), None),
    ("val_rec_not_fn", "val rec x = 3", E, 1, 13, C.VAL_REC_NOT_FN, None),
    # ---- overloading
    ("overload_string", 'val s = "a" + "b"', E, 1, 9,
     C.OVERLOAD_MISMATCH.format(op="+", type="string", allowed="int and word"), None),
    ("overload_abs_word", "val w = abs 0w1", E, 1, 13, C.OVERLOAD_MISMATCH.format(op="abs", type="word", allowed="int"), None),
    ("overload_bool_lt", "val b = true < false", E, 1, 9,
     C.OVERLOAD_MISMATCH.format(op="<", type="bool", allowed="int, word, string and char"), None),
    ("overload_rigid", "fun f (x : 'a) = x + x", E, 1, 18, "'+' cannot be used at type 'a", None),
    ("overload_fixed_by_earlier_use", "fun sq x = x * x\nval a = sq 2\nval b = sq 0w2", E, 3, 12,
     C.ARG_MISMATCH.format(actual="word", fn="'sq'", expected="int"), None),
    ("overload_defaulted_at_semicolon", "fun sq x = x * x;\nval w = sq 0w3", E, 2, 12,
     C.ARG_MISMATCH.format(actual="word", fn="'sq'", expected="int"), None),
    ("word_andb_int", "val w = Word.andb (1, 2)", E, 1, 20,
     C.ARG_MISMATCH.format(actual="int", fn="'Word.andb'", expected="word"), None),
    # ---- match warnings
    ("nonexhaustive_option_list", "fun f xs = case xs of [] => 0 | NONE :: _ => 1", W, 1, 12,
     C.MATCH_NONEXHAUSTIVE.format(example="SOME _ :: _"), None),
    ("nonexhaustive_fn", "val f = fn SOME x => x", W, 1, 9, C.MATCH_NONEXHAUSTIVE.format(example="NONE"), None),
    # where an expression begins, `lift x` is the construct even with a value `lift` in scope
    ("staging_word_bound", 'fun lift s = print s\nval _ = lift "hi"', W, 2, 9,
     C.STAGING_WORD_BOUND.format(name="lift"), C.STAGING_WORD_BOUND_NOTE.format(name="lift", line=1, col=5)),
    ("staging_word_bound_exn", "exception code of int\nval x = code 5", W, 2, 9,
     C.STAGING_WORD_BOUND.format(name="code"), C.STAGING_WORD_BOUND_NOTE.format(name="code", line=1, col=11)),
    ("nonexhaustive_fun", "fun f [] = 0\n  | f [x] = x", W, 1, 5, C.MATCH_NONEXHAUSTIVE.format(example="_ :: _ :: _"), None),
    ("nonexhaustive_int", "fun g 0 = 1 | g 1 = 2", W, 1, 5, C.MATCH_NONEXHAUSTIVE.format(example="2"), None),
    ("nonexhaustive_string", 'fun g "" = 1', W, 1, 5, C.MATCH_NONEXHAUSTIVE.format(example='"a"'), None),
    ("nonexhaustive_bool_tuple", "fun h (true, false) = 1\n  | h (false, _) = 2", W, 1, 5,
     C.MATCH_NONEXHAUSTIVE.format(example="(true, true)"), None),
    ("nonexhaustive_curried", "fun z [] [] = 0\n  | z (_ :: _) _ = 1", W, 1, 5,
     C.MATCH_NONEXHAUSTIVE.format(example="[] (_ :: _)"), None),
    ("nonexhaustive_nested", "datatype t = A | B of t option\nfun f (B (SOME A)) = 1\n  | f A = 2\n  | f (B NONE) = 3",
     W, 2, 5, C.MATCH_NONEXHAUSTIVE.format(example="B (SOME (B _))"), None),
    ("nonexhaustive_val", "val (h :: _) = [1, 2]", W, 1, 5, C.BINDING_NONEXHAUSTIVE.format(example="[]"), None),
    ("redundant_case", "fun f x = case x of _ => 1 | 0 => 2", W, 1, 30, C.REDUNDANT_CLAUSE, None),
    ("redundant_fun", "fun f NONE = 0\n  | f (SOME _) = 1\n  | f (SOME 3) = 2", W, 3, 5, C.REDUNDANT_CLAUSE, None),
    ("redundant_handler", "val x = 1 handle _ => 2 | Div => 3", W, 1, 27, C.REDUNDANT_CLAUSE, None),
    # ---- the value restriction leaves a top-level type undetermined (as Poly/ML warns)
    ("free_tyvar", "val x = rev []", W, 1, 5, C.FREE_TYVAR.format(name="x", type="'_a list"),
     "annotate it: val x : ... = ..."),
    ("free_tyvar_in_pattern", "val (n, r) = (1, ref NONE)", W, 1, 9,
     C.FREE_TYVAR.format(name="r", type="'_a option ref"), None),
    # `lift e` is expansive, `code e` a value: the note lists `code` among the
    # values (it said "fn, constructor, constant", leaving a stager to wonder)
    ("free_tyvar_lift", "val g = lift NONE", W, 1, 5, C.FREE_TYVAR.format(name="g", type="['_a option]"),
     "not a value (fn, code, constructor, constant)"),
    # a `fun` or `fn` is generalised: what keeps it from being polymorphic
    # is elsewhere (the note blamed the value restriction on its expression)
    ("free_tyvar_in_a_selectors_tuple", 'fun f p = #1 p\nval y = f (raise Fail "", 2)', W, 1, 5,
     C.FREE_TYVAR.format(name="f", type="'_a * int -> '_a"),
     C.FREE_TYVAR_SELECTOR_NOTE.format(var="'_a", selector="#1", at="1:11")),
    ("free_tyvar_of_a_fn_through_a_selector", 'fun f p = #1 p\nval g = fn () => f (raise Fail "", 2)', W, 2, 5,
     C.FREE_TYVAR.format(name="g", type="unit -> '_a"),
     C.FREE_TYVAR_SELECTOR_NOTE.format(var="'_a", selector="#1", at="1:11")),
    ("free_tyvar_shared_with_a_weak_value", "val r = ref []\nfun f () = !r", W, 2, 5,
     C.FREE_TYVAR.format(name="f", type="unit -> '_a list"), C.FREE_TYVAR_SHARED_NOTE.format(var="'_a", other="r")),
    ("free_tyvar_of_an_application_through_a_selector", 'fun f p = #1 p\nval y = f (raise Fail "", 2)', W, 2, 5,
     C.FREE_TYVAR.format(name="y", type="'_a"), C.FREE_TYVAR_NOTE.format(name="y")),
    # a later use at another type: the `_a` it expects is named, with where
    # it comes from (the error alone said "'f' expects _a")
    ("monotype_of_a_selectors_tuple_used_later", 'fun f p = #1 p\nval y = f (raise Fail "", 2);\nval z = f ("s", 3)',
     E, 3, 12, C.ARG_MISMATCH.format(actual="string", fn="'f'", expected="_a"),
     C.MONOTYPE_NOTE.format(type="_a", name="f", at="1:5")),
    ("monotype_of_a_ref", "val r = ref [];\nval _ = r := [1]", E, 2, 14,
     "this operand of ':=' has type int list but _a list is expected",
     C.MONOTYPE_NOTE.format(type="_a", name="r", at="1:5")),
    # a list conversion the Basis lacks: the nearest name was its inverse
    ("vector_to_list", "val l = Vector.toList (Vector.fromList [1, 2])", E, 1, 9,
     "unbound variable or constructor 'Vector.toList'",
     C.LIST_CONVERSION_NOTE.format(name="Vector.toList", instead="Vector.foldr (op ::) [] v")),
    ("string_to_list", 'val l = String.toList "ab"', E, 1, 9, "unbound variable or constructor 'String.toList'",
     C.LIST_CONVERSION_NOTE.format(name="String.toList", instead="String.explode s")),
    # ---- session 26: the mistakes people make, with what would fix them
    # a curried function given a tuple, its parameter an operand of `+`: the
    # argument is wrong, not `+` (said "'+' cannot be used at type int * int")
    ("curried_given_tuple_overloaded", "fun add a b = a + b\nval z = add (1, 2)", E, 2, 13,
     C.ARG_MISMATCH.format(actual="int * int", fn="'add'", expected="int"), "it is curried"),
    ("overload_at_explicit_tyvar", "fun f (x : 'a) = x + 1", E, 1, 18,
     C.OVERLOAD_MISMATCH.format(op="+", type="'a", allowed="int and word"), C.RIGID_NOTE.format(var="'a")),
    ("operator_as_argument_without_op", "val s = foldl + 0 [1, 2]", E, 1, 9, "'+' cannot be used at type",
     C.OPERATOR_AS_ARGUMENT_NOTE.format(op="+", fn="foldl")),
    ("selector_past_the_end_says_why", "val x = #3 (1, 2)", E, 1, 12, "'#3' expects",
     "is a tuple of at least 3 components (#3 selects component 3); int * int has 2"),
    ("selector_of_a_non_tuple_says_why", 'val x = #1 "ab"', E, 1, 12, "'#1' expects", "string is not a tuple"),
    # a misspelt constructor in a pattern is a variable: the clause after it
    # is redundant, and the note names the variable
    ("misspelt_constructor_in_pattern", "datatype c = Red | Green | Blue\n"
     "fun name Red = 1 | name Gren = 2 | name Blue = 3", W, 2, 36, C.REDUNDANT_CLAUSE,
     C.VARIABLE_NOT_CONSTRUCTOR_NOTE.format(name="Gren", at="2:25", con="Green")),
    ("misspelt_constructor_under_ref", "datatype c = Red | Green\n"
     "fun get (ref Red) = 1 | get (ref Gren) = 2 | get (ref Green) = 3", W, 2, 46, C.REDUNDANT_CLAUSE,
     C.VARIABLE_NOT_CONSTRUCTOR_NOTE.format(name="Gren", at="2:34", con="Green")),
    ("constructor_in_lower_case_in_pattern", "fun f nONE = 0 | f (SOME x) = x", W, 1, 18, C.REDUNDANT_CLAUSE,
     C.VARIABLE_NOT_CONSTRUCTOR_NOTE.format(name="nONE", at="1:7", con="NONE")),
    ("constructor_case_slip", "val x = SOMe 3", E, 1, 9, C.UNBOUND_VARIABLE.format(name="SOMe"),
     C.DID_YOU_MEAN.format(name="SOME")),
    ("val_with_arguments", "val f x = x + 1", E, 1, 5, C.UNBOUND_CONSTRUCTOR.format(name="f"),
     C.VAL_WITH_ARGUMENTS_NOTE.format(name="f")),
    ("val_with_misspelt_constructor", "val SOMe y = SOME 3", E, 1, 5, C.UNBOUND_CONSTRUCTOR.format(name="SOMe"),
     C.DID_YOU_MEAN.format(name="SOME")),
    ("datatype_parameter_missing", "datatype t = T of 'a", E, 1, 19, C.UNBOUND_TYVAR.format(name="'a"),
     C.TYPE_PARAMETER_NOTE.format(name="'a")),
    ("generator_as_operand", "val c = code 1\nval d = c + 1", E, 2, 9,
     C.OVERLOAD_MISMATCH.format(op="+", type="[int]", allowed="int and word"),
     C.GENERATOR_NOT_VALUE.format(type="int")),
    ("fn_with_two_arguments", "val f = fn x y => x + y", E, 1, 12, C.UNBOUND_CONSTRUCTOR.format(name="x"),
     C.FN_WITH_ARGUMENTS_NOTE.format(name="x")),
    ("one_argument_too_many", "fun inc x = x + 1\nval z = inc 1 2", E, 2, 9,
     C.NOT_A_FUNCTION.format(actual="int"), C.TOO_MANY_ARGUMENTS_NOTE.format(name="inc", takes=1, s="", given=2)),
    ("function_argument_without_parentheses", "val _ = print Int.toString 3", E, 1, 9,
     C.NOT_A_FUNCTION.format(actual="unit"), C.GROUPING_NOTE[2:]),
    ("used_before_declared", "fun even 0 = true | even n = odd (n - 1)\nfun odd 0 = false | odd n = even (n - 1)",
     E, 1, 30, C.UNBOUND_VARIABLE.format(name="odd"), C.DECLARED_LATER_NOTE.format(name="odd", at="2:5")),
    ("exception_not_polymorphic", "exception E of 'a list", E, 1, 16, C.UNBOUND_TYVAR.format(name="'a"),
     C.EXCEPTION_TYVAR_NOTE),
    # session 27: a 0 written against a name, looking like a hex or word literal
    ("hex_without_digits", "val n = 0xZZ", E, 1, 9, C.GLUED_LITERAL.format(zero="0", name="xZZ"), C.GLUED_HEX_NOTE),
    ("word_without_digits", "val w = 0w", E, 1, 9, C.GLUED_LITERAL.format(zero="0", name="w"), C.GLUED_WORD_NOTE),
    ("negative_word", "val w = ~0w1", E, 1, 9, C.GLUED_LITERAL.format(zero="~0", name="w1"),
     C.GLUED_SIGNED_WORD_NOTE),
]


def diagnostics_of(program: str):
    return check_program(parse_program(program)).diagnostics


@pytest.mark.parametrize("name,program,severity,line,col,fragment,note",
                         CASES, ids=[c[0] for c in CASES])
def test_reported_at_exact_position(name, program, severity, line, col, fragment, note):
    diags = diagnostics_of(program)
    found = [d for d in diags if d.severity == severity and (d.span.line, d.span.col) == (line, col)
             and fragment in d.message]
    assert found, f"no {severity} '{fragment}' at {line}:{col}; got " + repr(
        [(d.severity, d.span.line, d.span.col, d.message) for d in diags])
    if note is not None:
        assert any(note in n for n in found[0].notes), found[0].notes


def test_there_are_at_least_forty_ill_typed_programs():
    assert sum(1 for c in CASES if c[2] == E) >= 40


@pytest.mark.parametrize("name,program", [(c[0], c[1]) for c in CASES if c[2] == E],
                         ids=[c[0] for c in CASES if c[2] == E])
def test_first_error_is_the_expected_one(name, program):
    """The intended error comes first: no spurious earlier error."""
    case = next(c for c in CASES if c[0] == name)
    errors = [d for d in diagnostics_of(program) if d.severity == "error"]
    if name == "recovers_next_dec":
        assert len(errors) == 2  # both declarations are reported
        return
    assert (errors[0].span.line, errors[0].span.col) == (case[3], case[4])


@pytest.mark.parametrize("program", [
    "val r = ref []\nval _ = r := [1]",  # a later declaration determines it
    "val e = []\nval f = fn x => x\nval n = 1 + 2",  # values, and an overloaded type defaulted
    "val _ = rev []",  # nothing bound
    "val x = rev []\nval y = x + 1",  # an error: no warning on top of it
])
def test_no_free_type_variable_warning(program):
    assert not any("free type variable" in d.message for d in diagnostics_of(program))


def test_an_escaping_type_variable_is_reported_once():
    errors = [d for d in diagnostics_of("val f = fn x => let val y : 'a = x in y end") if d.severity == E]
    assert len(errors) == 1, errors


@pytest.mark.parametrize("program", [
    "val g : 'b -> 'a = fn x => x\nval z = g 1 + 1",
    "fun f y = let val g : 'b -> 'a = fn x => x in g y end",
    "val (x : 'a) = 3\nval y = x + 1",
    "val r : 'a list ref = ref [1]\nval _ = r := [2]",
])
def test_a_value_against_its_annotation_is_one_error(program):
    # the names keep the annotated type, its explicit type variables
    # generalised as usual: their uses are not errors again
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert len(errors) == 1 and errors[0].message.startswith("this expression has type"), errors


@pytest.mark.parametrize("program", [
    "fun f x = let datatype s = S in S end",
    "val f = fn x => let datatype s = S in S end",
    "fun f x = if x then let datatype s = S in [S] end else []",
])
def test_a_datatype_escaping_its_let_is_one_error(program):
    # not also one where the let's type meets the function's result, made before the datatype
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert [d.message for d in errors] == [C.LOCAL_TYPE_ESCAPE.format(
        name="s", type="s list" if "[S]" in program else "s")], errors


@pytest.mark.parametrize("program, message", [
    ("fun f (x : int) : string = x", C.RESULT_ANNOTATION_MISMATCH.format(actual="int", expected="string")),
    # an annotation that disagrees with an earlier clause: one error, against that clause's result
    ('fun g 0 : int = 1 | g n : string = "a"', C.CLAUSE_BODY.format(actual="string", expected="int")),
])
def test_a_body_against_its_result_annotation_is_one_error(program, message):
    # it was also reported against the function's result type, which the
    # annotation had fixed: the same mistake twice, at the same place
    errors = [d.message for d in diagnostics_of(program) if d.severity == E]
    assert errors == [message]


def test_raising_an_exception_constructor_without_its_value_says_what_it_carries():
    [error] = diagnostics_of("exception E of int * string\nfun f () = raise E")
    assert error.message == C.RAISE_NOT_EXN.format(actual="int * string -> exn")
    assert list(error.notes) == [C.RAISE_CONSTRUCTOR_NOTE.format(name="E", arg="int * string")]
    # a function returning an exception is not a constructor: no such note
    [error] = diagnostics_of("fun g (n : int) = Div\nfun f () = raise g")
    assert not error.notes


def test_a_repl_input_leaves_weak_types_to_the_next_input():
    first = check_program(parse_program("val r = ref []"))
    assert [d.message for d in first.diagnostics if "free type variable" in d.message]
    repl_input = check_program(parse_program("val s = ref []"), env=first.env)
    assert not repl_input.diagnostics


def test_unbound_names_get_suggestions_only_where_they_help_and_only_the_first_few():
    (d,) = diagnostics_of("val x = zzz")
    assert d.notes == ()  # nothing near it, not qualified
    many = "\n".join(f"val v{i} = lenght" for i in range(C.MAX_SUGGESTIONS + 5))
    notes = [d.notes for d in diagnostics_of(many)]
    assert notes == [(C.DID_YOU_MEAN.format(name="length"),)] * C.MAX_SUGGESTIONS + [()] * 5


def test_handlers_never_warn_nonexhaustive():
    assert diagnostics_of("val x = 1 handle Div => 2") == []


def test_full_staging_error_text():
    diags = diagnostics_of("fun f x =\n  let val a = x + 1\n  in code (fn y => y + a) end")
    (d,) = diags
    assert (d.span.line, d.span.col) == (3, 24)
    assert d.message == "value variable 'a' cannot be used inside 'code'"
    assert d.notes == (
        "'a' is bound at 2:11 outside the enclosing 'code' (at 3:6); only code variables and "
        "top-level values may appear inside code",
        "to use its value in generated code, bind a code variable: cogen a' = lift a",
    )


def test_staging_error_once_per_variable_and_code():
    """Three uses of x under one `code`: one error at the first, with a note
    giving the others."""
    (d,) = diagnostics_of("fun f x = code (x + x * x)")
    assert (d.span.line, d.span.col) == (1, 17)
    assert d.notes[-1] == C.STAGING_MORE_USES_NOTE.format(name="x", count=2, places="1:21, 1:25")


@pytest.mark.parametrize("program, word", [('fun lift s = print s\nval _ = lift "hi"', "lift"),
                                           ("exception code of int\nval x = code 5", "code")])
def test_a_staging_word_bound_as_a_value_is_underlined_alone(program, word):
    """The warning's span is the keyword itself, not the construct it starts."""
    [warning] = [d for d in diagnostics_of(program) if d.severity == W]
    assert warning.message == C.STAGING_WORD_BOUND.format(name=word)
    assert (warning.span.line, warning.span.col, warning.span.end_line, warning.span.end_col) == (2, 9, 2, 9 + len(word))


COMP_POLY = ("fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) =\n"
             "      let cogen f = compPoly p cogen a' = lift a in code (fn x => a' + (x * f x)) end\n")


@pytest.mark.parametrize("program,fix", [
    # a generator called inside `code` on a value of the earlier stage:
    # lifting the value type-checks but generates the code each time the
    # generated code runs; the fix is to make the call before the `code`
    ("fun mk p = code (fn x => eval (compPoly p) x)",
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="compPoly p", code="4:12", u="f", use="eval (compPoly p)")),
    # f is taken inside the `code`: the note's code variable is another name
    ("fun mk p = code (fn f => eval (compPoly p) f)",
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="compPoly p", code="4:12", u="g", use="eval (compPoly p)")),
    ("fun mk p = code (fn x => let cogen g = compPoly p in g x end)",
     C.STAGING_COGEN_OUTSIDE_FIX.format(call="compPoly p", u="g", code="4:12")),
    # the function itself bound outside the `code`: both errors get the call's fix
    ("fun mk p = let fun gen q = compPoly q in code (fn x => eval (gen p) x) end",
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="gen p", code="4:42", u="f", use="eval (gen p)")),
    # the call depends on x, bound inside the `code`: it cannot move out
    ("fun mk p = code (fn x => eval (compPoly (x :: p)) x)", C.STAGING_LIFT_FIX.format(name="p")),
    # a generator the generated code returns (a later stage's): lift is right
    ("fun mk p = code (fn x => compPoly p)", C.STAGING_LIFT_FIX.format(name="p")),
    ("fun mk p = code (fn x => x + length p)", C.STAGING_LIFT_FIX.format(name="p")),
    # a generator passed to a generating call: the call is made before the
    # `code` too (`cogen c' = c` would give the call a code variable where
    # it takes a generator)
    ("fun twice (u : [int -> int]) = let cogen u = u in code (fn x => u (u x)) end\n"
     "fun mk (c : [int -> int]) = code (fn x => eval (twice c) x)",
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="twice c", code="5:29", u="f", use="eval (twice c)")),
    # spliced where the generated code uses it: the cogen fix stands
    ("fun mk (c : [int -> int]) = code (fn x => c x)", C.STAGING_COGEN_FIX.format(name="c")),
    # a variable bound inside the call does not pin it
    ("fun mk p = code (fn x => eval (compPoly (map (fn y => y + 1) p)) x)",
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="compPoly (map (fn y => y + 1) p)", code="4:12", u="f",
                                           use="eval (compPoly (map (fn y => y + 1) p))")),
])
def test_a_generator_called_inside_code_is_to_be_called_before_it(program, fix):
    errors = [d for d in diagnostics_of(COMP_POLY + program) if d.severity == E]
    assert errors and all(d.notes[-1] == fix for d in errors), [d.notes for d in errors]


@pytest.mark.parametrize("program, line, col, fix", [
    # the generator's call applied as a function under `code`: was "the body
    # of this clause has type [int -> int] but the function returns int -> int"
    # (the `if` form) or an error there, and the staging error's fix, to lift n
    ("fun spower n = if n = 0 then code (fn x => 1)\n"
     "               else code (fn x => x * (spower (n - 1)) x)", 2, 48,
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="spower (n - 1)", code="2:21", u="f", use="spower (n - 1)")),
    ("fun spower 0 = code (fn x => 1)\n  | spower n = code (fn x => x * (spower (n - 1)) x)", 2, 43,
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="spower (n - 1)", code="2:16", u="f", use="spower (n - 1)")),
    # without a staging error, at the application
    ("fun spower 0 = code (fn x => 1)\n  | spower n = code (fn x => x * (spower 3) x)", 2, 34,
     C.STAGING_GENERATE_OUTSIDE_FIX.format(call="spower 3", code="2:16", u="f", use="spower 3")),
])
def test_a_generator_call_applied_under_code_is_one_error_moving_the_call_before_it(program, line, col, fix):
    [error] = diagnostics_of(program)
    assert (error.span.line, error.span.col, error.notes[-1]) == (line, col, fix)


def test_a_generator_call_on_a_variable_of_the_code_is_not_moved_before_it():
    [error] = diagnostics_of("fun spower 0 = code (fn x => 1)\n  | spower n = code (fn x => x * (spower x) x)")
    assert error.notes == (C.GENERATOR_APPLIED_EXP,)


def test_a_later_use_inside_a_generating_call_only_adds_to_the_first_report():
    """p used first alone, then inside `compPoly p` under the same `code`:
    the second use makes no report of its own, so the call's fix is for
    none (it was filed under the index of a report never made: the next
    diagnostic's, or past the end, an internal error)."""
    diagnostics = diagnostics_of(COMP_POLY + "fun mk p = code (fn x => (p; eval (compPoly p) x))\n"
                                 "val n : int = \"one\"")
    assert [(d.severity, d.span.line) for d in diagnostics] == [(E, 4), (E, 5)]
    assert diagnostics[0].notes[-2:] == (C.STAGING_LIFT_FIX.format(name="p"),
                                         C.STAGING_MORE_USES_NOTE.format(name="p", count=1, places="4:45"))
    assert not any("compPoly p" in note for note in diagnostics[1].notes)
    [alone] = diagnostics_of(COMP_POLY + "fun mk p = code (fn x => (p; eval (compPoly p) x))")
    assert alone.notes == diagnostics[0].notes


CODE_POWER = ("fun codePower e = if e = 0 then code (fn _ => 1) else let cogen p = codePower (e - 1) in "
              "code (fn b => b * (p b)) end\nfun power e b = if e = 0 then 1 else b * power (e - 1) b\n")


@pytest.mark.parametrize("program,note", [
    # the parentheses around the generator's call left out
    ("val c = eval codePower 3", C.EVAL_PARENTHESES.format(fn="codePower", call="eval (codePower 3)")),
    ("val n = eval codePower 3 2", C.EVAL_PARENTHESES.format(fn="codePower", call="eval (codePower 3) 2")),
    # eval for a call of a function that makes no code
    ("val n = eval power 3 2", C.EVAL_NOT_NEEDED.format(fn="power", call="power 3 2")),
])
def test_eval_of_a_function_applied_further_says_where_the_parentheses_go(program, note):
    (error,) = [d for d in diagnostics_of(CODE_POWER + program) if d.severity == E]
    assert note in error.notes, error.notes


def test_the_recursive_call_of_a_generator_inside_its_own_code():
    """compPoly written with its recursive call inside the `code`: the
    coefficient is to be lifted, the recursive call made before the `code`
    (the paper's compPoly)."""
    program = "fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) = code (fn x => a + x * eval (compPoly p) x)"
    a, p = diagnostics_of(program)
    assert a.notes[-1] == C.STAGING_LIFT_FIX.format(name="a")
    assert p.notes[-1] == C.STAGING_GENERATE_OUTSIDE_FIX.format(
        call="compPoly p", code="2:25", u="f", use="eval (compPoly p)")


@pytest.mark.parametrize("name,program", [
    # the tutorial's compPoly with `val` where `cogen` belongs
    ("f", "fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) =\n"
          "      let val f = compPoly p cogen a' = lift a in code (fn x => a' + (x * f x)) end"),
    ("g", "fun f (g : [int]) = code (g + 1)"),
    ("g", "fun f (g : [int -> int]) = code (fn x => g (g x))"),
    # the fix itself written inside the `code`: g was checked as the code it
    # splices, so `cogen` also said "needs a generator but this expression
    # has type int"
    ("g", "fun f (g : [int]) = code (let cogen m = g in m end)"),
    ("g", "fun f (g : [int -> int]) = code (fn x => let cogen m = g in m x + 1 end)"),
    # ... and where a generator is an argument (`eval g` under the `code`)
    ("g", "fun f (g : [int]) = code (eval g)"),
    ("g", "fun f (g : [int -> int]) = code (fn x => eval g x)"),
])
def test_a_generator_under_code_is_one_error_not_two(name, program):
    # the generator was also reported where its use needs the code it
    # generates (applied: "not a function"; an operand of '+': "cannot be
    # used at type [int]"), which the staging error's fix already mends
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert [d.message for d in errors] == [C.STAGING_VARIABLE.format(name=name)]
    assert C.STAGING_COGEN_FIX.format(name=name) in errors[0].notes


@pytest.mark.parametrize("program", [
    'val g : [int -> int] = "s"',  # a generator, but not of a string
    "val n : int = lift true",  # a generator, but not of an int
    "val k = let cogen v = lift 3 in eval v end",  # the code variable's own note says it
    "val x = eval (fn y => y + 1)",  # ['a], a generator of anything: no shape to compare
])
def test_no_box_note_where_the_box_is_not_the_only_difference(program):
    [error] = [d for d in diagnostics_of(program) if d.severity == E]
    assert not any("'code (...)'" in n or "'eval (...)'" in n or "returning a generator" in n
                   for n in error.notes), error.notes


def test_staging_error_for_each_code_crossed():
    diags = diagnostics_of("fun g x = (code x, code (x, x))")
    assert [(d.span.col, d.message) for d in diags] == [
        (17, C.STAGING_VARIABLE.format(name="x")), (26, C.STAGING_VARIABLE.format(name="x"))]
    assert not any("more time" in n for n in diags[0].notes)
    assert diags[1].notes[-1] == C.STAGING_MORE_USES_NOTE.format(name="x", count=1, places="1:29")


def test_staging_error_once_per_local_exception_and_code():
    (d,) = diagnostics_of("fun h () = let exception E in code (E; raise E) end")
    assert d.message == C.STAGING_EXCEPTION.format(name="E")
    assert d.notes[-1] == C.STAGING_MORE_USES_NOTE.format(name="E", count=1, places="1:46")


def test_staging_error_on_a_replicated_exception_points_at_the_replica_and_the_original():
    # `exception F = E` makes F the same (local) exception as E: the note
    # says where F is bound, then which declaration it stands for
    (d,) = diagnostics_of("fun f () =\n  let exception E of int\n      exception F = E\n  in code (raise F 1) end")
    assert d.message == C.STAGING_EXCEPTION.format(name="F")
    assert d.notes == (
        C.STAGING_BOUND_NOTE.format(name="F", bound="3:17", code="4:6"),
        C.STAGING_REPLICA_NOTE.format(name="F", original="E", bound="2:17"),
        C.STAGING_EXCEPTION_FIX,
    )


@pytest.mark.parametrize("program", [
    "fun f x = g x\nand g (x : tree) = 1",
    "fun f x = g x\nand g (x : int, y : tree) : tree = y",
    "fun f (x : tree) = 1",
])
def test_an_annotation_of_a_fun_group_is_elaborated_once(program):
    # the annotations of a `fun ... and ...` group are elaborated before the
    # bodies and again where their patterns are checked: each error once
    errors = [d for d in diagnostics_of(program) if d.severity == "error"]
    unbound = [d for d in errors if C.UNBOUND_TYPE.format(name="tree") in d.message]
    assert len(unbound) == program.count("tree"), errors
    assert len(errors) == len(unbound), errors


def test_an_annotation_of_a_later_function_types_the_group():
    # well-typed groups get the same types as before: the annotations only
    # move where a mismatch is found
    program = ("fun even 0 = true | even n = odd (n - 1)\n"
               "and odd (n : int) : bool = n <> 0 andalso even (n - 1)\n"
               "fun pair x = both (x, x)\nand both (a : 'a, b : 'a) = [a, b]\n")
    result = check_program(parse_program(program))
    assert result.ok, result.diagnostics
    shown = {b.name: b.type for b in result.elaboration.toplevel}
    assert shown == {"even": "int -> bool", "odd": "int -> bool", "pair": "'a -> 'a list",
                     "both": "'a * 'a -> 'a list"}, shown


def test_a_function_returning_a_generator_given_to_cogen_is_not_told_to_lift_it():
    # `cogen u = lift h` would make u the function itself, not the code
    [error] = diagnostics_of("fun g (h : int -> [int]) = let cogen u = h in u end")
    assert error.notes == (C.GENERATOR_FUNCTION,)


# ---- learners' slips: one located error each, with a note that names the slip


def where(diags):
    return [(d.severity, d.span.line, d.span.col, d.message, d.notes) for d in diags]


@pytest.mark.parametrize("program, line, col, name", [
    # each was two errors: "int is not a function" at the left operand, then
    # the unbound operator, with no word about `=`
    ("val a = 1 == 2", 1, 11, "=="),
    ("fun f x = x\nval b = f 1 == f 2", 2, 13, "=="),
    ('fun f (s : string) = if s != "" then 1 else 2', 1, 27, "!="),
    ("val c = op ==", 1, 9, "=="),
])
def test_c_equality_operators_are_one_error_naming_sml_s(program, line, col, name):
    assert where(diagnostics_of(program)) == [
        ("error", line, col, C.UNBOUND_VARIABLE.format(name=name), (C.EQUALITY_SLIP_NOTE,))]


@pytest.mark.parametrize("program, col, name", [
    # `true && false` was three errors: true takes no argument, bool is
    # not a function, && unbound
    ("val b = true && false", 14, "&&"),
    ("val b = 1 < 2 || false", 15, "||"),
    ("val r = 7 % 2", 11, "%"),
])
def test_c_logical_and_remainder_operators_are_one_error_naming_sml_s(program, col, name):
    assert where(diagnostics_of(program)) == [
        ("error", 1, col, C.UNBOUND_VARIABLE.format(name=name), (C.OPERATOR_SLIPS[name],))]


@pytest.mark.parametrize("program, name, meant", [
    ("val t = tail [1, 2]", "tail", "tl"),
    ("val n = strlen \"x\"", "strlen", "size"),
    ("val m = max (1, 2)", "max", "Int.max"),
    ("val p = fst (1, 2)", "fst", "#1"),
    ("val n = String.length \"ab\"", "String.length", "String.size"),
    ("fun f x = if x then True else false", "True", "true"),
])
def test_another_language_s_name_for_a_basis_value_gets_sml_s(program, name, meant):
    [error] = diagnostics_of(program)
    assert (error.message, error.notes) == (C.UNBOUND_VARIABLE.format(name=name), (C.DID_YOU_MEAN.format(name=meant),))


@pytest.mark.parametrize("name, record", [
    ("Array.copy", "{src, dst, di}"), ("Array.copyVec", "{src, dst, di}"), ("ArraySlice.copy", "{src, dst, di}"),
    ("ArraySlice.copyVec", "{src, dst, di}"), ("Array2.copy", "{src, dst, dst_row, dst_col}"),
    ("Array2.appi", "{base, row, col, nrows, ncols}"), ("Array2.foldi", "{base, row, col, nrows, ncols}"),
    ("Array2.modifyi", "{base, row, col, nrows, ncols}"),
])
def test_a_basis_function_taking_a_record_says_so_and_how_to_loop(name, record):
    # ArraySlice.copy was "did you mean 'ArraySlice.app'?", Array2.appi
    # "did you mean 'Array2.app'?"
    [error] = diagnostics_of(f"val f = {name}")
    assert error.message == C.UNBOUND_VARIABLE.format(name=name)
    [note] = error.notes
    assert note.startswith(f"{name} takes a record {record}, and ML\u25a1 has no records")
    assert note.endswith(C.RECORD_ARGUMENT_FUNCTIONS[name][1])


# the loops the notes suggest, with the record's fields (and the function's
# other arguments) as variables: each must check
RECORD_LOOP_CONTEXTS = {
    "Array.copy": "fun loop (src : int array, dst : int array, di : int) = {loop}",
    "Array.copyVec": "fun loop (src : int vector, dst : int array, di : int) = {loop}",
    "ArraySlice.copy": "fun loop (src : int ArraySlice.slice, dst : int array, di : int) = {loop}",
    "ArraySlice.copyVec": "fun loop (src : int VectorSlice.slice, dst : int array, di : int) = {loop}",
    "Array2.copy": "fun loop (base : int Array2.array, row, col, nrows, ncols, dst, dst_row, dst_col) = {loop}",
    "Array2.appi": "fun loop (f : int * int * string -> unit) (base, row, col, nrows, ncols) = {loop}",
    "Array2.foldi": "fun loop (f : int * int * string * int -> int) init (base, row, col, nrows, ncols) = {loop}",
    "Array2.modifyi": "fun loop (f : int * int * string -> string) (base, row, col, nrows, ncols) = {loop}",
}


@pytest.mark.parametrize("name", sorted(C.RECORD_ARGUMENT_FUNCTIONS))
def test_the_loop_a_record_argument_note_suggests_checks(name):
    assert diagnostics_of(RECORD_LOOP_CONTEXTS[name].format(loop=C.RECORD_ARGUMENT_FUNCTIONS[name][1])) == []


def test_a_familiar_name_the_program_binds_is_its_own():
    assert diagnostics_of("fun head (x :: _) = x | head [] = 0\nval h = head [1]") == []


@pytest.mark.parametrize("program, note", [
    ("val _ = print 3", "Int.toString turns an int into a string: Int.toString 3"),
    ("val x = 5\nval _ = print (\"x = \" ^ x)", "Int.toString turns an int into a string: Int.toString x"),
    ("fun f (w : word) = chr w", "Word.toInt turns a word into an int: Word.toInt w"),
    ("fun f (c : char) = print c", "str turns a char into a string: str c"),
    ("fun f (s : string) = 1 + s", C.STRING_TO_INT_NOTE),
    ("val n = length \"abc\"", C.STRING_NOT_LIST_NOTE),
    ('val s = #"a" ^ "bc"', C.STRING_LITERAL_NOTE.format(c="a")),
    ('val l = [#"a", "b"]', C.CHAR_LITERAL_NOTE.format(c="b")),
    ('val s = "a" + "b"', C.STRING_PLUS_NOTE),
])
def test_a_value_of_another_base_type_gets_how_to_convert_or_write_it(program, note):
    [error] = diagnostics_of(program)
    assert error.notes[-1] == note


@pytest.mark.parametrize("program, note", [
    ("val l = [1, 2, 3]\nval x = l[0]", C.INDEXING_NOTE.format(name="l", sub="List.nth")),
    ("val a = Array.array (3, 0)\nval x = a[1]", C.INDEXING_NOTE.format(name="a", sub="Array.sub")),
    ('val s = "abc"\nval c = s[0]', C.INDEXING_NOTE.format(name="s", sub="String.sub")),
    # assigned to: was the note for reading it, Array.sub
    ("val a = Array.array (3, 0)\nval _ = a[1] := 5",
     C.INDEXED_ASSIGNMENT_NOTE.format(name="a", call="Array.update (a, 1, 5)")),
    ('val _ = print "n = " ^ Int.toString 3', C.APPLICATION_FIRST_NOTE.format(fn="print", op="^")),
    ("fun f () = 3\nval x : int = f", C.CALL_IT_NOTE.format(name="f")),
    ("val l = map (fn x => x + 1, [1, 2])", C.CURRIED_NOTE.format(fn="map", spaced="a b", args="a, b")),
    ("val s = foldl (op +, 0, [1, 2])", C.CURRIED_NOTE.format(fn="foldl", spaced="a b c", args="a, b, c")),
    ("fun add x y = x + y\nval z = add (1, 2)", C.CURRIED_NOTE.format(fn="add", spaced="a b", args="a, b")),
    ('val n = Int.fromString "3" + 1', C.OPTION_NOTE.format(type="int option")),
    ("val x = ref 0\nval _ = x := x + 1", C.REF_CONTENT_NOTE.format(name="x")),
    ("val r = ref 0\nval _ = print (Int.toString r)", C.REF_CONTENT_NOTE.format(name="r")),
    ('val s = "a" ++ "b"', C.OPERATOR_SLIPS["++"]),
    ("val x = 7 / 2", C.OPERATOR_SLIPS["/"]),
    ("val x = 2 ** 3", C.OPERATOR_SLIPS["**"]),
    ("val x = 2 ^ 3", C.POWER_NOTE),
    ("val l = [1, 2] @ 3", C.APPEND_ELEMENT_NOTE),
    ("val l = 3 @ [1]", C.APPEND_ELEMENT_NOTE),
    ("val l = 1 :: 2", C.CONS_LIST_NOTE),
    ('val s = "ab"\nval n = s.length', C.METHOD_NOTE.format(value="s", example="size s")),
    ("val l = [1]\nval n = l.length", C.METHOD_NOTE.format(value="l", example="length l")),
    ("val p = (1, 2)\nval n = p.x", C.METHOD_NOTE.format(value="p", example="f p")),
    ("fun f (x:xs) = x", C.COLON_FOR_CONS_NOTE.format(x="x", xs="xs")),
    ("val f = fn (h:t) => h", C.COLON_FOR_CONS_NOTE.format(x="h", xs="t")),
    ('fun f (n : int) = n\nval m = f (Int.fromString "3")', C.OPTION_NOTE.format(type="int option")),
    ('fun f () = "s"\nval _ = print f', C.CALL_IT_NOTE.format(name="f")),
])
def test_slips_from_other_languages_get_a_note_with_the_ml_way(program, note):
    [error] = diagnostics_of(program)
    assert error.notes[-1] == note


@pytest.mark.parametrize("program", [
    "val l = [1]\nval y = l [1, 2]",  # no index
    "fun f () = 3\nval x : string = f",  # its result is no string either
    "val u = ()\nval _ = u ^ \"a\"",  # no application
    "fun g (x : int) = x\nval _ = g (1, 2)",  # takes one argument
    "fun g (x : foo) = x",  # spaced: a type meant
    "fun g (x:foo list) = x",
    'val l = [1] @ ["a"]',  # two lists
    'val n = 5\nval s = n ^ "abc"',  # no power: an int to convert
])
def test_no_other_language_note_where_it_would_not_fix_it(program):
    [error] = diagnostics_of(program)
    assert not any("ML has no" in n or "calls it" in n or "binds tighter" in n or "curried" in n
                   or "head and tail" in n or "joins two lists" in n or "power" in n for n in error.notes)


@pytest.mark.parametrize("program", [
    'val x = if true then 1 else "a"',  # branches: nothing is handed on to convert
    'val n = 1 + "2"',  # a literal: its quotes are the slip
    "val b = 3 = 0w3",
])
def test_no_conversion_note_where_converting_is_not_the_fix(program):
    [error] = diagnostics_of(program)
    assert not any("turns" in n or "fromString" in n for n in error.notes)


@pytest.mark.parametrize("program", [
    "infix 4 ==\nfun a == b = a = b\nval t = 1 == 1",  # the program's own operators
    "val != = 3\nfun f x = x + 1\nval y = f !=",
])
def test_equality_operators_the_program_binds_are_left_alone(program):
    assert diagnostics_of(program) == []


def test_a_function_minus_a_number_says_ml_negates_with_tilde():
    program = "fun f x = x + 1\nfun g a b = a + b\nval y = f -1\nval z = g 2 -y"
    # was the overload error alone
    assert where(diagnostics_of(program)) == [
        ("error", 3, 9, C.OVERLOAD_MISMATCH.format(op="-", type="int -> int", allowed="int and word"),
         (C.MINUS_APPLIED_NOTE.format(fn="f", arg="1"),)),
        ("error", 4, 9, C.OVERLOAD_MISMATCH.format(op="-", type="int -> int", allowed="int and word"),
         (C.MINUS_APPLIED_NOTE.format(fn="g 2", arg="y"),))]


@pytest.mark.parametrize("program", [
    "fun f x = x + 1\nval y = f - 1",  # spaced as a subtraction: no guess about negation
    "fun f x = x + 1\nval y = (f) -(1, 2)",
])
def test_a_function_minus_something_else_has_no_negation_note(program):
    [error] = diagnostics_of(program)
    assert error.notes == ()


@pytest.mark.parametrize("program", ["val a = 5\nval y = a -1", "val a = 5\nval y = a - 1"])
def test_a_number_minus_a_number_is_fine(program):
    assert diagnostics_of(program) == []


@pytest.mark.parametrize("program, col, note", [
    # was a note to put 'code (...)' around the expression, which it is
    ("val g = (code 3 : [int])", 15, C.OPEN_ENDED_ANNOTATION_NOTE.format(word="code", e="3", type="[int]")),
    ("val g = (lift 3 : [int])", 15, C.OPEN_ENDED_ANNOTATION_NOTE.format(word="lift", e="3", type="[int]")),
    ("val g = (code (1 + 2) : [int])", 15, C.OPEN_ENDED_ANNOTATION_NOTE.format(word="code", e="e", type="[int]")),
    ("val f = (fn x => x + 1 : int -> int)", 18, C.FN_ANNOTATION_NOTE.format(type="int -> int")),
    # was a second error, at the last arm, against the annotated type
    ("val f = (fn 0 => 1 | _ => 2 : int -> int)", 27, C.FN_ANNOTATION_NOTE.format(type="int -> int")),
])
def test_an_annotation_inside_code_lift_or_fn_meant_for_the_whole_is_explained(program, col, note):
    [error] = diagnostics_of(program)
    assert (error.span.line, error.span.col) == (1, col)
    assert error.message.startswith(C.ANNOTATION_MISMATCH.split("{")[0])
    assert error.notes == (note,)


@pytest.mark.parametrize("program", [
    "val g = (code 3 : string)",  # not the type of a generator: not meant for the `code`
    'val f = (fn x => x + 1 : string)',
    "val g = code (3 : [int])",
])
def test_an_annotation_that_is_no_generator_or_function_type_gets_no_such_note(program):
    [error] = diagnostics_of(program)
    assert not any("extends as far right" in n for n in error.notes)


def test_well_typed_annotations_inside_code_lift_and_fn_are_unchanged():
    result = check_program(parse_program("val g = (code 3 : int)\nval f = (fn x => x : int)\n"
                                         "val h = (code 3) : [int]"))
    assert result.ok
    assert {b.name: b.type for b in result.elaboration.toplevel} == {"g": "[int]", "f": "int -> int", "h": "[int]"}


NESTED_CASE = """fun f (x, y) =
  case x of
    0 => case y of
           0 => "a"
         | _ => "b"
  | _ => {last}"""


def test_a_rule_swallowed_by_a_nested_case_is_noted_on_its_type_error():
    [error] = diagnostics_of(NESTED_CASE.format(last="3"))
    assert (error.span.line, error.span.col) == (6, 10)
    assert error.notes == (C.NESTED_CASE_NOTE.format(at="3:10"),)


def test_rules_swallowed_by_a_nested_case_are_noted_on_the_match_warnings():
    program = NESTED_CASE.format(last='"c"').replace('\n  | _', '\n  | 1 => "c"\n  | _')
    diags = diagnostics_of(program)
    assert [(d.span.line, d.span.col, d.message, d.notes) for d in diags] == [
        (2, 3, C.MATCH_NONEXHAUSTIVE.format(example="1"),
         (C.NESTED_CASE_OUTER_NOTE.format(at="3:10", rules="6:5, 7:5"),)),
        (6, 5, C.REDUNDANT_CLAUSE, (C.NESTED_CASE_NOTE.format(at="3:10"),)),
        (7, 5, C.REDUNDANT_CLAUSE, (C.NESTED_CASE_NOTE.format(at="3:10"),))]


@pytest.mark.parametrize("program", [
    # the rule is indented as the inner case's own
    'fun f (x, y) =\n  case x of\n    0 => case y of\n           0 => "a"\n         | _ => 3',
    # a case as the body of a one-rule fn: its rules are its own
    'val h = fn x => case x of 0 => 1\n  | _ => "two"',
    'fun k x =\n  case x of\n      0 => 1\n    | _ => "x"',
])
def test_no_nested_case_note_where_the_indentation_agrees(program):
    [error] = diagnostics_of(program)
    assert error.notes == ()


@pytest.mark.parametrize("program, keyword", [
    # was two errors, 'valu' and 'x' unbound, with no suggestion
    ("valu x = 3", "val"),
    ("val y = 1\nfunc f x = x + y", "fun"),
    ("datatyp t = A", "datatype"),
])
def test_a_misspelt_keyword_read_as_an_expression_is_one_error_with_the_keyword(program, keyword):
    from mlbox.parser import NOTE_MISSPELT_KEYWORD

    [error] = diagnostics_of(program)
    word = program.split("\n")[-1].split()[0]
    assert (error.span.col, error.message) == (1, C.UNBOUND_VARIABLE.format(name=word))
    assert error.notes == (NOTE_MISSPELT_KEYWORD.format(keyword=keyword),)


def test_misspelt_keywords_on_lines_in_a_row_are_one_error_each():
    # the `=` of `vall y = 2` has the slip of the line below as its operand:
    # was also "this operand of '=' has type int but bool is expected"
    errors = diagnostics_of("val x = 1\nvall y = 2\nvall z = 3\nvall q = 5\nval w = 4")
    assert [(e.span.line, e.message) for e in errors] == [
        (line, C.UNBOUND_VARIABLE.format(name="vall")) for line in (2, 3, 4)]


@pytest.mark.parametrize("program", [
    "fun value x = x\nvalue 3 = 3",  # a function of that name: an expression indeed
    "val x = 1\n  valu x = 3",  # not at the start of a line
])
def test_a_name_like_a_keyword_is_not_suggested_where_it_can_be_meant(program):
    assert not any("did you mean '" in n and "val'" in n for d in diagnostics_of(program) for n in d.notes)


@pytest.mark.parametrize("program, line, col, name", [
    # was three errors: "int is not a function" at the 1, and n unbound twice
    ("fun f 0 = 1\n  f n = n", 2, 3, "f"),
    ("fun f [] = 0\n  f (x :: xs) = 1 + f xs", 2, 3, "f"),
    ("fun g 0 = 1 + 2\n    g n = n", 2, 5, "g"),  # the `+`'s right operand is `2 g n`
    ("fun k 0 = true\n  | k 1 = false\n  k n = n > 2 andalso true", 3, 3, "k"),
])
def test_a_clause_without_its_bar_is_one_error(program, line, col, name):
    from mlbox.parser import NOTE_CLAUSE_WITHOUT_BAR

    assert where(diagnostics_of(program)) == [
        ("error", line, col, C.CLAUSE_WITHOUT_BAR.format(name=name), (NOTE_CLAUSE_WITHOUT_BAR,))]


def test_a_clause_without_its_bar_keeps_the_errors_before_it():
    diags = diagnostics_of('fun h 0 y = "a" + 1\n  h n y = y')
    assert [(d.span.line, d.span.col) for d in diags] == [(1, 13), (2, 3)]
    assert diags[0].message == C.OVERLOAD_MISMATCH.format(op="+", type="string", allowed="int and word")


def test_a_function_passed_to_itself_on_a_new_line_is_no_missing_bar():
    # the shape of a clause without its `|`, but well typed: `h g 0 = true`
    program = "fun h (f : int -> bool) (x : int) = f x\nfun g 0 = h\n  g 0 = true\n  | g n = false"
    assert diagnostics_of(program) == []


@pytest.mark.parametrize("program, col", [
    # was the unbound-variable error alone
    ("val fact = fn 0 => 1 | n => n * fact (n - 1)", 33),
    ("val g = let val h = fn x => h x in h end", 29),
    ("val f : int -> int = fn x => f x", 30),
])
def test_a_val_fn_that_calls_itself_is_told_about_rec(program, col):
    [error] = diagnostics_of(program)
    name = error.message.split("'")[1]
    assert error.span.col == col
    assert error.notes == (C.MISSING_REC_NOTE.format(name=name),)


@pytest.mark.parametrize("program", ["val k = k + 1", "val f = let val g = fn x => x in f end"])
def test_an_unbound_name_that_is_no_recursive_fn_gets_no_rec_note(program):
    assert all(not any("`val rec" in n for n in d.notes) for d in diagnostics_of(program))


@pytest.mark.parametrize("program, col, fn", [
    # was also "'a is not a function" at `f 1`, before this error
    ("fun f (x, y) = x + y\nval z = f 1 2", 11, "f"),
    ("val m = Int.max 1 2", 17, "Int.max"),
])
def test_a_tupled_function_applied_curried_is_one_error_with_a_note(program, col, fn):
    [error] = [d for d in diagnostics_of(program)]
    assert error.span.col == col
    assert error.notes[-1] == C.TUPLED_NOTE.format(fn=fn, n=2, args="a, b", spaced="a b")


@pytest.mark.parametrize("program, message, note", [
    # was "'f' expects 'a * 'a", "'f' has type 'a * 'a -> 'a": the overloading
    # is resolved after the error, and the default is what f gets
    ("fun f (x, y) = x + y\nval z = f 1", "this argument has type int but 'f' expects int * int",
     "'f' has type int * int -> int"),
    ("fun lt (x, y) = x < y\nval z = lt \"a\"", "this argument has type string but 'lt' expects int * int",
     "'lt' has type int * int -> bool"),
])
def test_an_overloaded_type_not_yet_resolved_shows_as_its_default(program, message, note):
    [error] = diagnostics_of(program)
    assert (error.message, error.notes) == (message, (note,))


@pytest.mark.parametrize("program", [
    "fun g (a : int, b : string) = a\nval p = (1, 2)\nval q = g p",
    # one argument, not curried ones: "not f a b" would describe another slip
    "fun f (x, y) = x + y\nval z = f 1",
])
def test_a_call_that_is_no_curried_call_gets_no_tupled_note(program):
    [error] = diagnostics_of(program)
    assert not any("takes one argument, a tuple" in n for n in error.notes)


@pytest.mark.parametrize("program, line, col", [
    ("val x = 3\nval _ = x := 4", 2, 9),
    ("val x = 3\nval y = !x + 1", 2, 10),
])
def test_assigning_or_reading_a_val_says_what_a_reference_is(program, line, col):
    [error] = diagnostics_of(program)
    assert (error.span.line, error.span.col) == (line, col)
    assert error.notes[-1] == C.NOT_A_REF_NOTE.format(name="x")


@pytest.mark.parametrize("program", ['val r = ref 0\nval _ = r := "a"', "val x = 3\nval t = !(x + 1)"])
def test_a_reference_of_the_wrong_type_gets_no_reference_note(program):
    assert all(not any("is not a reference" in n for n in d.notes) for d in diagnostics_of(program))


def test_a_selector_mismatch_is_the_only_error():
    # not also "cannot tell the width": the mismatch is why
    errors = [d for d in diagnostics_of("val x = #3 (1, 2)") if d.severity == "error"]
    assert len(errors) == 1, errors


@pytest.mark.parametrize("program, col, by", [
    ("fun fact n = if n = 0 then 1 else n * fact n - 1", 39, "1"),
    ("fun fact 0 = 1\n  | fact n = n * fact n - 1", 18, "1"),
    ("fun fib n = if n < 2 then n else fib n-1 + fib n-2", 34, "1"),
    ("fun f n = if n = 0 then 0 else f n * 2", 32, None),
])
def test_a_recursive_call_with_the_clause_s_own_number_is_warned_of(program, col, by):
    # a pure loop until the stack runs out; `fact n - 1` for `fact (n - 1)`
    # is the slip that makes it
    warning = [d for d in diagnostics_of(program) if d.severity == "warning"][0]
    name = program.split()[1]
    assert (warning.span.col, warning.message) == (col, C.SAME_ARGUMENT_CALL.format(f=name, n="n"))
    note = () if by is None else (C.SAME_ARGUMENT_NOTE.format(f=name, n="n", op="-", by=by),)
    assert warning.notes == note


@pytest.mark.parametrize("program", [
    "fun f n = if n = 0 then 0 else f (n - 1) + 1",  # a smaller argument
    "fun rep n = fn () => rep n",  # called later, if at all
    "fun g n = let val n = n - 1 in if n < 0 then 0 else g n + 1 end",  # another n
    "fun h (s : string) = if s = \"\" then 0 else size s + h s",  # not a number: may be a stream
    "fun k (n, m) = if n = 0 then m else k (n, m) + 1",  # (one argument, a tuple: left alone)
    "fun loop n = (print \"x\"; loop n)",  # no arithmetic on its result: a loop meant
])
def test_no_same_argument_warning_where_the_call_can_end_or_is_meant(program):
    assert not any(d.message.endswith("it will never end") for d in diagnostics_of(program))


@pytest.mark.parametrize("program", [
    'fun f x = if x = 0 then 0 else f "a"',  # no instance of int -> 'a takes a string
    "fun outer x = let fun inner n = if n = 0 then [x] else inner [x] in inner 3 end",
    # x's type is outer's, fixed inside it: inner is not polymorphic in it
    "fun outer x = let fun inner n = if n = 0 then [x] else (inner (n - 1); [[x]]) in inner 3 end",
    "fun g x = g",
    'val rec g = fn x => (g "a"; x + 1)',
])
def test_no_polymorphic_recursion_note_where_it_would_not_help(program):
    diags = diagnostics_of(program)
    assert any(d.severity == "error" for d in diags)
    assert not any("polymorphic recursion" in n for d in diags for n in d.notes), diags


@pytest.mark.parametrize("program, col, meant", [
    ("val x : integer = 3", 9, "int"),
    ('val s : String = "a"', 9, "string"),
    ("fun f (b : boolean) = b", 12, "bool"),
    ("val l : int List = []", 9, "list"),  # (the span of `int List`)
])
def test_a_type_name_from_another_language_is_given_its_sml_name(program, col, meant):
    [error] = diagnostics_of(program)
    assert error.span.col == col
    assert error.notes == (C.DID_YOU_MEAN.format(name=meant),)


@pytest.mark.parametrize("name", ["real", "float", "double"])
def test_a_real_type_is_said_to_be_unsupported(name):
    [error] = diagnostics_of(f"val x : {name} = 1")
    assert error.notes == (C.REAL_TYPE_NOTE,)


def test_a_comparison_with_a_reference_of_its_content_is_told_about_assignment():
    # `r = !r + 1` for `r := !r + 1`
    [error] = diagnostics_of("val r = ref 0\nval _ = r = !r + 1")
    assert (error.span.line, error.span.col) == (2, 13)
    assert error.notes[-1] == C.ASSIGN_NOTE.format(name="r")
    # a value of another type: no such note
    [error] = diagnostics_of('val r = ref 0\nval _ = r = "a"')
    assert not any("to store" in n for n in error.notes)


@pytest.mark.parametrize("program, line, col, note", [
    ("fun loop i = while i < 10 do i = i + 1", 1, 30, C.NOT_A_REF_NOTE.format(name="i")),
    ("val r = ref 0\nfun bump () = (r = ref (!r + 1); !r)", 2, 16, C.ASSIGN_NOTE.format(name="r")),
    ("val _ = let val x = 3 in x = 4; () end", 1, 26, C.NOT_A_REF_NOTE.format(name="x")),
    ("fun f (a, b) = (hd a = b; 0)", 1, 17, None),
])
def test_a_comparison_whose_value_is_dropped_is_warned_of(program, line, col, note):
    # an assignment written as `=` runs and changes nothing
    [warning] = [d for d in diagnostics_of(program) if d.severity == "warning"]
    assert (warning.span.line, warning.span.col, warning.message) == (line, col, C.DISCARDED_COMPARISON)
    assert warning.notes == (() if note is None else (note,))


@pytest.mark.parametrize("program", [
    "fun keyed x = (x = x; #2 x)",  # the idiom that makes x's type an equality type
    "val r = ref 0\nfun f () = (r := 1; !r = 1)",  # the comparison is the result
    "val _ = (1 = 2, 3)",
    "val r = ref 0\nfun bump () = (r = !r + 1; !r)",  # an error already: not also a warning
])
def test_no_dropped_comparison_warning_where_it_is_meant_or_an_error_says_more(program):
    assert not any(d.message == C.DISCARDED_COMPARISON for d in diagnostics_of(program))


@pytest.mark.parametrize("program", [
    "fun f (x : 'a) : 'a = x + 0",  # the operand, then the body against the result
])
def test_one_mistake_is_one_error(program):
    errors = [d for d in diagnostics_of(program) if d.severity == "error"]
    assert len(errors) == 1, errors


@pytest.mark.parametrize("program", [
    "datatype c = Red | Green\nfun f x = case x of Red => 1 | other => 2 | Green => 3",  # a real variable
    "fun f _ = 0 | f 1 = 1",
])
def test_no_misspelt_constructor_note_on_a_meant_variable(program):
    [warning] = [d for d in diagnostics_of(program) if d.severity == "warning"]
    assert warning.message == C.REDUNDANT_CLAUSE and warning.notes == ()


def test_fn_with_two_arguments_is_one_error():
    # the name read as a constructor is bound as a variable: its uses in
    # the body are no further errors
    errors = [d for d in diagnostics_of("val f = fn 0 => 1 | x y => x + y") if d.severity == "error"]
    assert [(e.span.line, e.span.col, e.message) for e in errors] == [
        (1, 21, C.UNBOUND_CONSTRUCTOR.format(name="x"))]


@pytest.mark.parametrize("program", [
    "val n = 0x", "val n = 0xZZ + 1", "val w = 0wxZ", "val w = ~0w1",
    "val x = 5\nval n = 0x",  # (x bound: still the literal slip)
    "val f x = x + 1", "val f (x, y) = x * y", "val f x = x + 1\nval y = f 2",
    "val f = fn g x => g x", "fun h y = let val f x = x + y in f 2 end",
])
def test_a_slip_of_notation_is_one_error(program):
    # was two: `0` not a function and `xZZ` unbound; `f` unbound as a
    # constructor, then `x` unbound in the body and `f` at its use
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert len(errors) == 1, [(d.span.line, d.span.col, d.message) for d in errors]


@pytest.mark.parametrize("program, name", [("val n = 0 x", "0"), ("val n = 1x", "1"),
                                           ("val s = #\"0\"x", "#")])
def test_a_number_applied_to_a_name_apart_from_it_is_not_taken_for_a_literal(program, name):
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert all(d.message != C.GLUED_LITERAL.format(zero="0", name="x") for d in errors), name
    assert not any(C.GLUED_HEX_NOTE in d.notes for d in errors)


def test_a_misspelt_constructor_in_a_val_head_is_not_taken_for_a_function():
    # `Sme` is a slip of the constructor `Some`: the body is checked as
    # written (its `x` is unbound), with the did-you-mean note
    errors = [d for d in diagnostics_of("datatype t = Some of int\nval Sme x = Some x") if d.severity == E]
    assert [(d.span.line, d.span.col) for d in errors] == [(2, 5), (2, 18)]
    assert C.DID_YOU_MEAN.format(name="Some") in errors[0].notes


@pytest.mark.parametrize("program, extra", [
    ("val (y : 'a) = 1 and rec f as (_ : 'a) = fn z => z", 2),
    ("val (_ : 'a) = 1 and rec ref (x as _ : 'a) = x", 3),
    ("val (y : 'a) = 1 and rec f as (_ : 'a -> 'a) = fn z => z", 1),
    ("val (y : 'a) = 1 and rec g = fn (z : 'a) => z", 0),
])
def test_an_explicit_type_variable_of_a_mismatched_binding_stays_rigid_for_the_rec_bindings_after_it(program, extra):
    # the mismatched pattern's type was generalised before the `and rec`
    # bindings, still in the scope of its 'a, were checked: an internal
    # error (UnifyError: escape) on a layered pattern, elsewhere a
    # spurious "the type variable 'b escapes its scope"
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert errors[0].message == C.VAL_MISMATCH.format(actual="int", expected="'a")
    assert (errors[0].span.line, errors[0].span.col) == (1, 16)
    assert len(errors) == 1 + extra, [(d.span.col, d.message) for d in errors]
    assert not any("escapes its scope" in d.message for d in errors)


def test_no_structure_of_the_basis_is_said_to_be_absent():
    # CharVector was listed, so a slip in one of its names said "ML\u25a1's
    # basis has no structure CharVector"
    from mlbox import basis
    names = [*basis.VALUES, *basis.TYPES, *basis.QUALIFIED_TYPES, *basis.QUALIFIED_CONSTRUCTORS]
    present = {name.partition(".")[0] for name in names if "." in name}
    assert present & C.ABSENT_STRUCTURES == set()
    [error] = diagnostics_of('val s = CharVector.fromLis [#"a"]')
    assert error.notes == (C.DID_YOU_MEAN.format(name="CharVector.fromList"),)


FORGOTTEN_LIFT = ("fun compPoly nil = code (fn x => 0)\n  | compPoly (a :: p) =\n"
                  "      let cogen f = compPoly p\n          cogen a' = a\n"
                  "      in code (fn x => a' + (x * f x)) end\n")


@pytest.mark.parametrize("call", ["val g = compPoly [1, 2]", "val g = eval (compPoly [1, 2, 3])"])
def test_a_forgotten_lift_is_named_where_the_function_is_called(call):
    # `cogen a' = a` (for `cogen a' = lift a`) checks: compPoly takes an
    # [int] list; the error is at the call, far from the slip, which the
    # note names
    [error] = [d for d in diagnostics_of(FORGOTTEN_LIFT + call) if d.severity == E]
    assert error.message == C.ARG_MISMATCH.format(actual="int list", fn="'compPoly'", expected="[int] list")
    assert C.FORGOTTEN_LIFT_NOTE.format(callee="compPoly", u="a'", x="a", at="4:11") in error.notes


def test_a_forgotten_lift_is_named_for_a_tuple_argument_and_a_later_repl_input():
    program = ("fun compDot (i, []) = code (fn (v : int vector) => 0)\n"
               "  | compDot (i, a :: rest) =\n      let cogen r = compDot (i + 1, rest)\n"
               "          cogen a' = a\n          cogen i' = lift i\n"
               "      in code (fn v => a' * Vector.sub (v, i') + r v) end\n")
    first = check_program(parse_program(program))
    assert not first.diagnostics
    [error] = check_program(parse_program("val f = compDot (0, [1, 2])"), env=first.env).diagnostics
    assert (error.span.line, error.span.col) == (1, 21)
    assert C.FORGOTTEN_LIFT_NOTE.format(callee="compDot", u="a'", x="a", at="4:11") in error.notes


@pytest.mark.parametrize("program", [
    # compose takes generators, as its cogens say: the argument lacks a `code`
    "fun compose f g = let cogen f' = f cogen g' = g in code (fn x => f' (g' x)) end\n"
    "val h = compose (fn x => x + 1) (code (fn x => x))",
    # the generators inside the argument come from a cogen of no variable
    "fun run (n, gs : [int] list) = let cogen s = lift n in code s end\nval r = run (1, [2])",
])
def test_no_forgotten_lift_note_where_no_cogen_made_a_value_a_generator(program):
    [error] = [d for d in diagnostics_of(program) if d.severity == E]
    assert not any("takes generators where" in n for n in error.notes), error.notes


@pytest.mark.parametrize("program, col", [
    ("val line = TextIO.inputLine TextIO.stdIn", 12),
    ("val line = TextIO.inputLine", 12),
    ("val s = TextIO.stdIn", 9),
    ("val out = TextIO.openOut \"f\"", 11),
    ("fun lines (s : TextIO.instream) = s", 16),
])
def test_textio_input_and_files_are_said_to_be_absent(program, col):
    # `TextIO.stdIn` was "corrected" to `did you mean 'TextIO.stdOut'?`,
    # the wrong way for a program being ported that reads its input
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert (errors[0].span.line, errors[0].span.col) == (1, col)
    assert all(error.notes == (C.TEXTIO_ABSENT_NOTE,) for error in errors), [e.notes for e in errors]


@pytest.mark.parametrize("arms", ['case k of 0 => rest | 1 => "a" | _ => 2',
                                  '(fn 0 => rest | 1 => "a" | _ => 2) k'])
def test_a_code_variable_first_arm_beside_plain_arms_keeps_its_place(arms):
    """A first arm that is a code variable is checked last only beside
    generators: beside plain arms the arm that disagrees with it is the one
    error (it was the last arm, against "a", and the first arm, against the
    later ones)."""
    program = ("fun gen 0 = code 1\n"
               f"  | gen n = let cogen rest = gen (n - 1) cogen k = lift n in code ({arms}) end")
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    message = C.CASE_ARM if arms.startswith("case") else C.FN_ARM
    assert [(d.span.line, d.span.col, d.message) for d in errors] == \
        [(2, program.split("\n")[1].index('"a"') + 1, message.format(actual="string", expected="int"))]


@pytest.mark.parametrize("program, col, op, ty, fn", [
    # each was two errors: the operand, then the operator's result where
    # the context (print's argument, the clause's result) fixed it
    ("fun show x = print (Int.toString x + 1)", 21, "+", "string", "Int.toString"),
    ("fun loop 0 = ()\n  | loop n = (print \"x\"; loop n - 1)", 26, "-", "unit", "loop"),
])
def test_an_application_meant_inside_an_operator_is_one_error_saying_how_it_groups(program, col, op, ty, fn):
    [error] = [d for d in diagnostics_of(program) if d.severity == E]
    assert (error.span.col, error.message) == (col, C.OVERLOAD_MISMATCH.format(op=op, type=ty,
                                                                                allowed="int and word"))
    assert error.notes == (C.APPLICATION_FIRST_NOTE.format(fn=fn, op=op),)


@pytest.mark.parametrize("program", [
    'fun show x = print (Int.toString x + "!")',  # a string on the right: `^` was meant
    "fun k c = ord c + #\"a\"",  # no application to regroup
])
def test_no_grouping_note_where_regrouping_would_not_type(program):
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert not any("binds tighter" in n for d in errors for n in d.notes)


@pytest.mark.parametrize("program, col, name", [
    # was the bare "unbound variable": the `;` ended the `fun` before it
    ('fun print_all [] = ()\n  | print_all (x :: xs) = print (x ^ "\\n"); print_all xs', 55, "xs"),
    ('fun loop 0 = ()\n  | loop n = print "x"; loop (n - 1)', 31, "n"),
    # a name bound by `as`
    ('fun loop [] = ()\n  | loop (l as _ :: xs) = print "x"; loop l', 43, "l"),
])
def test_a_clause_body_cut_by_a_top_level_semicolon_says_so(program, col, name):
    [error] = [d for d in diagnostics_of(program) if d.severity == E]
    fn = "print_all" if "print_all" in program else "loop"
    assert (error.span.line, error.span.col, error.message) == (2, col, C.UNBOUND_VARIABLE.format(name=name))
    assert error.notes == (C.CUT_CLAUSE_NOTE.format(fn=fn, at="1:5", name=name),)


@pytest.mark.parametrize("program", [
    'fun f x = x;\nval y = z',  # the expression on a line of its own: no clause cut
    'fun f x = x; val y = x',  # a declaration, not an expression
    'fun f x = x; print y',  # not a variable of the clause
])
def test_no_cut_clause_note_where_no_clause_was_cut(program):
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert errors and not any("ended the `fun`" in n for d in errors for n in d.notes)


@pytest.mark.parametrize("program, col", [
    # was the bare "not a function"; the second was also "unbound 'x'"
    ("fun square x = x * x\nsquare 3", 20),
    ("val x = 5\nx := 6", 9),
])
def test_an_expression_line_glued_to_the_declaration_above_is_one_error_saying_so(program, col):
    [error] = [d for d in diagnostics_of(program) if d.severity == E]
    assert (error.span.line, error.span.col) == (1, col)
    assert error.notes == (C.GLUED_LINE_NOTE.format(line=2),)


@pytest.mark.parametrize("program", [
    "val x = 5 3",  # on one line
    "val f = 5\n  3",  # indented: an argument meant, not a line of its own
])
def test_no_glued_line_note_on_an_application_within_a_declaration(program):
    [error] = [d for d in diagnostics_of(program) if d.severity == E]
    assert error.notes == ()


@pytest.mark.parametrize("program, name", [
    # was the mismatch alone, after a warning that the binding missed `No`
    ("datatype answer = Yes | No\nval Yes = 3", "Yes"),
    ("exception Stop\nval Stop = 1", "Stop"),
])
def test_a_val_named_like_a_constructor_is_one_error_saying_it_is_a_pattern(program, name):
    [diagnostic] = diagnostics_of(program)
    assert (diagnostic.severity, diagnostic.span.line) == (E, 2)
    assert diagnostic.notes == (C.CONSTRUCTOR_AS_NAME_NOTE.format(name=name),)


@pytest.mark.parametrize("program, col, message", [
    # each was "'div' (or '-') cannot be used at type string", at the string
    ('fun h (a, b) = (a div b) handle Div => "division by zero"', 40,
     C.HANDLE_ARM.format(actual="string", expected="int")),
    ('fun f (a, b) = if a > b then a - b else "none"', 41, C.IF_BRANCHES.format(actual="string", expected="int")),
    ('fun f (a, b) = if a > b then "none" else a - b', 42, C.IF_BRANCHES.format(actual="int", expected="string")),
])
def test_a_branch_against_an_operator_s_result_is_a_branch_mismatch(program, col, message):
    [error] = diagnostics_of(program)
    assert (error.span.col, error.message) == (col, message)


def test_a_composition_applied_without_parentheses_says_how_it_groups():
    # was the operand mismatch alone
    [error, _use] = diagnostics_of("fun inc x = x + 1\nfun twice x = x * 2\nval h = inc o twice 3\n"
                                   "val _ = print (Int.toString h)")
    assert (error.span.line, error.span.col) == (3, 15)
    assert error.notes == (C.COMPOSE_APPLIED_NOTE.format(g="twice"),)


@pytest.mark.parametrize("program", [
    "fun inc x = x + 1\nval g = inc o SOME 3",  # a constructor: no function to compose
    "fun inc x = x + 1\nfun k x = fn y => x\nval g = inc o k 3 4",  # the application gives a function
])
def test_no_composition_note_where_regrouping_is_not_the_fix(program):
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert not any("composition" in n for d in errors for n in d.notes)


TREE = "datatype tree = Leaf | Node of tree * int * tree\n"


@pytest.mark.parametrize("program, col, message, note", [
    # was the arity error alone (a later clause) or three errors (the first)
    (TREE + "fun size Leaf = 0 | size Node (l, _, r) = size l + 1 + size r", 21,
     C.CLAUSE_ARITY.format(name="size", n=2, m=1), dict(con="Node", clause="size Node (l, _, r)", name="size", n=2,
                                                        fixed="(Node (l, _, r))")),
    (TREE + "fun size Node (l, _, r) = size l + 1 + size r | size Leaf = 0", 10,
     C.CON_NEEDS_ARG.format(name="Node"), dict(con="Node", clause="size Node (l, _, r)", name="size", n=2,
                                               fixed="(Node (l, _, r))")),
    (TREE + "fun app f Leaf = () | app f Node (l, x, r) = (app f l; f x; app f r)", 23,
     C.CLAUSE_ARITY.format(name="app", n=3, m=2), dict(con="Node", clause="app f Node (l, x, r)", name="app", n=3,
                                                       fixed="f (Node (l, x, r))")),
    ("fun f NONE = 0 | f SOME x = x", 18, C.CLAUSE_ARITY.format(name="f", n=2, m=1),
     dict(con="SOME", clause="f SOME x", name="f", n=2, fixed="(SOME x)")),
])
def test_a_constructor_without_parentheses_in_a_clause_is_one_error_saying_how_to_group(program, col, message, note):
    [error] = diagnostics_of(program)
    assert (error.span.line, error.span.col, error.message) == (program.count("\n") + 1, col, message)
    assert error.notes == (C.UNGROUPED_CONSTRUCTOR_NOTE.format(**note),)


@pytest.mark.parametrize("program", [
    TREE + "fun f x Leaf = 0 | f Node (l, _, r) = 1",  # regrouped, the clause would still not fit
    "fun f 0 y = y\n  | f x = x",  # no constructor
])
def test_no_grouping_note_where_grouping_is_not_the_fix(program):
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert errors and not any("takes an argument, so" in n for d in errors for n in d.notes)


def test_a_regrouped_first_clause_with_an_annotation_gives_the_regrouped_arity():
    # the annotation made f's type int * 'a -> int -> ... (two arguments):
    # the use of f below was a second error
    [error] = diagnostics_of(TREE + "fun f Node (l, x : int, r) = x | f Leaf = 0\nval z = f (Node (Leaf, 1, Leaf)) + 1")
    assert error.message == C.CON_NEEDS_ARG.format(name="Node")


def test_a_regrouped_clause_is_checked_for_other_errors():
    [_arity, unbound] = diagnostics_of(TREE + "fun size Leaf = 0 | size Node (l, _, r) = size l + 1 + size right")
    assert unbound.message == C.UNBOUND_VARIABLE.format(name="right")


@pytest.mark.parametrize("program, col, call", [
    # were two errors, one at each argument (the last, one error without the hint)
    ("fun isEven n = n mod 2 = 0\nval l = List.filter [1,2,3,4] isEven", 21, "List.filter isEven [1, 2, 3, 4]"),
    ("fun f x = x + 1\nval l = List.map [1, 2] f", 18, "List.map f [1, 2]"),
    ("fun g (n : int) (s : string) = s\nval t = g \"a\" 1", 11, "g 1 \"a\""),
    ("val xs = [1, 2]\nval s = foldl 0 (op +) xs", 15, "foldl op + 0 xs"),
])
def test_swapped_arguments_are_one_error_saying_so(program, col, call):
    [error] = diagnostics_of(program)
    assert (error.span.line, error.span.col) == (2, col)
    assert error.notes[-1] == C.SWAPPED_ARGUMENTS_NOTE.format(call=call)


def test_a_call_with_swapped_arguments_has_the_swapped_call_s_type():
    # the failed call's would be int * int -> int, from `op +` taken as the initial value: `+ 1` an error too
    [error] = diagnostics_of("val s = foldl 0 (op +) [1, 2] + 1")
    assert error.span.col == 15


@pytest.mark.parametrize("program", [
    "val l = List.app [1] print",  # swapped, they would not fit either
    "fun g (n : int) (s : string) = s\nval t = g 1 2",  # one argument wrong, and no swap fixes it
    "val l = List.filter (fn x => x) [1, undefined]",  # an error inside an argument
])
def test_no_swap_note_where_swapping_is_not_the_fix(program):
    errors = [d for d in diagnostics_of(program) if d.severity == E]
    assert errors and not any("swapped" in n for d in errors for n in d.notes)


@pytest.mark.parametrize("program, col, message", [
    # was two errors, at the inner if's other branch and at the whole inner if
    ('fun f n = if n = 0 then "zero" else if n = 1 then 1 else "many"', 51,
     C.IF_CHAIN_BRANCH.format(word="then", actual="int", expected="string")),
    ('fun f n = if n = 0 then "a" else if n = 1 then "b" else 3', 57,
     C.IF_CHAIN_BRANCH.format(word="else", actual="int", expected="string")),
    # the first branch alone differs: blamed, not each later branch
    ('fun f n = if n = 0 then 1 else if n = 1 then "one" else "many"', 25,
     C.IF_CHAIN_FIRST.format(actual="int", expected="string")),
    ('fun f n = if n = 0 then "a" else if n = 1 then "b" else if n = 2 then 3 else "d"', 71,
     C.IF_CHAIN_BRANCH.format(word="then", actual="int", expected="string")),
    # against an operator's result, still a branch mismatch
    ('fun f (a, b) = if a > b then a - b else if a = b then "same" else 0', 55,
     C.IF_CHAIN_BRANCH.format(word="then", actual="string", expected="int")),
])
def test_an_odd_branch_of_an_else_if_chain_is_one_error_at_it(program, col, message):
    [error] = diagnostics_of(program)
    assert (error.span.col, error.message) == (col, message)


@pytest.mark.parametrize("program, line, col, message", [
    # the first arm alone differs: was an error at each later arm
    ('fun describe n =\n  case n of\n    0 => 0\n  | 1 => "one"\n  | 2 => "two"\n  | _ => "many"', 3, 10,
     C.FIRST_ARM[C.CASE_ARM].format(actual="int", expected="string")),
    ('val f = fn 0 => [0] | 1 => "one" | _ => "many"', 1, 17,
     C.FIRST_ARM[C.FN_ARM].format(actual="int list", expected="string")),
    # a later arm differs: blamed against the arms before it, as before
    ('fun describe n = case n of 0 => "zero" | 1 => 1 | _ => "many"', 1, 47,
     C.CASE_ARM.format(actual="int", expected="string")),
    # a `raise` agrees with any arm: no evidence against the first
    ('fun f n = case n of 0 => 0 | 1 => "one" | _ => raise Fail "no"', 1, 35,
     C.CASE_ARM.format(actual="string", expected="int")),
    # the handled expression is the first arm of a `handle`: was an error at each handler
    ('fun g (a, b) = (a div b) handle Div => "none" | Overflow => "big"', 1, 16,
     C.FIRST_ARM[C.HANDLE_ARM].format(actual="int", expected="string")),
    ('val y = (3 div 0) handle Div => "a" | Overflow => 2 | _ => 3', 1, 33,
     C.HANDLE_ARM.format(actual="string", expected="int")),
    # a list's elements: was an error at each later element
    ('val l = [1, "a", "b"]', 1, 10, C.FIRST_ARM[C.LIST_ELEMENT].format(actual="int", expected="string")),
    ('val l = ["a", 1, "b"]', 1, 15, C.LIST_ELEMENT.format(actual="int", expected="string")),
    # `[]` fits any list: no evidence against the first element
    ('val l = [[1], ["a"], []]', 1, 15, C.LIST_ELEMENT.format(actual="string list", expected="int list")),
])
def test_an_odd_arm_of_a_case_is_one_error_at_it(program, line, col, message):
    [error] = diagnostics_of(program)
    assert (error.span.line, error.span.col, error.message) == (line, col, message)


def test_an_odd_first_clause_is_one_error_at_it():
    # was an error at each later clause, against the first one's int
    [error] = diagnostics_of('fun f 0 = 0\n  | f 1 = "one"\n  | f _ = "many"')
    assert (error.span.line, error.span.col) == (1, 11)
    assert error.message == C.CLAUSE_FIRST_BODY.format(actual="int", expected="string")


@pytest.mark.parametrize("program, blamed", [
    # one later clause: which one is odd is not known
    ('fun f 0 = 0\n  | f _ = "many"', [2]),
    # the later clauses do not agree either
    ('fun f 0 = 0\n  | f 1 = "one"\n  | f _ = [2]', [2, 3]),
    # a later clause has another error too (its recursive call is int): each said as before
    ('fun f 0 = 0\n  | f 1 = "one"\n  | f n = "x" ^ f (n - 1)', [2, 3, 3]),
])
def test_the_first_clause_is_blamed_only_where_the_later_ones_agree_without_it(program, blamed):
    assert [d.span.line for d in diagnostics_of(program)] == blamed


def test_a_raise_in_an_else_if_chain_does_not_make_the_first_branch_the_odd_one():
    # the `raise` agrees with any branch: the chain's type was taken from
    # the `[]`, the first branch blamed, and the use of digit's int result
    # a second error
    [error] = diagnostics_of('exception Bad\nfun digit c = if Char.isDigit c then ord c - 48 else if c = #" " '
                             'then [] else raise Bad\nval n = 10 * digit #"3"')
    assert (error.span.line, error.span.col) == (2, 71)
    assert error.message == C.IF_CHAIN_BRANCH.format(word="then", actual="'a list", expected="int")


def test_a_variable_clashing_twice_the_same_way_is_one_error_with_the_string_note():
    # was two errors (the `^` and the branches), the first without the note
    [error] = diagnostics_of('fun shout s = if length s > 3 then s ^ "!" else s')
    assert (error.span.col, error.message) == (36, C.OPERAND_MISMATCH.format(fn="'^'", actual="'a list",
                                                                               expected="string"))
    assert error.notes == (C.STRING_NOT_LIST_NOTE,)


@pytest.mark.parametrize("program", [
    'fun f c = if c then (print 3; "a") else 4',  # the else branch is not the variable that clashed
    'fun g s = if s = "" then length s else s',  # the branches clash other types (int, string)
])
def test_a_branch_mismatch_after_another_clash_is_still_reported(program):
    assert [d.message for d in diagnostics_of(program)][-1].startswith("the 'else' branch")


@pytest.mark.parametrize("program", [
    # was also "int is not a function", at `0 [1, 2]`, which the `+` made an application
    "val s = foldl + 0 [1, 2]",
    "val t = foldr * 1 [1, 2, 3]",
])
def test_an_operator_passed_without_op_is_one_error(program):
    [error] = diagnostics_of(program)
    assert error.notes[0].startswith("'" + program.split()[4] + "' here is an infix operator applied to")


def test_the_parts_after_an_operator_passed_without_op_are_still_checked():
    [_op, unbound] = diagnostics_of("val s = foldl + 0 [1, undefined]")
    assert unbound.message == C.UNBOUND_VARIABLE.format(name="undefined")


@pytest.mark.parametrize("program", [
    # was also "this argument has type int -> int but 'sum' expects int list", at `double`
    "fun double x = 2 * x\nfun sum [] = 0 | sum (x :: xs) = x + sum xs\nval r = sum double 1 :: [2]",
    # was also "this argument has type int -> string but 'print' expects string"
    "val _ = print Int.toString 3",
])
def test_a_function_argument_without_parentheses_is_one_error(program):
    [error] = diagnostics_of(program)
    assert error.message.startswith("this expression has type") and C.GROUPING_NOTE in error.notes[0]


@pytest.mark.parametrize("program, note", [
    # a curried function where one on a pair is called: was "'+' cannot be
    # used at type 'a * 'b", at the function
    ("val s = foldl (fn x => fn acc => x + acc) 0 [1, 2, 3]",
     C.CURRIED_FOR_TUPLED_NOTE.format(fn="foldl", n=2, args="a, b", spaced="a b")),
    ("fun add x y = x + y\nval s = foldl add 0 [1, 2, 3]",
     C.CURRIED_FOR_TUPLED_NOTE.format(fn="foldl", n=2, args="a, b", spaced="a b")),
    # the reverse: was that and a second error, at the list
    ("fun fold f acc [] = acc\n  | fold f acc (x :: xs) = fold f (f x acc) xs\n"
     "val s = fold (fn (x, a) => x + a) 0 [1, 2, 3]",
     C.TUPLED_FOR_CURRIED_NOTE.format(fn="fold", n=2, curried="a => fn b", args="a, b")),
])
def test_a_function_of_the_other_shape_is_one_error_saying_how_it_is_called(program, note):
    [error] = diagnostics_of(program)
    assert error.message.startswith("this argument has type") and error.notes[-1] == note


def test_a_curried_function_whose_result_is_the_accumulator_still_fits():
    # foldl's 'b a function: `fn x => fn acc => ...` is a function on pairs
    # returning one, which fits; not an error
    assert not diagnostics_of("val s = foldl (fn p => fn (n : int) => n) (fn (n : int) => n) [(1, 2)]")


@pytest.mark.parametrize("program, name, written, prefix, operand", [
    # was "'f' takes 1 argument but is given 2 here; application groups to
    # the left" and a second error, "this argument has type 'a ref -> 'a"
    ("val r = ref 0\nval _ = print (Int.toString !r)", "Int.toString", "!r", "!", "r"),
    ("fun f x = x + 1\nval r = ref 2\nval y = f !r", "f", "!r", "!", "r"),
    # an overloaded function (its type variable cannot be an arrow): was no note at all
    ("val x = 3\nval y = abs ~x", "abs", "~x", "~", "x"),
    ("fun f (n : int) = n\nval y = f ~(1 + 2)", "f", "~(1 + 2)", "~", "(1 + 2)"),
])
def test_a_prefix_function_written_against_an_argument_is_one_error_saying_so(program, name, written, prefix,
                                                                               operand):
    [error] = diagnostics_of(program)
    assert error.notes == (C.GLUED_PREFIX_NOTE.format(written=written, name=name, prefix=prefix, operand=operand),)


def test_a_prefix_function_apart_from_its_argument_keeps_the_grouping_note():
    [error] = diagnostics_of("fun f x = x + 1\nval r = ref 2\nval y = f ! r")
    assert C.GROUPING_NOTE in error.notes[0]


@pytest.mark.parametrize("program, col, name, con", [
    # was silent: `None` bound a variable (Poly/ML is silent too)
    ("fun f x = case x of SOME y => y | None => 0", 35, "None", "NONE"),
    ("val h = fn Some => 1", 12, "Some", "SOME"),
    ("fun len Nil = 0\nval n = len [1]", 9, "Nil", "nil"),
])
def test_a_capitalised_variable_that_is_a_constructor_but_for_case_is_warned_of(program, col, name, con):
    [warning] = diagnostics_of(program)
    assert (warning.severity, warning.span.col, warning.message) == (
        W, col, C.CASE_SLIP_VARIABLE.format(name=name, con=con))


@pytest.mark.parametrize("program", [
    "fun f none = 0",  # lower case: an ordinary variable name
    "fun f (N, M) = N + M",  # no constructor of that name
    "datatype t = Nil | Cons of int * t\nfun f Nil = 0 | f (Cons _) = 1",  # Nil is declared: a constructor
])
def test_no_case_slip_warning_on_ordinary_variables(program):
    assert diagnostics_of(program) == []


def test_a_case_slip_noted_on_a_redundant_clause_is_not_warned_of_again():
    [redundant] = diagnostics_of("fun f x = case x of None => 0 | SOME y => y")
    assert redundant.message == C.REDUNDANT_CLAUSE and "'None'" in redundant.notes[0]


def test_an_array_element_assigned_says_array_update():
    # was the operand mismatch alone
    [error] = diagnostics_of("val a = Array.array (5, 0)\nval _ = Array.sub (a, 3) := 5")
    assert error.notes == (C.ARRAY_UPDATE_NOTE.format(call="Array.update (a, 3, 5)"),)


def test_return_says_ml_has_none():
    # was the bare "unbound variable"
    [error] = diagnostics_of("fun f x = return x")
    assert error.notes == (C.RETURN_NOTE,)
