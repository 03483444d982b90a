/* Benchmarks/workloads/payment.rules, coded by hand:
 *   email: required, minLength 5, email
 *   phone: required, pattern /^[0-9]{10}$/
 *   zip:   required, pattern /^[0-9]{5}$/
 *   state: required, pattern /^[A-Z]{2}$/
 *   cvc:   required, pattern /^[0-9]{3,4}$/
 *   items:             required, array, minItems 1, maxItems 20
 *   items[*].sku:      required, pattern /^[A-Z]{3}-[0-9]{4}$/
 *   items[*].quantity: required, integer, between 1 99 */
#include "floor.h"

typedef struct { jval email, phone, zip, state, cvc, items; } payment;
typedef struct { jval sku, quantity; } item;

static void visit_root(const char *key, int length, const jval *value, void *state) {
    payment *r = state;
    if (KEY_IS(key, length, "email")) r->email = *value;
    else if (KEY_IS(key, length, "phone")) r->phone = *value;
    else if (KEY_IS(key, length, "zip")) r->zip = *value;
    else if (KEY_IS(key, length, "state")) r->state = *value;
    else if (KEY_IS(key, length, "cvc")) r->cvc = *value;
    else if (KEY_IS(key, length, "items")) r->items = *value;
}

static void visit_item(const char *key, int length, const jval *value, void *state) {
    item *i = state;
    if (KEY_IS(key, length, "sku")) i->sku = *value;
    else if (KEY_IS(key, length, "quantity")) i->quantity = *value;
}

static int digits_ok(const jval *v, int low, int high) {
    text t;
    if (is_empty(v) || !as_text(v, &t)) return 0;
    for (int n = low; n <= high; n++) if (all_in(&t, n, '0', '9')) return 1;
    return 0;
}

static int sku_ok(const jval *v) {
    text t;
    if (is_empty(v) || !as_text(v, &t) || t.length != 8 || t.bytes[3] != '-') return 0;
    for (int i = 0; i < 3; i++) if (t.bytes[i] < 'A' || t.bytes[i] > 'Z') return 0;
    for (int i = 4; i < 8; i++) if (!is_digit(t.bytes[i])) return 0;
    return 1;
}

/* Every element of the array: sku and quantity pass; the element count in 1...20. */
static int items_ok(const jval *items) {
    if (is_empty(items) || items->kind != K_ARR) return 0;
    int count = 0, ok = 1;
    const char *p = ws(items->p + 1, items->end);
    while (p < items->end && *p != ']') {
        jval element;
        p = ws(scan_value(p, items->end, &element), items->end);
        if (*p == ',') p++;
        count++;
        item i = { { K_ABSENT }, { K_ABSENT } };
        if (element.kind == K_OBJ && !members(&element, visit_item, &i)) return 0;
        ok = ok && sku_ok(&i.sku) && !is_empty(&i.quantity) && integer_between(&i.quantity, 1, 99);
    }
    return ok && count >= 1 && count <= 20;
}

static int record_is_valid(const jval *record) {
    payment r = { { K_ABSENT }, { K_ABSENT }, { K_ABSENT }, { K_ABSENT }, { K_ABSENT }, { K_ABSENT } };
    if (!members(record, visit_root, &r)) return 0;
    text email, state;
    return !is_empty(&r.email) && as_text(&r.email, &email) && characters(&email) >= 5 && is_email(&email)
        && digits_ok(&r.phone, 10, 10) && digits_ok(&r.zip, 5, 5) && digits_ok(&r.cvc, 3, 4)
        && !is_empty(&r.state) && as_text(&r.state, &state) && all_in(&state, 2, 'A', 'Z')
        && items_ok(&r.items);
}

int main(int argc, char **argv) { return run(argc, argv, record_is_valid); }
