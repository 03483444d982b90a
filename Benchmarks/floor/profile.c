/* Benchmarks/workloads/profile.rules, coded by hand:
 *   firstName: required, minLength 2
 *   lastName:  required, minLength 2
 *   email:     required, minLength 5, email
 *   age:       required, integer, between 13 124 */
#include "floor.h"

typedef struct { jval first, last, email, age; } profile;

static void visit(const char *key, int length, const jval *value, void *state) {
    profile *r = state;
    if (KEY_IS(key, length, "firstName")) r->first = *value;
    else if (KEY_IS(key, length, "lastName")) r->last = *value;
    else if (KEY_IS(key, length, "email")) r->email = *value;
    else if (KEY_IS(key, length, "age")) r->age = *value;
}

static int name_ok(const jval *v) {
    text t;
    return !is_empty(v) && as_text(v, &t) && characters(&t) >= 2;
}

static int record_is_valid(const jval *record) {
    profile r = { { K_ABSENT }, { K_ABSENT }, { K_ABSENT }, { K_ABSENT } };
    if (!members(record, visit, &r)) return 0;
    text email;
    return name_ok(&r.first) && name_ok(&r.last)
        && !is_empty(&r.email) && as_text(&r.email, &email) && characters(&email) >= 5 && is_email(&email)
        && !is_empty(&r.age) && integer_between(&r.age, 13, 124);
}

int main(int argc, char **argv) { return run(argc, argv, record_is_valid); }
