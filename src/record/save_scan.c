/* save_scan.c — the saves of a directory, each parsed once while its file stays the same
 * (see save_scan.h). The entries live until the program ends: a run asks about a few dozen
 * files at most. */
#include "save_scan.h"

#include "pgn.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Entry {
    struct Entry *next;
    char path[4400];
    char fallback[MAX_NAME]; /* the fallback variant it was read with */
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
    bool settled; /* written well before it was read: see settled() */
    SaveGame game;
} Entry;

static Entry *entries;

static void forget_all(void)
{
    while (entries) {
        Entry *e = entries;
        entries = e->next;
        free(e->game.keys);
        free(e);
    }
}

/* Read the save at path into sg (its keys malloc'ed). */
static void parse(const char *path, const Variant *fallback, SaveGame *sg)
{
    char err[PGN_MSG_MAX + 4500];
    PgnReport rep;
    Game g;
    Variant *owned;
    memset(sg, 0, sizeof *sg);
    if (!pgn_read_first(path, fallback, &g, &owned, &rep, err, sizeof err)) return;
    if (!rep.cut_short) {
        size_t bytes = sizeof *g.keys * (size_t)(g.nplies + 1);
        sg->keys = malloc(bytes);
        if (sg->keys) { /* (without them it counts as unreadable: it goes on) */
            if (g.keys)
                memcpy(sg->keys, g.keys, bytes);
            else /* (a game without a move has no list of keys yet) */
                sg->keys[0] = g.start.hash;
            sg->whole = true;
            sg->over = g.result.over;
            if (sg->over) game_result_line(&g, sg->ended, sizeof sg->ended);
            snprintf(sg->variant, sizeof sg->variant, "%s", g.v->name);
            sg->nplies = g.nplies;
            sg->move = game_move_number(&g);
        }
    }
    game_free(&g);
    variant_free(owned);
}

/* Whether a file read now, its time of writing mtime, would show a change made after this
 * reading by its time alone. A file system keeps a file's time coarsely (some in whole
 * seconds, Linux in clock ticks of a few milliseconds), and an inode number freed by a save
 * replaced may be given to the next one: a save of the same size written just after the
 * reading could then look the same as the one read. A file written well before the reading
 * cannot be confused so: what changes it later gets a later time. */
static bool settled(const struct timespec *mtime)
{
    struct timespec now;
    if (clock_gettime(CLOCK_REALTIME, &now) != 0) return false;
    /* whole seconds (no nanoseconds): FAT keeps two; else a second is many ticks */
    time_t margin = mtime->tv_nsec ? 1 : 2;
    return mtime->tv_sec + margin < now.tv_sec;
}

const SaveGame *save_scan_read(const char *path, const Variant *fallback)
{
    static bool registered;
    struct stat st;
    const char *fb = fallback ? fallback->name : "";
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return NULL;
    bool was_settled = settled(&st.st_mtim); /* (as the file is seen, before it is read) */
    Entry *e = entries;
    while (e && strcmp(e->path, path)) e = e->next;
    if (e && e->settled && e->dev == st.st_dev && e->ino == st.st_ino && e->size == st.st_size &&
        e->mtime.tv_sec == st.st_mtim.tv_sec && e->mtime.tv_nsec == st.st_mtim.tv_nsec &&
        !strcmp(e->fallback, fb))
        return &e->game;
    if (!e) {
        if (!registered) registered = atexit(forget_all) == 0;
        e = calloc(1, sizeof *e);
        /* out of memory: unreadable, as a save whose keys found none (parse), never "no save",
         * which a first save would replace without keeping it */
        static const SaveGame unread;
        if (!e) return &unread;
        snprintf(e->path, sizeof e->path, "%s", path);
        e->next = entries;
        entries = e;
    }
    free(e->game.keys);
    parse(path, fallback, &e->game);
    snprintf(e->fallback, sizeof e->fallback, "%s", fb);
    e->dev = st.st_dev;
    e->ino = st.st_ino;
    e->size = st.st_size;
    e->mtime = st.st_mtim;
    e->settled = was_settled;
    return &e->game;
}

bool save_scan_goes_on(const SaveGame *sg)
{
    return sg && (!sg->whole || (!sg->over && sg->nplies > 0));
}

bool save_scan_within(const SaveGame *sg, const SaveMoves *m)
{
    if (!sg->whole || !m || !m->keys || strcmp(sg->variant, m->variant) || sg->nplies > m->nplies)
        return false;
    for (int i = 0; i <= sg->nplies; i++)
        if (sg->keys[i] != m->keys[i]) return false;
    return true;
}

static int newer_first(const void *a, const void *b)
{
    const SaveFile *x = a, *y = b;
    if (x->when.tv_sec != y->when.tv_sec) return x->when.tv_sec < y->when.tv_sec ? 1 : -1;
    if (x->when.tv_nsec != y->when.tv_nsec) return x->when.tv_nsec < y->when.tv_nsec ? 1 : -1;
    return strcmp(x->name, y->name);
}

int save_scan_dir(const char *dir, bool (*want)(const char *name), SaveFile **out)
{
    int n = 0, cap = 0;
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st;
        size_t len = strlen(e->d_name);
        if (!want(e->d_name) || len < 5 || len - 4 >= sizeof(*out)->name) continue;
        if (n == cap) {
            SaveFile *more = realloc(*out, sizeof **out * (size_t)(cap = cap ? cap * 2 : 16));
            if (!more) break; /* the ones listed so far */
            *out = more;
        }
        SaveFile *f = &(*out)[n];
        if (snprintf(f->path, sizeof f->path, "%s/%s", dir, e->d_name) >= (int)sizeof f->path ||
            stat(f->path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        snprintf(f->name, sizeof f->name, "%.*s", (int)(len - 4), e->d_name);
        f->when = st.st_mtim;
        n++;
    }
    closedir(d);
    if (n) qsort(*out, (size_t)n, sizeof **out, newer_first);
    return n;
}
