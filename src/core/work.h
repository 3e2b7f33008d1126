/* work.h -- how a long piece of core work (the frames of an animation, the games of a
 * PGN, the lines of a bulk body) is told to stop: its caller lends a check, which the
 * work calls at its natural points, between two units. The core knows nothing of why
 * (a deadline, a client gone, a server stopping): it only stops when asked. */
#ifndef FEN_WORK_H
#define FEN_WORK_H

#include <stdbool.h>
#include <stddef.h>

struct work_check {
	/* True when the work must stop now. Called often: it must be cheap. */
	bool (*stop)(void *ctx);
	void *ctx;
};

/* True when check (may be NULL: never stop) says to stop. */
static inline bool work_stop(const struct work_check *check)
{
	return check && check->stop && check->stop(check->ctx);
}

#endif
