/* ui.h - the curses front end's entry points (curses lives only in src/ui). */
#ifndef YOMI_UI_H
#define YOMI_UI_H

/* `yomi` with no arguments: the main menu. Returns the exit status. */
int ui_main(int argc, char **argv);

#endif
