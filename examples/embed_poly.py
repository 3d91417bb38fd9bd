"""Embedding your own staged program (docs/embedding.md): an ML□ program
given as text, whose interpreter `evalPoly` and code generator `compPoly`
(the tutorial's §2) are called from Python; the host generates code for
a polynomial once and calls the generated function many times.

    python examples/embed_poly.py"""

from mlbox import api

PROGRAM = """
fun evalPoly (x, nil) = 0
  | evalPoly (x, a :: p) = a + (x * evalPoly (x, p))

fun compPoly nil = code (fn x => 0)
  | compPoly (a :: p) =
      let cogen f = compPoly p
          cogen a' = lift a
      in code (fn x => a' + (x * f x)) end

(* The host cannot run a generator itself: functions of the program do. *)
fun specialise p = eval (compPoly p)
fun runAt (g, x) = eval g x
"""

prog = api.load_source(PROGRAM, name="poly.sml")
print("specialise :", prog.type_of("specialise"))

poly1 = [2, 4, 0, 2333]  # 2 + 4x + 2333x^3, an ML int list
print("evalPoly   :", prog.call("evalPoly", 47, poly1), prog.last_stats)

poly1_code = prog.call("specialise", poly1)  # generates code: an MLFunction
print("specialised:", poly1_code, prog.last_stats)
print("generated  :", poly1_code(47), prog.last_stats)

points = list(range(1, 1001))
interpreted = prog.function("evalPoly").map([(x, poly1) for x in points])
cost_interpreted = prog.last_stats.reductions
staged = poly1_code.map(points)  # one machine entry for the 1000 calls
assert staged == interpreted
print(f"1000 points: {cost_interpreted} reductions interpreted, "
      f"{prog.last_stats.reductions} with the generated code")

generator = prog.call("compPoly", [1, 1])  # a generator comes back as a handle,
print("a generator:", generator, "runAt 5:", prog.call("runAt", generator, 5))  # to pass back in
