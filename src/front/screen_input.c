/* screen_input.c — readline inside the curses screen, through readline's callback interface:
 * curses reads the keys and hands readline bytes through our own getc; readline edits the
 * line, keeps history and completes legal moves and commands, and we draw the line
 * ourselves. Readline never touches the terminal: no terminal modes, no output, no signal
 * handlers, no history expansion ('!' is Peanut's capture mark), no file-name completion. */
#include "screen_int.h"
#include "text_wrap.h"

#include "paths.h"

#include <readline/history.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROMPT "move> "

static unsigned char queue[256];
static int qhead, qtail;
static FILE *devnull;

static void push_bytes(const char *b, int n)
{
    for (int i = 0; i < n && (qtail + 1) % 256 != qhead; i++) {
        queue[qtail] = (unsigned char)b[i];
        qtail = (qtail + 1) % 256;
    }
}

static int queued(void)
{
    return qhead != qtail;
}

static int getc_from_queue(FILE *f)
{
    (void)f;
    if (!queued()) return EOF;
    int c = queue[qhead];
    qhead = (qhead + 1) % 256;
    return c;
}

static void no_prep(int meta)
{
    (void)meta;
}

static void no_deprep(void) {}

static int lines_entered; /* on_line's calls: a key that entered none changed only the line */

/* Readline empties its line after on_line returns: a line put on it meanwhile (a promotion
 * to be finished) waits here until then. */
static bool in_line;
static char later[MOVE_TEXT_MAX];

static void on_line(char *line)
{
    lines_entered++;
    if (!line) {
        ui.s->quit = true; /* Ctrl-D on an empty line */
        return;
    }
    if (*line) add_history(line);
    in_line = true;
    screen_line(line);
    in_line = false;
    free(line);
}

/* The line in columns, as the terminal shows it (rl_point counts bytes: an accented letter
 * is two of them, a CJK character three in two columns), scrolled to keep the cursor in
 * sight, and cut between characters. */
void input_redisplay(void)
{
    if (ui.rows < 1) return;
    int y = ui.rows - 1, plen = (int)strlen(PROMPT);
    const char *buf = rl_line_buffer ? rl_line_buffer : "";
    int width = ui.cols - plen - 1;
    size_t point = rl_point > 0 ? (size_t)rl_point : 0;
    size_t first = point - text_fit_end(buf, point, width > 0 ? width : 0);
    int at = plen + text_columns_n(buf + first, point - first);
    move(y, 0);
    clrtoeol();
    attron(A_BOLD);
    addnstr(PROMPT, ui.cols);
    attroff(A_BOLD);
    ui_put(y, plen, buf + first, width);
    move(y, at < ui.cols ? at : ui.cols - 1);
    refresh();
}

void input_set_line(const char *text)
{
    if (in_line) {
        snprintf(later, sizeof later, "%s", text);
        return;
    }
    rl_replace_line(text, 0);
    rl_point = rl_end;
    input_redisplay(); /* rl_redisplay would draw on rl_outstream */
}

bool input_empty(void)
{
    return !rl_line_buffer || rl_end == 0;
}

/* --- completion ------------------------------------------------------------------------------ */

static char **candidates;
static int ncandidates;

static void add_candidate(const char *s)
{
    char **nc = realloc(candidates, (size_t)(ncandidates + 1) * sizeof *nc);
    if (!nc) return;
    candidates = nc;
    candidates[ncandidates] = strdup(s);
    if (candidates[ncandidates]) ncandidates++;
}

static void clear_candidates(void)
{
    for (int i = 0; i < ncandidates; i++) free(candidates[i]);
    free(candidates);
    candidates = NULL;
    ncandidates = 0;
}

static char *next_candidate(const char *text, int state)
{
    static int i;
    if (!state) i = 0;
    size_t len = strlen(text);
    while (i < ncandidates) {
        const char *c = candidates[i++];
        if (!strncmp(c, text, len)) return strdup(c);
    }
    return NULL;
}

static char **complete(const char *text, int start, int end)
{
    (void)end;
    rl_attempted_completion_over = 1; /* never fall back to file names */
    clear_candidates();
    if (start == 0) {
        for (const Command *c = session_commands; c->name; c++)
            if (session_command_offered(ui.s, c)) add_candidate(c->name);
        Game *g = &ui.s->game;
        if (!g->result.over) {
            MoveList ml;
            gen_legal(&g->pos, &ml);
            for (int i = 0; i < ml.n; i++) {
                char san[MOVE_TEXT_MAX];
                move_san_bare(&g->pos, ml.m[i], san);
                add_candidate(san);
            }
        }
    } else if (!strncmp(rl_line_buffer, "new ", 4)) {
        static char names[256][MAX_NAME];
        int n = variant_names(names, 256);
        for (int i = 0; i < n; i++) add_candidate(names[i]);
    } else if (!strncmp(rl_line_buffer, "ai ", 3) || !strncmp(rl_line_buffer, "sit ", 4)) {
        bool ai = !strncmp(rl_line_buffer, "ai ", 3);
        for (int p = 0; p < ui.s->v->nplayers; p++) add_candidate(ui.s->v->player_name[p]);
        if (ai) {
            add_candidate("off");
            add_candidate("all");
        }
    }
    return rl_completion_matches(text, next_candidate);
}

/* Readline would print the list of matches on the terminal; show it in the message line. */
static void show_matches(char **matches, int n, int longest)
{
    (void)longest;
    char msg[MSG_MAX];
    size_t used = (size_t)snprintf(msg, sizeof msg, "%d possible: ", n);
    for (int i = 1; i <= n && used + 2 < sizeof msg; i++)
        used += (size_t)snprintf(msg + used, sizeof msg - used, "%s ", matches[i]);
    ui_set_message(false, "%s", msg);
    ui_draw();
}

static int no_file_names_state;
static char *no_file_names(const char *text, int state)
{
    (void)text;
    no_file_names_state = state;
    return NULL;
}

/* Readline's tilde-expand (M-~ and M-&, and & in vi's command mode) writes an account's home
 * directory into the line, and so tells whether the account exists: on a public login that
 * shows a stranger the host's accounts and directories. No move or command has a '~'. Done
 * after readline has read its init file, so that none binds it back. */
static void unbind_tilde_expand(void)
{
    static const char *const maps[] = {"emacs-standard", "emacs-meta", "vi-move"};
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        Keymap map = rl_get_keymap_by_name(maps[i]);
        if (!map) continue;
        rl_unbind_function_in_map(rl_tilde_expand, map);
        rl_unbind_function_in_map(rl_vi_tilde_expand, map);
    }
}

void input_init(void)
{
    devnull = fopen("/dev/null", "w");
    rl_instream = stdin;
    rl_outstream = devnull ? devnull : stdout;
    rl_getc_function = getc_from_queue;
    rl_input_available_hook = queued;
    rl_redisplay_function = input_redisplay;
    rl_prep_term_function = no_prep;
    rl_deprep_term_function = no_deprep;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_readline_name = "cellmate";
    rl_attempted_completion_function = complete;
    rl_completion_entry_function = no_file_names;
    rl_completion_display_matches_hook = show_matches;
    rl_basic_word_break_characters = " \t";
    rl_completer_word_break_characters = " \t";
    history_expansion_char = 0;
    rl_variable_bind("show-all-if-ambiguous", "on");
    rl_variable_bind("bell-style", "none");
    using_history();
    rl_callback_handler_install("", on_line);
    unbind_tilde_expand();
}

void input_done(void)
{
    rl_callback_handler_remove();
    clear_candidates();
    clear_history();
    if (devnull) fclose(devnull);
    devnull = NULL;
}

/* Curses turns special keys into codes: call readline's own command for each, so no
 * terminal's escape sequences matter. Other keys go to readline as bytes. Returns whether
 * more than the input line may have changed (a line was entered, a piece picked up): only
 * then does the whole screen need drawing again, which typing (or pasting) a long line
 * would otherwise pay for at every key. */
bool input_key(int ch)
{
    static const struct {
        int key;
        rl_command_func_t *fn;
    } keys[] = {
        {KEY_LEFT, rl_backward_char},
        {KEY_RIGHT, rl_forward_char},
        {KEY_UP, rl_get_previous_history},
        {KEY_DOWN, rl_get_next_history},
        {KEY_HOME, rl_beg_of_line},
        {KEY_END, rl_end_of_line},
        {KEY_DC, rl_delete},
        {KEY_BACKSPACE, rl_rubout},
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (ch == keys[i].key) {
            keys[i].fn(1, ch);
            input_redisplay();
            return false;
        }
    /* a cell name (or "P@") and Tab or '?': pick up what stands there, or flash the cell */
    if ((ch == '\t' || ch == '?') && !input_empty() && select_by_name(rl_line_buffer)) {
        input_set_line("");
        return true;
    }
    if (ch == KEY_ENTER) ch = '\r';
    if (ch < 0 || ch > 255) return false; /* other function keys: nothing */
    char b = (char)ch;
    int before = lines_entered;
    push_bytes(&b, 1);
    while (queued() && !ui.s->quit) {
        rl_callback_read_char();
        if (later[0]) {
            char text[sizeof later];
            memcpy(text, later, sizeof text);
            later[0] = 0;
            input_set_line(text);
        }
    }
    return lines_entered != before;
}
