/* session_files.c — the session's games in files: save, load, and keeping the game in play
 * when new or load would replace it. */
#include "session_int.h"

#include "fileio.h"
#include "pgn.h"
#include "restrict.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Whether the file the last save wrote holds game g as it is now. */
static bool saved_as_is(const Session *s, const Game *g)
{
    char err[600];
    if (!s->saved_path[0]) return false;
    char *text = pgn_write(g), *saved = read_text_file(s->saved_path, NULL, err, sizeof err);
    bool same = text && saved && !strcmp(text, saved);
    free(text);
    free(saved);
    return same;
}

/* A hash of game g's record (FNV-1a), never 0 (0 when it cannot be written). */
static uint64_t game_hash(const Game *g)
{
    char *text = pgn_write(g);
    uint64_t h = 14695981039346656037u;
    if (!text) return 0;
    for (const char *p = text; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211u;
    free(text);
    return h ? h : 1;
}

/* Before new or load (verb) replaces the game: the front end's replacing hook keeps it. When
 * it cannot, the game is not thrown away unseen, nor is the player stuck with it: new or load
 * goes ahead when the game is saved in a file as it is ('save FILE' since its last change),
 * or when the player, told it would be lost, asks again for the same game; else it is
 * refused, saying both ways on. What to tell the player in note. */
bool session_may_replace(Session *s, const char *verb, char *note, size_t len)
{
    if (!s->replacing || s->replacing(s, note, len)) {
        s->replace_warned = 0;
        return true;
    }
    if (saved_as_is(s, &s->game)) {
        snprintf(note, len, "the game you left is saved in %.900s", s->saved_name);
        return true;
    }
    uint64_t h = game_hash(&s->game);
    if (h && h == s->replace_warned) {
        s->replace_warned = 0;
        snprintf(note, len, "the game you left is lost: it could not be kept");
        return true;
    }
    s->replace_warned = h;
    size_t n = strlen(note);
    snprintf(note + n, len - n,
             "; it goes on: '%s' keeps it, or '%s' again goes ahead and it is lost",
             s->restricted ? "save NAME" : "save FILE", verb);
    return false;
}

/* A file name as a shell would read a leading ~/ (the rest is taken as it is). */
static const char *expand_home(const char *name, char *buf, size_t len)
{
    const char *home = getenv("HOME");
    if (strncmp(name, "~/", 2) || !home || !*home) return name;
    snprintf(buf, len, "%s/%s", home, name + 2);
    return buf;
}

/* The file a save or load argument names: in restricted mode a plain name in the player's
 * save directory, else a path (a leading ~/ read as a shell would). A name with no dot in
 * its last part means NAME.pgn, as restricted mode's names do, unless NAME.pgn does not
 * exist and NAME does (a record saved without an extension before, a device, a directory
 * refused as before): save and load read the name alike. False after a complaint. */
static bool save_file(Session *s, const char *args, bool creating, char *path, size_t len,
                      Sink *out)
{
    char err[600];
    if (s->restricted) {
        if (!restrict_save_path(s->restricted, args, creating, path, len, err, sizeof err))
            return session_complain(out, "%s", err);
        return true;
    }
    char home[4096];
    const char *name = expand_home(args, home, sizeof home), *last = strrchr(name, '/');
    last = last ? last + 1 : name;
    bool bare = *last && !strchr(last, '.');
    if ((size_t)snprintf(path, len, "%s%s", name, bare ? ".pgn" : "") >= len)
        return session_complain(out, "'%.100s...': the file name is too long", args);
    struct stat st;
    if (bare && lstat(path, &st) != 0 && (!creating || lstat(name, &st) == 0))
        snprintf(path, len, "%s", name);
    return true;
}

bool cmd_save(Session *s, const char *args, Sink *out)
{
    char err[600], path[4096];
    if (!*args)
        return session_complain(out, "save needs a %s", s->restricted ? "name" : "file name");
    if (!save_file(s, args, true, path, sizeof path, out)) return false;
    if (!pgn_write_file(&s->game, path, 0666, err, sizeof err)) {
        if (!s->restricted) return session_complain(out, "%s", err);
        char shown[700];
        restrict_hide_path(err, path, args, shown, sizeof shown);
        return session_complain(out, "the game could not be saved: %s", shown);
    }
    session_say(out, "saved to %s", s->restricted ? args : path);
    snprintf(s->saved_path, sizeof s->saved_path, "%s", path);
    snprintf(s->saved_name, sizeof s->saved_name, "%s", s->restricted ? args : path);
    return true;
}

bool session_load_file(Session *s, const char *path, PgnReport *rep, char *err, int errlen)
{
    Game g;
    Variant *owned;
    if (!pgn_read_first(path, s->v, &g, &owned, rep, err, errlen)) return false;
    session_set_game(s, owned ? owned : s->v, &g);
    return true;
}

static bool list_saves(Session *s, Sink *out)
{
    char names[MAX_SAVES * (MAX_PLAIN_NAME + 1) + 1];
    int n = restrict_list_saves(s->restricted, names, sizeof names);
    session_say(out, n ? "your saved games: %s" : "you have no saved games%s", n ? names : "");
    return true;
}

bool session_load(Session *s, const char *args, Sink *out)
{
    PgnReport rep;
    char err[1200], path[4096];
    if (!*args && s->restricted) return list_saves(s, out);
    if (!*args && s->list_saves && s->list_saves(s->v, out)) return true;
    if (!*args) return session_complain(out, "load needs a file name");
    if (!save_file(s, args, false, path, sizeof path, out)) return false;
    /* a name from the list of saves ('load' alone), when the current directory has no such
     * file: the saved game (its path said in what is loaded) */
    char saved[4096];
    if (!s->restricted && s->find_save && access(path, F_OK) != 0 &&
        s->find_save(args, saved, sizeof saved))
        snprintf(path, sizeof path, "%s", saved);
    const char *name = s->restricted ? args : path;
    Game g;
    Variant *owned;
    char note[1200] = "";
    if (!pgn_read_first(path, s->v, &g, &owned, &rep, err, sizeof err)) {
        if (s->restricted && access(path, F_OK) != 0)
            return session_complain(out, "there is no game saved as %s ('load' alone lists them)",
                                    args);
        if (s->find_save && !strchr(args, '/') && access(path, F_OK) != 0)
            return session_complain(out,
                                    "%s: no such file here, nor a saved game of that name "
                                    "('load' alone lists them)",
                                    args);
        char shown[1300];
        restrict_hide_path(err, path, name, shown, sizeof shown); /* the host's directories */
        return session_complain(out, "%s", shown);
    }
    if (!session_may_replace(s, "load", note, sizeof note)) {
        game_free(&g);
        variant_free(owned);
        return session_complain(out, "%s", note);
    }
    session_set_game(s, owned ? owned : s->v, &g);
    if (rep.warnings) session_say(out, "warning: %s: %s", name, rep.warning);
    char at[MAX_NAME + 48]; /* as the record reads; a finished game's result line says how */
    if (s->game.result.over)
        snprintf(at, sizeof at, "over at move %d", game_move_number(&s->game));
    else
        snprintf(at, sizeof at, "move %d, %s to move", s->game.pos.fullmove,
                 s->v->player_name[s->game.pos.stm]);
    session_say(out, "loaded %s: %s, %s%s%s", name, s->v->title, at, *note ? "; " : "", note);
    session_report_end(s, out);
    session_notify_changed(s);
    return true;
}
