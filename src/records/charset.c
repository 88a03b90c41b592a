/* charset.c - UTF-8 checked by hand, Shift_JIS through glibc's iconv. */
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>

#include "records/internal.h"

/* Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF. */
bool utf8_valid(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text, *end = s + len;
    while (s < end) {
        const unsigned c = *s;
        int more;
        unsigned min;
        if (c < 0x80) {
            s++;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            more = 1, min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            more = 2, min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            more = 3, min = 0x10000;
        } else {
            return false;
        }
        if (end - s <= more)
            return false;
        unsigned cp = c & (0x3Fu >> more);
        for (int i = 1; i <= more; i++) {
            if ((s[i] & 0xC0) != 0x80)
                return false;
            cp = cp << 6 | (s[i] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        s += more + 1;
    }
    return true;
}

/* `len` bytes from one encoding to the other; the output is at most
 * `growth` times as long (UTF-8 takes up to 3 bytes for Shift_JIS's 1 or
 * 2), plus the NUL. */
static char *convert(const char *to, const char *from, const char *s, size_t len, size_t growth,
                     size_t *out_len, Err *err)
{
    iconv_t cd = iconv_open(to, from);
    if (cd == (iconv_t)-1) {
        err_set(err, "this system cannot convert %s text (iconv)", from);
        return NULL;
    }
    const size_t cap = len * growth + 1;
    char *out = malloc(cap);
    if (!out) {
        iconv_close(cd);
        err_set(err, "out of memory");
        return NULL;
    }
    char *in = (char *)s, *o = out;
    size_t in_left = len, out_left = cap - 1;
    const size_t r = iconv(cd, &in, &in_left, &o, &out_left);
    const int saved = errno;
    iconv_close(cd);
    if (r == (size_t)-1) {
        free(out);
        if (saved == EILSEQ || saved == EINVAL)
            err_set(err, "neither UTF-8 nor Shift_JIS text (a binary file?)");
        else
            err_set(err, "cannot convert the text to %s", to);
        return NULL;
    }
    *o = '\0';
    *out_len = (size_t)(o - out);
    return out;
}

char *sjis_to_utf8(const char *s, size_t len, size_t *out_len, Err *err)
{
    return convert("UTF-8", "CP932", s, len, 3, out_len, err);
}

char *utf8_to_sjis(const char *s, size_t len, size_t *out_len, Err *err)
{
    /* A name with a character Shift_JIS lacks becomes '?' rather than
     * leaving the game unwritten. */
    return convert("CP932//TRANSLIT", "UTF-8", s, len, 2, out_len, err);
}
