/* variant_load_int.h — what the files of the variant loader (variant_load.c and the
 * variant_*.c files it names) share: the collected entries, the loader's state and the
 * helpers one file offers the others. Not for use outside the loader. */
#ifndef CELLMATE_VARIANT_LOAD_INT_H
#define CELLMATE_VARIANT_LOAD_INT_H

#include "variant.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    char section[64];
    char key[64];
    char *value;
    size_t len, cap; /* of value: continuation lines are appended in amortised linear time */
    int line;
    bool used;
} Entry;

/* A file and the files it inherits from (`base =`): a line number carries the index of its
 * file in the bits above LINE_BITS, so that a message about an inherited key names the
 * base file and its line. */
#define LINE_BITS 20
typedef struct {
    char name[MAX_BASE_DEPTH + 1][MAX_TEXT];
    int n;
} Sources;

typedef struct {
    const char *fname;
    Sources *src;     /* the file names, shared by a file and its bases */
    int file;         /* this file's index in src */
    const char *text; /* the file's text */
    size_t pos;
    int line;          /* lines handed to inih so far */
    bool continuation; /* the line just read started with blank space */
    bool keyed;        /* a key came since the last section header: an indented line continues it,
                        * even one that looks like a header (as libinih reads it) */
    Entry *e;
    int n, cap;
    char sections[MAX_SECTIONS][64];
    int section_line[MAX_SECTIONS];
    int nsections;
    char err[512];
    bool failed;
    int err_line;                    /* the line of err (its file in the bits above LINE_BITS) */
    uint8_t zone_state[MAX_ZONES];   /* 0: cells not worked out, 1: being worked out, 2: done */
    const VariantResolver *resolver; /* the texts of base variants; NULL: none */
} Loader;

/* variant_read.c */
/* A message about `line` (its file in the bits above LINE_BITS; 0: the file); the first one
 * counts. */
void lerr(Loader *L, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void free_entries(Loader *L);
void parse_text(Loader *L);

/* variant_keys.c */
Entry *entry_get(Loader *L, const char *section, const char *key);
int section_line(Loader *L, const char *section);
bool has_section(Loader *L, const char *section);
Entry *entry_need(Loader *L, const char *section, const char *key, const char *what);
bool parse_bool(Loader *L, Entry *e, bool *out);
int parse_choice(Loader *L, const Entry *e, const char *const *words, int n);
bool parse_int(Loader *L, Entry *e, int lo, int hi, int *out);
int split_words(const char *s, char words[][64], int max);
int next_word(Loader *L, const Entry *e, const char **s, char *w, size_t wlen);
bool inherited_other_player(const Entry *e);
int kind_of(const Variant *v, const char *word);
void check_keys(Loader *L, const char *section, const char *allowed);
void copy_text(Loader *L, char *dst, const Entry *e);
bool derived_from(Loader *L, Variant *v, const Entry *e, int self, bool *mirror, int *from);
Cell *player_map(Loader *L, Variant *v, const Entry *e, bool mirror, int from, int p);

/* variant_board.c */
void load_variant_section(Loader *L, Variant *v);
void load_board(Loader *L, Variant *v);
void load_players(Loader *L, Variant *v);

/* variant_zones.c */
void load_zones(Loader *L, Variant *v);
void eval_zones(Loader *L, Variant *v);
int zone_ref(Loader *L, Variant *v, Entry *e);
int kind_ref(Loader *L, Variant *v, Entry *e, const char *word);

/* variant_pieces.c */
void load_pieces(Loader *L, Variant *v);

/* variant_rules.c */
void load_castles(Loader *L, Variant *v);
void load_rules(Loader *L, Variant *v);
void load_view(Loader *L, Variant *v);
void load_setup(Loader *L, Variant *v);

/* variant_base.c */
void apply_base(Loader *L, int depth);

#endif
