/* variant.h — a variant as the rules core sees it: the board, the players, the piece kinds
 * with their compiled moves, zones, promotion, capture returns, castling and end rules.
 * Everything here comes from a variants/NAME.ini file (variant_load.c); nothing in the core
 * knows a variant by name. */
#ifndef CELLMATE_VARIANT_H
#define CELLMATE_VARIANT_H

#include "board.h"

#include <stddef.h>

#define MAX_TYPES   32 /* room for kinds 1..MAX_KINDS (5 bits of a Piece); 0 is "no kind" */
#define MAX_CASTLES 2  /* O-O and O-O-O */
/* attack table entries under one (player, direction): one per kind, and more only for kinds
 * whose components capture along it within different zones; checked when compiling */
#define MAX_ATTACKERS 32

_Static_assert(MAX_KINDS < MAX_TYPES, "a kind must fit in the 5 bits of a Piece");

typedef uint8_t Piece; /* 0 empty; bits 0-4 kind, 5-6 owner, 7 "fresh" (may use initial moves) */

#define PIECE_KIND(p)    ((p)&31)
#define PIECE_OWNER(p)   (((p) >> 5) & 3)
#define PIECE_FRESH      0x80
#define MAKE_PIECE(o, k) ((Piece)(((o) << 5) | (k)))

/* Component flags: what one part of a piece's move may do. */
enum {
    CF_MOVE = 1,      /* may go to an empty cell */
    CF_CAPTURE = 2,   /* may capture on an enemy cell */
    CF_INITIAL = 4,   /* only while the piece may use initial moves */
    CF_HOP = 8,       /* captures by jumping exactly one piece (cannon) */
    CF_RIFLE = 16,    /* captures without moving */
    CF_EXCHANGE = 32, /* swaps places with a friendly piece */
    CF_PLAIN = 64, /* compiled only: no zone, hop, rifle or exchange (the generator's short walk) */
    CF_STEP = 128  /* compiled only: range 1, each ray one cell (PieceType.first) */
};

#define RANGE_ANY 255

/* A set of whole-degree angles 0..180, measured either way round from forward. */
typedef struct {
    uint32_t bit[6];
} AngleSet;

static inline bool angle_in(const AngleSet *s, int a)
{
    return a >= 0 && a <= 180 && (s->bit[a / 32] >> (a % 32) & 1);
}

static inline void angle_add(AngleSet *s, int a)
{
    s->bit[a / 32] |= 1u << (a % 32);
}

/* One part of a piece's move, as parsed from the move language. */
typedef struct {
    uint8_t flags;
    char atom;
    uint8_t range;
    bool directed;   /* f, b or @: only the directions at `angles` to forward */
    bool listed;     /* the angles were listed with @, each one meant to match */
    AngleSet angles; /* relative angles allowed */
    int8_t zone;     /* target must (or with zone_not, must not) be in this zone; -1 none */
    bool zone_not;
} Component;

/* One ray of a component from one cell: where its cells start in the board's raybuf and how
 * many of them the component's range reaches (at least one). */
typedef struct {
    uint32_t at;
    uint32_t reach;
} CellRun;

/* A ray attacked_by walks out from a target: where its cells start in the board's raybuf, how
 * many of them the longest attack along it reaches (at least one), and the direction of the
 * attackers' travel it is walked against. */
typedef struct {
    uint32_t at;
    uint16_t reach;
    uint8_t dir;
} AttackRun;

/* A component turned into direction lists for one owner. */
typedef struct {
    uint8_t flags, range;
    int8_t zone;
    bool zone_not;
    uint8_t ndirs;
    uint8_t dirs[MAX_DIRS];
} CompiledComp;

/* PieceType.gen_at, what the generator needs to know of a kind on a cell: a cell can be
 * reached twice by all the components (GEN_TWICE_FRESH), by those without the initial-moves
 * rule (GEN_TWICE_SETTLED), by those that may take (GEN_TWICE_TAKES: the captures-only
 * generation's) -- a kind with exchanges has all three wherever it has one; a move from there
 * may promote (GEN_PROMOTES, promo_near); the cell is in the kind's initial-moves zone
 * (GEN_INITIAL); the kind has cells it may never go to (GEN_FORBIDS, everywhere). */
enum {
    GEN_TWICE_FRESH = 1,
    GEN_TWICE_SETTLED = 2,
    GEN_TWICE_TAKES = 4,
    GEN_PROMOTES = 8,
    GEN_INITIAL = 16,
    GEN_FORBIDS = 32
};

enum capture_return { RETURN_GONE, RETURN_HAND, RETURN_POOL };
enum promo_status { PROMO_NONE = 0, PROMO_MAY = 1, PROMO_MUST = 2, PROMO_FORBIDDEN = 3 };

/* One kind of piece. What the move generator reads comes first; the per-cell tables are
 * allocated to the board's size (variant_cells). */
typedef struct {
    bool royal, pawn, en_passant;
    bool needs_dedupe; /* two rays can reach one cell: the generator must keep a set */
    bool has_exchange, has_rifle, has_hop;
    bool promo_auto, promo_from_pool;
    bool fresh_at_start, fresh_on_drop;
    int8_t promo_must_zone, promo_may_zone, forbidden_zone;
    int8_t initial_zone; /* initial moves (double steps) from this zone */
    enum capture_return returns;
    uint8_t returns_as;
    int ncomp;
    int npromo;
    uint8_t promo_to[MAX_TYPES];
    uint8_t exchange_excludes[MAX_TYPES];
    CompiledComp cc[MAX_PLAYERS][MAX_COMPS];
    /* per owner, the rays the generator walks, by cell and component: component i from cell c
     * has runs[o][run_at[o][c * ncomp + i]] up to the next entry's start, in the order of its
     * directions, rays that reach no cell left out (variant_compile.c) */
    CellRun *runs[MAX_PLAYERS];
    int *run_at[MAX_PLAYERS];
    Cell *first[MAX_PLAYERS]; /* each run's first cell, by the runs' places: a step's target */
    /* the components the generator walks, bit i for component i: walk[0] for a fresh piece,
     * [1] one that has lost its initial moves; [2] and [3] the same without quiet moves (only
     * the components that may take) */
    uint8_t walk[4];             /* (MAX_COMPS bits: see the assertion below the type) */
    uint8_t *promo[MAX_PLAYERS]; /* enum promo_status per owner and cell */
    /* per owner and cell: some move from there (on an empty board) ends where it may
     * promote; elsewhere a quiet move gives the captures-only generation nothing */
    bool *promo_near[MAX_PLAYERS];
    /* per owner and cell: GEN_ bits, so that the generator keeps its set of targets only for
     * the walks that can reach one twice, and reads the rest in one place */
    uint8_t *gen_at[MAX_PLAYERS];
    /* cells where this kind could never move on an empty board: no drops there */
    bool *dead[MAX_PLAYERS];
    /* per owner and cell, the cells a capture from there could land on or take on an empty
     * board, as bits (the board's words from take_mask[o] + c * words): a piece with no enemy
     * among them has no capture, and the captures-only generation passes it by */
    uint64_t *take_mask[MAX_PLAYERS];
    int forward_hour; /* 0 = the owner's forward; otherwise a clock hour for every owner */
    int value;        /* rough worth in centipawns, for the AI and for material display */
    char letter;
    char name[MAX_NAME];
    Component comp[MAX_COMPS];
    char moves_text[MAX_TEXT]; /* as written in the file, for help screens */
} PieceType;

_Static_assert(MAX_COMPS <= 8, "PieceType.walk holds a bit per component in a byte");

typedef struct {
    char name[MAX_NAME];
    bool *cell[MAX_PLAYERS]; /* per player and cell, allocated to the board's size */
    bool referenced;         /* another zone's description names it (for the linter) */
} Zone;

/* The symmetry between the players' sides a file declares ([variant] symmetry, or the first
 * mirror or rotate it uses); the linter checks the array and the zones against it. */
enum symmetry { SYMMETRY_NONE, SYMMETRY_MIRROR, SYMMETRY_ROTATE };

typedef struct {
    char name[8]; /* O-O, O-O-O */
    bool defined[MAX_PLAYERS];
    Cell king_from[MAX_PLAYERS], king_to[MAX_PLAYERS];
    Cell rook_from[MAX_PLAYERS], rook_to[MAX_PLAYERS];
    Cell empty[MAX_PLAYERS][MAX_CASTLE_CELLS + 1];
    Cell safe[MAX_PLAYERS][MAX_CASTLE_CELLS + 1];
} Castle;

enum stalemate_rule { STALEMATE_DRAW, STALEMATE_WIN, STALEMATE_LOSS, STALEMATE_34 };
enum bare_rule { BARE_NONE, BARE_WIN, BARE_WIN_UNLESS_REPLY };

/* An attack seen from the target: a piece of `kind` moving along the direction that this
 * entry is filed under captures on the target if it stands within `range` cells. */
typedef struct {
    uint8_t kind, range;
    bool hop;
    int8_t zone;
    bool zone_not;
    int8_t forbidden; /* the kind's forbidden zone: it cannot capture there, so no attack */
} Attacker;

typedef struct Variant {
    /* what the move generator reads comes first */
    Board board;
    int nplayers;
    int ntypes; /* kinds are 1..ntypes */
    int nzones;
    int ncastles;
    int8_t drop_zone; /* -1: no drops */
    bool has_hands, has_pools, has_hop, has_rifle, has_exchange, has_ep, has_fresh;
    PieceType type[MAX_TYPES];
    Zone zone[MAX_ZONES];
    Castle castle[MAX_CASTLES];
    /* [cell]: the castling rights (Position.castling's bits) that end when a piece leaves the
     * cell or is taken there; NULL without castling */
    uint16_t *castle_touch;

    /* attack tables, per attacking player and direction of the attacker's travel */
    uint8_t nattackers[MAX_PLAYERS][MAX_DIRS];
    Attacker attackers[MAX_PLAYERS][MAX_DIRS][MAX_ATTACKERS];
    uint8_t attack_reach[MAX_PLAYERS][MAX_DIRS]; /* longest range filed under (player, dir) */
    /* per attacking player, the rays attacked_by walks out from each target cell t: from
     * attack_runs[p][attack_run_at[p][t]] up to the next entry's start, one per direction with
     * attackers whose ray from t is not empty, in the order of the directions */
    AttackRun *attack_runs[MAX_PLAYERS];
    int *attack_run_at[MAX_PLAYERS];
    uint8_t slider_dirs[MAX_PLAYERS][MAX_DIRS]; /* directions with range > 1, for pins */
    uint8_t nslider_dirs[MAX_PLAYERS];

    char player_name[MAX_PLAYERS][MAX_NAME];
    char player_letter[MAX_PLAYERS]; /* side letters in three-player position strings */
    int forward_hour[MAX_PLAYERS];
    uint8_t kind_of_letter[128];

    enum stalemate_rule stalemate;
    enum bare_rule bare_king;
    int repetition, move_rule;

    int view_rotate; /* [view] rotate: degrees anticlockwise the board is drawn turned by */
    enum symmetry symmetry;
    bool symmetry_given;        /* by [variant] symmetry, not by the first mirror or rotate */
    char lint_accept[MAX_TEXT]; /* [variant] lint_accept: linter checks the designer accepts */

    Piece *setup;   /* the starting array, per cell */
    int move_bound; /* no position has more moves than this (at most MAX_MOVES) */
    /* the most moves any kind could have on one cell, a number per cell, sorted from the
     * most down (variant_move_bound) */
    int *most_moves[MAX_PLAYERS];
    uint8_t setup_hand[MAX_PLAYERS][MAX_TYPES];

    void **allocs; /* every per-cell table, freed with the variant */
    int nallocs;

    char name[MAX_NAME];  /* file name without .ini */
    char title[MAX_TEXT]; /* one line */
    char summary[MAX_TEXT];
    char source[MAX_TEXT];
    char notes[MAX_TEXT];
    bool reconstructed;
    char path[MAX_TEXT]; /* the file it came from */
} Variant;

/* A zeroed table of `players` rows of ncells + 1 entries of `size` bytes, owned by the variant
 * (freed by variant_free); NULL when out of memory. The board must be built. */
void *variant_cells(Variant *v, int players, size_t size);
/* n zeroed items of `size` bytes that v owns (freed with it); NULL when out of memory. */
void *variant_array(Variant *v, size_t n, size_t size);

/* Where `base = NAME` gets the text of the variant it inherits from: the core reads no files,
 * its caller does. `text` returns the malloc'ed text of the variant called `name` for the
 * one named `from` (a file name the loader was given, or one `text` filled in before), with
 * that variant's file name in `where` (messages name it, and a name met twice is a loop of
 * bases); NULL with the whole message in err when it is not found or cannot be read. */
typedef struct {
    char *(*text)(void *ctx, const char *from, const char *name, char *where, size_t wherelen,
                  char *err, int errlen);
    void *ctx;
} VariantResolver;

/* Parse a whole variant from its text. `file` names it in messages ("FILE:LINE: message"),
 * `name` is the variant's name (the file's name without .ini); base variants come from
 * resolver (NULL: a `base = NAME` is not found). On failure NULL with the message in err.
 * Reading a variant's file is src/record/variant_file.h. */
Variant *variant_load_text(const char *text, const char *file, const char *name,
                           const VariantResolver *resolver, char *err, int errlen);

/* The same with no base variants, `name` both the file and the variant's name (tests). */
Variant *variant_load_string(const char *text, const char *name, char *err, int errlen);

void variant_free(Variant *v);

/* At most how many moves player p can have in a position where it can have that many
 * pieces (those on the board, all of them with hands, and every hand's) and p's hand holds
 * those kinds (counts by kind; more kinds may reach it by captures): the setup's gives
 * move_bound; a position string may hold more. */
int variant_move_bound(const Variant *v, int p, int pieces, const uint8_t *hand);
/* The pieces player p can ever have from a board and the hands (no move adds one; only hands
 * pass pieces from one player to another): those on the board that are p's, or all of them
 * with hands, and every hand's. The setup's, or a position's. */
int variant_pieces(const Variant *v, int p, const Piece *board, const uint8_t (*hand)[MAX_TYPES]);

/* Index of a zone by name, or -1. */
int variant_zone(const Variant *v, const char *name);
/* The side (player) a name gives, in any case, or -1. */
int variant_side_named(const Variant *v, const char *name);
/* The sides' names as a message lists them, "White, Black", cut where out is full. */
void variant_sides_list(const Variant *v, char *out, size_t len);

/* Parse one piece's move-language text into components; false with a message on error. */
bool movelang_parse(const Variant *v, const char *text, PieceType *pt, char *err, int errlen);

/* Turn one piece kind's components into direction lists per owner; false when a component
 * selects no direction for some owner. */
bool variant_compile_directions(Variant *v, int kind, char *err, int errlen);

/* A plain-English description of how a piece moves, for the help screen. */
void movelang_describe(const Variant *v, const PieceType *pt, char *out, size_t len);

/* Compile components into per-owner direction lists and attack tables (after loading). */
bool variant_compile(Variant *v, char *err, int errlen);

static inline bool zone_has(const Variant *v, int zone, int owner, Cell c)
{
    return v->zone[zone].cell[owner][c];
}

#endif
