/* fuzz_room.c — the room protocol's readers, as a server and a client meet them: the input
 * is a byte stream cut into reads of the sizes its first byte chooses, fed through the line
 * reader; every line is read as a request and as an event, and as chat text cleaned. What
 * they give back must keep the protocol's promises: lines within the limit and free of
 * control bytes, names that are names, cleaned text that is UTF-8 without control bytes. */
#include "fuzz_util.h"
#include "room/proto.h"
#include "targets.h"

#include <string.h>

static bool clean_utf8(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        if (*p < 0x20 || *p == 0x7f) return false;
        int n = *p < 0x80             ? 1
                : (*p & 0xe0) == 0xc0 ? 2
                : (*p & 0xf0) == 0xe0 ? 3
                : (*p & 0xf8) == 0xf0 ? 4
                                      : 0;
        if (!n) return false;
        for (int i = 1; i < n; i++)
            if ((p[i] & 0xc0) != 0x80) return false;
        p += n;
    }
    return true;
}

static void one_line(char *line)
{
    RoomRequest rq;
    size_t len = strlen(line);
    fuzz_require(len <= ROOM_REQUEST_MAX, "a line within the limit");
    for (size_t i = 0; i < len; i++)
        fuzz_require((unsigned char)line[i] >= 0x20 && line[i] != 0x7f,
                     "no control byte in a line");
    room_parse_request(line, &rq);
    if (rq.kind == REQ_HELLO) fuzz_require(room_valid_player(rq.name), "hello's name is a name");
    if (rq.kind == REQ_BAD) fuzz_require(rq.error[0] != 0, "a refusal says why");
    if (rq.kind == REQ_MOVE || rq.kind == REQ_SAY)
        fuzz_require(rq.text[0] != 0, "text after move or say");
    char text[ROOM_SAY_MAX + 1];
    room_clean_text(line, text, sizeof text);
    fuzz_require(strlen(text) <= ROOM_SAY_MAX && clean_utf8(text), "cleaned text is clean");
    char copy[ROOM_REQUEST_MAX + 1], *args[8];
    int n;
    memcpy(copy, line, len + 1);
    enum room_event ev = room_parse_event(copy, args, 8, &n);
    fuzz_require(n >= 0 && n <= 8, "an event's words fit");
    for (int i = 0; i < n && ev != EV_BAD; i++)
        fuzz_require(args[i] != NULL, "an event's words are there");
}

void fuzz_target_room(const uint8_t *data, size_t size)
{
    if (size < 1) return;
    size_t chunk = 1 + data[0] % 64;
    LineReader r;
    char line[ROOM_REQUEST_MAX + 1];
    fuzz_require(linereader_init(&r, ROOM_REQUEST_MAX), "memory for a line reader");
    size_t at = 1;
    bool garbage = false;
    while (at < size && !garbage) {
        size_t room;
        char *to = linereader_space(&r, &room);
        fuzz_require(room > 0, "room for more after taking the lines");
        size_t n = size - at < chunk ? size - at : chunk;
        if (n > room) n = room;
        memcpy(to, data + at, n);
        linereader_added(&r, n);
        at += n;
        enum line_status st;
        while ((st = linereader_next(&r, line)) != LINE_NONE) {
            if (st == LINE_GARBAGE) {
                garbage = true;
                break;
            }
            if (st == LINE_OK) one_line(line);
        }
    }
    linereader_free(&r);
}
