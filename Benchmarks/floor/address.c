/* Benchmarks/workloads/address-nested.rules, coded by hand:
 *   address.line1:    required, minLength 3, maxLength 100
 *   address.city:     required, minLength 2, maxLength 80
 *   address.postcode: required, pattern /^[0-9]{5}$/
 *   address.country:  required, oneOf "GB" "FR" "DE" "ES" "PL"
 *   birthday:         date, before today        (today is 2026-01-01, as bench-compare passes it) */
#include "floor.h"

typedef struct { jval address, birthday; } root;
typedef struct { jval line1, city, postcode, country; } address;

static void visit_root(const char *key, int length, const jval *value, void *state) {
    root *r = state;
    if (KEY_IS(key, length, "address")) r->address = *value;
    else if (KEY_IS(key, length, "birthday")) r->birthday = *value;
}

static void visit_address(const char *key, int length, const jval *value, void *state) {
    address *a = state;
    if (KEY_IS(key, length, "line1")) a->line1 = *value;
    else if (KEY_IS(key, length, "city")) a->city = *value;
    else if (KEY_IS(key, length, "postcode")) a->postcode = *value;
    else if (KEY_IS(key, length, "country")) a->country = *value;
}

static int length_between(const jval *v, int low, int high) {
    text t;
    if (is_empty(v) || !as_text(v, &t)) return 0;
    int n = characters(&t);
    return n >= low && n <= high;
}

static int country_ok(const jval *v) {
    static const char *codes[] = { "GB", "FR", "DE", "ES", "PL" };
    text t;
    if (!as_text(v, &t) || t.length != 2) return 0;
    for (int i = 0; i < 5; i++) if (!memcmp(t.bytes, codes[i], 2)) return 1;
    return 0;
}

/* YYYY-MM-DD that exists in the calendar and is before 2026-01-01. */
static int birthday_ok(const jval *v) {
    text t;
    if (is_empty(v)) return 1;
    if (!as_text(v, &t) || t.length != 10 || t.bytes[4] != '-' || t.bytes[7] != '-') return 0;
    for (int i = 0; i < 10; i++) if (i != 4 && i != 7 && !is_digit(t.bytes[i])) return 0;
    const char *s = t.bytes;
    int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
    static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    if (month < 1 || month > 12 || day < 1) return 0;
    int leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (day > days[month - 1] + (month == 2 && leap)) return 0;
    return year < 2026;
}

static int record_is_valid(const jval *record) {
    root r = { { K_ABSENT }, { K_ABSENT } };
    address a = { { K_ABSENT }, { K_ABSENT }, { K_ABSENT }, { K_ABSENT } };
    if (!members(record, visit_root, &r)) return 0;
    if (r.address.kind == K_OBJ && !members(&r.address, visit_address, &a)) return 0;
    text postcode;
    return length_between(&a.line1, 3, 100) && length_between(&a.city, 2, 80)
        && !is_empty(&a.postcode) && as_text(&a.postcode, &postcode) && all_in(&postcode, 5, '0', '9')
        && !is_empty(&a.country) && country_ok(&a.country)
        && birthday_ok(&r.birthday);
}

int main(int argc, char **argv) { return run(argc, argv, record_is_valid); }
