(* The OCaml peer of `make bench`: a straightforward classic-BPF interpreter
   (the shape of libpcap's bpf_filter: a loop over the instruction array
   with a match on the raw opcode), run over every packet of a capture.
   Compiled with ocamlc to bytecode and run with ocamlrun, it is the
   "ML interpreter of BPF" the specialised mlbox filter is compared with.

     ocamlc unix.cma bpf_interp.ml -o bpf_interp.byte
     ocamlrun bpf_interp.byte FILTER.bpf CAPTURE.pcap REPS

   FILTER is `tcpdump -ddd` output (a count, then "code jt jf k" lines);
   CAPTURE is a classic pcap file (either byte order, micro- or nanosecond).
   It prints `key value` lines: packets, accepted (packets whose verdict is
   not 0, to check against mlbox), reps, ns_per_packet (wall time of the
   REPS passes over the capture divided by REPS * packets). *)

type insn = { code : int; jt : int; jf : int; k : int }

let mask32 = 0xffffffff

let read_filter path =
  let ic = open_in path in
  let n = int_of_string (String.trim (input_line ic)) in
  let prog =
    Array.init n (fun _ ->
        Scanf.sscanf (input_line ic) " %d %d %d %d" (fun code jt jf k -> { code; jt; jf; k }))
  in
  close_in ic;
  prog

(* a pcap file: (captured bytes, original length) per record *)
let read_pcap path =
  let ic = open_in_bin path in
  let len = in_channel_length ic in
  let data = really_input_string ic len in
  close_in ic;
  let u32_le i =
    Char.code data.[i] lor (Char.code data.[i + 1] lsl 8) lor (Char.code data.[i + 2] lsl 16)
    lor (Char.code data.[i + 3] lsl 24)
  in
  let u32_be i =
    (Char.code data.[i] lsl 24) lor (Char.code data.[i + 1] lsl 16) lor (Char.code data.[i + 2] lsl 8)
    lor Char.code data.[i + 3]
  in
  let u32 =
    match u32_le 0 with
    | 0xa1b2c3d4 | 0xa1b23c4d -> u32_le
    | _ -> (
        match u32_be 0 with
        | 0xa1b2c3d4 | 0xa1b23c4d -> u32_be
        | _ -> failwith (path ^ ": not a classic pcap file"))
  in
  let packets = ref [] in
  let pos = ref 24 in
  while !pos + 16 <= len do
    let caplen = u32 (!pos + 8) and wirelen = u32 (!pos + 12) in
    let start = !pos + 16 in
    if start + caplen <= len then packets := (Bytes.of_string (String.sub data start caplen), wirelen) :: !packets;
    pos := start + caplen
  done;
  Array.of_list (List.rev !packets)

exception Reject

(* bpf_filter: the value the filter returns for the packet; a load past
   the captured bytes or a division by zero returns 0 *)
let filter prog p wirelen =
  let buflen = Bytes.length p in
  let mem = Array.make 16 0 in
  let byte i = if i < 0 || i >= buflen then raise Reject else Char.code (Bytes.unsafe_get p i) in
  let half i = if i < 0 || i + 2 > buflen then raise Reject else (byte i lsl 8) lor byte (i + 1) in
  let word i =
    if i < 0 || i + 4 > buflen then raise Reject
    else (byte i lsl 24) lor (byte (i + 1) lsl 16) lor (byte (i + 2) lsl 8) lor byte (i + 3)
  in
  let rec step pc a x =
    let i = Array.unsafe_get prog pc in
    let next = pc + 1 in
    match i.code with
    | 0x20 -> step next (word i.k) x
    | 0x28 -> step next (half i.k) x
    | 0x30 -> step next (byte i.k) x
    | 0x40 -> step next (word (x + i.k)) x
    | 0x48 -> step next (half (x + i.k)) x
    | 0x50 -> step next (byte (x + i.k)) x
    | 0x80 -> step next wirelen x
    | 0x00 -> step next i.k x
    | 0x60 -> step next mem.(i.k) x
    | 0x81 -> step next a wirelen
    | 0x01 -> step next a i.k
    | 0x61 -> step next a mem.(i.k)
    | 0xb1 -> step next a ((byte i.k land 0xf) lsl 2)
    | 0x02 -> mem.(i.k) <- a; step next a x
    | 0x03 -> mem.(i.k) <- x; step next a x
    | 0x04 -> step next ((a + i.k) land mask32) x
    | 0x14 -> step next ((a - i.k) land mask32) x
    | 0x24 -> step next ((a * i.k) land mask32) x
    | 0x34 -> step next (a / i.k) x
    | 0x94 -> step next (a mod i.k) x
    | 0x54 -> step next (a land i.k) x
    | 0x44 -> step next (a lor i.k) x
    | 0xa4 -> step next (a lxor i.k) x
    | 0x64 -> step next ((a lsl i.k) land mask32) x
    | 0x74 -> step next (a lsr i.k) x
    | 0x0c -> step next ((a + x) land mask32) x
    | 0x1c -> step next ((a - x) land mask32) x
    | 0x2c -> step next ((a * x) land mask32) x
    | 0x3c -> if x = 0 then 0 else step next (a / x) x
    | 0x9c -> if x = 0 then 0 else step next (a mod x) x
    | 0x5c -> step next (a land x) x
    | 0x4c -> step next (a lor x) x
    | 0xac -> step next (a lxor x) x
    | 0x6c -> step next (if x >= 32 then 0 else (a lsl x) land mask32) x
    | 0x7c -> step next (if x >= 32 then 0 else a lsr x) x
    | 0x84 -> step next ((-a) land mask32) x
    | 0x05 -> step (next + i.k) a x
    | 0x15 -> step (if a = i.k then next + i.jt else next + i.jf) a x
    | 0x25 -> step (if a > i.k then next + i.jt else next + i.jf) a x
    | 0x35 -> step (if a >= i.k then next + i.jt else next + i.jf) a x
    | 0x45 -> step (if a land i.k <> 0 then next + i.jt else next + i.jf) a x
    | 0x1d -> step (if a = x then next + i.jt else next + i.jf) a x
    | 0x2d -> step (if a > x then next + i.jt else next + i.jf) a x
    | 0x3d -> step (if a >= x then next + i.jt else next + i.jf) a x
    | 0x4d -> step (if a land x <> 0 then next + i.jt else next + i.jf) a x
    | 0x06 -> i.k
    | 0x16 -> a
    | 0x07 -> step next a a
    | 0x87 -> step next x x
    | c -> failwith (Printf.sprintf "undefined BPF opcode %d at instruction %d" c pc)
  in
  try step 0 0 0 with Reject -> 0

let () =
  if Array.length Sys.argv <> 4 then (prerr_endline "usage: bpf_interp FILTER.bpf CAPTURE.pcap REPS"; exit 2);
  let prog = read_filter Sys.argv.(1) in
  let packets = read_pcap Sys.argv.(2) in
  let reps = int_of_string Sys.argv.(3) in
  let n = Array.length packets in
  let accepted = ref 0 in
  Array.iter (fun (p, wirelen) -> if filter prog p wirelen <> 0 then incr accepted) packets;
  let sink = ref 0 in
  let t0 = Unix.gettimeofday () in
  for _ = 1 to reps do
    for j = 0 to n - 1 do
      let p, wirelen = Array.unsafe_get packets j in
      sink := !sink + filter prog p wirelen
    done
  done;
  let t1 = Unix.gettimeofday () in
  Printf.printf "packets %d\naccepted %d\nreps %d\nns_per_packet %.1f\nchecksum %d\n" n !accepted reps
    ((t1 -. t0) *. 1e9 /. float_of_int (reps * n))
    !sink
