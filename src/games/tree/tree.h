/* tree.h - what the UI and the tests may ask of the tree game beyond the
 * generic GameOps: the shape of the tree and where a position sits in it.
 * Every function takes a Game opened as `tree` and a state of it.
 *
 * A position is a node of the game's tree; the first player moves at even
 * depths.  Moves are the child numbers 1..n in the order the tree's text
 * gives them. */
#ifndef YOMI_TREE_H
#define YOMI_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"

/* The bounds the parser enforces, so a state stays a node index. */
#define TREE_MAX_NODES 4095
#define TREE_MAX_DEPTH 60
#define TREE_MAX_VALUE 9999 /* |leaf| <= this: far below the engine's win scores */

int tree_node(const void *state);                    /* 0 is the root */
int tree_children(const Game *g, int node);          /* 0: a leaf */
int tree_child(const Game *g, int node, int i);      /* the i-th child, 0-based */
bool tree_is_leaf(const Game *g, int node);
int tree_leaf_value(const Game *g, int node);        /* first player's view */
int tree_leaves_under(const Game *g, int node);      /* leaves of the subtree */
int tree_depth(const Game *g, int node);
/* "2.1": the child numbers from the root ("root" for the root). */
void tree_path(const Game *g, int node, char *buf, size_t len);
/* The subtree in the game's notation, cut with "..." past len. */
void tree_text(const Game *g, int node, char *buf, size_t len);

#endif
