(* Ported from MLton's regression/llv.sml.
 * MLton COPYRIGHT NOTICE: Copyright (C) 1999-2023 Henry Cejtin, Matthew
 * Fluet, Suresh Jagannathan, and Stephen Weeks.  Copyright (C) 1997-2000
 * by the NEC Research Institute.  Used under MLton's licence (HPND),
 * whose full text, with its permission notice and disclaimer, is
 * LICENSE.MLton beside this file.
 * A layered pattern with a type constraint on its variable
 * (tr: multrip as TR (e, Info1)), mutually recursive datatypes with
 * two parameters, abbreviations declared with and, and a val that
 * rebinds the fun it calls.
 * Port: structure LLV inlined; a printer and a run added. *)

    datatype place = P of int

  datatype info = Info1 | Info2 | Info3

  datatype 'a tr = TR of 'a exp * info | K of 'a -> int
       and 'a exp = SWITCH_I of ('a, int) switch
                  | SWITCH_S of ('a, string) switch
                  | STRING of string * 'a
       and ('a,'c) switch = SWITCH of 'a tr * ('c * 'a tr) list

datatype 'a pgm = PGM of string * 'a tr 

  type mulexp = place exp
   and multrip = place tr
  type mulexp_llv = (place*int) exp
   and trip_llv = (place*int) tr

    fun llv(tr: multrip as TR(e,Info1)) : trip_llv =
      let
          val e' = llvExp e
      in
          TR(e',Info2)
      end
  
    and llvExp(e: mulexp) : mulexp_llv =
      let 
        fun llv_switch(SWITCH(e,branches)) =
          (* Note: e is trivial *)
          let val branches' = map (fn (c,e) => (c,llv e)) branches
          in  
               SWITCH(llv e, branches')
          end
      in
      case e of
       SWITCH_I(switch) => 
          let val switch' = llv_switch switch
          in SWITCH_I(switch')
          end 
      | SWITCH_S(switch) => 
          let val switch' = llv_switch switch
          in SWITCH_S(switch')
          end 
      | STRING(s,place) => STRING(s, (place, 5))
      end 



    val  llv = fn (PGM (label,expression)) =>
      let
         val tr' = llv expression
      in
         PGM(label, tr')
      end

fun showTr (TR (e, i)) = "TR(" ^ showExp e ^ ", " ^ (case i of Info1 => "Info1" | Info2 => "Info2" | Info3 => "Info3") ^ ")"
  | showTr (K _) = "K"
and showExp (SWITCH_I (SWITCH (t, bs))) =
      "SWITCH_I(" ^ showTr t ^ concat (map (fn (c, t) => ", " ^ Int.toString c ^ "=>" ^ showTr t) bs) ^ ")"
  | showExp (SWITCH_S (SWITCH (t, bs))) =
      "SWITCH_S(" ^ showTr t ^ concat (map (fn (c, t) => ", " ^ c ^ "=>" ^ showTr t) bs) ^ ")"
  | showExp (STRING (s, (P p, n))) = "STRING(" ^ s ^ ", P " ^ Int.toString p ^ ", " ^ Int.toString n ^ ")"

val leaf = TR (STRING ("x", P 1), Info1)
val prog = PGM ("main", TR (SWITCH_S (SWITCH (leaf, [("a", TR (STRING ("y", P 2), Info1)),
                                                     ("b", TR (SWITCH_I (SWITCH (leaf, [(7, leaf)])), Info1))])), Info1))
val PGM (label, t) = llv prog
val _ = print (label ^ ": " ^ showTr t ^ "\n")
val _ = (llv (PGM ("bad", TR (STRING ("z", P 3), Info2))); ()) handle Match => print "Match\n"
