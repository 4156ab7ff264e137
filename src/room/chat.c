/* chat.c — how fast a user may chat in a room, however it connects: a token bucket for each
 * Unix user and each name (in any case) seen chatting lately, kept by the room, not by the
 * connection. A connection's own flood limit (server.c) begins afresh with every
 * connection, so ten connections one after the other could say ten bursts of chat; the
 * user's and the name's buckets carry over from one to the next. A room of a public login
 * (restricted) counts by name alone: there every player is the one shared Unix user, and
 * each name is the administrator's, which no player can choose. */
#include "room/server_int.h"

#include <stdio.h>
#include <strings.h>

#define CHAT_BURST ((double)MAX_CHAT_BURST)
#define CHAT_RATE  ((double)MAX_CHAT_RATE)

/* The bucket of a user (name NULL) or of a name, refilled to now; a new one (full) when
 * there is none, in the slot of the fullest other than `keep` (the name's, when the user's is
 * looked for after it): an unused slot, or one refilled completely, which is as good as none. */
static ChatBucket *bucket(Server *sv, uid_t uid, const char *name, double now,
                          const ChatBucket *keep)
{
    ChatBucket *spare = NULL;
    for (int i = 0; i < CHAT_BUCKETS; i++) {
        ChatBucket *b = &sv->chat[i];
        if (!b->used) b->tokens = CHAT_BURST, b->at = now;
        b->tokens += (now - b->at) * CHAT_RATE;
        if (b->tokens > CHAT_BURST) b->tokens = CHAT_BURST;
        b->at = now;
        if (b->used &&
            (name ? b->by_name && !strcasecmp(b->name, name) : !b->by_name && b->uid == uid))
            return b;
        if (b != keep && (!spare || b->tokens > spare->tokens)) spare = b;
    }
    *spare = (ChatBucket){true, name != NULL, uid, "", CHAT_BURST, now};
    if (name) snprintf(spare->name, sizeof spare->name, "%s", name);
    return spare;
}

bool chat_allowed(Server *sv, const Conn *c, double *wait)
{
    double now = steady_now();
    ChatBucket *by_name = bucket(sv, c->uid, c->name, now, NULL);
    ChatBucket *by_user = sv->opt.restricted ? by_name : bucket(sv, c->uid, NULL, now, by_name);
    double least = by_user->tokens < by_name->tokens ? by_user->tokens : by_name->tokens;
    if (least < 1) {
        *wait = (1 - least) / CHAT_RATE;
        return false;
    }
    by_name->tokens -= 1;
    if (by_user != by_name) by_user->tokens -= 1;
    return true;
}
