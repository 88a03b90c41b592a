/* tree.c - a game tree the user types: `((3 12 8)(2 4 6)(14 5 2))`.
 *
 * The textbook's minimax trees as a game, so that every algorithm, the
 * compare table and the UI can be tried on a tree small enough to check by
 * hand.  Leaves are integers from the first (max) player's view; a list is
 * a node whose children are its items, in order; leaves may sit at any
 * depth.  The first player moves at the root and at every even depth.
 *
 * The tree belongs to the Game (opened once, read-only afterwards, as
 * engine/game.h wants): its text is the variant option --tree, and a
 * --position written as a tree opens the game with that tree (GameInfo's
 * opens_with_position), so `yomi search tree --position '(...)'` reads as
 * the issue asks.  A state is then only a node index: the root, or a path
 * of child numbers such as 2.1.
 *
 * A node that is not a leaf evaluates to 0 at the depth limit: the tree's
 * values exist only at its leaves, and 0 says "unknown" without favouring
 * either side. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/rng.h"
#include "games/registry.h"
#include "games/tree/tree.h"

typedef struct {
    int parent;     /* -1 for the root */
    int nkids;      /* 0: a leaf */
    int first_kid;  /* into Tree.kids */
    int value;      /* a leaf's, first player's view */
    int depth;
    int leaves;     /* leaves of the subtree */
} TreeNode;

typedef struct {
    Game base;
    int nnodes;
    int max_kids;
    TreeNode nodes[TREE_MAX_NODES];
    int kids[TREE_MAX_NODES]; /* each node's children, consecutive, in order */
} Tree;

typedef struct {
    uint16_t node;
    uint16_t pad; /* kept zero: states compare with memcmp */
} TreeState;

static const Tree *as_tree(const Game *g) { return (const Tree *)g; }
static const TreeState *as_state(const void *s) { return (const TreeState *)s; }

/* ---- the notation: parsing a tree ---------------------------------------- */

typedef struct {
    const char *text;
    const char *p;
    Tree *t;
    Err *err;
} Parser;

static void skip_spaces(Parser *ps)
{
    while (isspace((unsigned char)*ps->p))
        ps->p++;
}

static int column(const Parser *ps) { return (int)(ps->p - ps->text) + 1; }

static int new_node(Parser *ps, int parent, int depth)
{
    if (ps->t->nnodes == TREE_MAX_NODES)
        return err_set(ps->err, "more than %d nodes (the tree game's limit)", TREE_MAX_NODES);
    if (depth > TREE_MAX_DEPTH)
        return err_set(ps->err, "deeper than %d levels (the tree game's limit)", TREE_MAX_DEPTH);
    const int n = ps->t->nnodes++;
    ps->t->nodes[n] = (TreeNode){.parent = parent, .depth = depth};
    return n;
}

static int parse_leaf(Parser *ps, int node)
{
    const char *start = ps->p;
    char *end;
    errno = 0;
    const long v = strtol(start, &end, 10);
    const size_t word = strcspn(start, " \t\r\n()");
    if (end == start || (size_t)(end - start) != word) {
        return err_set(ps->err, "'%.*s' at character %d is not an integer leaf",
                       (int)(word ? (word > 20 ? 20 : word) : 1), start, column(ps));
    }
    if (errno == ERANGE || v < -TREE_MAX_VALUE || v > TREE_MAX_VALUE)
        return err_set(ps->err, "leaf %.*s at character %d is out of range (-%d..%d)",
                       (int)(word > 20 ? 20 : word), start, column(ps), TREE_MAX_VALUE,
                       TREE_MAX_VALUE);
    ps->t->nodes[node].value = (int)v;
    ps->p = end;
    return 0;
}

/* item := integer | '(' item+ ')' */
static int parse_item(Parser *ps, int parent, int depth)
{
    const int node = new_node(ps, parent, depth);
    if (node < 0)
        return -1;
    if (*ps->p != '(')
        return parse_leaf(ps, node);
    const int open_at = column(ps);
    ps->p++;
    int nkids = 0;
    for (;;) {
        skip_spaces(ps);
        if (*ps->p == ')')
            break;
        if (!*ps->p)
            return err_set(ps->err, "unbalanced parentheses: the '(' at character %d is "
                                    "never closed", open_at);
        if (parse_item(ps, node, depth + 1) != 0)
            return -1;
        nkids++;
        if (*ps->p && !isspace((unsigned char)*ps->p) && *ps->p != '(' && *ps->p != ')')
            return err_set(ps->err, "expected a space or a parenthesis at character %d",
                           column(ps));
    }
    if (nkids == 0)
        return err_set(ps->err, "empty node '()' at character %d: a node needs a child",
                       open_at);
    if (nkids > GAME_MAX_MOVES)
        return err_set(ps->err, "more than %d children at character %d (the limit)",
                       GAME_MAX_MOVES, open_at);
    ps->t->nodes[node].nkids = nkids;
    ps->p++;
    return 0;
}

/* Children lists and leaf counts from the parents, in text order: the nodes
 * are numbered depth first, so a node's children come in order after it. */
static void link_children(Tree *t)
{
    int next = 0;
    for (int n = 0; n < t->nnodes; n++) {
        t->nodes[n].first_kid = next;
        next += t->nodes[n].nkids;
        t->nodes[n].nkids = 0; /* counted again as the kids are placed */
    }
    for (int n = 1; n < t->nnodes; n++) {
        TreeNode *p = &t->nodes[t->nodes[n].parent];
        t->kids[p->first_kid + p->nkids++] = n;
    }
    t->max_kids = 1;
    for (int n = t->nnodes - 1; n >= 0; n--) {
        TreeNode *node = &t->nodes[n];
        if (node->nkids > t->max_kids)
            t->max_kids = node->nkids;
        node->leaves = node->nkids ? 0 : 1;
        for (int i = 0; i < node->nkids; i++)
            node->leaves += t->nodes[t->kids[node->first_kid + i]].leaves;
    }
}

static int parse_tree(Tree *t, const char *text, Err *err)
{
    Parser ps = {.text = text, .p = text, .t = t, .err = err};
    t->nnodes = 0;
    skip_spaces(&ps);
    if (!*ps.p)
        return err_set(err, "no tree given: write one such as ((3 12 8)(2 4 6)(14 5 2))");
    if (*ps.p != '(')
        return err_set(err, "a tree starts with '(': ((3 12 8)(2 4 6)(14 5 2))");
    if (parse_item(&ps, -1, 0) != 0)
        return -1;
    skip_spaces(&ps);
    if (*ps.p == ')')
        return err_set(err, "unbalanced parentheses: the ')' at character %d closes nothing",
                       column(&ps));
    if (*ps.p)
        return err_set(err, "text after the tree at character %d", column(&ps));
    link_children(t);
    return 0;
}

/* ---- what the UI and the tests may ask (tree.h) -------------------------- */

int tree_node(const void *state) { return as_state(state)->node; }
int tree_children(const Game *g, int node) { return as_tree(g)->nodes[node].nkids; }
bool tree_is_leaf(const Game *g, int node) { return tree_children(g, node) == 0; }
int tree_leaf_value(const Game *g, int node) { return as_tree(g)->nodes[node].value; }
int tree_leaves_under(const Game *g, int node) { return as_tree(g)->nodes[node].leaves; }
int tree_depth(const Game *g, int node) { return as_tree(g)->nodes[node].depth; }

int tree_child(const Game *g, int node, int i)
{
    const Tree *t = as_tree(g);
    return t->kids[t->nodes[node].first_kid + i];
}

/* The child number (1..n) that leads from node's parent to node. */
static int child_number(const Tree *t, int node)
{
    const TreeNode *p = &t->nodes[t->nodes[node].parent];
    for (int i = 0; i < p->nkids; i++)
        if (t->kids[p->first_kid + i] == node)
            return i + 1;
    return 0;
}

void tree_path(const Game *g, int node, char *buf, size_t len)
{
    const Tree *t = as_tree(g);
    int steps[TREE_MAX_DEPTH + 1], n = 0;
    for (int v = node; t->nodes[v].parent >= 0 && n <= TREE_MAX_DEPTH; v = t->nodes[v].parent)
        steps[n++] = child_number(t, v);
    snprintf(buf, len, "%s", n ? "" : "root");
    for (int i = n - 1; i >= 0; i--) {
        const size_t used = strlen(buf);
        if (used < len)
            snprintf(buf + used, len - used, "%s%d", i == n - 1 ? "" : ".", steps[i]);
    }
}

static void append(char *buf, size_t len, const char *s)
{
    const size_t used = strlen(buf);
    if (used < len)
        snprintf(buf + used, len - used, "%s", s);
}

static void text_of(const Tree *t, int node, char *buf, size_t len)
{
    const TreeNode *n = &t->nodes[node];
    char word[16];
    if (n->nkids == 0) {
        snprintf(word, sizeof word, "%d", n->value);
        append(buf, len, word);
        return;
    }
    append(buf, len, "(");
    for (int i = 0; i < n->nkids && strlen(buf) + 1 < len; i++) {
        if (i)
            append(buf, len, " ");
        text_of(t, t->kids[n->first_kid + i], buf, len);
    }
    append(buf, len, ")");
}

void tree_text(const Game *g, int node, char *buf, size_t len)
{
    if (!len)
        return;
    buf[0] = '\0';
    text_of(as_tree(g), node, buf, len);
    if (strlen(buf) + 1 >= len && len > 4)
        snprintf(buf + len - 4, 4, "...");
}

/* ---- rules ---------------------------------------------------------------- */

static void tree_start(const Game *g, void *state)
{
    (void)g;
    *(TreeState *)state = (TreeState){0};
}

static int tree_side_to_move(const Game *g, const void *state)
{
    return tree_depth(g, as_state(state)->node) % 2;
}

static int tree_legal_moves(const Game *g, const void *state, Move *moves)
{
    const int n = tree_children(g, as_state(state)->node);
    for (int i = 0; i < n; i++)
        moves[i] = (Move)(i + 1);
    return n;
}

static void tree_play(const Game *g, const void *state, Move m, void *child)
{
    *(TreeState *)child = (TreeState){.node = (uint16_t)tree_child(g, as_state(state)->node,
                                                                   m - 1)};
}

static bool tree_is_terminal(const Game *g, const void *state)
{
    return tree_is_leaf(g, as_state(state)->node);
}

static int tree_final_score(const Game *g, const void *state)
{
    const int v = tree_leaf_value(g, as_state(state)->node);
    return tree_side_to_move(g, state) == 0 ? v : -v;
}

static int tree_evaluate(const Game *g, const void *state)
{
    (void)g;
    (void)state;
    return 0; /* see the top of the file */
}

static uint64_t tree_hash(const Game *g, const void *state)
{
    (void)g;
    uint64_t x = as_state(state)->node;
    return rng_next(&x); /* one splitmix64 step: the node's number, well mixed */
}

static int tree_exact_key(const Game *g, const void *state, uint8_t *key)
{
    (void)g;
    const uint16_t node = as_state(state)->node;
    key[0] = (uint8_t)(node & 0xFF);
    key[1] = (uint8_t)(node >> 8);
    return 2;
}

static void tree_order_static(const Game *g, const void *state, Move *moves, int n)
{
    (void)g; /* the tree has no priorities of its own: the text's order */
    (void)state;
    (void)moves;
    (void)n;
}

/* ---- positions and moves -------------------------------------------------- */

static int tree_parse_path(const Game *g, const char *text, void *state, Err *err)
{
    int node = 0;
    if (strcmp(text, "root") == 0 || !*text) {
        *(TreeState *)state = (TreeState){0};
        return 0;
    }
    for (const char *p = text; *p;) {
        char *end;
        const long k = isdigit((unsigned char)*p) ? strtol(p, &end, 10) : 0;
        if (k < 1 || (*end && *end != '.') || (*end == '.' && !end[1]))
            return err_set(err, "'%.40s' is neither a tree nor a path such as 2.1 or root",
                           text);
        if (k > tree_children(g, node))
            return err_set(err, "'%.40s': the node there has %d children, not %ld", text,
                           tree_children(g, node), k);
        node = tree_child(g, node, (int)k - 1);
        p = *end ? end + 1 : end;
    }
    *(TreeState *)state = (TreeState){.node = (uint16_t)node};
    return 0;
}

static bool looks_like_tree(const char *text)
{
    while (isspace((unsigned char)*text))
        text++;
    return *text == '(';
}

/* A position written as a tree is the game's own tree's root: open() was
 * given it (opens_with_position); another tree is the wrong game. */
static int tree_parse_position(const Game *g, const char *text, void *state, Err *err)
{
    if (!looks_like_tree(text))
        return tree_parse_path(g, text, state, err);
    Tree *other = calloc(1, sizeof *other);
    if (!other)
        return err_set(err, "out of memory");
    int rc = parse_tree(other, text, err);
    if (rc == 0) {
        char mine[512], theirs[512];
        tree_text(g, 0, mine, sizeof mine);
        tree_text(&other->base, 0, theirs, sizeof theirs);
        if (other->nnodes != as_tree(g)->nnodes || strcmp(mine, theirs) != 0)
            rc = err_set(err, "not this game's tree (%.60s): give it with --tree", mine);
    }
    free(other);
    if (rc == 0)
        *(TreeState *)state = (TreeState){0};
    return rc;
}

static void tree_format_position(const Game *g, const void *state, char *buf, size_t len)
{
    tree_path(g, as_state(state)->node, buf, len);
}

static int tree_parse_move(const Game *g, const void *state, const char *text, Move *m,
                           Err *err)
{
    const int n = tree_children(g, as_state(state)->node);
    char *end;
    const long k = isdigit((unsigned char)text[0]) ? strtol(text, &end, 10) : 0;
    if (n == 0)
        return err_set(err, "a leaf: the game is over");
    if (k < 1 || *end || k > n)
        return err_set(err, "'%.20s' is not a move here: a child number 1..%d", text, n);
    *m = (Move)k;
    return 0;
}

static void tree_format_move(const Game *g, const void *state, Move m, char *buf, size_t len)
{
    (void)g;
    (void)state;
    snprintf(buf, len, "%d", (int)m);
}

static void tree_render_text(const Game *g, const void *state, char *buf, size_t len)
{
    const int node = as_state(state)->node;
    /* Each child's subtree is cut to 64 bytes, so a line always fits. */
    char path[200], sub[64];
    tree_path(g, node, path, sizeof path);
    if (tree_is_leaf(g, node)) {
        snprintf(buf, len, "at %s: a leaf worth %d to the first player\n", path,
                 tree_leaf_value(g, node));
        return;
    }
    snprintf(buf, len, "at %s, depth %d: the %s player (%s) to move\n", path,
             tree_depth(g, node), tree_depth(g, node) % 2 ? "second" : "first",
             tree_depth(g, node) % 2 ? "min" : "max");
    for (int i = 0; i < tree_children(g, node); i++) {
        tree_text(g, tree_child(g, node, i), sub, sizeof sub);
        char line[100];
        snprintf(line, sizeof line, "  %d: %s\n", i + 1, sub);
        append(buf, len, line);
    }
}

/* ---- what it says about itself (registry.h) ------------------------------- */

static const char *const tree_names[] = {"textbook", "ordering", "rescout", "trap"};
static const char *const tree_texts[] = {
    "((3 12 8) (2 4 6) (14 5 2))", /* the textbook's: minimax 3 */
    "((2 4 6) (14 5 2) (3 12 8))", /* the same, best move last */
    "((1 2) (3 4) (5 6))",         /* each move better than the one before */
    /* A shallow trap: move 1 wins after 19 of Min's 20 replies, and its
     * random playouts say so; the 20th loses.  Move 2 is a sure draw.
     * Alpha-beta at depth 3 sees the refutation; mcts needs about two
     * thousand iterations to find it. */
    ("(((1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) (1 1) "
     "(1 1) (1 1) (1 1) (1 1) (1 1) (-1 -1)) ((0 0) (0 0)))"),
};

static const GameParam params[] = {
    {.key = "tree", GAME_PARAM_CHOICES(tree_names), .other = "TREE", .label = N_("Tree"),
     .help = N_("textbook: minimax 3; ordering: best last; rescout; trap (mcts)")},
};

static const GameInfo tree_info = {
    .name = N_("Tree"),
    .choice_name = N_("Game tree"),
    .size_help = N_("--position or --tree: a tree such as ((3 12 8)(2 4 6)(14 5 2))"),
    .params = params,
    .nparams = sizeof params / sizeof params[0],
    .opens_with_position = true,
    .payoff = true, /* leaves are what Max gets */
    .loss_steps = {1, 3, 6},
};

/* The tree's text: a --position that is a tree, else --tree's value (a
 * choice or a tree), else the textbook's. */
static int tree_option(const GameOption *opts, int nopts, const char **text, const char **from,
                       Err *err)
{
    *text = tree_texts[0];
    *from = "--tree";
    for (int i = 0; i < nopts; i++) {
        if (opts[i].key && strcmp(opts[i].key, "position") == 0) {
            if (opts[i].value && looks_like_tree(opts[i].value)) {
                *text = opts[i].value;
                *from = "--position";
                return 0;
            }
            continue;
        }
        const GameParam *p = game_param_for(&tree_ops, &opts[i], err);
        if (!p)
            return -1;
        *text = opts[i].value;
        for (int k = 0; k < p->nchoices; k++)
            if (strcmp(opts[i].value, p->choices[k]) == 0)
                *text = tree_texts[k];
        if (!looks_like_tree(*text))
            return err_set(err, "--tree: '%.30s' is neither a tree nor one of %s, %s, %s",
                           opts[i].value, tree_names[0], tree_names[1], tree_names[2]);
    }
    return 0;
}

static Game *tree_open(const char *name, const GameOption *opts, int nopts, Err *err)
{
    if (!name || strcmp(name, "tree") != 0) {
        err_set(err, "unknown game '%.40s': the tree game has one id, tree", name ? name : "");
        return NULL;
    }
    const char *text, *from;
    if (tree_option(opts, nopts, &text, &from, err) != 0)
        return NULL;
    Tree *t = calloc(1, sizeof *t);
    if (!t) {
        err_set(err, "out of memory");
        return NULL;
    }
    Err why = {{0}};
    if (parse_tree(t, text, &why) != 0) {
        err_set(err, "%s: %s", from, why.msg);
        free(t);
        return NULL;
    }
    t->base.ops = &tree_ops;
    snprintf(t->base.name, sizeof t->base.name, "tree");
    t->base.state_size = sizeof(TreeState);
    t->base.max_moves = t->max_kids;
    return &t->base;
}

static void tree_close(Game *g) { free(g); }

const GameOps tree_ops = {
    .family = "tree",
    .info = &tree_info,
    .description = "Game tree: tree; --position or --tree '((3 12 8)(2 4 6)(14 5 2))'",
    .open = tree_open,
    .close = tree_close,
    .start = tree_start,
    .side_to_move = tree_side_to_move,
    .legal_moves = tree_legal_moves,
    .play = tree_play,
    .is_terminal = tree_is_terminal,
    .final_score = tree_final_score,
    .evaluate = tree_evaluate,
    .hash = tree_hash,
    .exact_key = tree_exact_key,
    .order_static = tree_order_static,
    .parse_position = tree_parse_position,
    .format_position = tree_format_position,
    .parse_move = tree_parse_move,
    .format_move = tree_format_move,
    .render_text = tree_render_text,
};
