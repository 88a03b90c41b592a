/* fuzz_usi.c - the USI readers (src/players/usi_protocol.c): every command line a GUI
 * may send and every reply line an engine may answer, never a crash. */
#include "players/usi_protocol.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static UsiCommand cmd; /* large: not on the stack */
    static UsiReply reply;
    char *text = fuzz_text(data, size);
    /* One call per line, as the readers are fed. */
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        Err err = {{0}};
        if (usi_parse_line(line, &cmd, &err) != 0 && !err.msg[0])
            abort();
        err.msg[0] = '\0';
        if (usi_parse_reply(line, &reply, &err) != 0 && !err.msg[0])
            abort();
    }
    free(text);
    return 0;
}
