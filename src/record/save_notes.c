/* save_notes.c — the player's messages about saves (see save_notes.h). Files are named by
 * their names (current-1234.pgn): they all live in the one state directory. A restricted
 * login takes no options: there no command is named, only what its logins do. */
#include "save_notes.h"

#include "autosave.h"
#include "paths.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Append to out (kept NUL-terminated when it is full). */
__attribute__((format(printf, 3, 4))) static void add(char *out, size_t len, const char *fmt, ...)
{
    size_t n = strlen(out);
    va_list ap;
    va_start(ap, fmt);
    if (n + 1 < len) vsnprintf(out + n, len - n, fmt, ap);
    va_end(ap);
}

static const char *base(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

void save_notes_command(const Variant *v, const char *path, bool login, char *out, size_t len)
{
    SaveInfo *list, pick;
    if (login) {
        snprintf(out, len, "your next login");
        return;
    }
    /* (without memory to list the saves, the save is named: that always continues it) */
    int n = autosave_saves_listed(v, &list);
    bool others_play = false;
    for (int i = 0; i < n; i++) others_play |= list[i].owner != 0 && list[i].goes_on;
    free(list);
    /* a variant from a file its name does not find is named by path */
    char file[PATH_LEN + 64];
    variant_path_option(v, file, sizeof file);
    if (strlen(file) + 80 > len) file[0] = 0; /* (cut short it would name another file) */
    if (n >= 0 && !others_play && autosave_pick(v, &pick) > 0 && !strcmp(pick.path, path)) {
        snprintf(out, len, "cellmate --resume%s", file);
        return;
    }
    const char *name = base(path), *dot = strstr(name, ".pgn");
    snprintf(out, len, "cellmate --resume=%.*s%s", (int)(dot ? dot - name : (long)strlen(name)),
             name, file);
}

/* The saves whose game goes on and that nobody plays, but `except`, in *list (allocated, to be
 * freed); -1 when memory ran out. */
static int waiting(const Variant *v, const char *except, SaveInfo **list)
{
    int n = autosave_saves_listed(v, list), k = 0;
    for (int i = 0; i < n; i++)
        if ((*list)[i].goes_on && !(*list)[i].owner && (!except || strcmp((*list)[i].path, except)))
            (*list)[k++] = (*list)[i];
    return n < 0 ? -1 : k;
}

static const char no_memory[] = "Your saved games cannot be listed: out of memory.";

/* ", current-1234.pgn (cellmate --resume=current-1234)" for list[from..n-1]. A login goes on
 * with the newest game that goes on (autosave_pick): an older one, once the newer ones end. */
static void name_each(const SaveInfo *list, int from, int n, bool login, char *out, size_t len)
{
    for (int i = from; i < n; i++) {
        if (login)
            add(out, len, "%s%s.pgn (a login continues it once your newer games have ended)",
                i > from ? ", " : "", list[i].name);
        else
            add(out, len, "%s%s.pgn (cellmate --resume=%s)", i > from ? ", " : "", list[i].name,
                list[i].name);
    }
}

void save_notes_others(const Variant *v, const char *except, bool login, char *out, size_t len)
{
    SaveInfo *list;
    int n = waiting(v, except, &list);
    out[0] = 0;
    if (n < 0) add(out, len, "%s", no_memory);
    if (n > 0) {
        add(out, len, "also waiting: ");
        name_each(list, 0, n, login, out, len);
    }
    free(list);
}

bool save_notes_start(const Variant *v, bool computer_first, bool login, char *out, size_t len)
{
    SaveInfo *all, *list = NULL;
    char own[4400] = "", kept[64];
    int n = autosave_saves_listed(v, &all);
    out[0] = 0;
    autosave_path(own, sizeof own);
    for (int i = 0; i < n; i++) /* another screen plays the save this one would have taken */
        if (all[i].owner && !strcmp(all[i].name, "current") && strcmp(all[i].path, own)) {
            if (all[i].owner > 0)
                add(out, len, "Another cellmate (process %ld) is playing ", all[i].owner);
            else
                add(out, len, "Another cellmate is playing ");
            add(out, len, "your saved game, current.pgn; this game is saved apart, in %s.",
                base(own));
        }
    free(all);
    int k = n < 0 ? -1 : waiting(v, NULL, &list);
    if (k < 0) { /* whether a save waits is not known: the computer waits too */
        free(list);
        add(out, len, "%s%s", out[0] ? " " : "", no_memory);
        return true;
    }
    if (!k) {
        free(list);
        return false;
    }
    add(out, len, "%sA saved game is waiting: %s", out[0] ? " " : "",
        login ? "quit, and your next login continues it"
              : "quit and start cellmate --resume to continue it");
    if (strcmp(list[0].path, own)) { /* a move here saves elsewhere: it stays where it is */
        add(out, len, " (a move here starts a new game; it stays in %s.pgn", list[0].name);
        if (!login) add(out, len, ": cellmate --resume=%s", list[0].name);
        add(out, len, ")");
    } else if (autosave_keep_name(v, kept, sizeof kept)) {
        add(out, len, " (a move here starts a new game and keeps it as %s", kept);
        if (!login) add(out, len, ": cellmate --resume=%.*s", (int)strlen(kept) - 4, kept);
        add(out, len, ")");
    }
    if (k > 1) {
        add(out, len, "; also waiting: ");
        name_each(list, 1, k, login, out, len);
    }
    if (computer_first)
        add(out, len, "; the computer waits for 'go', so as not to start a new game over it");
    free(list);
    return true;
}

bool save_notes_opening(const Variant *v, bool fresh, bool computer_first, bool login, char *out,
                        size_t len)
{
    char own[4400] = "";
    bool waits = false;
    if (fresh) {
        waits = save_notes_start(v, computer_first, login, out, len);
    } else {
        autosave_path(own, sizeof own);
        save_notes_others(v, own, login, out, len);
    }
    autosave_hide_dirs(out, len);
    return waits;
}
