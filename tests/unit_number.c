/* unit_number.c — the one bounded number reader (src/core/number.c): digits only, every digit
 * of a run passed, a number above its bound reported as too large (however many digits: no
 * overflow, which UBSan would catch in the sanitizer build), decimals with a bounded fraction,
 * and none of what strtol and strtod also take (signs, blanks, hexadecimal, exponents,
 * infinities). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "number.h"

static void test_scan(void **state)
{
    (void)state;
    const char *s = "123x";
    long v = -1;
    assert_int_equal(number_scan(&s, 1000, &v), NUMBER_OK);
    assert_int_equal(v, 123);
    assert_string_equal(s, "x");
    s = "x1";
    assert_int_equal(number_scan(&s, 1000, &v), NUMBER_NONE);
    assert_string_equal(s, "x1");
    s = "99/";
    assert_int_equal(number_scan(&s, 99, &v), NUMBER_OK);
    assert_int_equal(v, 99);
    s = "100/";
    v = -1;
    assert_int_equal(number_scan(&s, 99, &v), NUMBER_TOO_LARGE);
    assert_int_equal(v, -1); /* untouched */
    assert_string_equal(s, "/");
    s = "5";
    assert_int_equal(number_scan(&s, 0, &v), NUMBER_TOO_LARGE);
    s = "0000000000000000000000000000007";
    assert_int_equal(number_scan(&s, 7, &v), NUMBER_OK);
    assert_int_equal(v, 7);
    s = "12345";
    assert_int_equal(number_scan_to(&s, s + 2, 1000, &v), NUMBER_OK);
    assert_int_equal(v, 12);
    assert_string_equal(s, "345");
}

/* Runs of digits far beyond any integer type, each at the largest bound a caller can give. */
static void test_no_overflow(void **state)
{
    (void)state;
    char digits[4001];
    for (char d = '1'; d <= '9'; d++) {
        memset(digits, d, sizeof digits - 1);
        digits[sizeof digits - 1] = 0;
        const char *s = digits;
        long v;
        assert_int_equal(number_scan(&s, 9223372036854775807L, &v), NUMBER_TOO_LARGE);
        assert_ptr_equal(s, digits + sizeof digits - 1);
    }
    const char *s = "9223372036854775807";
    long v;
    assert_int_equal(number_scan(&s, 9223372036854775807L, &v), NUMBER_OK);
    assert_true(v == 9223372036854775807L);
    s = "9223372036854775808";
    assert_int_equal(number_scan(&s, 9223372036854775807L, &v), NUMBER_TOO_LARGE);
    s = "4294967302";
    assert_int_equal(number_scan(&s, 1024, &v), NUMBER_TOO_LARGE);
}

static void test_parse(void **state)
{
    (void)state;
    long v;
    assert_true(number_parse("12", 0, 20, &v));
    assert_int_equal(v, 12);
    const char *bad[] = {"", " 1", "1 ", "+1", "-1", "0x10", "1e3", "21", "1.0", "١"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(number_parse(bad[i], 0, 20, &v));
    assert_false(number_parse("0", 1, 20, &v));
}

static void test_signed(void **state)
{
    (void)state;
    long v;
    const char *text = "-12,7", *s = text;
    assert_int_equal(number_scan_signed_to(&s, text + 3, 100, &v), NUMBER_OK);
    assert_int_equal(v, -12);
    assert_ptr_equal(s, text + 3);
    s = text + 4;
    assert_int_equal(number_scan_signed_to(&s, NULL, 100, &v), NUMBER_OK);
    assert_int_equal(v, 7);
    const char *none[] = {"-", "+1", " 1", "--1", ""};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        s = none[i];
        assert_int_equal(number_scan_signed_to(&s, NULL, 100, &v), NUMBER_NONE);
        assert_ptr_equal(s, none[i]);
    }
    s = "-101";
    assert_int_equal(number_scan_signed_to(&s, NULL, 100, &v), NUMBER_TOO_LARGE);
    s = "-99999999999999999999999";
    assert_int_equal(number_scan_signed_to(&s, NULL, 100, &v), NUMBER_TOO_LARGE);
    assert_int_equal(*s, 0);
}

static void test_decimal(void **state)
{
    (void)state;
    double d;
    assert_true(number_parse_decimal("2.5", 0.001, 3600, 3, &d));
    assert_true(d == 2.5);
    assert_true(number_parse_decimal(".5", 0.001, 3600, 3, &d));
    assert_true(d == 0.5);
    assert_true(number_parse_decimal("3600", 0.001, 3600, 3, &d));
    assert_true(number_parse_decimal("0.001", 0.001, 3600, 3, &d));
    const char *bad[] = {"0",
                         "0x10",
                         "inf",
                         "nan",
                         "-1",
                         "1e3",
                         " 5",
                         "5 ",
                         ".",
                         "0.0001",
                         "3601",
                         "3600.5",
                         "+5",
                         "",
                         "1,5",
                         "Infinity",
                         "99999999999999999999999999999999999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(number_parse_decimal(bad[i], 0.001, 3600, 3, &d));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan),    cmocka_unit_test(test_no_overflow),
        cmocka_unit_test(test_parse),   cmocka_unit_test(test_signed),
        cmocka_unit_test(test_decimal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
