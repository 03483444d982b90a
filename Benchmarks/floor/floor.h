/* The practical floor of the side-by-side benchmark (scripts/bench-compare): a plain
 * NDJSON scanner in C, one core, with each workload's rules coded by hand in its own file
 * (profile.c, address.c, payment.c). It reads a file of one JSON object per line, skips
 * what the rules do not name without building anything, and prints the counts
 * `valid N invalid M unreadable U`, which bench-compare requires to equal rulebook's.
 *
 * The readings follow docs/language.md: a field is empty when absent, null, text of only
 * white space or an empty array; lengths count characters (the workloads hold no
 * combining marks, so a character is one code point); numeric validators accept numbers
 * and text in the JSON number grammar; text validators accept only strings. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum kind { K_ABSENT, K_NULL, K_BOOL, K_NUM, K_STR, K_ARR, K_OBJ };

/* One JSON value: its kind and its bytes (a string's without the quotes, undecoded). */
typedef struct { int kind; const char *p, *end; } jval;

static inline const char *ws(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) p++;
    return p;
}

static inline const char *scan_value(const char *p, const char *end, jval *v);

/* The end of a string whose opening quote is at p[-1], or NULL. */
static inline const char *scan_string(const char *p, const char *end) {
    while (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') return p;
        if (c == '\\') { p += 2; continue; }
        if (c < 0x20) return NULL;
        p++;
    }
    return NULL;
}

static inline int is_digit(char c) { return c >= '0' && c <= '9'; }

/* The end of a JSON number at p, or NULL when p does not start one. */
static inline const char *scan_number(const char *p, const char *end) {
    if (p < end && *p == '-') p++;
    if (p >= end || !is_digit(*p)) return NULL;
    if (*p == '0') p++; else while (p < end && is_digit(*p)) p++;
    if (p < end && *p == '.') { p++; if (p >= end || !is_digit(*p)) return NULL; while (p < end && is_digit(*p)) p++; }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        if (p >= end || !is_digit(*p)) return NULL;
        while (p < end && is_digit(*p)) p++;
    }
    return p;
}

static inline const char *scan_container(const char *p, const char *end, char close, int keyed) {
    p = ws(p, end);
    if (p < end && *p == close) return p + 1;
    for (;;) {
        jval v;
        if (keyed) {
            if (p >= end || *p != '"' || !(p = scan_string(p + 1, end))) return NULL;
            p = ws(p + 1, end);
            if (p >= end || *p != ':') return NULL;
            p++;
        }
        if (!(p = scan_value(p, end, &v))) return NULL;
        p = ws(p, end);
        if (p < end && *p == ',') { p = ws(p + 1, end); continue; }
        if (p < end && *p == close) return p + 1;
        return NULL;
    }
}

/* Reads the value at p (after white space) into v; the end of it, or NULL. */
static inline const char *scan_value(const char *p, const char *end, jval *v) {
    p = ws(p, end);
    if (p >= end) return NULL;
    v->p = p;
    switch (*p) {
    case '"': v->kind = K_STR; v->p = p + 1; if (!(p = scan_string(p + 1, end))) return NULL; v->end = p; return p + 1;
    case '{': v->kind = K_OBJ; p = scan_container(p + 1, end, '}', 1); break;
    case '[': v->kind = K_ARR; p = scan_container(p + 1, end, ']', 0); break;
    case 'n': v->kind = K_NULL; p = (end - p >= 4 && !memcmp(p, "null", 4)) ? p + 4 : NULL; break;
    case 't': v->kind = K_BOOL; p = (end - p >= 4 && !memcmp(p, "true", 4)) ? p + 4 : NULL; break;
    case 'f': v->kind = K_BOOL; p = (end - p >= 5 && !memcmp(p, "false", 5)) ? p + 5 : NULL; break;
    default: v->kind = K_NUM; p = scan_number(p, end); break;
    }
    if (p) v->end = p;
    return p;
}

static inline int hex(const char *p) {
    int value = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        value <<= 4;
        if (c >= '0' && c <= '9') value |= c - '0';
        else if (c >= 'a' && c <= 'f') value |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') value |= c - 'A' + 10;
        else return -1;
    }
    return value;
}

/* Decodes a string's escapes into out (UTF-8); its length, or -1 for a bad escape. */
static inline int decode(const jval *s, char *out, int capacity) {
    int n = 0;
    for (const char *p = s->p; p < s->end; p++) {
        if (n + 4 > capacity) return -1;
        if (*p != '\\') { out[n++] = *p; continue; }
        p++;
        switch (*p) {
        case 'n': out[n++] = '\n'; break;
        case 't': out[n++] = '\t'; break;
        case 'r': out[n++] = '\r'; break;
        case 'b': out[n++] = '\b'; break;
        case 'f': out[n++] = '\f'; break;
        case '"': case '\\': case '/': out[n++] = *p; break;
        case 'u': {
            if (s->end - p < 5) return -1;
            long c = hex(p + 1);
            if (c < 0) return -1;
            p += 4;
            if (c >= 0xD800 && c < 0xDC00 && s->end - p >= 7 && p[1] == '\\' && p[2] == 'u') {
                long low = hex(p + 3);
                if (low >= 0xDC00 && low < 0xE000) { c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00); p += 6; }
            }
            if (c < 0x80) out[n++] = (char)c;
            else if (c < 0x800) { out[n++] = (char)(0xC0 | c >> 6); out[n++] = (char)(0x80 | (c & 0x3F)); }
            else if (c < 0x10000) {
                out[n++] = (char)(0xE0 | c >> 12); out[n++] = (char)(0x80 | ((c >> 6) & 0x3F)); out[n++] = (char)(0x80 | (c & 0x3F));
            } else {
                out[n++] = (char)(0xF0 | c >> 18); out[n++] = (char)(0x80 | ((c >> 12) & 0x3F));
                out[n++] = (char)(0x80 | ((c >> 6) & 0x3F)); out[n++] = (char)(0x80 | (c & 0x3F));
            }
            break;
        }
        default: return -1;
        }
    }
    return n;
}

/* A decoded string's text, in a buffer of the caller's. */
typedef struct { char bytes[512]; int length; } text;

/* Whether v is a string, decoding it into t when it is (an overlong one counts as not). */
static inline int as_text(const jval *v, text *t) {
    if (v->kind != K_STR) return 0;
    t->length = decode(v, t->bytes, (int)sizeof t->bytes);
    return t->length >= 0;
}

/* Characters (code points) of decoded UTF-8. */
static inline int characters(const text *t) {
    int count = 0;
    for (int i = 0; i < t->length; i++) count += ((unsigned char)t->bytes[i] & 0xC0) != 0x80;
    return count;
}

static inline int is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* The field is empty: absent, null, an empty array, or text of only white space. */
static inline int is_empty(const jval *v) {
    if (v->kind == K_ABSENT || v->kind == K_NULL) return 1;
    if (v->kind == K_ARR) { const char *p = ws(v->p + 1, v->end); return *p == ']'; }
    if (v->kind != K_STR) return 0;
    text t;
    if (!as_text(v, &t)) return 0;
    for (int i = 0; i < t.length; i++) if (!is_space((unsigned char)t.bytes[i])) return 0;
    return 1;
}

/* A numeric validator's number: a JSON number, or text in the JSON number grammar. */
static inline int as_number(const jval *v, double *out) {
    char buffer[64];
    const char *p = v->p, *end = v->end;
    if (v->kind == K_STR) {
        text t;
        if (!as_text(v, &t) || t.length == 0 || t.length >= (int)sizeof buffer) return 0;
        memcpy(buffer, t.bytes, t.length);
        p = buffer; end = buffer + t.length;
        if (scan_number(p, end) != end) return 0;
    } else if (v->kind != K_NUM || end - p >= (int)sizeof buffer) {
        return 0;
    } else {
        memcpy(buffer, p, end - p);
        p = buffer; end = buffer + (v->end - v->p);
    }
    buffer[end - buffer] = 0;
    *out = strtod(buffer, NULL);
    return isfinite(*out);
}

static inline int integer_between(const jval *v, double low, double high) {
    double x;
    return as_number(v, &x) && x == floor(x) && x >= low && x <= high;
}

/* local@domain.tld: one `@`, no white space or control character, a dot inside the domain. */
static inline int is_email(const text *t) {
    int at = -1, dot = -1;
    if (t->length < 5) return 0;
    for (int i = 0; i < t->length; i++) {
        unsigned char c = (unsigned char)t->bytes[i];
        if (c <= ' ' || c == 0x7F) return 0;
        if (c == '@') { if (at >= 0) return 0; at = i; }
        else if (c == '.' && at >= 0 && i > at + 1 && i < t->length - 1) dot = i;
    }
    return at > 0 && dot > at;
}

/* Whether the decoded text is exactly `count` bytes each in [low, high]. */
static inline int all_in(const text *t, int count, char low, char high) {
    if (t->length != count) return 0;
    for (int i = 0; i < count; i++) if (t->bytes[i] < low || t->bytes[i] > high) return 0;
    return 1;
}

/* Calls visit(key, key length, value, state) for each member of the object v; 0 when
 * a key has an escape that does not decode. Keys with escapes are decoded first. */
static inline int members(const jval *object, void (*visit)(const char *, int, const jval *, void *), void *state) {
    const char *p = ws(object->p + 1, object->end);
    char decoded[256];
    while (p < object->end && *p == '"') {
        jval key = { K_STR, p + 1, NULL }, value;
        key.end = scan_string(p + 1, object->end);
        const char *name = key.p;
        int length = (int)(key.end - key.p);
        if (memchr(key.p, '\\', length)) {
            if ((length = decode(&key, decoded, sizeof decoded)) < 0) return 0;
            name = decoded;
        }
        p = ws(key.end + 1, object->end) + 1;
        p = scan_value(p, object->end, &value);
        visit(name, length, &value, state);
        p = ws(p, object->end);
        if (*p == ',') p = ws(p + 1, object->end);
    }
    return 1;
}

#define KEY_IS(name, length, literal) ((length) == (int)sizeof(literal) - 1 && !memcmp((name), (literal), (length)))

/* Runs `record_is_valid` on every line of the file named by argv[1] and prints the counts.
 * The file is read in 1 MiB blocks (a line longer than what is left of a block is
 * carried into the next, which grows as needed), so memory stays small whatever the
 * file's size. A line that is not one JSON object is unreadable. */
static inline int run(int argc, char **argv, int (*record_is_valid)(const jval *record)) {
    if (argc != 2) { fprintf(stderr, "usage: %s FILE.ndjson\n", argv[0]); return 2; }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 2; }
    size_t capacity = 1 << 20, held = 0;
    char *buffer = malloc(capacity);
    long valid = 0, invalid = 0, unreadable = 0;
    for (;;) {
        if (held == capacity) {
            capacity *= 2;
            if (!(buffer = realloc(buffer, capacity))) { fprintf(stderr, "out of memory\n"); return 2; }
        }
        size_t read = fread(buffer + held, 1, capacity - held, file);
        int atEnd = read == 0;
        held += read;
        char *line = buffer, *stop = buffer + held;
        for (;;) {
            char *newline = memchr(line, '\n', stop - line);
            if (!newline && !(atEnd && line < stop)) break;
            char *end = newline ? newline : stop;
            jval record;
            const char *after = scan_value(line, end, &record);
            if (!after || ws(after, end) != end || record.kind != K_OBJ) unreadable++;
            else if (record_is_valid(&record)) valid++;
            else invalid++;
            line = newline ? newline + 1 : stop;
        }
        held = stop - line;
        memmove(buffer, line, held);
        if (atEnd) break;
    }
    if (ferror(file)) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
    fclose(file);
    printf("valid %ld invalid %ld unreadable %ld\n", valid, invalid, unreadable);
    free(buffer);
    return 0;
}
