/* fen.c -- the `fen` command-line tool's entry point. Wiring only: the commands, their
 * options and help are in src/cli, the chess in src/core, the JSON shapes in src/json. */
#include "config.h"

#include "cli/cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv);
}
