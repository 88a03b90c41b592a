/* app.c - PLACEHOLDER until the UI lands (issue 5): keeps the build whole. */
#include <stdio.h>

#include "ui/ui.h"

int ui_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fputs("yomi: the terminal UI is not built yet; see yomi --help\n", stderr);
    return 1;
}
