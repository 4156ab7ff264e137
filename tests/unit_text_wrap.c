/* unit_text_wrap.c — lines wrapped by the columns a terminal gives them, not by bytes: an
 * accented letter takes one column, a CJK character or an emoji two, and a hard break in a
 * long word never splits a character's bytes. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <locale.h>
#include <string.h>

#include "text_wrap.h"

static char out[64][WRAP_LINE];

static int wrap(const char *text, int width, int indent)
{
    char *one[1] = {(char *)text};
    return text_wrap(one, 1, out, 64, width, indent);
}

/* text made of n copies of piece */
static const char *repeat(const char *piece, int n)
{
    static char buf[1024];
    buf[0] = 0;
    for (int i = 0; i < n; i++) strcat(buf, piece);
    return buf;
}

static void test_columns(void **state)
{
    (void)state;
    assert_int_equal(text_columns("abc"), 3);
    assert_int_equal(text_columns("\xc3\xa9t\xc3\xa9"), 3);        /* été */
    assert_int_equal(text_columns("\xe6\xbc\xa2\xe5\xad\x97"), 4); /* 漢字 */
    assert_int_equal(text_columns("\xf0\x9f\x98\x80"), 2);         /* 😀 */
    assert_int_equal(text_columns("e\xcc\x81"), 1);                /* e and a combining acute */
    assert_int_equal(text_columns("a\xff"), 2); /* a byte that is no character: one column */
    assert_int_equal((int)text_fit("\xe6\xbc\xa2\xe5\xad\x97", 3), 3); /* only 漢 fits */
    assert_int_equal((int)text_fit("\xc3\xa9\xc3\xa9\xc3\xa9", 2), 4);
    assert_int_equal((int)text_fit("abc", 10), 3);
}

/* 30 é on a line of 22 columns: 22 of them, then 8 */
static void test_two_byte_letters_are_one_column(void **state)
{
    (void)state;
    assert_int_equal(wrap(repeat("\xc3\xa9", 30), 22, 0), 2);
    assert_string_equal(out[0], repeat("\xc3\xa9", 22));
    assert_string_equal(out[1], repeat("\xc3\xa9", 8));
}

/* CJK: two columns each, 11 to a line of 22, none cut in two */
static void test_wide_characters(void **state)
{
    (void)state;
    assert_int_equal(wrap(repeat("\xe6\xbc\xa2", 15), 22, 0), 2);
    assert_string_equal(out[0], repeat("\xe6\xbc\xa2", 11));
    assert_string_equal(out[1], repeat("\xe6\xbc\xa2", 4));
    /* an odd width: the character that would stick out goes to the next line */
    assert_int_equal(wrap(repeat("\xe6\xbc\xa2", 4), 5, 0), 2);
    assert_string_equal(out[0], repeat("\xe6\xbc\xa2", 2));
    assert_string_equal(out[1], repeat("\xe6\xbc\xa2", 2));
    /* a line narrower than one wide character still moves on: one to a line */
    assert_int_equal(wrap(repeat("\xe6\xbc\xa2", 3), 1, 0), 3);
    assert_string_equal(out[2], "\xe6\xbc\xa2");
}

/* emoji, four bytes and two columns; continuation lines indented */
static void test_emoji_and_indent(void **state)
{
    (void)state;
    int n = wrap(repeat("\xf0\x9f\x98\x80", 20), 22, 2);
    assert_int_equal(n, 2);
    assert_string_equal(out[0], repeat("\xf0\x9f\x98\x80", 11));
    /* the second line: 2 blanks, then the 9 that are left */
    char want[WRAP_LINE] = "  ";
    strcat(want, repeat("\xf0\x9f\x98\x80", 9));
    assert_string_equal(out[1], want);
}

/* words are broken at blanks by their columns: "été" takes 3, not 5 */
static void test_blanks_by_columns(void **state)
{
    (void)state;
    assert_int_equal(wrap("\xc3\xa9t\xc3\xa9 \xc3\xa9t\xc3\xa9 abc", 7, 0), 2);
    assert_string_equal(out[0], "\xc3\xa9t\xc3\xa9 \xc3\xa9t\xc3\xa9");
    assert_string_equal(out[1], "abc");
    assert_int_equal(wrap("\xe6\xbc\xa2\xe5\xad\x97 \xe6\xbc\xa2\xe5\xad\x97", 9, 0), 1);
    assert_int_equal(wrap("\xe6\xbc\xa2\xe5\xad\x97 \xe6\xbc\xa2\xe5\xad\x97", 8, 0), 2);
    assert_string_equal(out[1], "\xe6\xbc\xa2\xe5\xad\x97");
}

/* plain ASCII as before */
static void test_ascii(void **state)
{
    (void)state;
    assert_int_equal(wrap("the quick brown fox", 11, 2), 2);
    assert_string_equal(out[0], "the quick");
    assert_string_equal(out[1], "  brown fox");
    assert_int_equal(wrap("abcdefghij", 4, 0), 3);
    assert_string_equal(out[2], "ij");
}

/* parts of a line by columns: the columns before a cursor, the end that fits, a padded
 * column of a table */
static void test_parts_by_columns(void **state)
{
    (void)state;
    const char *mixed = "a\xc3\xa9\xe6\xbc\xa2"
                        "b"; /* aé漢b: 1+1+2+1 columns, 1+2+3+1 bytes */
    assert_int_equal(text_columns_n(mixed, 3), 2);
    assert_int_equal(text_columns_n(mixed, 6), 4);
    assert_int_equal(text_columns_n(mixed, 100), 5);
    assert_int_equal((int)text_fit_end(mixed, 6, 3), 5); /* é漢 */
    assert_int_equal((int)text_fit_end(mixed, 6, 2), 3); /* 漢 */
    assert_int_equal((int)text_fit_end(mixed, 6, 1), 0); /* 漢 is too wide: nothing */
    assert_int_equal((int)text_fit_end(mixed, 7, 10), 7);
    /* a count that ends inside a character too wide to keep: nothing, never a wrap-around */
    assert_int_equal((int)text_fit_end("\xe6\xbc\xa2", 1, 1), 0);
    char pad[64];
    text_pad(pad, sizeof pad, "W\xc3\xa9i\xc3\x9f", 6); /* Wéiß */
    assert_string_equal(pad, "W\xc3\xa9i\xc3\x9f  ");
    text_pad(pad, sizeof pad, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", 3);
    assert_string_equal(pad, "\xc3\xa9\xc3\xa9\xc3\xa9");
    text_pad(pad, sizeof pad, "\xe6\xbc\xa2\xe6\xbc\xa2", 3); /* 漢 and a blank */
    assert_string_equal(pad, "\xe6\xbc\xa2 ");
}

/* The thinking line (screen_think.c) is cut to the screen's columns by text_fit: with
 * multi-byte text in it, at every width the cut falls between characters (a combining mark
 * stays with its letter), the part kept takes no more columns than the width, and no more
 * of the line would fit. */
static void test_thinking_line_cut(void **state)
{
    (void)state;
    const char *line = "the computer is thinking (a key stops it): depth 6, best "
                       "K\xc3\xa9"                           /* é */
                       "5 (+0.10) \xe6\xbc\xa2\xe5\xad\x97"  /* 漢字 */
                       " \xf0\x9f\x98\x80"                   /* 😀 */
                       " e\xcc\x81, 2.5 s left, clock 1:00"; /* e and a combining acute */
    int full = text_columns(line);
    assert_int_equal(full, 102);
    for (int width = 0; width <= full + 2; width++) {
        size_t cut = text_fit(line, width);
        unsigned char at = (unsigned char)line[cut];
        assert_true((at & 0xc0) != 0x80);    /* not inside a character's bytes */
        assert_false(at == 0xcc && cut > 0); /* nor between e and its combining accent */
        int cols = text_columns_n(line, cut);
        assert_true(cols <= width);
        if (line[cut]) { /* the next character would stick out */
            size_t more = cut + 1;
            while ((line[more] & 0xc0) == 0x80) more++;
            assert_true(text_columns_n(line, more) > width);
        } else {
            assert_int_equal(cols, full);
        }
    }
    /* a wide character that would straddle the edge is left out whole: 漢 takes columns 70
     * and 71 */
    assert_int_equal(text_columns_n(line, text_fit(line, 70)), 69);
    assert_int_equal(text_columns_n(line, text_fit(line, 71)), 71);
}

int main(void)
{
    if (!setlocale(LC_ALL, "C.UTF-8")) setlocale(LC_ALL, "C.utf8");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_columns),
        cmocka_unit_test(test_two_byte_letters_are_one_column),
        cmocka_unit_test(test_wide_characters),
        cmocka_unit_test(test_emoji_and_indent),
        cmocka_unit_test(test_blanks_by_columns),
        cmocka_unit_test(test_ascii),
        cmocka_unit_test(test_parts_by_columns),
        cmocka_unit_test(test_thinking_line_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
