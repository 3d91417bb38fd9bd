"""Datatypes, options and exceptions across the boundary (docs/embedding.md):
Python builds an ML expression tree with api.Data, the program evaluates
and simplifies it, and its exceptions come back as api.MLError with their
arguments converted.

    python examples/embed_values.py"""

from mlbox import api
from mlbox.api import Data

prog = api.load_source("""
datatype expr = Num of int | Var of string | Add of expr * expr | Mul of expr * expr
              | Div of expr * expr | Neg of expr | Zero
exception Unbound of string * string list

fun lookup (env : (string * int) list, x) =
    Option.map #2 (List.find (fn (y, _) => y = x) env)
fun evaluate (env, e) =
    case e of
      Num n => n
    | Var x => (case lookup (env, x) of
                  SOME v => v
                | NONE => raise Unbound (x, map #1 env))
    | Add (a, b) => evaluate (env, a) + evaluate (env, b)
    | Mul (a, b) => evaluate (env, a) * evaluate (env, b)
    | Div (a, b) => evaluate (env, a) div evaluate (env, b)
    | Neg a => ~ (evaluate (env, a))
    | Zero => 0
fun simplify (Add (a, b)) = (case (simplify a, simplify b) of
                               (Num 0, b') => b' | (a', Num 0) => a' | (a', b') => Add (a', b'))
  | simplify (Mul (a, b)) = (case (simplify a, simplify b) of
                               (Num 1, b') => b' | (a', Num 1) => a' | (a', b') => Mul (a', b'))
  | simplify Zero = Num 0
  | simplify e = e
""", name="expr.sml")

# x * 1 + (y + Zero): a constructor with an argument is Data(name, argument);
# a nullary one is Data(name) or just its name; a tuple argument is a tuple
e = Data("Add", (Data("Mul", (Data("Var", "x"), Data("Num", 1))),
                 Data("Add", (Data("Var", "y"), "Zero"))))
env = [("x", 6), ("y", 7)]  # a (string * int) list: a list of tuples
print("evaluate   :", prog.call("evaluate", env, e))
print("simplify   :", prog.call("simplify", e))  # a datatype value comes back as Data
print("lookup y   :", prog.call("lookup", env, "y"))  # SOME 7: the value itself
print("lookup z   :", prog.call("lookup", env, "z"))  # NONE: None

for bad in (Data("Var", "z"), Data("Div", (Data("Num", 1), "Zero"))):
    try:
        prog.call("evaluate", env, bad)
    except api.MLError as err:  # err.name, and err.arg converted by the exception's type
        print(f"{err.name:11}: arg={err.arg!r} ({err})")
try:
    prog.call("evaluate", env, Data("Sqrt", Data("Num", 4)))
except api.HostValueError as err:  # a Python value that cannot stand for the ML type
    print("bad value  :", err)
