#ifndef WARDROBE_CPOSTGRES_SHIM_H
#define WARDROBE_CPOSTGRES_SHIM_H
#include <libpq-fe.h>

/* PG_DIAG_SQLSTATE is a character macro; expose the field lookup as a function. */
static inline const char *wd_pq_sqlstate(const PGresult *result) { return PQresultErrorField(result, PG_DIAG_SQLSTATE); }

/* libpq prints server notices ("relation already exists, skipping") to stderr by default;
   the wrapper reports errors itself, so notices are dropped. */
static void wd_pq_ignore_notice(void *argument, const char *message) { (void)argument; (void)message; }
static inline void wd_pq_silence_notices(PGconn *connection) { PQsetNoticeProcessor(connection, wd_pq_ignore_notice, NULL); }
#endif
