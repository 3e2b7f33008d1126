/* log.c -- the access log: one line per request (text or JSON), each written with a
 * single write(2) so that lines from different threads never interleave. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "http/http.h"

/* Room for one line; paths reach here cut to a few hundred bytes. */
#define LOG_LINE_MAX 4096

void log_format_time(const struct timespec *ts, char out[25])
{
	static const char separators[7] = { '-', '-', 'T', ':', ':', '.', 'Z' };
	static const int widths[7] = { 4, 2, 2, 2, 2, 2, 3 };
	long long days = ts->tv_sec / 86400, rem = ts->tv_sec % 86400;
	unsigned fields[7];
	char *p = out;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	/* Civil date from days since 1970-01-01 (Howard Hinnant's algorithm): no gmtime_r,
	 * which takes glibc's time-zone lock on every call. */
	days += 719468;
	long long era = (days >= 0 ? days : days - 146096) / 146097;
	unsigned doe = (unsigned)(days - era * 146097);
	unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	unsigned mp = (5 * doy + 2) / 153;
	unsigned month = mp < 10 ? mp + 3 : mp - 9;
	long long year = (long long)yoe + era * 400 + (month <= 2);

	fields[0] = (unsigned)(year < 0 ? 0 : year % 10000);
	fields[1] = month;
	fields[2] = doy - (153 * mp + 2) / 5 + 1;
	fields[3] = (unsigned)(rem / 3600);
	fields[4] = (unsigned)(rem / 60 % 60);
	fields[5] = (unsigned)(rem % 60);
	fields[6] = (unsigned)(ts->tv_nsec / 1000000);
	/* Fixed-width digits by hand: snprintf cannot prove the widths to the compiler. */
	for (int i = 0; i < 7; i++) {
		for (int d = widths[i] - 1; d >= 0; d--, fields[i] /= 10)
			p[d] = (char)('0' + fields[i] % 10);
		p += widths[i];
		*p++ = separators[i];
	}
	*p = '\0';
}

/* Appends text to out at *n, writing bytes that would break a space-separated line
 * (controls, space, DEL, non-ASCII, '%') as %XX; stops before size. */
static void log_append_escaped(char *out, size_t size, size_t *n, const char *text)
{
	static const char hex[] = "0123456789ABCDEF";

	for (const unsigned char *p = (const unsigned char *)text; *p && *n + 4 < size; p++) {
		if (*p <= ' ' || *p >= 0x7f || *p == '%') {
			out[(*n)++] = '%';
			out[(*n)++] = hex[*p >> 4];
			out[(*n)++] = hex[*p & 15];
		} else {
			out[(*n)++] = (char)*p;
		}
	}
}

/* Writes all of line, retrying on EINTR; errors are dropped (the log must not fail a
 * request). */
static void log_write(int fd, const char *line, size_t length)
{
	ssize_t w;

	do
		w = write(fd, line, length);
	while (w < 0 && errno == EINTR);
}

/* The text format: time client method path status bytes duration id. */
static void log_text(int fd, const char *stamp, const struct log_entry *e)
{
	char line[LOG_LINE_MAX];
	size_t n = 0;
	int w;

	w = snprintf(line, sizeof line, "%s %s ", stamp, e->client);
	n = (size_t)w;
	log_append_escaped(line, sizeof line, &n, e->method);
	line[n++] = ' ';
	log_append_escaped(line, sizeof line - 200, &n, e->path);
	w = snprintf(line + n, sizeof line - n, " %d %zu %lldus id=%s\n", e->status, e->bytes, e->duration_us,
		     e->request_id);
	if (w < 0 || (size_t)w >= sizeof line - n)
		return;
	log_write(fd, line, n + (size_t)w);
}

/* The JSON format: one object per line. */
static void log_json(int fd, const char *stamp, const struct log_entry *e)
{
	char line[LOG_LINE_MAX];
	cJSON *obj = cJSON_CreateObject();

	if (obj && cJSON_AddStringToObject(obj, "time", stamp) && cJSON_AddStringToObject(obj, "client", e->client) &&
	    cJSON_AddStringToObject(obj, "method", e->method) && cJSON_AddStringToObject(obj, "path", e->path) &&
	    cJSON_AddNumberToObject(obj, "status", e->status) &&
	    cJSON_AddNumberToObject(obj, "bytes", (double)e->bytes) &&
	    cJSON_AddNumberToObject(obj, "duration_us", (double)e->duration_us) &&
	    cJSON_AddStringToObject(obj, "request_id", e->request_id) &&
	    cJSON_PrintPreallocated(obj, line, (int)sizeof line - 1, 0)) {
		size_t n = strlen(line);
		line[n++] = '\n';
		log_write(fd, line, n);
	}
	cJSON_Delete(obj);
}

void log_access(int fd, enum config_log format, const struct log_entry *entry)
{
	struct timespec now;
	char stamp[25];

	if (format == CONFIG_LOG_OFF)
		return;
	clock_gettime(CLOCK_REALTIME, &now);
	log_format_time(&now, stamp);
	if (format == CONFIG_LOG_JSON)
		log_json(fd, stamp, entry);
	else
		log_text(fd, stamp, entry);
}
