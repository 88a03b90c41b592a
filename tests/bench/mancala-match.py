#!/usr/bin/env python3
"""Play yomi against Debian's `mancala` (levels 1-9) and print the score.

Not part of `make check` (it needs the `mancala` package and takes minutes);
BENCHMARKS.md ("Kalah: against Debian's mancala") quotes its result.

    tests/bench/mancala-match.py --yomi ./yomi --level 9 --stones 4 6

mancala is driven as its human player through a pseudo-terminal (it reads
one pit letter a line and only flushes its prompt to a terminal).  Before
each of yomi's moves the script reads mancala's own board, writes it in
yomi's Kalah notation and asks `yomi search` for the move, so the two
programs never disagree about the position.

The two programs' rules agree (sowing, extra turn in one's own store,
capture of the opposite pit only when it holds seeds) except for the end:
Kalah ends as soon as either row is empty, mancala only when the player to
move has no seeds.  So mancala may ask yomi to move where Kalah's game is
over (the opponent's row empty).  yomi then sows a pit that stays on its own
side, which ends mancala's game exactly as Kalah's sweep would have; the
count of such moves is printed ("rule-gap moves"), and a game where no pit
stays home is played with the pit that gives the opponent the fewest seeds.

mancala's computer is deterministic, and so is yomi at a fixed depth, so
from the start there is one game per side and seed count.  More variety
(--first-moves 1,2,...) forces yomi's first move to those pits, a handicap:
some of them lose by force against perfect play, and yomi then plays on
from a lost position (0 in the list is yomi's own choice).
"""
import argparse
import os
import pty
import select
import subprocess
import sys
import termios

PITS = 6
LETTERS = "abcdef"


class Mancala:
    """One game of /usr/games/mancala with yomi as the human at `side`."""

    def __init__(self, binary, level, stones, side):
        self.side = side  # "top" (moves first) or "bottom"
        levels = ["0", str(level)] if side == "top" else [str(level), "0"]
        master, slave = pty.openpty()
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        self.proc = subprocess.Popen([binary] + levels + [str(stones)], stdin=slave,
                                     stdout=slave, stderr=slave, close_fds=True)
        os.close(slave)
        self.fd = master
        self.text = ""

    def read_until_turn(self, timeout=600):
        """Read until mancala prompts for yomi's move (True) or the game ends (False)."""
        prompt = "Move for player at %s: " % self.side
        while True:
            if self.text.rstrip(" ").endswith(prompt.rstrip(" ")) and self.text.endswith(" "):
                return True
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                raise RuntimeError("mancala said nothing for %d s" % timeout)
            try:
                chunk = os.read(self.fd, 4096)
            except OSError:  # EIO: the other end closed, the program ended
                chunk = b""
            if not chunk:
                return False
            self.text += chunk.decode("ascii", "replace").replace("\r", "")

    def board(self):
        """The last board printed: (top pits a-f, top store, bottom pits a-f, bottom store)."""
        lines = self.text.split("\n")
        for i in range(len(lines) - 1, 1, -1):
            if "-----+" in lines[i - 1] and lines[i].strip().startswith("a:"):
                top = parse_row(lines[i - 2])
                bottom = parse_row(lines[i])
                stores = lines[i - 1].split("-----")
                return top, int(stores[0]), bottom, int(stores[-1])
        raise RuntimeError("no board in mancala's output")

    def play(self, pit):
        self.text = ""
        os.write(self.fd, (LETTERS[pit - 1] + "\n").encode())

    def close(self):
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self.fd)


def parse_row(line):
    """'f: 4 | e: 4 | ...' -> counts indexed by pit a-f."""
    counts = [0] * PITS
    for cell in line.split("|"):
        letter, count = cell.split(":")
        counts[LETTERS.index(letter.strip())] = int(count)
    return counts


def stays_home(pits, pit):
    """Seeds that sowing `pit` (1-6) would give the opponent's row."""
    return max(0, pits[pit - 1] - (PITS + 1 - pit))


def yomi_move(args, stones, pits, store, opp_pits, opp_store, first):
    """yomi's move (1-6) in the position as mancala shows it."""
    me, them = (pits + [store], opp_pits + [opp_store])
    cells = me + them if first else them + me
    position = " ".join(map(str, cells)) + (" 1" if first else " 2")
    cmd = [args.yomi, "search", "kalah-6x%d" % stones, "--position", position,
           "--algo", "yomi", "--depth", "60", "--time", str(args.time), "--format", "tsv"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    header, row = out.splitlines()[:2]
    return int(dict(zip(header.split("\t"), row.split("\t")))["move"])


def play_game(args, stones, side, forced_first):
    game = Mancala(args.mancala, args.level, stones, side)
    first = side == "top"
    gaps = 0
    moves = 0
    try:
        while game.read_until_turn():
            top, top_store, bottom, bottom_store = game.board()
            pits, store, opp, opp_store = ((top, top_store, bottom, bottom_store) if first
                                           else (bottom, bottom_store, top, top_store))
            legal = [p for p in range(1, PITS + 1) if pits[p - 1]]
            if moves == 0 and forced_first:
                pit = forced_first if forced_first in legal else legal[0]
            elif sum(opp) == 0:
                gaps += 1
                pit = min(legal, key=lambda p: (stays_home(pits, p), p))
            else:
                pit = yomi_move(args, stones, pits, store, opp, opp_store, first)
            if pit not in legal:
                raise RuntimeError("yomi chose pit %d, not legal in %s" % (pit, pits))
            game.play(pit)
            moves += 1
        top, top_store, bottom, bottom_store = game.board()
    finally:
        game.close()
    top_store += sum(top)
    bottom_store += sum(bottom)
    mine, theirs = (top_store, bottom_store) if first else (bottom_store, top_store)
    return mine, theirs, gaps


def progress(text):
    if sys.stderr.isatty():
        sys.stderr.write("\r" + text + "\033[K")
        sys.stderr.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--yomi", default="./yomi", help="the yomi binary (default ./yomi)")
    ap.add_argument("--mancala", default="/usr/games/mancala", help="the mancala binary")
    ap.add_argument("--level", type=int, default=9, help="mancala's level, 1-9 (default 9)")
    ap.add_argument("--stones", type=int, nargs="+", default=[4, 6],
                    help="seeds per pit, one match each (default 4 6)")
    ap.add_argument("--time", type=int, default=200, help="yomi's ms per move (default 200)")
    ap.add_argument("--first-moves", default="0",
                    help="comma-separated pits to force as yomi's first move, 0 = yomi's "
                    "choice (default 0)")
    args = ap.parse_args()

    total = [0, 0, 0]
    for stones in args.stones:
        score = [0, 0, 0]  # yomi's wins, draws, losses
        gaps = 0
        for side in ("top", "bottom"):
            for forced in [int(f) for f in args.first_moves.split(",")]:
                progress("%d stones, yomi %s, first move %s" % (stones, side, forced or "free"))
                mine, theirs, g = play_game(args, stones, side, forced)
                gaps += g
                score[0 if mine > theirs else 1 if mine == theirs else 2] += 1
                print("stones %d\tyomi %s\tfirst move %s\tyomi %d\tmancala %d" %
                      (stones, "first" if side == "top" else "second", forced or "free", mine,
                       theirs))
                sys.stdout.flush()
        progress("")
        games = sum(score)
        points = score[0] + score[1] / 2
        print("stones %d: yomi %d-%d-%d (wins-draws-losses) over %d games, %.1f%%; "
              "rule-gap moves %d" % (stones, *score, games, 100 * points / games, gaps))
        total = [a + b for a, b in zip(total, score)]
    games = sum(total)
    print("total: yomi %d-%d-%d, %.1f%% against mancala level %d" %
          (*total, 100 * (total[0] + total[1] / 2) / games, args.level))
    return 0 if total[2] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
