/* main.c: placeholder until the CLI lands (replaced in this session). */
#include <stdio.h>
int main(void) { fprintf(stderr, "dualtrack: not built yet\n"); return 2; }
