"""The lexer on its own: literals, escapes, comments, identifiers, the
contextual staging keywords, and errors with their positions."""

import pytest

from mlbox.lexer import (
    INT_MAX, INT_MIN, MSG_BAD_CHAR, MSG_BAD_CHARS, MSG_BAD_TYVAR, MSG_BAD_ESCAPE, MSG_NUMERIC_ESCAPE, MSG_BAD_GAP, MSG_CHAR_LENGTH,
    MSG_BAD_SELECTOR, MSG_ESCAPE_RANGE, MSG_INT_RANGE, MSG_NOT_UTF8, MSG_REAL, MSG_UNDERSCORE_IDENT,
    MSG_UNPRINTABLE,
    MSG_UNTERMINATED_COMMENT, MSG_UNTERMINATED_STRING, MSG_WORD_RANGE, WORD_MAX, Lexer, quoted, tokenize,
)
from mlbox.syntax import Span


def lex(text):
    tokens, errors = tokenize(text)
    assert errors == [], errors
    return tokens


def kinds(text):
    return [(t.type, t.value) for t in lex(text)]


def only_value(text, type_):
    [tok] = lex(text)
    assert tok.type == type_
    return tok.value


def errors_of(text):
    _tokens, errors = tokenize(text)
    return [(message, (span.line, span.col)) for message, span in errors]


# ---------------------------------------------------------------- literals


@pytest.mark.parametrize("text, value", [
    ("0", 0), ("42", 42), ("~3", -3), ("0x1F", 31), ("~0x10", -16),
    (str(INT_MAX), INT_MAX), ("~" + str(-INT_MIN), INT_MIN),
])
def test_integer_literals(text, value):
    assert only_value(text, "INT") == value


@pytest.mark.parametrize("text, value", [
    ("0w0", 0), ("0w255", 255), ("0wxff", 255), ("0wxFF", 255), (f"0w{WORD_MAX}", WORD_MAX),
])
def test_word_literals(text, value):
    assert only_value(text, "WORD") == value


@pytest.mark.parametrize("text, value", [
    (r'""', ""),
    (r'"abc"', "abc"),
    (r'"a\nb"', "a\nb"),
    (r'"\t\\\""', '\t\\"'),
    (r'"\a\b\v\f\r"', "\a\b\v\f\r"),
    (r'"\^C\^@\^_"', "\x03\x00\x1f"),
    (r'"\065\000\255"', "A\x00\xff"),
    (r'"\u0041\u00e9"', "A\xe9"),
    ('"ab\\   \n\t  \\cd"', "abcd"),  # a gap spanning a newline
    ('"caf\u00e9"', "caf\xc3\xa9"),  # non-ASCII source text: its UTF-8 bytes
])
def test_string_literals_and_escapes(text, value):
    assert only_value(text, "STRING") == value


@pytest.mark.parametrize("text, value", [
    ('#"a"', "a"), (r'#"\n"', "\n"), (r'#"\""', '"'), (r'#"\065"', "A"), ('#" "', " "),
])
def test_char_literals(text, value):
    assert only_value(text, "CHAR") == value


def test_string_span_covers_a_gap_over_lines():
    [tok] = lex('"ab\\\n  \\c"')
    assert tok.span == Span(1, 1, 2, 6)


# ---------------------------------------------------------------- comments


def test_nested_comments_are_skipped():
    assert kinds("1 (* a (* b *) c *) 2") == [("INT", 1), ("INT", 2)]


def test_comment_may_contain_quotes_and_stars():
    # As in SML, quotes have no meaning inside comments.
    assert kinds('x (* it\'s "quoted ** (* *) *) y') == [("IDENT", "x"), ("IDENT", "y")]


def test_unterminated_comment_is_reported_at_its_start():
    assert errors_of("val x = 1\n  (* outer (* inner *)\n") == [(MSG_UNTERMINATED_COMMENT, (2, 3))]


def test_deeply_nested_comments_are_skipped_in_linear_time():
    # Each level once searched the rest of the text for both `(*` and `*)`:
    # 100,000 open levels took 20 s; one scan for the nearer takes well under 1.
    # CPU time, not wall time: another test process on the same core (the
    # suite runs on every core) does not count against it.
    import time
    depth = 100_000
    started = time.process_time()
    assert kinds("(*" * depth + "*)" * depth + " x") == [("IDENT", "x")]
    assert errors_of("(*" * depth + " x") == [(MSG_UNTERMINATED_COMMENT, (1, 1))]
    assert time.process_time() - started < 5


@pytest.mark.parametrize("text, rest", [("(*)*) x", "x"), ("(* (*) *) *) y", "y"), ("(**) z", "z"),
                                        ("(* *(* *) *) w", "w")])
def test_overlapping_comment_brackets_nest_as_in_sml(text, rest):
    # `(*)` opens a comment; of overlapping brackets the one starting first counts
    assert kinds(text) == [("IDENT", rest)]


def test_op_star_in_parentheses_is_not_a_comment_end():
    assert [t.type for t in lex("(op *)")] == ["LPAREN", "OP", "STAR", "RPAREN"]


# ---------------------------------------------------------------- identifiers


def test_identifier_kinds():
    assert kinds("x x' long_name2 Int.toString Word.<< Word.~>> List.filter") == [
        ("IDENT", "x"), ("IDENT", "x'"), ("IDENT", "long_name2"), ("IDENT", "Int.toString"),
        ("IDENT", "Word.<<"), ("IDENT", "Word.~>>"), ("IDENT", "List.filter"),
    ]


def test_symbolic_identifiers_use_maximal_munch():
    assert kinds("! ~ !! <$> x=~1") == [
        ("IDENT", "!"), ("IDENT", "~"), ("IDENT", "!!"), ("IDENT", "<$>"),
        ("IDENT", "x"), ("IDENT", "=~"), ("INT", 1),
    ]


def test_tilde_before_a_digit_is_a_negative_literal_but_not_after_symbols():
    assert kinds("~3 ~ 3 -~3") == [("INT", -3), ("IDENT", "~"), ("INT", 3), ("IDENT", "-~"), ("INT", 3)]


@pytest.mark.parametrize("text, type_", [
    ("*", "STAR"), ("/", "INFIX7"), ("div", "INFIX7"), ("mod", "INFIX7"),
    ("+", "INFIX6"), ("-", "INFIX6"), ("^", "INFIX6"),
    ("::", "CONS"), ("@", "INFIX5"),
    ("=", "EQUALS"), ("<>", "INFIX4"), ("<", "INFIX4"), (">", "INFIX4"), ("<=", "INFIX4"),
    (">=", "INFIX4"), (":=", "INFIX3"), ("o", "INFIX3"), ("before", "INFIX0"),
    ("=>", "DARROW"), ("->", "ARROW"), ("|", "BAR"), (":", "COLON"), ("_", "WILD"),
    ("'a", "TYVAR"), ("''a", "TYVAR"), ("'a1", "TYVAR"),
    # a prime and any primes, letters, digits, underscores: '' and ''' are
    # (equality) type variables, as in Poly/ML and SML/NJ (found by MLton's
    # regression test 3.sml; mlbox refused them)
    ("''", "TYVAR"), ("'''", "TYVAR"), ("'_", "TYVAR"), ("''1", "TYVAR"),
    ("fn", "FN"), ("andalso", "ANDALSO"), ("structure", "RESERVED"), ("#", "RESERVED"),
    (":>", "RESERVED"), ("||", "IDENT"),
])
def test_token_types(text, type_):
    [tok] = lex(text)
    assert tok.type == type_


def test_positions_are_line_and_column():
    tokens = lex("val x =\n  f (y, 1)")
    assert [(t.value, t.span.line, t.span.col, t.span.end_col) for t in tokens] == [
        ("val", 1, 1, 4), ("x", 1, 5, 6), ("=", 1, 7, 8),
        ("f", 2, 3, 4), ("(", 2, 5, 6), ("y", 2, 6, 7), (",", 2, 7, 8), (1, 2, 9, 10), (")", 2, 10, 11),
    ]


# ---------------------------------------------------------------- staging keywords


@pytest.mark.parametrize("text, types", [
    ("code x", ["CODE", "IDENT"]),
    ("code (fn x => x)", ["CODE", "LPAREN", "FN", "IDENT", "DARROW", "IDENT", "RPAREN"]),
    ("lift 3", ["LIFT", "INT"]),
    ("cogen u = g", ["COGEN", "IDENT", "EQUALS", "IDENT"]),
    ("cogen op ++ = g", ["COGEN", "OP", "IDENT", "EQUALS", "IDENT"]),
    ("code lift x", ["CODE", "LIFT", "IDENT"]),
    # plain SML programs use them as names
    ("val code = 1", ["VAL", "IDENT", "EQUALS", "INT"]),
    ("if code = 3 then", ["IF", "IDENT", "EQUALS", "INT", "THEN"]),
    ("(length code)", ["LPAREN", "IDENT", "IDENT", "RPAREN"]),
    ("fun lift x = x", ["FUN", "IDENT", "IDENT", "EQUALS", "IDENT"]),
    ("fun 'a code x = x", ["FUN", "TYVAR", "IDENT", "IDENT", "EQUALS", "IDENT"]),
    ("fun ('a, 'b) lift x = x", ["FUN", "LPAREN", "TYVAR", "COMMA", "TYVAR", "RPAREN",
                                  "IDENT", "IDENT", "EQUALS", "IDENT"]),
    # ... but a type ending in a type variable does not make a binder
    ("type t = 'a cogen x = y", ["TYPE", "IDENT", "EQUALS", "TYVAR", "COGEN", "IDENT", "EQUALS", "IDENT"]),
    ("val x : 'a = code y", ["VAL", "IDENT", "COLON", "TYVAR", "EQUALS", "CODE", "IDENT"]),
    ("op code", ["OP", "IDENT"]),
    ("val cogen = 2", ["VAL", "IDENT", "EQUALS", "INT"]),
    ("f cogen", ["IDENT", "IDENT"]),
    # where the constructs could not stand without parentheses: an argument,
    # an operand (`infix lift` makes `3 lift 4` SML), after raise, handle, of
    ("h lift x", ["IDENT", "IDENT", "IDENT"]),
    ("fun apply code f = f", ["FUN", "IDENT", "IDENT", "IDENT", "EQUALS", "IDENT"]),
    ("3 lift 4", ["INT", "IDENT", "INT"]),
    ("(f) code x", ["LPAREN", "IDENT", "RPAREN", "IDENT", "IDENT"]),
    ("x + lift y", ["IDENT", "INFIX6", "IDENT", "IDENT"]),
    ("x :: code y", ["IDENT", "CONS", "IDENT", "IDENT"]),
    ("raise code 5", ["RAISE", "IDENT", "INT"]),
    ("e handle code n => 1", ["IDENT", "HANDLE", "IDENT", "IDENT", "DARROW", "INT"]),
    ("case e of lift n => 1", ["CASE", "IDENT", "OF", "IDENT", "IDENT", "DARROW", "INT"]),
    # ... but after `=`, `(`, `then`, an expression begins: the constructs
    ("val y = code x", ["VAL", "IDENT", "EQUALS", "CODE", "IDENT"]),
    ("x = lift 1", ["IDENT", "EQUALS", "LIFT", "INT"]),
    ("f (code x)", ["IDENT", "LPAREN", "CODE", "IDENT", "RPAREN"]),
    ("if b then lift 1", ["IF", "IDENT", "THEN", "LIFT", "INT"]),
])
def test_staging_keywords_are_contextual(text, types):
    assert [t.type for t in lex(text)] == types


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("text, message, position", [
    ("val x = $", None, None),  # `$` is a symbolic identifier: no error
    ("val x = 3 \u00a7", MSG_BAD_CHAR.format("\u00a7"), (1, 11)),
    ('val s = "abc\nval t = 1', MSG_UNTERMINATED_STRING, (1, 9)),
    ('x\n  "abc', MSG_UNTERMINATED_STRING, (2, 3)),
    (r'"a\qb"', MSG_BAD_ESCAPE.format(quoted(r"\q")), (1, 3)),
    (r'"\^a"', MSG_BAD_ESCAPE.format(quoted(r"\^a")), (1, 2)),
    # (shown up to its last digit, with what it takes: was '\12"')
    (r'"\12"', MSG_BAD_ESCAPE.format(quoted(r'\12')) + f" ({MSG_NUMERIC_ESCAPE[10]})", (1, 2)),
    (r'"\u12"', MSG_BAD_ESCAPE.format(quoted(r'\u12')) + f" ({MSG_NUMERIC_ESCAPE[16]})", (1, 2)),
    (r'"\300"', MSG_ESCAPE_RANGE.format(quoted(r"\300")), (1, 2)),
    (r'"\u0100"', MSG_ESCAPE_RANGE.format(quoted(r"\u0100")), (1, 2)),
    ('"a\\  x"', MSG_BAD_GAP, (1, 3)),
    ('#"ab"', MSG_CHAR_LENGTH, (1, 1)),
    ('#""', MSG_CHAR_LENGTH, (1, 1)),
    ("  4611686018427387904", MSG_INT_RANGE.format("4611686018427387904"), (1, 3)),
    ("~4611686018427387905", MSG_INT_RANGE.format("~4611686018427387905"), (1, 1)),
    ("0w9223372036854775808", MSG_WORD_RANGE.format("0w9223372036854775808"), (1, 1)),
    ("x = 1.5", MSG_REAL, (1, 5)),
    ("_x", MSG_UNDERSCORE_IDENT, (1, 1)),
    ("1_x", MSG_UNDERSCORE_IDENT, (1, 2)),  # not a number written with separators
    ("val x = ' ", MSG_BAD_TYVAR, (1, 9)),  # a lone prime, refused by SML/NJ too
])
def test_lexical_errors_with_positions(text, message, position):
    expected = [] if message is None else [(message, position)]
    assert errors_of(text) == expected


def test_an_escape_sequence_is_named_as_written():
    # (Python's repr doubled its backslash: '\\999')
    assert errors_of(r'#"\999"') == [(r"escape sequence '\999' is out of range (character codes are 0..255)", (1, 3))]
    assert errors_of(r'"\q"')[0][0] == r"illegal escape sequence '\q' in string literal"
    # one that does not print is shown as Python shows it
    assert errors_of('"\\\x01"')[0][0] == MSG_BAD_ESCAPE.format(repr("\\\x01"))


def test_a_run_of_illegal_characters_is_one_error():
    assert errors_of("val x = \x01\x02\x03 1") == [
        (MSG_BAD_CHARS.format(count=3, shown=r"'\x01\x02\x03'"), (1, 9))]
    assert errors_of("val x = 1 \u4f60\u597d") == [(MSG_BAD_CHARS.format(count=2, shown="'\u4f60\u597d'"), (1, 11))]
    # data that happens to be UTF-8: one error, its first characters named
    assert errors_of("\x00" * 3000) == [(MSG_BAD_CHARS.format(count=3000, shown=repr("\x00" * 20) + "..."), (1, 1))]
    # runs end at whatever is legal; a character with its own note stays alone
    assert [m for m, _ in errors_of("\x01 \x02\x03 x {")] == [
        MSG_BAD_CHAR.format("\x01"), MSG_BAD_CHARS.format(count=2, shown=r"'\x02\x03'"),
        MSG_BAD_CHAR.format("{") + " (records are not supported)"]


@pytest.mark.parametrize("text, span", [
    ("val {1 = p, ...} = (1, 2)", (1, 5, 1, 17)),  # was five errors: `{`, each `.`, `}`
    ("val r = {a = 1}", (1, 9, 1, 16)),
    ("fun f {x, y} = x", (1, 7, 1, 13)),
    ("type t = {a : int}", (1, 10, 1, 19)),
    ("val r = {a = {b = 1},\n c = 2}", (1, 9, 2, 8)),  # nested, over two lines
    ('val r = {a = "}", b = (* } *) 2}', (1, 9, 1, 33)),  # a `}` in a string or a comment
])
def test_a_record_is_one_error(text, span):
    from mlbox.lexer import MSG_RECORD

    assert [(message, (s.line, s.col, s.end_line, s.end_col)) for message, s in tokenize(text)[1]] == [
        (MSG_RECORD, span)]


def test_the_empty_record_is_refused_with_its_unit_spelling():
    # `fun dot () = {}` (MLton's regression/check_arrays.sml): {} is (), its
    # type unit; "a tuple can stand for one" did not say so
    from mlbox.lexer import MSG_EMPTY_RECORD

    assert errors_of("fun dot () = {}") == [(MSG_EMPTY_RECORD, (1, 14))]
    assert errors_of("val { } = ()") == [(MSG_EMPTY_RECORD, (1, 5))]
    assert errors_of("type u = {}") == [(MSG_EMPTY_RECORD, (1, 10))]


def test_record_punctuation_outside_a_record_is_one_error_each():
    from mlbox.lexer import MSG_ELLIPSIS

    assert errors_of("val x = ...") == [(MSG_ELLIPSIS, (1, 9))]  # was three
    assert errors_of("val r = {a = 1") == [(MSG_BAD_CHAR.format("{") + " (records are not supported)", (1, 9))]
    assert errors_of("val r = {a = 1} }") == [
        (errors_of("{a}")[0][0], (1, 9)), (MSG_BAD_CHAR.format("}") + " (records are not supported)", (1, 17))]
    # and the other dots keep their messages
    assert "without spaces" in errors_of("val x = List . map")[0][0]
    assert errors_of("val x = Int.toString 3 val y = 1.5") == [(MSG_REAL, (1, 32))]


def test_a_bad_escape_in_a_character_literal_is_one_error():
    # the escape, reported, left no character: "must contain exactly one
    # character" as well was a second error for one mistake
    assert [message for message, _ in errors_of(r'#"\q"')] == [MSG_BAD_ESCAPE.format(quoted(r"\q"))]


@pytest.mark.parametrize("text, type_, value", [
    ("0x3FFFFFFFFFFFFFFF", "INT", INT_MAX), ("~0x4000000000000000", "INT", INT_MIN),
    ("0wx7FFFFFFFFFFFFFFF", "WORD", WORD_MAX),
    # leading zeros are not significant, however many (Python refuses to
    # convert more than 4,300 digits at once)
    ("0" * 5000 + "7", "INT", 7), ("~" + "0" * 5000 + "7", "INT", -7), ("0w" + "0" * 5000 + "7", "WORD", 7),
    ("0" * 30 + str(INT_MAX), "INT", INT_MAX), ("0x" + "0" * 100_000 + "1", "INT", 1),
])
def test_boundary_and_zero_padded_literals(text, type_, value):
    assert only_value(text, type_) == value


@pytest.mark.parametrize("text, message", [
    ("0x4000000000000000", MSG_INT_RANGE.format("0x4000000000000000")),
    ("~0x4000000000000001", MSG_INT_RANGE.format("~0x4000000000000001")),
    ("0wx8000000000000000", MSG_WORD_RANGE.format("0wx8000000000000000")),
    ("99999999999999999999", MSG_INT_RANGE.format("99999999999999999999")),  # 20 digits
    ("9" * 5000, MSG_INT_RANGE.format("9" * 40 + "...")),
    ("~" + "9" * 5000, MSG_INT_RANGE.format("~" + "9" * 39 + "...")),
    ("0w" + "9" * 5000, MSG_WORD_RANGE.format("0w" + "9" * 38 + "...")),
    ("0x" + "F" * 100_000, MSG_INT_RANGE.format("0x" + "F" * 38 + "...")),
    ("0wx" + "f" * 5000, MSG_WORD_RANGE.format("0wx" + "f" * 37 + "...")),
])
def test_literals_out_of_range_however_long_are_errors_naming_their_start(text, message):
    assert errors_of(text) == [(message, (1, 1))]


@pytest.mark.parametrize("text, detail, col", [('"a\udcffb"', "byte 0xff", 3), ('#"\udc80"', "byte 0x80", 3),
                                               ('"\ud800"', "a lone surrogate U+D800", 2)])
def test_a_surrogate_in_a_literal_is_a_located_error(text, detail, col):
    # bytes that were not UTF-8 reach the lexer as surrogate escapes (the
    # REPL's stdin); encoding them raised UnicodeEncodeError (an internal error)
    assert errors_of(text)[0] == (MSG_NOT_UTF8.format(detail), (1, col))


@pytest.mark.parametrize("text, code, escape, col", [
    ('"a\tb"', 9, "\\t", 3), ('#"\t"', 9, "\\t", 3), ('"x\x01"', 1, "\\001", 3),
    ('"\x7f"', 127, "\\127", 2), ('"\x0c"', 12, "\\f", 2),
])
def test_a_control_character_between_the_quotes_is_an_error(text, code, escape, col):
    # as Poly/ML ("unprintable character \t found in string") and SML/NJ
    # do; written as escapes they are accepted (test_string_literals_and_escapes)
    assert errors_of(text) == [(MSG_UNPRINTABLE.format(code, escape), (1, col))]


def test_lexer_goes_on_after_an_error():
    tokens, errors = tokenize("a \u00a7 b \u00a7 c")
    assert [t.value for t in tokens] == ["a", "b", "c"]
    assert [span.col for _m, span in errors] == [3, 7]


def test_error_hook_receives_every_error():
    seen = []
    Lexer(lambda message, span: seen.append(span.col)).tokenize("\u00a7 \u00a7")
    assert seen == [1, 3]


def test_text_ending_inside_a_comment_or_gap_is_flagged():
    lexer = Lexer(lambda *_: None)
    lexer.tokenize("(* unfinished")
    assert lexer.ended_inside_literal
    lexer.tokenize('"a gap \\   \n')
    assert lexer.ended_inside_literal
    lexer.tokenize('"unterminated on one line\n')
    assert not lexer.ended_inside_literal


@pytest.mark.parametrize("text, index", [("#1", 1), ("#12", 12), ("# 2", 2), ("#\t3", 3)])
def test_tuple_selectors(text, index):
    assert kinds(text) == [("SELECTOR", index)]


def test_a_selector_is_one_token_beside_a_char_and_a_symbolic_name():
    assert kinds('#"a" #1 ## 2') == [("CHAR", "a"), ("SELECTOR", 1), ("IDENT", "##"), ("INT", 2)]


@pytest.mark.parametrize("text", ["#0", "#01"])
def test_a_selector_counts_from_one_without_leading_zeros(text):
    assert errors_of(text) == [(MSG_BAD_SELECTOR.format(text), (1, 1))]


@pytest.mark.parametrize("text, col", [("val a = t.1", 10), ("val a = (f x).2", 14), ("val a = t'.1", 11)])
def test_a_dot_taking_a_tuple_component_says_how_ml_takes_it(text, col):
    from mlbox.lexer import MSG_TUPLE_COMPONENT

    # was "(qualified names are written without spaces ...)"
    assert errors_of(text) == [(MSG_BAD_CHAR.format(".") + f" ({MSG_TUPLE_COMPONENT})", (1, col))]
    assert "without spaces" in errors_of("val a = Int. toString 3")[0][0]


@pytest.mark.parametrize("text, col", [("val r = 1.", 10), ("val r = .5", 9), ("val r = 2. * 3", 10)])
def test_a_dot_of_a_number_says_how_reals_are_written(text, col):
    from mlbox.lexer import MSG_REAL_DOT

    # was "(qualified names are written without spaces ...)"
    assert errors_of(text) == [(MSG_BAD_CHAR.format(".") + f" ({MSG_REAL_DOT})", (1, col))]


def test_star_in_parentheses_opening_a_comment_says_so():
    from mlbox.lexer import MSG_STAR_IN_PARENS

    # `(*)` meant as the multiplication function opens a comment
    assert errors_of("val f = (*)\nval y = f (2, 3)") == [
        (MSG_UNTERMINATED_COMMENT + f" ({MSG_STAR_IN_PARENS})", (1, 9))]
    assert errors_of("val x = 1 (* a")[0][0] == MSG_UNTERMINATED_COMMENT


def test_a_dot_indexing_says_how_ml_indexes():
    from mlbox.lexer import MSG_INDEXING_DOT

    assert errors_of("val x = a.(0)") == [(MSG_BAD_CHAR.format(".") + f" ({MSG_INDEXING_DOT})", (1, 10))]


@pytest.mark.parametrize("text, number, col", [("val n = 1_000", "1000", 9), ("val n = ~1_000_000 + 1", "~1000000", 9),
                                                ("f 12_3", "123", 3)])
def test_a_number_with_digit_separators_says_how_it_is_written(text, number, col):
    from mlbox.lexer import MSG_DIGIT_SEPARATOR

    # was "identifiers must start with a letter, not '_'", at the `_000`
    assert errors_of(text) == [(MSG_DIGIT_SEPARATOR.format(number=number), (1, col))]
